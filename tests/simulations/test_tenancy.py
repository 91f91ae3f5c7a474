"""Tenancy sweep over every simulations route: another company's methodology answers 403 (the contract's one
exception) and nothing of theirs changes; lists show only the company's own."""
import uuid

import pytest

from core.api import REGISTRY
from core.db import db
from core.errors import TenancyViolation
from core.tenancy import read_rows, tenant_scope
from domain.simulations.methodologies import _current_version_select
from domain.simulations.models import FreightSimulation, Methodology, MethodologyVersion
from tests.simulations.test_methodologies import DEFINITION


def routes():
    return sorted({(spec.method, spec.rule) for spec in REGISTRY
                   if spec.rule.startswith(("/methodologies", "/simulations"))})


def snapshot(company_id):
    with tenant_scope(company_id):
        db.session.expire_all()
        return (db.session.execute(db.select(Methodology.id, Methodology.current_version, Methodology.updated_at)
                                   .order_by(Methodology.id)).all(),
                db.session.execute(db.select(db.func.count(MethodologyVersion.id))).scalar(),
                db.session.execute(db.select(db.func.count(FreightSimulation.id))).scalar())


def test_every_route_refuses_another_companys_methodology(api, make_company, methodology_of):
    assert routes() == [("GET", "/methodologies"), ("GET", "/methodologies/<methodology_id>"),
                        ("POST", "/methodologies"), ("POST", "/methodologies/<methodology_id>/versions"),
                        ("POST", "/simulations")]
    other = make_company()
    theirs = methodology_of(other)
    before = snapshot(other.id)
    assert api.get(f"/methodologies/{theirs}").status_code == 404  # like every foreign id
    assert api.post(f"/methodologies/{theirs}/versions", json=DEFINITION).status_code == 404
    # The API's one named exception: a simulation of another company's methodology is 403.
    assert api.post("/simulations", json={"methodology_id": theirs, "inputs": {}, "save": True}).status_code == 403
    listed = {m["id"] for m in api.get("/methodologies").get_json()["data"]}
    assert theirs not in listed and len(listed) == 2
    created = api.post("/methodologies", json=DEFINITION).get_json()["data"]["id"]
    assert snapshot(other.id) == before
    with tenant_scope(other.id):
        assert db.session.get(Methodology, uuid.UUID(theirs)) is not None
        assert db.session.execute(db.select(Methodology).where(Methodology.id == uuid.UUID(created))).first() is None


def test_the_per_process_caches_never_serve_another_companys_methodology(api, make_company, make_api,
                                                                         methodology_of, company):
    # The other company simulates first: its version statement and compiled methodology are now cached.
    other = make_company()
    theirs = methodology_of(other)
    body = {"methodology_id": theirs, "inputs": {"distancia_km": 100, "peso_t": 10, "valor_km": 4.5,
                                                  "valor_tonelada": 35, "custos_fixos": 150, "margem": 15},
            "tax_context": {"origin_state": "SP", "destination_state": "SP"}}
    assert make_api(other).post("/simulations", json=body).status_code == 200
    assert api.post("/simulations", json=body).status_code == 403  # same id through our key: still theirs
    assert api.post("/simulations", json={**body, "methodology_id": methodology_of(company)}).status_code == 200


def test_the_shared_version_statement_refuses_another_companys_id_in_a_scope(make_company):
    first, second = make_company(), make_company()
    with tenant_scope(second.id), pytest.raises(TenancyViolation):
        read_rows(_current_version_select(), {"company_id": first.id, "methodology_id": uuid.uuid4()})
