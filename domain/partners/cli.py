"""Partners CLI.

    flask --app app partners sync-roles   # after a deploy that added the role columns: rows the old release wrote
"""
import click

from core.transaction import commit_phase
from domain.partners.services import sync_role_columns


def register_partner_commands(app) -> None:
    @app.cli.group("partners")
    def partners_group():
        """Parceiros."""

    @partners_group.command("sync-roles")
    @click.option("--batch", type=click.IntRange(1, 100_000), default=1000, show_default=True)
    def sync_roles(batch):
        """Reescreve as colunas de papéis (role_*) dos parceiros cuja lista `roles` diz outra coisa."""
        last, fixed = None, 0
        while True:  # one transaction per batch: a long table is not locked nor held in one transaction
            last, rewritten = sync_role_columns(last, batch)
            commit_phase("one batch of role columns")
            fixed += rewritten
            if last is None:
                break
        click.echo(f"Parceiros com papéis corrigidos: {fixed}")
