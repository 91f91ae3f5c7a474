"""GET /ciot/operations (list) and GET /ciot/operations/{id} (full record)."""
import re
from datetime import timedelta

import pytest
import sqlalchemy as sa

from core.db import db, utcnow
from core.tenancy import tenant_scope
from domain.ciot.models import CiotOperation
from domain.ciot.states import record_event
from tests.fixtures.ciot import CONTRATADO_CPF, ciot_body

ISO_Z = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")


def test_full_record_carries_everything(api, make_operation, company):
    op = make_operation(status="emitido")
    response = api.get(f"/ciot/operations/{op.id}")
    assert response.status_code == 200
    data = response.get_json()["data"]
    for key in ("id", "code", "status", "mode", "environment", "company_id", "codigo_ciot", "codigo_verificador",
                "protocolo", "mensagem_antt", "contratantes", "vehicles", "payments", "documents", "events",
                "validation", "emitter_company_id", "emitted_at", "origem", "destino", "bank_data"):
        assert key in data, key
    assert (data["id"], data["code"], data["status"], data["mode"], data["environment"]) == (
        str(op.id), "CIOT-000001", "emitido", "normal", "homolog")
    assert data["company_id"] == str(company.id) and data["emitter_company_id"] == str(company.id)
    assert re.fullmatch(r"\d{12}", data["codigo_ciot"]) and re.fullmatch(r"\d{4}", data["codigo_verificador"])
    assert data["contratado_cpf_cnpj"] == CONTRATADO_CPF and data["valor_frete"] == 5000.0
    assert data["contratantes"][0] == {"cpf_cnpj": "11222333000181", "nome": "Embarcadora Contratante SA",
                                       "rntrc": None, "papel": "principal", "valor_frete": None,
                                       "percentual": 100.0, "observacoes": None}
    assert [v["plate"] for v in data["vehicles"]] == ["ABC1D23", "DEF4567"]
    assert [p["kind"] for p in data["payments"]] == ["adiantamento", "saldo"]
    assert data["payments"][0]["amount"] == 1500.0 and data["documents"][0]["kind"] == "nfe"
    assert data["viagem_inicio"].endswith("T00:00:00-03:00")
    assert ISO_Z.match(data["created_at"]) and ISO_Z.match(data["emitted_at"])
    assert [e["type"] for e in data["events"]] == ["emission_succeeded", "emission_requested", "validated",
                                                   "created"]
    assert all(ISO_Z.match(e["created_at"]) for e in data["events"])


def test_record_returns_the_last_50_events_newest_first(api, make_operation):
    op = make_operation(status="rascunho")
    with tenant_scope(op.company_id):
        fresh = db.session.get(CiotOperation, op.id)
        for n in range(60):
            record_event(fresh, "note", f"evento {n}")
        db.session.commit()
    events = api.get(f"/ciot/operations/{op.id}").get_json()["data"]["events"]
    assert len(events) == 50
    assert events[0]["message"] == "evento 59" and events[-1]["message"] == "evento 10"


def test_children_keep_their_order(api):
    body = ciot_body()
    body["vehicles"] = [{"plate": p, "vehicle_kind": k} for p, k in
                        [("ZZZ9Z99", "cavalo_trator"), ("AAA1111", "implemento"), ("MMM5M55", "implemento")]]
    op_id = api.post("/ciot/operations", json=body).get_json()["data"]["id"]
    data = api.get(f"/ciot/operations/{op_id}").get_json()["data"]
    assert [v["plate"] for v in data["vehicles"]] == ["ZZZ9Z99", "AAA1111", "MMM5M55"]


@pytest.mark.parametrize("bad_id", ["not-a-uuid", "00000000-0000-0000-0000-000000000000"])
def test_unknown_id_is_404(api, bad_id):
    response = api.get(f"/ciot/operations/{bad_id}")
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


# --- list ------------------------------------------------------------------------------------------------------

