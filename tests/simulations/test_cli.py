"""`flask simulations install-templates` and the company tax options of the CLI."""
from core.db import db
from core.tenancy import tenant_scope
from domain.simulations.models import Methodology


def templates_of(company):
    with tenant_scope(company.id):
        return sorted(db.session.execute(db.select(Methodology.template)).scalars())


def test_install_templates_fills_only_what_is_missing(app, company):
    with tenant_scope(company.id):
        db.session.execute(db.delete(Methodology).where(Methodology.template == "antt_floor"))
        db.session.commit()
    result = app.test_cli_runner().invoke(args=["simulations", "install-templates"])
    assert result.exit_code == 0 and "Metodologias instaladas: 1" in result.output
    assert templates_of(company) == ["antt_floor", "cost_model"]
    again = app.test_cli_runner().invoke(args=["simulations", "install-templates"])
    assert "Metodologias instaladas: 0" in again.output


def test_company_update_sets_the_tax_settings_and_refuses_a_bad_state(app, company):
    runner = app.test_cli_runner()
    ok = runner.invoke(args=["company", "update", str(company.id), "--tax-regime", "lucro_real", "--tax-state", "mg"])
    assert ok.exit_code == 0
    db.session.refresh(company)
    assert (company.tax_regime, company.tax_state) == ("lucro_real", "MG")
    bad = runner.invoke(args=["company", "update", str(company.id), "--tax-state", "XX"])
    assert bad.exit_code != 0 and "UF" in bad.output
