"""Methodologies: the starter templates, the list an integrator builds requests from, versions (immutable, kept by
simulations), and every formula attack refused with 422 naming the component."""
import uuid
from decimal import Decimal

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.simulations.models import MethodologyVersion

DEFINITION = {
    "name": "Lotação simples", "tax_mode": "by_outside",
    "inputs": [{"key": "km", "label": "Distância", "type": "number", "required": True, "min": 1, "max": 5000,
                "unit": "km"},
               {"key": "urgente", "label": "Urgente", "type": "boolean", "default": False}],
    "components": [{"key": "base", "label": "Base", "formula": "km * 3.2"},
                   {"key": "urgencia", "label": "Urgência", "formula": "base * 0.2 if urgente else 0"}],
}


def with_formula(formula, key="ataque"):
    return {**DEFINITION, "components": [*DEFINITION["components"], {"key": key, "label": "X", "formula": formula}]}


def test_every_company_starts_with_both_templates_as_version_1(api):
    body = api.get("/methodologies").get_json()
    assert {(m["template"], m["version"], m["name"]) for m in body["data"]} == {
        ("antt_floor", 1, "Piso mínimo ANTT"), ("cost_model", 1, "Custo por km + tonelada + fixo")}
    antt = next(m for m in body["data"] if m["template"] == "antt_floor")
    axles = next(i for i in antt["inputs"] if i["key"] == "eixos")
    assert axles == {"key": "eixos", "label": "Eixos carregados", "type": "integer", "required": True, "min": 2,
                     "max": 9, "default": 5, "unit": "eixos", "options": None}
    cargo = next(i for i in antt["inputs"] if i["key"] == "tipo_carga")
    assert cargo["type"] == "enum" and len(cargo["options"]) == 12 and cargo["default"] == "carga_geral"


def test_create_then_edit_writes_a_new_version_and_keeps_the_old(api, company):
    created = api.post("/methodologies", json=DEFINITION)
    assert created.status_code == 201
    methodology_id = created.get_json()["data"]["id"]
    edited = {**DEFINITION, "components": [{"key": "base", "label": "Base", "formula": "km * 4"}]}
    response = api.post(f"/methodologies/{methodology_id}/versions", json=edited)
    assert response.status_code == 201 and response.get_json()["data"]["version"] == 2
    old = api.get(f"/methodologies/{methodology_id}?version=1").get_json()["data"]
    assert old["version"] == 1 and old["current_version"] == 2 and len(old["components"]) == 2
    assert api.get(f"/methodologies/{methodology_id}?version=3").status_code == 404
    body = {"methodology_id": methodology_id, "inputs": {"km": 100},
            "tax_context": {"origin_state": "SP", "destination_state": "SP"}}
    result = api.post("/simulations", json=body).get_json()["data"]
    assert result["methodology_version"] == 2 and result["subtotal"] == 400.0
    with tenant_scope(company.id):
        versions = db.session.execute(db.select(MethodologyVersion.version, MethodologyVersion.components)
                                      .where(MethodologyVersion.methodology_id == uuid.UUID(methodology_id))
                                      .order_by(MethodologyVersion.version)).all()
    assert [v.version for v in versions] == [1, 2] and versions[0].components[0]["formula"] == "km * 3.2"


def test_a_saved_simulation_keeps_its_version_after_an_edit(api, company):
    methodology_id = api.post("/methodologies", json=DEFINITION).get_json()["data"]["id"]
    saved = api.post("/simulations", json={"methodology_id": methodology_id, "inputs": {"km": 10}, "save": True,
                                           "tax_context": {"origin_state": "SP"}, "notes": None})
    assert saved.status_code == 422  # no company state for the destination: nothing stored
    saved = api.post("/simulations", json={"methodology_id": methodology_id, "inputs": {"km": 10}, "save": True,
                                           "tax_context": {"origin_state": "SP", "destination_state": "RJ"}})
    api.post(f"/methodologies/{methodology_id}/versions", json=DEFINITION)
    from domain.simulations.models import FreightSimulation
    with tenant_scope(company.id):
        stored = db.session.get(FreightSimulation, uuid.UUID(saved.get_json()["data"]["id"]))
        assert stored.methodology_version == 1


def test_another_companys_methodology_is_404_on_read_and_edit(api, make_company, methodology_of):
    """Like a missing one (it answered 403, which told the id exists); 403 stays for a simulation (test_tenancy)."""
    other_id = methodology_of(make_company())
    for response in (api.get(f"/methodologies/{other_id}"),
                     api.post(f"/methodologies/{other_id}/versions", json=DEFINITION)):
        assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


ATTACKS = [
    ("__import__('os').system('id')", "forbidden_syntax"),
    ("km.__class__", "forbidden_syntax"),
    ("(1).__class__.__bases__", "forbidden_syntax"),
    ("[x for x in range(10)]", "forbidden_syntax"),
    ("sum(x for x in [1, 2])", "unknown_function"),
    ("min(x for x in [1, 2])", "forbidden_syntax"),
    ("(lambda: 1)()", "forbidden_syntax"),
    ("9 ** 999999", "power_too_large"),
    ("km ** km ** km", "power_too_large"),
    ("10 ** 12 * 10 ** 12", "value_too_large"),
    ("open('/etc/passwd')", "unknown_function"),
    ("eval('1')", "unknown_function"),
    ("km[0]", "forbidden_syntax"),
    ("f'{km}'", "forbidden_syntax"),
    ("(y := 1)", "forbidden_syntax"),
    ("max(km, key=abs)", "forbidden_syntax"),
    ("'a' * 10", "evaluation_error"),
    ("km / 0", "division_by_zero"),
    ("'" + "x" * 41 + "'", "string_too_long"),
    ("km + " * 120 + "1", "formula_too_long"),
    ("1+" * 150 + "1", "formula_too_complex"),
    ("km +", "syntax_error"),
    ("km; km", "syntax_error"),
    ("1 if km > 0 else velocidade", "unknown_name"),
]


