"""`flask --app app company|apikey|user ...`: tenants, their API keys and users, for operators and scripted
set-ups (which depend on these exact names and options)."""
import uuid

import click
from flask import Flask

from core.cli import echo, fail
from core.db import db
from core.errors import AppError
from core.tenancy import tenant_scope
from domain.tenancy import services
from domain.tenancy.models import (
    CIOT_ENVIRONMENTS,
    CIOT_FLOWS,
    FEATURES,
    MODULES,
    ROLES,
    SCOPES,
    TAX_REGIMES,
    Company,
)

# The choices are the model's own lists, so a new scope, role or module is offered here without a second edit.
MODULE_OPT = click.option("--module", "modules", multiple=True, type=click.Choice(MODULES))
FEATURE_OPT = click.option("--feature", "features", multiple=True, type=click.Choice(FEATURES))
FLOW_OPT = click.option("--ciot-flow", type=click.Choice(CIOT_FLOWS))
ENV_OPT = click.option("--ciot-environment", type=click.Choice(CIOT_ENVIRONMENTS))
REGIME_OPT = click.option("--tax-regime", type=click.Choice(TAX_REGIMES),
                          help="Regime tributário (PIS/COFINS das simulações).")
STATE_OPT = click.option("--tax-state", help="UF padrão das simulações sem tax_context.")


def company_by_id(company_id) -> Company:
    try:
        company = db.session.get(Company, uuid.UUID(company_id))
    except ValueError:
        company = None
    if company is None:
        raise click.ClickException(f"empresa {company_id} não encontrada")
    return company


def register_tenancy_commands(app: Flask) -> None:
    @app.cli.group("company")
    def company_group():
        """Empresas (tenants)."""

    @company_group.command("create")
    @click.option("--name", required=True)
    @click.option("--cnpj", required=True)
    @MODULE_OPT
    @FEATURE_OPT
    @FLOW_OPT
    @ENV_OPT
    @REGIME_OPT
    @STATE_OPT
    @click.option("--json", "as_json", is_flag=True)
    def company_create(name, cnpj, modules, features, ciot_flow, ciot_environment, tax_regime, tax_state, as_json):
        try:
            company = services.create_company(name=name, cnpj=cnpj, modules=modules, features=features,
                                               ciot_flow=ciot_flow, ciot_environment=ciot_environment,
                                               tax_regime=tax_regime, tax_state=tax_state)
            db.session.flush()  # errors surface here; the command\'s unit of work commits
        except AppError as exc:
            fail(exc)
        echo(as_json, {"id": str(company.id)}, f"Empresa criada: {company.id}")

    @company_group.command("update")
    @click.argument("company_id")
    @click.option("--name")
    @MODULE_OPT
    @FEATURE_OPT
    @FLOW_OPT
    @ENV_OPT
    @REGIME_OPT
    @STATE_OPT
    @click.option("--json", "as_json", is_flag=True)
    def company_update(company_id, name, modules, features, ciot_flow, ciot_environment, tax_regime, tax_state,
                       as_json):
        company = company_by_id(company_id)
        try:
            services.update_company(company, name=name, modules=modules or None, features=features or None,
                                    ciot_flow=ciot_flow, ciot_environment=ciot_environment, tax_regime=tax_regime,
                                    tax_state=tax_state)
            db.session.flush()  # errors surface here; the command\'s unit of work commits
        except AppError as exc:
            fail(exc)
        echo(as_json, {"id": str(company.id)}, f"Empresa atualizada: {company.id}")

    @app.cli.group("apikey")
    def apikey_group():
        """Chaves de API."""

    @apikey_group.command("create")
    @click.option("--company", "company_id", required=True)
    @click.option("--scope", "scopes", multiple=True, type=click.Choice(SCOPES))
    @click.option("--require-signature", is_flag=True)
    @click.option("--name", default="cli")
    @click.option("--json", "as_json", is_flag=True)
    def apikey_create(company_id, scopes, require_signature, name, as_json):
        company = company_by_id(company_id)
        with tenant_scope(company.id):
            key, full = services.create_api_key(company, scopes=scopes or ("read", "write"),
                                                require_signature=require_signature, name=name)
            db.session.flush()  # errors surface here; the command\'s unit of work commits
        echo(as_json, {"id": str(key.id), "key": full}, full)

    @apikey_group.command("revoke")
    @click.argument("key_id")
    def apikey_revoke(key_id):
        try:
            key = services.find_api_key(key_id)
        except AppError as exc:
            fail(exc)
        with tenant_scope(key.company_id):
            services.revoke_api_key(key)
            db.session.flush()  # errors surface here; the command\'s unit of work commits
        click.echo(f"Chave revogada: {key.prefix}")

    @app.cli.group("user")
    def user_group():
        """Usuários."""

    @user_group.command("create")
    @click.option("--company", "company_id", required=True)
    @click.option("--email", required=True)
    @click.option("--password", required=True)
    @click.option("--role", required=True, type=click.Choice(ROLES))
    @click.option("--name", default="")
    @click.option("--json", "as_json", is_flag=True)
    def user_create(company_id, email, password, role, name, as_json):
        company = company_by_id(company_id)
        with tenant_scope(company.id):
            try:
                user = services.create_user(company, email=email, password=password, role=role, name=name)
                db.session.flush()  # errors surface here; the command\'s unit of work commits
            except AppError as exc:
                fail(exc)
        echo(as_json, {"id": str(user.id)}, f"Usuário criado: {user.email}")
