"""`flask --app app webhook ...`: endpoints for operators and automated set-ups."""
import json
import uuid

import click
import sqlalchemy as sa
from flask import Flask

from core.cli import echo, fail
from core.db import db
from core.errors import AppError
from core.tenancy import cross_tenant, tenant_scope
from domain.tenancy.cli import company_by_id
from domain.webhooks import services
from domain.webhooks.models import EVENT_TYPES, WebhookEndpoint


def _endpoint(endpoint_id) -> WebhookEndpoint:
    try:
        stmt = sa.select(WebhookEndpoint).where(WebhookEndpoint.id == uuid.UUID(endpoint_id))
        found = db.session.execute(cross_tenant(stmt)).scalar_one_or_none()
    except ValueError:
        found = None
    if found is None:
        raise click.ClickException(f"webhook {endpoint_id} não encontrado")
    return found


def register_webhook_commands(app: Flask) -> None:

    @app.cli.group("webhook")
    def webhook_group():
        """Webhooks (endpoints que recebem os eventos)."""

    @webhook_group.command("create")
    @click.option("--company", "company_id", required=True)
    @click.option("--url", required=True)
    @click.option("--event", "events", multiple=True, type=click.Choice(EVENT_TYPES),
                  help="Tipo de evento (repita a opção); sem nenhum, todos.")
    @click.option("--json", "as_json", is_flag=True)
    def webhook_create(company_id, url, events, as_json):
        company = company_by_id(company_id)
        with tenant_scope(company.id):
            try:
                endpoint, secret = services.create_endpoint(company, url=url, event_types=events)
                db.session.flush()  # errors surface here; the command\'s unit of work commits
            except AppError as exc:
                fail(exc.details[0].message if exc.details else exc)
        echo(as_json, {"id": str(endpoint.id), "secret": secret},
              f"Webhook criado: {endpoint.id}\nSegredo (guarde agora, não será mostrado de novo): {secret}")

    @webhook_group.command("list")
    @click.option("--company", "company_id", required=True)
    @click.option("--json", "as_json", is_flag=True)
    def webhook_list(company_id, as_json):
        company = company_by_id(company_id)
        with tenant_scope(company.id):
            rows = db.session.execute(db.select(WebhookEndpoint).order_by(WebhookEndpoint.created_at)).scalars()
            items = [{"id": str(e.id), "url": e.url, "event_types": e.event_types, "enabled": e.enabled}
                     for e in rows]
        if as_json:
            click.echo(json.dumps(items))
            return
        for item in items:
            state = "ativo" if item["enabled"] else "desativado"
            click.echo(f"{item['id']}  {state:<10}  {item['url']}  {','.join(item['event_types'])}")

    @webhook_group.command("disable")
    @click.argument("endpoint_id")
    def webhook_disable(endpoint_id):
        endpoint = _endpoint(endpoint_id)
        with tenant_scope(endpoint.company_id):
            services.set_enabled(endpoint, False, reason="Desativado pelo operador (CLI).")
            db.session.flush()  # errors surface here; the command\'s unit of work commits
        click.echo(f"Webhook desativado: {endpoint.id}")