@pytest.mark.parametrize(("formula", "code"), ATTACKS, ids=[a[0][:30] for a in ATTACKS])
def test_formula_attacks_are_refused_with_422_naming_the_component(api, formula, code):
    response = api.post("/methodologies", json=with_formula(formula))
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "invalid_methodology"
    assert error["details"][0]["field"] == "components[2].formula" and error["details"][0]["code"] == code


def test_cycles_are_refused_naming_the_chain(api):
    definition = {**DEFINITION, "components": [
        {"key": "a", "label": "A", "formula": "b + 1"}, {"key": "b", "label": "B", "formula": "c * 2"},
        {"key": "c", "label": "C", "formula": "a - km"}]}
    error = api.post("/methodologies", json=definition).get_json()["error"]
    assert error["details"][0]["code"] == "cycle" and "a → b → c → a" in error["details"][0]["message"]
    self_reference = {**DEFINITION, "components": [{"key": "a", "label": "A", "formula": "a + 1"}]}
    assert api.post("/methodologies", json=self_reference).get_json()["error"]["details"][0]["code"] == "cycle"


def test_components_may_reference_later_ones_when_there_is_no_cycle(api):
    definition = {**DEFINITION, "components": [{"key": "total", "label": "T", "formula": "parte * 2"},
                                               {"key": "parte", "label": "P", "formula": "km"}]}
    assert api.post("/methodologies", json=definition).status_code == 201


def test_bad_definitions_name_the_field(api):
    definition = {**DEFINITION, "inputs": [
        {"key": "Km", "label": "x", "type": "number"},
        {"key": "t", "label": "t", "type": "enum"},
        {"key": "n", "label": "n", "type": "number", "min": 5, "max": 1},
        {"key": "t2", "label": "t2", "type": "integer", "default": 1.5},
        {"key": "n", "label": "dup", "type": "boolean"}],
        "components": [{"key": "min", "label": "M", "formula": "1"}]}
    error = api.post("/methodologies", json=definition).get_json()["error"]
    assert {(d["field"], d["code"]) for d in error["details"]} == {
        ("inputs[0].key", "invalid_key"), ("inputs[1].options", "required"), ("inputs[2].max", "min_above_max"),
        ("inputs[3].default", "invalid_default"), ("inputs[4].key", "duplicate_key"),
        ("components[0].key", "reserved_key")}


def test_a_valid_formula_with_every_allowed_construct_is_accepted(api):
    formula = "max(km * 1.5, 10) + min(2, 3) + abs(-1) + arredondar(km / 3, 2) + arredondar_acima(0.2) " \
              "+ arredondar_abaixo(1.7) + (2 ** 3) + (7 // 2) + (7 % 2) + (1 if not urgente and km >= 1 else 0)"
    created = api.post("/methodologies", json=with_formula(formula, key="tudo"))
    assert created.status_code == 201
    body = {"methodology_id": created.get_json()["data"]["id"], "inputs": {"km": 30},
            "tax_context": {"origin_state": "SP", "destination_state": "SP"}}
    breakdown = api.post("/simulations", json=body).get_json()["data"]["breakdown"]
    # 45 + 2 + 1 + 10 + 1 + 1 + 8 + 3 + 1 + 1 = 73
    assert breakdown[-1] == {"key": "tudo", "label": "X", "value": 73.0}


def test_the_time_budget_stops_an_evaluation():
    from domain.simulations.formulas import Budget, FormulaError, evaluate, parse_formula
    with pytest.raises(FormulaError) as refused:
        evaluate(parse_formula("1 + 1"), {}, budget=Budget(seconds=-1))
    assert refused.value.code == "time_limit"


def test_a_garbage_collection_is_not_charged_to_the_formula(monkeypatch):
    """The budget counts CPU time of the thread: a collection of the whole heap starting mid-evaluation (seen once in
    a long test worker: a company's starter methodology refused with "Tempo de cálculo excedido") must not count.
    The collector is paused while the components are evaluated and back on afterwards."""
    import gc

    from domain.simulations import formulas
    from domain.simulations.definitions import check_definition, evaluate_components
    monkeypatch.setitem(formulas.FUNCTIONS, "collector_on", lambda: Decimal(int(gc.isenabled())))
    compiled, errors = check_definition([], [{"key": "x", "label": "X", "formula": "collector_on() + 1"}])
    assert errors == [] and gc.isenabled()
    assert evaluate_components(compiled, {}) == {"x": Decimal(1)}  # 0 + 1: the collector was off inside
    assert gc.isenabled()


def test_the_collector_stays_off_when_it_was_off_before():
    import gc

    from domain.simulations.formulas import collector_paused
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
