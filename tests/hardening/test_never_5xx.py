"""Property: whatever body and query any endpoint receives, it never answers 5xx (SQLite and PostgreSQL).

To reach the database (where a NUL byte or an out-of-range date used to explode) the inputs start from a valid body
and valid ids and change one or two things: a field of the body, a query parameter, the path id."""
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import blueprints.api  # noqa: F401  registers every endpoint at collection time
from core.api import API_PREFIX, REGISTRY
from tests.fixtures.ciot import ciot_body
from tests.fixtures.partners import unique_cpf, unique_partner_cnpj, unique_plate

NASTY = ["\u0000", "a\u0000b", "9999-12-31", "0001-01-01", "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
         "9" * 400, "-1", "1e308", "NaN", "", " ", "%00", "../../etc", "\ud7ff", "Ω" * 300]
nasty_text = st.one_of(st.sampled_from(NASTY), st.text(max_size=30))
json_scalars = st.one_of(nasty_text, st.none(), st.booleans(), st.integers(min_value=-(10 ** 30), max_value=10 ** 30),
                         st.floats(allow_nan=False, allow_infinity=False))
json_values = st.recursive(json_scalars, lambda children: st.one_of(
    st.lists(children, max_size=3), st.dictionaries(st.text(max_size=10), children, max_size=3)), max_leaves=12)

VALID_BODIES = {
    "/partners": lambda: {"person_kind": "pj", "cpf_cnpj": unique_partner_cnpj(), "legal_name": "Andorinha Ltda",
                          "notes": "ok", "address": {"street": "Rua A", "number": "1"}},
    "/vehicles": lambda: {"plate": unique_plate(), "notes": "ok"},
    "/drivers": lambda: {"name": "João da Silva", "phone": "+5511987654321", "cpf": unique_cpf()},
    "/ciot/operations": lambda: ciot_body(auto_validate=False),
}


def valid_body(spec) -> dict:
    for prefix, make in VALID_BODIES.items():
        if spec.rule == prefix or (spec.method == "PATCH" and spec.rule.startswith(prefix + "/<")):
            return make()
    return {}


def _field_names(model) -> list[str]:
    return [info.alias or name for name, info in model.model_fields.items()] if model is not None else []


@st.composite
def mutated_body(draw, spec):
    body = valid_body(spec)
    names = sorted(set(body) | set(_field_names(spec.body))) or ["x"]
    for name in draw(st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True)):
        body[name] = draw(json_values)
    return body


def queries(spec):
    names = _field_names(spec.query) or ["q"]
    return st.dictionaries(st.sampled_from(names), nasty_text, max_size=2)


def make_records(api) -> dict:
    """One record of each kind, so item endpoints reach the database rather than a 404."""
    ids = {}
    for prefix, key in (("/partners", "partner_id"), ("/vehicles", "vehicle_id"), ("/drivers", "driver_id"),
                        ("/ciot/operations", "operation_id")):
        response = api.post(prefix, json=VALID_BODIES[prefix]())
        assert response.status_code == 201, response.get_json()
        ids[key] = response.get_json()["data"]["id"]
    return ids


SPECS = [spec for spec in REGISTRY if not spec.public]


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS, ids=[f"{s.method} {s.rule}" for s in SPECS])
def test_no_input_makes_an_endpoint_answer_5xx(spec, app, api):
    ids = make_records(api)
    client, key = app.test_client(), api.key
    has_body = spec.method in ("POST", "PATCH", "PUT")
    params = re.findall(r"<(\w+)>", spec.rule)

    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    @given(body=mutated_body(spec) if has_body else st.just(None), query=queries(spec),
           bad_id=st.one_of(st.none(), nasty_text))
    def run(body, query, bad_id):
        values = {name: ids.get(name, "x") for name in params}
        if bad_id is not None and params:
            values[params[0]] = re.sub(r"[/?#]", "_", bad_id) or "x"
        path = API_PREFIX + re.sub(r"<(\w+)>", lambda m: values[m.group(1)], spec.rule)
        data = json.dumps(body) if has_body else None
        response = client.open(path, method=spec.method, query_string=query, data=data,
                               content_type="application/json" if has_body else None, headers={"X-API-Key": key})
        assert response.status_code < 500, (spec.method, path, query, body, response.get_data(as_text=True)[:300])

    run()


# --- Path segments: public endpoints and pages (a NUL byte in a slug or token reached PostgreSQL) -----------------

def _routes_with_segments(app) -> list[tuple[str, str]]:
    public = [(spec.method, API_PREFIX + spec.rule) for spec in REGISTRY if spec.public and "<" in spec.rule]
    pages = sorted((("GET", rule.rule) for rule in app.url_map.iter_rules()
                    if rule.arguments and "GET" in rule.methods and not rule.rule.startswith("/api")
                    and rule.endpoint != "static"), key=lambda item: item[1])
    return public + pages


path_segments = st.one_of(st.sampled_from(["\u0000", "a\u0000b", "%00", "9" * 400, "..", "Ω" * 300, " "]),
                          st.text(max_size=40)).map(lambda text: re.sub(r"[/?#]", "_", text) or "x")


@pytest.mark.slow
def test_no_path_segment_makes_a_public_endpoint_or_a_page_answer_5xx(app, login, make_user, make_company):
    """Every public endpoint and every page route with a path parameter, anonymous and logged in (an admin of a
    company with every module), on the test's database (PostgreSQL in CI)."""
    user_client = login(make_user(make_company(modules=["billing", "financial"])))
    anonymous = app.test_client()
    routes = _routes_with_segments(app)
    assert ("GET", "/f/<slug>") in routes and any("callbacks/sms" in path for _, path in routes)

    @settings(max_examples=12 * len(routes), deadline=None, suppress_health_check=list(HealthCheck))
    @given(route=st.sampled_from(routes), segment=path_segments, logged_in=st.booleans())
    def run(route, segment, logged_in):
        method, rule = route
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda _: segment, rule)
        client = user_client if logged_in else anonymous
        response = client.open(path, method=method, json={} if method == "POST" else None)
        assert response.status_code < 500, (method, path, response.status_code, response.get_data(as_text=True)[:300])

    run()
