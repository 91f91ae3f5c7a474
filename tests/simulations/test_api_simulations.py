"""POST /simulations: figures with taxes by UF pair and regime (computed by hand in the comments), save and events,
404/403/422/429, linking to a freight (simulation.converted)."""
import uuid
from decimal import Decimal

import sqlalchemy as sa

from core.db import db
from core.models import OutboxEvent
from core.tenancy import tenant_scope
from domain.simulations.models import FreightSimulation
from domain.tenancy import services as tenancy
from tests.simulations.conftest import COST_INPUTS


def taxes(body):
    return {line["kind"]: (line["rate"], line["value"], line["mode"]) for line in body["tax_breakdown"]}


def set_company(company, **settings):
    tenancy.update_company(company, **settings)
    db.session.commit()


# --- Figures ---------------------------------------------------------------------------------------------------------

def test_cost_model_breakdown_and_internal_icms_with_presumido(simulate):
    # 100 km × 4,50 = 450; 10 t × 35 = 350; fixed 150; margin 15 % of 950 = 142,50 → subtotal 1.092,50.
    # SP → SP: internal 12 %; lucro presumido (the default): PIS 0,65 %, COFINS 3 %, ICMS out of their base.
    response = simulate("SP", "SP")
    assert response.status_code == 200
    body = response.get_json()["data"]
    assert "id" not in body
    assert [(line["key"], line["value"]) for line in body["breakdown"]] == [
        ("custo_distancia", 450.0), ("custo_peso", 350.0), ("custo_fixo", 150.0), ("margem_valor", 142.5),
        ("pedagio_valor", 0.0)]
    assert body["subtotal"] == 1092.50 and body["currency"] == "BRL" and body["methodology_version"] == 1
    # P = 1.092,50 ÷ (0,88 × 0,9635) = 1.288,5078 → 1.288,51; ICMS 154,6212 → 154,62; base 1.133,89;
    # PIS 7,370285 → 7,37; COFINS 34,0167 → 34,02; net 1.288,51 − 196,01 = 1.092,50. The starter methodology is
    # by_inside (the default since 2026-11-27).
    assert taxes(body) == {"icms": (0.12, 154.62, "by_inside"), "pis": (0.0065, 7.37, "by_inside"),
                           "cofins": (0.03, 34.02, "by_inside")}
    assert body["total"] == 1288.51 and body["effective_tax_rate"] == 0.179414  # 196,01 / 1.092,50


def test_interstate_seven_percent_from_the_south_east_with_lucro_real(simulate, company):
    set_company(company, tax_regime="lucro_real")
    body = simulate("SP", "BA").get_json()["data"]
    # SP → BA: 7 % (S/SE except ES to N/NE/CO/ES); PIS 1,65 %, COFINS 7,6 %.
    # P = 1.092,50 ÷ (0,93 × 0,9075) = 1.294,4696 → 1.294,47 nets 1.092,51 (ICMS 90,61, base 1.203,86, PIS 19,86,
    # COFINS 91,49): one centavo too much; 1.294,46: ICMS 90,6122 → 90,61, base 1.203,85, PIS 19,863525 → 19,86,
    # COFINS 91,4926 → 91,49: net 1.092,50.
    assert taxes(body) == {"icms": (0.07, 90.61, "by_inside"), "pis": (0.0165, 19.86, "by_inside"),
                           "cofins": (0.076, 91.49, "by_inside")}
    assert body["total"] == 1294.46


def test_interstate_twelve_percent_from_the_north_east_with_simples(simulate, company):
    set_company(company, tax_regime="simples_nacional")
    body = simulate("BA", "SP").get_json()["data"]
    # BA → SP: 12 %; Simples: PIS/COFINS inside the DAS, no line. P = 1.092,50 ÷ 0,88 = 1.241,4773 → 1.241,48;
    # ICMS 148,9776 → 148,98; net 1.092,50.
    assert taxes(body) == {"icms": (0.12, 148.98, "by_inside")}
    assert body["total"] == 1241.48 and body["effective_tax_rate"] == 0.136366


def test_between_two_south_east_states_it_is_twelve_and_to_es_seven(simulate):
    assert taxes(simulate("RJ", "MG").get_json()["data"])["icms"][0] == 0.12
    assert taxes(simulate("RJ", "ES").get_json()["data"])["icms"][0] == 0.07
    assert taxes(simulate("ES", "RJ").get_json()["data"])["icms"][0] == 0.12  # ES is not in the 7 % block


