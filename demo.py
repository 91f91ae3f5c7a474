"""Demo data for the quick start: one company, one admin and one API key."""
from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.tenancy import services
from domain.tenancy.models import Company

DEMO_CNPJ = "11222333000181"
DEMO_EMAIL = "admin@demo.com.br"
DEMO_PASSWORD = "demo12345"  # noqa: S105  the demo login the README prints


def seed_demo_company() -> dict:
    company = db.session.execute(cross_tenant(db.select(Company).where(Company.cnpj == DEMO_CNPJ))).scalar_one_or_none()
    api_key = None
    if company is None:
        company = services.create_company(name="Transportes Demonstração Ltda", cnpj=DEMO_CNPJ,
                                          modules=["billing", "financial"], features=["integrations.webhooks"],
                                          tax_regime="lucro_presumido", tax_state="PR")
        with tenant_scope(company.id):
            services.create_user(company, email=DEMO_EMAIL, password=DEMO_PASSWORD, role="admin", name="Admin Demo")
            _, api_key = services.create_api_key(company, scopes=["read", "write"], name="demo")
        db.session.flush()  # the caller's unit of work (the command, the test) commits
    return {"company_id": str(company.id), "email": DEMO_EMAIL, "password": DEMO_PASSWORD, "api_key": api_key}
