"""Tenancy sweep: another company's operation id on every CIOT route answers 404 and changes nothing."""
import re

import pytest
import sqlalchemy as sa

from core.api import REGISTRY
from core.db import db
from core.tenancy import cross_tenant
from domain.ciot.models import CiotEvent, EmissionAttempt
from tests.fixtures.ciot import load_op

BODIES = {"PATCH": {"contratado_nome": "Invasor"}, "retificar": {"valor_frete": 1}, "cancel": {"motivo": "abcd"},
          "encerrar": {"peso_carga_final": 1}}


def ciot_routes():
    routes = sorted({(spec.method, spec.rule) for spec in REGISTRY
                     if spec.rule.startswith("/ciot/operations/<")})
    assert ("POST", "/ciot/operations/<operation_id>/emit") in routes
    return routes


def _body(method, rule):
    return BODIES.get(method) or BODIES.get(rule.rsplit("/", 1)[-1])


def _snapshot(op_id):
    op = load_op(op_id)
    events = db.session.execute(cross_tenant(sa.select(sa.func.count()).select_from(CiotEvent)
                                             .where(CiotEvent.operation_id == op_id))).scalar()
    attempts = db.session.execute(cross_tenant(sa.select(sa.func.count()).select_from(EmissionAttempt)
                                               .where(EmissionAttempt.operation_id == op_id))).scalar()
    return (op.status, op.updated_at, op.contratado_nome, op.valor_frete, events, attempts)


@pytest.mark.parametrize("status", ["pronto_emissao", "emitido"])
def test_every_route_with_another_companys_id_is_404(api, make_operation, make_company, app, status):
    from domain.tenancy import services as tenancy
    other = make_company()
    tenancy.update_company(other, ciot_flow="legacy")
    db.session.commit()
    victim = make_operation(other, status=status, tipo_operacao="fracionada")
    before = _snapshot(victim.id)
    for method, rule in ciot_routes():
        path = re.sub(r"<[^>]+>", str(victim.id), rule)
        response = api.request(method, path, json_body=_body(method, rule))
        assert response.status_code == 404, (method, path, response.get_data(as_text=True)[:300])
        assert response.get_json()["error"]["code"] == "not_found", (method, path)
    assert _snapshot(victim.id) == before


def test_the_owner_reaches_the_same_routes(make_operation, make_api, make_company):
    """Control for the sweep: with the owner's key the routes exist (nothing answers 404)."""
    owner = make_company()
    client = make_api(owner)
    op = make_operation(owner, status="emitido")
    path = f"/ciot/operations/{op.id}"
    assert client.get(path).status_code == 200
    assert client.post(path + "/encerrar", json={"peso_carga_final": 1}).status_code == 200