def test_tac_autonomo_pays_no_pis_cofins(simulate):
    body = simulate("SP", "RJ", tac=True).get_json()["data"]
    assert taxes(body) == {"icms": (0.12, 148.98, "by_inside")}
    assert body["total"] == 1241.48 and body["tac_withholdings"]["net"] < 1092.50


def test_without_tax_context_the_company_state_and_regime_apply(api, company, cost_model):
    set_company(company, tax_state="MG", tax_regime="lucro_presumido")
    body = api.post("/simulations", json={"methodology_id": cost_model, "inputs": COST_INPUTS}).get_json()["data"]
    assert taxes(body)["icms"][0] == 0.18  # MG internal


def test_without_tax_context_nor_company_state_is_422_naming_the_fields(api, cost_model):
    response = api.post("/simulations", json={"methodology_id": cost_model, "inputs": COST_INPUTS})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "tax_context_required"
    assert {d["field"] for d in error["details"]} == {"tax_context.origin_state", "tax_context.destination_state"}


def test_a_version_saved_by_outside_is_priced_as_the_law_and_keeps_its_name(api, cost_model, simulate):
    """`by_outside` stays accepted and answered (integrations send it), but prices with the legal gross-up: its
    old arithmetic (ICMS 131,10 on 1.092,50 added on top, total 1.263,48) printed a CT-e with another ICMS."""
    current = api.get(f"/methodologies/{cost_model}").get_json()["data"]
    body = {name: current[name] for name in ("name", "description", "inputs", "components")}
    assert api.post(f"/methodologies/{cost_model}/versions", json={**body, "tax_mode": "by_outside"}).status_code == 201
    assert api.get(f"/methodologies/{cost_model}").get_json()["data"]["tax_mode"] == "by_outside"
    result = simulate("SP", "SP").get_json()["data"]
    assert result["total"] == 1288.51 and result["total"] != 1263.48
    assert taxes(result)["icms"] == (0.12, 154.62, "by_outside")


def test_a_definition_without_tax_mode_is_by_inside(api):
    body = {"name": "Sem modo", "inputs": [], "components": [{"key": "base", "label": "Base", "formula": "100"}]}
    assert api.post("/methodologies", json=body).get_json()["data"]["tax_mode"] == "by_inside"


def test_by_inside_grosses_up(api, company, cost_model, simulate):
    current = api.get(f"/methodologies/{cost_model}").get_json()["data"]
    body = {name: current[name] for name in ("name", "description", "inputs", "components")}
    body["tax_mode"] = "by_inside"
    assert api.post(f"/methodologies/{cost_model}/versions", json=body).status_code == 201
    result = simulate("MG", "MG").get_json()["data"]
    # MG internal 18 %, presumido: P = 1.092,50 ÷ (0,82 × 0,9635) = 1.382,7889 → 1.382,79; ICMS 248,9022 →
    # 248,90; base 1.133,89; PIS 7,37; COFINS 34,02; net 1.382,79 − 290,29 = 1.092,50.
    assert result["total"] == 1382.79 and result["methodology_version"] == 2
    assert taxes(result) == {"icms": (0.18, 248.90, "by_inside"), "pis": (0.0065, 7.37, "by_inside"),
                             "cofins": (0.03, 34.02, "by_inside")}
    assert result["effective_tax_rate"] == 0.265712  # 290,29 / 1.092,50


def test_antt_floor_template_prices_with_the_floor_in_force(api, company, methodology_of):
    from datetime import date

    from domain.antt_floor.calculator import floor_for
    expected = floor_for(on_date=date.today(), table="A", cargo_type="carga_geral", loaded_axles=5, distance_km=300)
    body = api.post("/simulations", json={
        "methodology_id": methodology_of(company, "antt_floor"), "inputs": {"distancia_km": 300, "eixos": 5},
        "tax_context": {"origin_state": "PR", "destination_state": "PR"}}).get_json()["data"]
    assert body["breakdown"][0] == {"key": "piso", "label": "Piso mínimo ANTT", "value": float(expected.value)}
    assert body["subtotal"] == float(expected.value)


