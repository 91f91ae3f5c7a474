"""The acts (resolução/portaria) that set the ANTT floor and their coefficients: platform data shared by every company
(no TenantMixin). Marked `reference_data`: the bundled acts are loaded by the migration and stay through the tests'
table emptying (tests/fixtures/core.py)."""
import uuid
from datetime import date, datetime
from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, db, utcnow

REFERENCE_DATA = {"reference_data": True}


class AnttFloorAct(IdMixin, db.Model):
    __tablename__ = "antt_floor_acts"
    __table_args__ = (
        sa.UniqueConstraint("name", name="uq_antt_floor_acts_name"),
        sa.UniqueConstraint("starts_on", name="uq_antt_floor_acts_starts_on"),
        {"info": REFERENCE_DATA},
    )

    name: Mapped[str] = mapped_column(sa.String(120), nullable=False)  # "Portaria SUROC 22/2026"
    starts_on: Mapped[date] = mapped_column(sa.Date, nullable=False)  # in force from this day on
    imported_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)


class AnttFloorCoefficient(db.Model):
    __tablename__ = "antt_floor_coefficients"
    __table_args__ = (
        sa.CheckConstraint("table_code IN ('A', 'B', 'C', 'D')", name="table_code"),
        {"info": REFERENCE_DATA},
    )

    act_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("antt_floor_acts.id", ondelete="CASCADE"),
                                              primary_key=True)
    table_code: Mapped[str] = mapped_column(sa.String(1), primary_key=True)
    cargo_type: Mapped[str] = mapped_column(sa.String(40), primary_key=True)
    axles: Mapped[int] = mapped_column(sa.SmallInteger, primary_key=True)
    ccd: Mapped[Decimal] = mapped_column(sa.Numeric(10, 4), nullable=False)  # R$ per km
    cc: Mapped[Decimal] = mapped_column(sa.Numeric(12, 2), nullable=False)  # R$ per trip (loading and unloading)
