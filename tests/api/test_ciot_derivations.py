"""What a declaration built from the public contract gets (docs/api/ciot.md "A complete creation body",
docs/ciot-rules.md "Derived fields"): the documented example is ready to emit on any day, each derived field is
filled when omitted and never overrides an explicit value, the floor blocks, a relative holder passes with its
warning, and the homologation simulator refuses what the authority refuses."""
import copy
import json
import re
import threading
import uuid
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest
import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db
from core.tenancy import tenant_scope
from domain.ciot.examples import creation_example, example_dates, pix_only_example
from domain.ciot.models import CiotOperation

DOC = Path(__file__).resolve().parents[2] / "docs" / "api" / "ciot.md"
OTHER_CPF = "11144477735"


def _op(op_id) -> CiotOperation:
    db.session.expire_all()
    return db.session.execute(sa.select(CiotOperation).where(CiotOperation.id == uuid.UUID(op_id))
                              .execution_options(cross_tenant=True)).scalar_one()


def _create(api, body):
    response = api.post("/ciot/operations", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _codes(created, severity=None):
    return [item["code"] for item in created["validation"]["items"]
            if severity is None or item["severity"] == severity]


def documented_example(today) -> dict:
    """The body of docs/api/ciot.md, its shell variables ($INICIO, $FIM, $VENCIMENTO) filled as the shell would."""
    text = DOC.read_text(encoding="utf-8")
    body = re.search(r"-d @- <<EOF\n(.*?)\nEOF\n", text, re.S).group(1)
    for name, value in example_dates(today).items():
        body = body.replace(f"${{{name}}}", value).replace(f"${name}", value)
    return json.loads(body)


# --- the documented body ------------------------------------------------------------------------------------

def test_the_documented_example_is_ready_to_emit_today(api):
    today = brasilia_today()
    body = documented_example(today)
    assert body == creation_example(today)  # the document and the OpenAPI example are one body
    created = _create(api, body)
    assert created["data"]["status"] == "pronto_emissao"
    assert created["validation"]["summary"] == {"ok": True, "blockers": 0, "warnings": 0}
    assert _codes(created) == ["DRV01", "DRV02", "DRV03", "DRV04"]
    assert {item["severity"] for item in created["validation"]["items"]} == {"info"}


def test_the_documented_example_is_above_the_floor_it_names(app):
    """The figures the document states: R$ 5.000,00 against a floor of R$ 3.911,85 (table A, carga geral, 6 axles,
    430 km) in force today."""
    from domain.antt_floor.services import floor_for
    floor = floor_for(on_date=brasilia_today(), table="A", cargo_type=5, loaded_axles=6, distance_km=430)
    assert floor.value == Decimal("3911.85")
    assert Decimal("5000.00") > floor.value
    assert "R$ 3.911,85" in DOC.read_text(encoding="utf-8")


def test_the_openapi_example_is_the_documented_body_of_today(api):
    document = api.get("/openapi.json").get_json()
    media = document["paths"]["/api/public/v1/ciot/operations"]["post"]["requestBody"]["content"]["application/json"]
    assert media["example"] == creation_example(brasilia_today())


def test_the_pix_variant_with_keys_only_is_ready_to_emit(api):
    created = _create(api, pix_only_example(brasilia_today()))
    assert created["data"]["status"] == "pronto_emissao", created["validation"]
    assert created["validation"]["summary"]["blockers"] == 0
    assert [(i["code"], i["field"]) for i in created["validation"]["items"] if i["code"] == "DRV01"] == [
        ("DRV01", "tipo_chave_pix")]
    assert _op(created["data"]["id"]).tipo_chave_pix == "cpf"


# --- each derivation fills, and the explicit value wins -------------------------------------------------------

def _example(**changes):
    body = creation_example(brasilia_today())
    for path, value in changes.items():
        target, *rest = path.split("__")
        if rest:
            index, attr = rest
            body[target][int(index)][attr] = value
        else:
            body[target] = value
    return body


@pytest.mark.parametrize("field, derived, explicit", [
    ("composicao_contratada", "completa", "apenas_tracao"),
    ("alto_desempenho", False, True),
    ("retorno_vazio", False, True),
])
def test_indicators_default_and_the_explicit_value_wins(api, field, derived, explicit):
    filled = _op(_create(api, _example())["data"]["id"])
    assert getattr(filled, field) == derived and field in filled.campos_derivados
    body = _example(**{field: explicit}, valor_frete=9000.0, documents__0__freight_value=9000.0,
                    payments__0__amount=2700.0, payments__1__amount=6300.0)
    kept = _op(_create(api, body)["data"]["id"])
    assert getattr(kept, field) == explicit and field not in (kept.campos_derivados or [])


def test_containers_assume_the_empty_return_and_the_explicit_false_wins(api):
    container = _op(_create(api, _example(codigo_tipo_carga=4, valor_frete=20000.0,
                                          documents__0__freight_value=20000.0, payments__0__amount=6000.0,
                                          payments__1__amount=14000.0))["data"]["id"])
    assert container.retorno_vazio is True and "retorno_vazio" in container.campos_derivados
    explicit = _op(_create(api, _example(codigo_tipo_carga=4, retorno_vazio=False, valor_frete=20000.0,
                                         documents__0__freight_value=20000.0, payments__0__amount=6000.0,
                                         payments__1__amount=14000.0))["data"]["id"])
    assert explicit.retorno_vazio is False and "retorno_vazio" not in (explicit.campos_derivados or [])


def test_pix_key_type_from_the_key_and_the_explicit_type_wins(api):
    derived = _create(api, _example())
    assert _op(derived["data"]["id"]).payments[1].tipo_chave_pix == "cpf"
    explicit = _create(api, _example(payments__1__codigo_pagamento="joao@example.com",
                                     payments__1__tipo_chave_pix="email"))
    op = _op(explicit["data"]["id"])
    assert op.payments[1].tipo_chave_pix == "email" and "DRV01" not in _codes(explicit)
    assert "payments[1].tipo_chave_pix" not in (op.campos_derivados or [])


def test_a_key_of_no_format_blocks_and_gets_no_type(api):
    created = _create(api, _example(payments__1__codigo_pagamento="chave do joão"))
    assert created["data"]["status"] == "com_divergencia"
    assert ("PAG06", "payments[1].codigo_pagamento") in [(i["code"], i["field"])
                                                         for i in created["validation"]["items"]]


def test_axles_come_from_the_fleet_registry_and_the_explicit_axles_win(api, company, make_company, make_vehicle):
    make_vehicle(company, plate="ABC1D23", axles=3)
    make_vehicle(company, plate="DEF4567", axles=3)
    make_vehicle(make_company(), plate="GHI8J90", axles=2)  # another company's registry is never read
    body = _example()
    del body["vehicles"][0]["axles"], body["vehicles"][1]["axles"]
    created = _create(api, body)
    op = _op(created["data"]["id"])
    assert [v.axles for v in op.vehicles] == [3, 3]
    assert set(op.campos_derivados) >= {"vehicles[0].axles", "vehicles[1].axles"}
    assert _codes(created).count("DRV05") == 2 and created["data"]["status"] == "pronto_emissao"
    explicit = _example(vehicles__1__axles=2)
    del explicit["vehicles"][0]["axles"]
    op = _op(_create(api, explicit)["data"]["id"])
    assert [v.axles for v in op.vehicles] == [3, 2] and "vehicles[1].axles" not in op.campos_derivados


def test_axles_unknown_to_the_registry_stay_required(api):
    body = _example()
    body["vehicles"][0]["plate"] = "ZZZ9Z99"
    del body["vehicles"][0]["axles"]
    created = _create(api, body)
    assert ("VEI07", "vehicles[0].axles") in [(i["code"], i["field"]) for i in created["validation"]["items"]]


def test_distance_is_estimated_when_omitted_with_a_warning_and_the_informed_one_wins(api):
    body = _example()
    del body["distancia_km"]
    created = _create(api, body)
    op = _op(created["data"]["id"])
    assert op.distancia_origem == "estimada" and op.distancia_km > 430
    assert created["data"]["status"] == "validado" and _codes(created, "warning") == ["CRG04"]
    record = api.get(f"/ciot/operations/{op.id}").get_json()["data"]
    assert record["distancia_origem"] == "estimada" and "distancia_km" in record["campos_derivados"]
    informed = _op(_create(api, _example())["data"]["id"])
    assert (informed.distancia_km, informed.distancia_origem) == (Decimal("430.00"), "informada")


class _Osrm(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"code": "Ok", "routes": [{"distance": 441_500}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_distance_is_routed_when_an_osrm_server_is_configured(api, app):
    server = HTTPServer(("127.0.0.1", 0), _Osrm)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    app.config["OSRM_URL"] = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        body = _example()
        del body["distancia_km"]
        created = _create(api, body)
    finally:
        app.config["OSRM_URL"] = ""
        server.shutdown()
        server.server_close()
    op = _op(created["data"]["id"])
    assert (op.distancia_km, op.distancia_origem) == (Decimal("441.50"), "rota")
    assert "DRV06" in _codes(created, "info") and created["data"]["status"] == "pronto_emissao"


def test_patch_derives_again_what_was_derived_and_keeps_what_is_sent(api):
    created = _create(api, _example())
    op_id = created["data"]["id"]
    patched = api.patch(f"/ciot/operations/{op_id}", json={"payments": [
        {**_example()["payments"][0]},
        {**_example()["payments"][1], "codigo_pagamento": "+55 11 91234-5678"}]})
    assert patched.status_code == 200, patched.get_json()
    assert _op(op_id).payments[1].tipo_chave_pix == "telefone"
    assert api.patch(f"/ciot/operations/{op_id}", json={"composicao_contratada": "apenas_tracao"}).status_code == 200
    op = _op(op_id)
    assert op.composicao_contratada == "apenas_tracao" and "composicao_contratada" not in op.campos_derivados
    assert api.patch(f"/ciot/operations/{op_id}", json={"alto_desempenho": None}).status_code == 200
    op = _op(op_id)
    assert op.alto_desempenho is False and "alto_desempenho" in op.campos_derivados  # cleared: the default again


# --- the floor and the holder --------------------------------------------------------------------------------

@pytest.mark.parametrize("changes, table", [
    ({}, "tabela A"),
    ({"composicao_contratada": "apenas_tracao"}, "tabela B"),
    ({"alto_desempenho": True}, "tabela C"),
    ({"alto_desempenho": True, "composicao_contratada": "apenas_tracao", "valor_frete": 2000.0}, "tabela D"),
])
def test_a_price_below_the_floor_blocks_in_every_table(api, changes, table):
    body = _example(**{"valor_frete": 3000.0, **changes})
    body["documents"][0]["freight_value"] = body["valor_frete"]
    body["payments"][0]["amount"] = round(body["valor_frete"] * 0.3, 2)
    body["payments"][1]["amount"] = round(body["valor_frete"] - body["payments"][0]["amount"], 2)
    created = _create(api, body)
    assert created["data"]["status"] == "com_divergencia"
    (item,) = [i for i in created["validation"]["items"] if i["code"] == "VAL04"]
    assert item["severity"] == "blocker" and table in item["message"] and "6 eixos" in item["message"]
    assert "430" in item["message"] and "Carga geral" in item["message"] and "Portaria SUROC 22/2026" in item["message"]


def test_a_spouse_holder_passes_with_the_warning_to_keep_the_proof(api):
    body = _example(cpf_cnpj_owner=OTHER_CPF, titular_parentesco="conjuge", payments__0__titular_cpf_cnpj=OTHER_CPF,
                    payments__0__titular_parentesco="conjuge")
    created = _create(api, body)
    assert created["data"]["status"] == "validado"
    assert created["validation"]["summary"]["blockers"] == 0
    assert _codes(created, "warning") == ["PAG07", "PAG07"]
    undeclared = _create(api, _example(cpf_cnpj_owner=OTHER_CPF))
    assert "TR05" in _codes(undeclared, "blocker")


def test_the_homologation_simulator_refuses_a_price_below_the_floor(app, company, make_operation):
    """The authority refuses it (B80) even if it reaches it: the simulator answers as the real server does."""
    from domain.ciot.provider import HomologSimulator, Issuer
    op = make_operation(status="com_divergencia", valor_frete=3000.0)
    with tenant_scope(company.id):
        op = db.session.get(CiotOperation, op.id)
        refused = HomologSimulator().emit(op, Issuer.from_company(company), None, idempotency_key=str(op.id))
        assert not refused.ok and refused.rejected and refused.codigo_ciot is None
        assert "B80" in refused.mensagem and "R$ 3.000,00" in refused.mensagem and "tabela A" in refused.mensagem
        op.valor_frete = Decimal("5000.00")
        issued = HomologSimulator().emit(op, Issuer.from_company(company), None, idempotency_key=str(op.id))
        assert issued.ok and issued.codigo_ciot
        db.session.rollback()


def test_derivation_does_not_change_the_body_sent(api):
    body = _example()
    before = copy.deepcopy(body)
    _create(api, body)
    assert body == before