def test_an_axle_count_without_coefficient_is_422_naming_the_component(api, company, methodology_of):
    response = api.post("/simulations", json={
        "methodology_id": methodology_of(company, "antt_floor"),
        "inputs": {"distancia_km": 300, "eixos": 2, "tabela": "B"},
        "tax_context": {"origin_state": "PR", "destination_state": "PR"}})
    assert response.status_code == 422
    detail = response.get_json()["error"]["details"][0]
    assert detail["field"] == "components.piso" and detail["code"] == "antt_floor_unavailable"


# --- Refusals --------------------------------------------------------------------------------------------------------

def test_inputs_not_matching_are_422_with_one_detail_per_input(simulate):
    response = simulate(inputs={"distancia_km": None, "peso_t": 500, "margem": "muito", "extra": 1})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "invalid_inputs"
    by_field = {d["field"]: d["code"] for d in error["details"]}
    assert by_field == {"inputs.distancia_km": "required", "inputs.peso_t": "invalid_input",
                        "inputs.margem": "invalid_input", "inputs.extra": "unknown_input"}


def test_types_are_checked(api, company, methodology_of):
    antt = methodology_of(company, "antt_floor")
    response = api.post("/simulations", json={"methodology_id": antt, "inputs": {
        "distancia_km": 100, "eixos": 5.5, "tipo_carga": "ouro", "tabela": True},
        "tax_context": {"origin_state": "SP", "destination_state": "SP"}})
    fields = {d["field"] for d in response.get_json()["error"]["details"]}
    assert response.status_code == 422 and fields == {"inputs.eixos", "inputs.tipo_carga", "inputs.tabela"}


def test_unknown_methodology_is_404(simulate):
    response = simulate(methodology_id="8d1f7c36-58c5-4b8e-9d0a-3c3a1f1b2e11")
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


def test_another_companys_methodology_is_403(simulate, make_company, methodology_of):
    other = make_company()
    response = simulate(methodology_id=methodology_of(other))
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "forbidden"


def test_a_malformed_methodology_id_is_400_naming_it(simulate):
    response = simulate(methodology_id="nope")
    assert response.status_code == 400 and response.get_json()["error"]["details"][0]["field"] == "methodology_id"


def test_the_rate_limit_per_key_is_429_with_retry_after(app, simulate, make_company, make_api, monkeypatch,
                                                        methodology_of):
    monkeypatch.setitem(app.config, "SIMULATION_RATE_LIMIT", "2 per minute")
    assert [simulate().status_code for _ in range(2)] == [200, 200]
    response = simulate()
    assert response.status_code == 429 and response.get_json()["error"]["code"] == "rate_limited"
    assert 1 <= int(response.headers["Retry-After"]) <= 61
    other = make_company()  # another key has its own count
    assert simulate(client=make_api(other), methodology_id=methodology_of(other)).status_code == 200


# --- Round trips -----------------------------------------------------------------------------------------------------

def statements_sent(run):
    """(SQL, isolation level) of each statement `run()` sends."""
    sent = []

    def record(conn, cursor, statement, parameters, context, executemany):
        sent.append((statement, conn.get_execution_options().get("isolation_level")))
    sa.event.listen(db.engine, "before_cursor_execute", record)
    try:
        response = run()
    finally:
        sa.event.remove(db.engine, "before_cursor_execute", record)
    return response, sent


