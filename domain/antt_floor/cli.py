"""ANTT floor CLI.

    flask --app app antt import-floor FILE.csv [--replace]   # import the acts of a coefficients CSV
    flask --app app antt acts                                 # the stored acts and their start dates
"""
import click
import sqlalchemy as sa

from core.db import db
from domain.antt_floor.importer import ImportRefused, MalformedCsv, import_floor_csv
from domain.antt_floor.models import AnttFloorAct, AnttFloorCoefficient


def register_antt_commands(app) -> None:
    @app.cli.group("antt")
    def antt_group():
        """Piso mínimo de frete da ANTT."""

    @antt_group.command("import-floor")
    @click.argument("path", type=click.Path(exists=True, dir_okay=False))
    @click.option("--replace", is_flag=True, help="Substitui um ato já cadastrado com outros valores.")
    def import_floor(path, replace):
        """Importa os atos (resolução/portaria) de um CSV de coeficientes."""
        try:
            with open(path, encoding="utf-8") as fh:
                outcome = import_floor_csv(fh.read(), replace=replace)
        except (MalformedCsv, ImportRefused, UnicodeDecodeError) as exc:
            db.session.rollback()
            raise click.ClickException(f"{path}: {exc}") from None
        db.session.flush()  # errors surface here; the command\'s unit of work commits
        for name, status in outcome:
            click.echo(f"{name}: {status}")

    @antt_group.command("acts")
    def list_acts():
        """Lista os atos cadastrados."""
        rows = db.session.execute(
            sa.select(AnttFloorAct.name, AnttFloorAct.starts_on, sa.func.count(AnttFloorCoefficient.axles))
            .join(AnttFloorCoefficient, AnttFloorCoefficient.act_id == AnttFloorAct.id)
            .group_by(AnttFloorAct.name, AnttFloorAct.starts_on).order_by(AnttFloorAct.starts_on))
        for name, starts_on, count in rows:
            click.echo(f"{starts_on.isoformat()}  {name}  ({count} coeficientes)")
