"""Driver leads left on a public freight, and the stored count of `novo` leads per company (the badge). Their
statuses in words: domain.marketplace.presentation."""
import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, db, listed_created_at, utcnow

LEAD_STATUSES = ("novo", "contatado", "convertido", "descartado")


class MarketplaceLead(IdMixin, TenantMixin, db.Model):
    __tablename__ = "marketplace_leads"
    __table_args__ = (
        sa.Index("ix_marketplace_leads_company_created", "company_id", "created_at", "id"),
        sa.Index("ix_marketplace_leads_company_status", "company_id", "status"),
        sa.CheckConstraint("status IN ('novo', 'contatado', 'convertido', 'descartado')", name="status"),
    )

    freight_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("freights.id", ondelete="CASCADE"),
                                                  nullable=False)
    driver_name: Mapped[str] = mapped_column(sa.Text, nullable=False)
    driver_phone: Mapped[str] = mapped_column(sa.Text, nullable=False)
    driver_doc: Mapped[str | None] = mapped_column(sa.Text)
    vehicle_plate: Mapped[str | None] = mapped_column(sa.Text)
    message: Mapped[str | None] = mapped_column(sa.Text)
    status: Mapped[str] = mapped_column(sa.Text, default="novo", nullable=False)
    source: Mapped[str] = mapped_column(sa.Text, default="public_marketplace", nullable=False)
    ip_addr: Mapped[str | None] = mapped_column(sa.Text)
    user_agent: Mapped[str | None] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = listed_created_at()  # served by ix_marketplace_leads_company_created


class LeadCount(db.Model):
    """The badge's stored number in the embedded default (no Redis): one row per company, written by the job."""
    __tablename__ = "marketplace_lead_counts"

    company_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("companies.id"), primary_key=True)
    novo: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)