def test_without_save_the_call_reads_the_key_and_the_version_in_its_transaction(simulate):
    """In the request's transaction (one owner: the unit of work), never on an autocommit connection, and nothing
    written."""
    simulate()  # the key's last use is stamped at most once a minute: not in the call measured
    response, sent = statements_sent(simulate)
    assert response.status_code == 200 and response.get_json()["data"]["total"] == 1288.51
    assert "api_keys" in sent[0][0] and any("methodology_versions" in sql for sql, _ in sent[1:]), sent
    assert len(sent) <= 3, [sql for sql, _ in sent]
    assert not [sql for sql, _ in sent if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
    assert not [isolation for _, isolation in sent if isolation == "AUTOCOMMIT"]


def test_saving_or_an_idempotency_key_runs_in_a_transaction(api, simulate, cost_model):
    simulate()
    response, sent = statements_sent(lambda: simulate(save=True))
    assert response.status_code == 201 and len(sent) > 1
    assert not [isolation for _, isolation in sent if isolation == "AUTOCOMMIT"]
    body = {"methodology_id": cost_model, "inputs": COST_INPUTS,
            "tax_context": {"origin_state": "SP", "destination_state": "BA"}}
    response, sent = statements_sent(lambda: api.post("/simulations", json=body, headers={"Idempotency-Key": "s-1"}))
    assert response.status_code == 200 and not [i for _, i in sent if i == "AUTOCOMMIT"]
    replay = api.post("/simulations", json=body, headers={"Idempotency-Key": "s-1"})
    assert replay.headers["Idempotent-Replayed"] == "true" and replay.get_json() == response.get_json()


# --- Saving and events -----------------------------------------------------------------------------------------------

def outbox(company, event_type):
    with tenant_scope(company.id):
        return [e.payload for e in db.session.execute(db.select(OutboxEvent).where(OutboxEvent.type == event_type))
                .scalars()]


def test_save_stores_it_and_emits_simulation_created(simulate, company):
    response = simulate(save=True, notes="cotação cliente X")
    assert response.status_code == 201
    body = response.get_json()["data"]
    with tenant_scope(company.id):
        stored = db.session.get(FreightSimulation, uuid.UUID(body["id"]))
        assert stored.total == Decimal("1288.51") and stored.subtotal == Decimal("1092.50")
        assert stored.status == "saved" and stored.notes == "cotação cliente X" and stored.tax_table == "2026.1"
        assert stored.tax_context == {"origin_state": "SP", "destination_state": "SP", "tac_autonomo": False,
                                      "tax_regime": "lucro_presumido"}
    [event] = outbox(company, "simulation.created")
    assert event["id"] == body["id"] and event["total"] == 1288.51 and event["status"] == "saved"
    assert event["methodology_version"] == 1 and event["freight_id"] is None and event["currency"] == "BRL"
    assert event["inputs"]["distancia_km"] == 100 and event["created_by"].startswith("api_key:")


def test_without_save_nothing_is_stored(simulate, company):
    simulate()
    with tenant_scope(company.id):
        assert db.session.execute(db.select(FreightSimulation)).first() is None
    assert outbox(company, "simulation.created") == []


FREIGHT = {"origin": {"city": "Curitiba", "state": "PR"}, "destination": {"city": "São Paulo", "state": "SP"}}


def test_linking_on_freight_create_converts_and_emits(api, simulate, company):
    simulation_id = simulate(save=True).get_json()["data"]["id"]
    freight = api.post("/freights", json={**FREIGHT, "simulation_id": simulation_id}).get_json()["data"]
    assert freight["simulation_id"] == simulation_id
    [event] = outbox(company, "simulation.converted")
    assert event == {"id": simulation_id, "methodology_id": event["methodology_id"], "total": 1288.51,
                     "currency": "BRL", "freight_id": freight["id"]}
    with tenant_scope(company.id):
        stored = db.session.get(FreightSimulation, uuid.UUID(simulation_id))
        assert stored.status == "converted" and str(stored.freight_id) == freight["id"]


def test_linking_on_freight_patch_converts_once(api, simulate, company):
    simulation_id = simulate(save=True).get_json()["data"]["id"]
    freight = api.post("/freights", json=FREIGHT).get_json()["data"]
    assert api.patch(f"/freights/{freight['id']}", json={"simulation_id": simulation_id}).status_code == 200
    assert api.patch(f"/freights/{freight['id']}", json={"simulation_id": simulation_id}).status_code == 200
    assert len(outbox(company, "simulation.converted")) == 1
    second = api.post("/freights", json=FREIGHT).get_json()["data"]
    response = api.patch(f"/freights/{second['id']}", json={"simulation_id": simulation_id})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "simulation_converted"


def test_linking_another_companys_or_unknown_simulation_is_404(api, make_company, make_api, methodology_of):
    other = make_company()
    theirs = make_api(other).post("/simulations", json={
        "methodology_id": methodology_of(other), "inputs": COST_INPUTS, "save": True,
        "tax_context": {"origin_state": "SP", "destination_state": "SP"}}).get_json()["data"]["id"]
    for simulation_id in (theirs, "8d1f7c36-58c5-4b8e-9d0a-3c3a1f1b2e11"):
        response = api.post("/freights", json={**FREIGHT, "simulation_id": simulation_id})
        assert response.status_code == 404
        assert response.get_json()["error"]["details"][0]["field"] == "simulation_id"
    with tenant_scope(other.id):
        assert db.session.get(FreightSimulation, uuid.UUID(theirs)).status == "saved"
