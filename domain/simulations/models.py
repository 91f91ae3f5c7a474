"""Methodologies (a stable id, immutable numbered versions) and the simulations saved with them."""
import uuid
from datetime import datetime
from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimestampMixin, db, listed_created_at, utcnow

MONEY = sa.Numeric(14, 2)
TAX_MODES = ("by_outside", "by_inside")
SIMULATION_STATUSES = ("saved", "converted")


class Methodology(IdMixin, TimestampMixin, TenantMixin, db.Model):
    """What the API's `methodology_id` names; its content lives in the versions, the latest is `current_version`."""
    __tablename__ = "methodologies"
    __table_args__ = (sa.Index("ix_methodologies_company_created", "company_id", "created_at", "id"),)

    created_at: Mapped[datetime] = listed_created_at()
    name: Mapped[str] = mapped_column(sa.String(120), nullable=False)
    current_version: Mapped[int] = mapped_column(sa.Integer, default=1, nullable=False)
    template: Mapped[str | None] = mapped_column(sa.String(40))  # the starter it came from (antt_floor, cost_model)


class MethodologyVersion(IdMixin, TenantMixin, db.Model):
    """One version, never changed once written: editing a methodology writes version n+1."""
    __tablename__ = "methodology_versions"
    __table_args__ = (
        sa.UniqueConstraint("methodology_id", "version", name="uq_methodology_versions_version"),
        sa.CheckConstraint("tax_mode IN ('by_outside', 'by_inside')", name="tax_mode"),
    )

    methodology_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("methodologies.id", ondelete="CASCADE"),
                                                      nullable=False)
    version: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    name: Mapped[str] = mapped_column(sa.String(120), nullable=False)
    description: Mapped[str | None] = mapped_column(sa.String(1000))
    inputs: Mapped[list] = mapped_column(sa.JSON, nullable=False)
    components: Mapped[list] = mapped_column(sa.JSON, nullable=False)
    tax_mode: Mapped[str] = mapped_column(sa.String(12), default="by_inside", nullable=False)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)
    created_by: Mapped[str | None] = mapped_column(sa.String(120))


class FreightSimulation(IdMixin, TenantMixin, db.Model):
    """A saved simulation: the version it used, what was typed, every figure and the tax table that priced it."""
    __tablename__ = "freight_simulations"
    __table_args__ = (
        sa.Index("ix_freight_simulations_company_created", "company_id", "created_at", "id"),
        sa.CheckConstraint(f"status IN {SIMULATION_STATUSES}", name="status"),
    )

    created_at: Mapped[datetime] = listed_created_at()
    methodology_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("methodologies.id"), nullable=False)
    methodology_version: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    status: Mapped[str] = mapped_column(sa.String(12), default="saved", nullable=False)
    inputs: Mapped[dict] = mapped_column(sa.JSON, nullable=False)
    tax_context: Mapped[dict] = mapped_column(sa.JSON, nullable=False)  # as resolved (company defaults filled in)
    tax_table: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    subtotal: Mapped[Decimal] = mapped_column(MONEY, nullable=False)
    total: Mapped[Decimal] = mapped_column(MONEY, nullable=False)
    currency: Mapped[str] = mapped_column(sa.String(3), default="BRL", nullable=False)
    effective_tax_rate: Mapped[Decimal] = mapped_column(sa.Numeric(12, 8), nullable=False)
    breakdown: Mapped[list] = mapped_column(sa.JSON, nullable=False)
    tax_breakdown: Mapped[list] = mapped_column(sa.JSON, nullable=False)
    fiscal: Mapped[dict | None] = mapped_column(sa.JSON)  # CT-e figures, TAC withholdings, ANTT floor (strings)
    notes: Mapped[str | None] = mapped_column(sa.String(2000))
    freight_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("freights.id"))
    created_by: Mapped[str | None] = mapped_column(sa.String(120))
    converted_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
