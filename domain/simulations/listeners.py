"""What the simulations area does when other areas announce something (core.signals)."""
from core.signals import company_created
from core.tenancy import tenant_scope
from domain.simulations.services import install_templates


@company_created.connect
def install_starter_methodologies(company, **_) -> None:
    """A new company can price at once: its integrators get the starter methodologies."""
    with tenant_scope(company.id):
        install_templates(company)
