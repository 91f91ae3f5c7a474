"""VAL04 through the API: the service gives the rules engine the floor of the tables loaded from the CSV; the
badge "abaixo do piso ANTT" on the CIOT list row and operation page follows it."""
import re

from sqlalchemy import event

from core.clock import brasilia_today
from domain.antt_floor.services import floor_for
from tests.fixtures.ciot import ciot_body


def _priced(value: float) -> dict:
    body = ciot_body(valor_frete=value)
    body["payments"][0]["amount"] = round(value * 0.3, 2)
    body["payments"][1]["amount"] = round(value - round(value * 0.3, 2), 2)
    body["documents"][0]["freight_value"] = value
    return body


def test_valor_frete_below_the_floor_blocks_with_the_floor_act_and_table(api):
    floor = floor_for(on_date=brasilia_today(), table="A", cargo_type=5, loaded_axles=6, distance_km=430)
    response = api.post("/ciot/operations", json=_priced(float(floor.value) - 100))
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    assert data["data"]["status"] == "com_divergencia"  # the authority refuses it (B80)
    (item,) = data["validation"]["items"]
    assert (item["code"], item["severity"], item["field"]) == ("VAL04", "blocker", "valor_frete")
    assert floor.act.name in item["message"] and "tabela A" in item["message"]
    assert "faltam R$ 100,00" in item["message"]


def test_valor_frete_at_the_floor_is_clean(api):
    floor = floor_for(on_date=brasilia_today(), table="A", cargo_type=5, loaded_axles=6, distance_km=430)
    data = api.post("/ciot/operations", json=_priced(float(floor.value))).get_json()
    assert data["validation"]["items"] == [] and data["data"]["status"] == "pronto_emissao"


def test_traction_only_high_performance_uses_table_d_with_the_combination_axles(api):
    """Tables B and D count the loaded axles of the whole combination (their header), not the tractor's alone:
    3 tractor axles + 3 trailer axles = 6 (before, the 3 tractor axles found no coefficient and nothing was said)."""
    body = _priced(1000.0)
    body.update(composicao_contratada="apenas_tracao", alto_desempenho=True)
    data = api.post("/ciot/operations", json=body).get_json()
    (item,) = [i for i in data["validation"]["items"] if i["code"] == "VAL04"]
    floor = floor_for(on_date=brasilia_today(), table="D", cargo_type=5, loaded_axles=6, distance_km=430)
    assert "tabela D" in item["message"] and "6 eixos" in item["message"] and item["severity"] == "blocker"
    assert f"{floor.value:.2f}".replace(".", ",")[-6:] in item["message"]


def test_a_creation_reads_the_floor_once_and_takes_its_code_in_one_statement(app, api):
    """VAL04 and VAL05 both read the floor check: it is looked up once per validation (RuleContext.once); the
    operation's gapless code is one statement on `counters` (INSERT ... ON CONFLICT DO UPDATE ... RETURNING)."""
    from core.db import db
    with app.app_context():
        engine = db.engine
    seen = []

    def keep(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)
    event.listen(engine, "before_cursor_execute", keep)
    try:
        created = api.post("/ciot/operations", json=_priced(1000.0))
    finally:
        event.remove(engine, "before_cursor_execute", keep)
    assert created.status_code == 201, created.get_json()
    assert sum("antt_floor_coefficients" in statement for statement in seen) == 1
    assert sum(bool(re.search(r"\bcounters\b", statement)) for statement in seen) == 1


# --- the badge on the CIOT pages ---------------------------------------------------------------------------------

BADGE = "abaixo do piso ANTT"


def _pages(api, login, make_user, company, value: float) -> tuple[str, str]:
    """The operation's list row and its page's freight value, for an operation priced at `value`."""
    created = api.post("/ciot/operations", json=_priced(value)).get_json()["data"]
    client = login(make_user(company, role="operador"))
    listing = client.get("/ciot/").get_data(as_text=True)
    row = re.search(rf'<tr data-code="{created["code"]}".*?</tr>', listing, re.S).group(0)
    page = client.get(f"/ciot/{created['id']}").get_data(as_text=True)
    freight = re.search(r'id="operation-freight">(.*?)</dd>', page, re.S).group(1)
    return row, freight


def test_an_operation_below_the_floor_shows_the_badge_on_its_row_and_page(api, login, make_user, company):
    floor = floor_for(on_date=brasilia_today(), table="A", cargo_type=5, loaded_axles=6, distance_km=430)
    row, freight = _pages(api, login, make_user, company, float(floor.value) - 100)
    assert BADGE in row and BADGE in freight
    assert floor.act.name in freight  # the badge's title is VAL04's message: the floor and its act


def test_an_operation_at_the_floor_shows_no_badge(api, login, make_user, company):
    floor = floor_for(on_date=brasilia_today(), table="A", cargo_type=5, loaded_axles=6, distance_km=430)
    row, freight = _pages(api, login, make_user, company, float(floor.value))
    assert BADGE not in row and BADGE not in freight
