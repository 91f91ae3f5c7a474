"""Read side of the floor tables: the acts stored, newest first (public page, CLI)."""
import sqlalchemy as sa

from core.db import db
from domain.antt_floor.models import AnttFloorAct


def acts() -> list:
    """Rows (name, starts_on), newest first."""
    return db.session.execute(sa.select(AnttFloorAct.name, AnttFloorAct.starts_on)
                              .order_by(AnttFloorAct.starts_on.desc())).all()
