"""Helpers of the simulations tests: the company's starter methodologies by template."""
import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.simulations.models import Methodology

COST_INPUTS = {"distancia_km": 100, "peso_t": 10, "valor_km": 4.5, "valor_tonelada": 35, "custos_fixos": 150,
               "margem": 15, "pedagio": 0}  # subtotal 950 + 15 % = 1.092,50


@pytest.fixture
def methodology_of():
    def find(company, template="cost_model"):
        with tenant_scope(company.id):
            found = db.session.execute(db.select(Methodology).where(Methodology.template == template)).scalar_one()
            return str(found.id)
    return find


@pytest.fixture
def cost_model(company, methodology_of):
    return methodology_of(company)


@pytest.fixture
def simulate(api, cost_model):
    """POST /simulations with the cost model (the given inputs over COST_INPUTS) and a tax context."""
    def run(origin="SP", destination="SP", *, tac=False, save=False, inputs=None, methodology_id=None, client=None,
            **extra):
        body = {"methodology_id": methodology_id or cost_model, "inputs": {**COST_INPUTS, **(inputs or {})},
                "save": save, "tax_context": {"origin_state": origin, "destination_state": destination,
                                              "tac_autonomo": tac}, **extra}
        return (client or api).post("/simulations", json=body)
    return run
