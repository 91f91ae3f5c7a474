"""Admin CLI (`flask --app app ...`): registers every area's commands; the demo seed and the secrets rotation live
here. Scripted setups depend on the commands' exact names and options."""
import json

import click
from flask import Flask

from core.cli import echo, fail
from core.db import db
from core.transaction import commands_as_units_of_work
from demo import seed_demo_company
from domain import rotation
from domain.antt_floor.cli import register_antt_commands
from domain.ciot.cli import register_ciot_commands
from domain.partners.cli import register_partner_commands
from domain.simulations.cli import register_simulation_commands
from domain.tenancy.cli import register_tenancy_commands
from domain.webhooks.cli import register_webhook_commands
from jobs.cli import register_job_commands


def register_commands(app: Flask) -> None:
    @app.cli.command("seed-demo")
    @click.option("--json", "as_json", is_flag=True)
    def seed_demo(as_json):
        """Empresa de demonstração com um admin e uma chave de API (idempotente)."""
        result = seed_demo_company()
        if as_json:
            click.echo(json.dumps(result))
            return
        click.echo("Empresa de demonstração pronta.")
        click.echo(f"  Login: {result['email']}  senha: {result['password']}")
        click.echo(f"  Chave de API: {result['api_key'] or '(já criada antes; crie outra em Integrações)'}")

    @app.cli.group("secrets")
    def secrets_group():
        """Segredos guardados cifrados (ENCRYPTION_KEY)."""

    @secrets_group.command("rotate-encryption-key")
    @click.option("--json", "as_json", is_flag=True)
    def rotate_encryption_key(as_json):
        """Cifra de novo todos os segredos guardados com a primeira chave de ENCRYPTION_KEY (lista "nova,antiga")."""
        try:
            counts = rotation.rotate_encryption_key()
            db.session.flush()  # errors surface here; the command\'s unit of work commits
        except rotation.UnreadableSecret as exc:
            db.session.rollback()
            fail(exc)
        total = sum(counts.values())
        echo(as_json, counts, f"{total} segredos cifrados com a nova chave: "
                               + ", ".join(f"{name} {n}" for name, n in counts.items()))

    register_tenancy_commands(app)
    register_ciot_commands(app)
    register_antt_commands(app)
    register_partner_commands(app)
    register_webhook_commands(app)
    register_simulation_commands(app)
    register_job_commands(app)  # last: it adds `webhook sweep` to the webhooks' group
    commands_as_units_of_work(app.cli)  # every command is one unit of work: committed when it ends cleanly
