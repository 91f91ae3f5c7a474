"""`flask --app app simulations ...`: the starter methodologies for companies that lack them."""
import click
from flask import Flask

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.simulations.methodologies import install_templates
from domain.tenancy.models import Company


def register_simulation_commands(app: Flask) -> None:
    @app.cli.group("simulations")
    def simulations_group():
        """Metodologias de preço e simulações."""

    @simulations_group.command("install-templates")
    def install_templates_command():
        """Instala, em cada empresa que não os tenha, os modelos iniciais (Piso mínimo ANTT; custo km+t+fixo)."""
        installed = 0
        for company in db.session.execute(cross_tenant(db.select(Company))).scalars().all():
            with tenant_scope(company.id):
                installed += len(install_templates(company))
        db.session.flush()  # errors surface here; the command\'s unit of work commits
        click.echo(f"Metodologias instaladas: {installed}")