def test_list_is_newest_first_with_the_pagination_envelope(api, make_operation):
    ids = [str(make_operation(status="rascunho").id) for _ in range(3)]
    body = api.get("/ciot/operations").get_json()
    assert [d["id"] for d in body["data"]] == list(reversed(ids))
    assert body["page"] == {"next_cursor": None, "has_more": False}
    assert set(body["data"][0]) >= {"id", "code", "status", "tipo_operacao", "codigo_ciot", "protocolo",
                                    "environment", "created_at"}


def test_list_walks_pages_without_repeats(api, make_operation):
    ids = {str(make_operation(status="rascunho").id) for _ in range(5)}
    seen, cursor = [], None
    while True:
        page = api.get("/ciot/operations?limit=2" + (f"&cursor={cursor}" if cursor else "")).get_json()
        seen += [d["id"] for d in page["data"]]
        if not page["page"]["has_more"]:
            break
        cursor = page["page"]["next_cursor"]
    assert len(seen) == 5 and set(seen) == ids


def test_list_filters_by_status_and_tipo(api, make_operation):
    draft = make_operation(status="rascunho")
    ready = make_operation(status="pronto_emissao", tipo_operacao="fracionada")
    blocked = make_operation(status="com_divergencia")

    def ids(query):
        response = api.get("/ciot/operations" + query)
        assert response.status_code == 200, response.get_json()
        return {d["id"] for d in response.get_json()["data"]}

    assert ids("?status=rascunho") == {str(draft.id)}
    assert ids("?status=rascunho,com_divergencia") == {str(draft.id), str(blocked.id)}
    assert ids("?tipo_operacao=fracionada") == {str(ready.id)}
    assert ids("?tipo_operacao=lotacao") == {str(draft.id), str(blocked.id)}


def test_list_filters_by_created_date(api, make_operation):
    old, new = make_operation(status="rascunho"), make_operation(status="rascunho")
    with tenant_scope(old.company_id):
        db.session.execute(sa.update(CiotOperation).where(CiotOperation.id == old.id)
                           .values(created_at=utcnow() - timedelta(days=10)))
        db.session.commit()
    today = utcnow().date()
    since = (today - timedelta(days=1)).isoformat()
    until = (today - timedelta(days=5)).isoformat()
    assert [d["id"] for d in api.get(f"/ciot/operations?from={since}").get_json()["data"]] == [str(new.id)]
    assert [d["id"] for d in api.get(f"/ciot/operations?to={until}").get_json()["data"]] == [str(old.id)]
    ten_days_ago = (today - timedelta(days=10)).isoformat()
    both = api.get(f"/ciot/operations?from={ten_days_ago}&to={today.isoformat()}").get_json()["data"]
    assert len(both) == 2


@pytest.mark.parametrize("query,field", [("?limit=201", "limit"), ("?limit=0", "limit"), ("?status=aberto", "status"),
                                         ("?tipo_operacao=x", "tipo_operacao"), ("?from=2026-13-01", "from"),
                                         ("?from=2026-02-01&to=2026-01-01", "from")])
def test_list_rejects_bad_queries(api, query, field):
    response = api.get("/ciot/operations" + query)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "invalid_query" and error["details"][0]["field"] == field


def test_list_limit_200_is_accepted_and_tampered_cursor_is_400(api):
    assert api.get("/ciot/operations?limit=200").status_code == 200
    response = api.get("/ciot/operations?cursor=abc.def")
    assert response.status_code == 400 and response.get_json()["error"]["code"] == "invalid_cursor"


def test_list_only_shows_the_company_operations(api, make_operation, make_company):
    mine = make_operation(status="rascunho")
    make_operation(make_company(), status="rascunho")
    assert [d["id"] for d in api.get("/ciot/operations").get_json()["data"]] == [str(mine.id)]


def test_list_needs_no_n_plus_one(api, make_operation, query_counter):
    for _ in range(3):
        make_operation(status="rascunho")
    api.get("/ciot/operations")  # the key's first use writes last_used_at
    with query_counter() as one_page:
        api.get("/ciot/operations")
    for _ in range(6):
        make_operation(status="rascunho")
    with query_counter() as bigger_page:
        api.get("/ciot/operations")
    assert bigger_page() == one_page()
