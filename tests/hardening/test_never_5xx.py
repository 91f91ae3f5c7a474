"""Property: whatever body and query any endpoint receives, it never answers 5xx (SQLite and PostgreSQL)."""
import json
import re
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import blueprints.api  # noqa: F401  registers every endpoint at collection time
from core.api import API_PREFIX, REGISTRY

# Strings that broke things before: NUL, surrogate-free unicode, huge numbers, extreme dates.
nasty_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["\u0000", "a\u0000b", "9999-12-31", "0001-01-01", "0001-01-01T00:00:00+14:00",
                     "9999-12-31T23:59:59-14:00", "9" * 400, "-1", "1e308", "NaN", "", " ", "%00", "../../etc"]),
)
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10 ** 30), max_value=10 ** 30),
                         st.floats(allow_nan=False, allow_infinity=False), nasty_text)
json_values = st.recursive(json_scalars, lambda children: st.one_of(
    st.lists(children, max_size=4), st.dictionaries(st.text(max_size=12), children, max_size=4)), max_leaves=20)


def _field_names(model) -> list[str]:
    if model is None:
        return []
    return [info.alias or name for name, info in model.model_fields.items()]


def bodies(spec):
    names = _field_names(spec.body)
    known = st.fixed_dictionaries({}, optional=dict.fromkeys(names, json_values)) if names else st.just({})
    return st.one_of(known, st.dictionaries(st.text(max_size=12), json_values, max_size=4))


def queries(spec):
    names = _field_names(spec.query) or ["q"]
    return st.fixed_dictionaries({}, optional=dict.fromkeys(names, nasty_text))


def concrete_path(spec, draw_id: str) -> str:
    return API_PREFIX + re.sub(r"<[^>]+>", draw_id, spec.rule)


SPECS = [spec for spec in REGISTRY if spec.response_kind == "json" and not spec.public]


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS, ids=[f"{s.method} {s.rule}" for s in SPECS])
def test_no_input_makes_an_endpoint_answer_5xx(spec, app, company, make_api_key):
    _, full = make_api_key(company)
    client = app.test_client()

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(body=bodies(spec), query=queries(spec), path_id=st.one_of(st.just(str(uuid.uuid4())), nasty_text))
    def run(body, query, path_id):
        path = concrete_path(spec, path_id.replace("/", "_").replace("?", "_").replace("#", "_") or "x")
        data = json.dumps(body) if spec.method in ("POST", "PATCH", "PUT") else None
        response = client.open(path, method=spec.method, query_string=query, data=data,
                               content_type="application/json" if data else None, headers={"X-API-Key": full})
        assert response.status_code < 500, (spec.method, path, query, body, response.get_data(as_text=True)[:500])

    run()
