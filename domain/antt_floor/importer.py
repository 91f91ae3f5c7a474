"""Loading acts into the tables: the bundled file (data/antt_piso_minimo.csv) on a fresh database, and a new act's
CSV through the CLI (`flask --app app antt import-floor FILE.csv`)."""
import uuid
from pathlib import Path

import sqlalchemy as sa

from core.db import db, utcnow
from domain.antt_floor.catalog import MalformedCsv, ParsedAct, parse_floor_csv
from domain.antt_floor.models import AnttFloorAct, AnttFloorCoefficient

BUNDLED_CSV = Path(__file__).resolve().parents[2] / "data" / "antt_piso_minimo.csv"


class ImportRefused(ValueError):
    """An act that conflicts with the stored ones (same name with other figures, or another act's start date)."""


def bundled_acts() -> list[ParsedAct]:
    return parse_floor_csv(BUNDLED_CSV.read_text(encoding="utf-8"))


def insert_acts(connection, acts: list[ParsedAct], acts_table=None, coefficients_table=None) -> None:
    """Core INSERTs of whole acts on `connection`: used by the migration (with its own table definitions) and on
    `create_all` (tests, benches, scratch databases), where the tables start empty."""
    acts_table = AnttFloorAct.__table__ if acts_table is None else acts_table
    coefficients_table = AnttFloorCoefficient.__table__ if coefficients_table is None else coefficients_table
    for act in acts:
        act_id = uuid.uuid4()
        connection.execute(acts_table.insert().values(id=act_id, name=act.name, starts_on=act.starts_on,
                                                      imported_at=utcnow()))
        connection.execute(coefficients_table.insert(), [
            {"act_id": act_id, "table_code": table, "cargo_type": cargo_type, "axles": axles, "ccd": ccd, "cc": cc}
            for (table, cargo_type, axles), (ccd, cc) in sorted(act.coefficients.items())])


def import_floor_csv(text: str, *, replace: bool = False) -> list[tuple[str, str]]:
    """Imports every act of the file: (act name, "importado" | "sem alteração" | "substituído") each. Re-importing
    the same figures changes nothing; other figures under a stored act's name are refused unless `replace`.
    Flushes only (the CLI commits). Raises MalformedCsv (with the line) or ImportRefused."""
    outcome = []
    for act in parse_floor_csv(text):
        outcome.append((act.name, _import_act(act, replace=replace)))
    db.session.flush()
    return outcome


def _import_act(act: ParsedAct, *, replace: bool) -> str:
    stored = db.session.execute(sa.select(AnttFloorAct).where(AnttFloorAct.name == act.name)).scalar_one_or_none()
    same_day = db.session.execute(sa.select(AnttFloorAct.name).where(
        AnttFloorAct.starts_on == act.starts_on, AnttFloorAct.name != act.name)).scalar()
    if same_day:
        raise ImportRefused(f"{act.name}: {same_day} já começa a valer em {act.starts_on:%d/%m/%Y}")
    if stored is None:
        insert_acts(db.session.connection(), [act])
        return "importado"
    if stored.starts_on == act.starts_on and _stored_coefficients(stored.id) == act.coefficients:
        return "sem alteração"
    if not replace:
        raise ImportRefused(f"{act.name} já está cadastrado com outros valores ou outra vigência: confira o "
                            "arquivo ou use --replace para substituí-lo")
    db.session.execute(sa.delete(AnttFloorCoefficient).where(AnttFloorCoefficient.act_id == stored.id))
    db.session.delete(stored)
    db.session.flush()
    insert_acts(db.session.connection(), [act])
    return "substituído"


def _stored_coefficients(act_id) -> dict:
    rows = db.session.execute(sa.select(
        AnttFloorCoefficient.table_code, AnttFloorCoefficient.cargo_type, AnttFloorCoefficient.axles,
        AnttFloorCoefficient.ccd, AnttFloorCoefficient.cc).where(AnttFloorCoefficient.act_id == act_id))
    return {(r.table_code, r.cargo_type, r.axles): (r.ccd, r.cc) for r in rows}


__all__ = ["ImportRefused", "MalformedCsv", "bundled_acts", "import_floor_csv", "insert_acts"]


@sa.event.listens_for(AnttFloorCoefficient.__table__, "after_create")
def _seed_on_create_all(_table, connection, **_kw) -> None:
    """`create_all` (tests, benches, scratch databases) gets the bundled acts, as `db upgrade` does (connected by
    domain/registry.py, which imports this module)."""
    insert_acts(connection, bundled_acts())
