"""Freights, their status history, the per-company code counter and the offers carriers make on them."""
import uuid
from datetime import datetime
from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimestampMixin, db, listed_created_at, utcnow

MONEY = sa.Numeric(14, 2)

# The public showcase (domain/marketplace): public freights still open to drivers — published, and while offers are
# negotiated (the first offer moves a published freight to negotiating; its shared link must keep working).
SHOWCASE_STATUSES = ("published", "negotiating")
# Its partial index's predicate. The showcase query writes the same constants into its SQL (showcase_filter), not
# as bound parameters: a prepared statement's generic plan could not prove a parameter equals them, and would scan.
SHOWCASE_PREDICATE = "visibility = 'publico' AND status IN ({})".format(
    ", ".join(f"'{status}'" for status in SHOWCASE_STATUSES))


def showcase_filter():
    """The showcase rows' WHERE terms, with the index predicate's constants inline."""
    return (Freight.visibility == sa.literal_column("'publico'"),
            Freight.status.in_([sa.literal_column(f"'{status}'") for status in SHOWCASE_STATUSES]))


class Freight(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "freights"
    __table_args__ = (
        sa.UniqueConstraint("company_id", "code", name="uq_freights_company_code"),
        sa.UniqueConstraint("public_slug", name="uq_freights_public_slug"),
        sa.Index("ix_freights_company_created", "company_id", "created_at", "id"),
        # A status's freights newest first (the board filtered by status reads a page of them, not all sorted);
        # the counts per status read its (company_id, status) prefix.
        sa.Index("ix_freights_company_status_created", "company_id", "status", "created_at", "id"),
        # The dashboard's pickups of the week: a company's range of pickup moments (blueprints/web/dashboard_charts).
        sa.Index("ix_freights_company_pickup", "company_id", "pickup_at"),
        # The list's `q` (a part of the code or of a city) on PostgreSQL: trigram GIN index, as partners' search.
        sa.Index("ix_freights_search_trgm", "search_text", postgresql_using="gin",
                 postgresql_ops={"search_text": "gin_trgm_ops"}).ddl_if(dialect="postgresql"),
        # Every company's public freights, newest first: the showcase's pages, first or deep (keyset), read a
        # range of this small index instead of scanning the table (bench/bench_marketplace.py).
        sa.Index("ix_freights_showcase", "created_at", "id", postgresql_where=sa.text(SHOWCASE_PREDICATE),
                 sqlite_where=sa.text(SHOWCASE_PREDICATE)),
        sa.CheckConstraint("visibility IN ('privado', 'publico')", name="visibility"),
    )

    created_at: Mapped[datetime] = listed_created_at()  # served by ix_freights_company_created
    code: Mapped[str] = mapped_column(sa.String(20), nullable=False)  # FRT-000001, per company
    status: Mapped[str] = mapped_column(sa.String(20), default="draft", nullable=False)
    visibility: Mapped[str] = mapped_column(sa.String(10), default="privado", nullable=False)
    public_slug: Mapped[str | None] = mapped_column(sa.String(120))
    origin_city: Mapped[str] = mapped_column(sa.String(120), nullable=False)
    origin_state: Mapped[str] = mapped_column(sa.String(2), nullable=False)
    origin_ibge: Mapped[str | None] = mapped_column(sa.String(7))
    destination_city: Mapped[str] = mapped_column(sa.String(120), nullable=False)
    destination_state: Mapped[str] = mapped_column(sa.String(2), nullable=False)
    destination_ibge: Mapped[str | None] = mapped_column(sa.String(7))
    cargo_type: Mapped[str | None] = mapped_column(sa.String(80))
    weight_kg: Mapped[Decimal | None] = mapped_column(sa.Numeric(12, 3))
    vehicle_type: Mapped[str | None] = mapped_column(sa.String(40))
    price: Mapped[Decimal | None] = mapped_column(MONEY)
    pickup_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    pickup_until: Mapped[datetime | None] = mapped_column(sa.DateTime)
    delivery_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    delivery_until: Mapped[datetime | None] = mapped_column(sa.DateTime)
    # The carrier: a registered partner, or the name/phone an accepted offer brought when it has none.
    carrier_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("partners.id"))
    carrier_name: Mapped[str | None] = mapped_column(sa.String(200))
    carrier_phone: Mapped[str | None] = mapped_column(sa.String(20))
    driver_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("drivers.id"))
    vehicle_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("vehicles.id"))
    accepted_offer_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)
    simulation_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)
    # The ANTT floor's inputs (optional) and the floor computed from them when the freight is saved
    # (domain/freights/floor.py, docs/antt-floor.md): null when an input is missing or the tables have no figure.
    distance_km: Mapped[Decimal | None] = mapped_column(sa.Numeric(10, 2))
    loaded_axles: Mapped[int | None] = mapped_column(sa.SmallInteger)
    antt_table: Mapped[str | None] = mapped_column(sa.String(1))
    antt_floor: Mapped[Decimal | None] = mapped_column(MONEY)
    antt_floor_act: Mapped[str | None] = mapped_column(sa.String(120))
    notes: Mapped[str | None] = mapped_column(sa.Text)
    # Code and both cities, lower-case and accent-free (the list's `q`).
    search_text: Mapped[str] = mapped_column(sa.String(300), default="", nullable=False)
    created_by_user_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)


class FreightStatusChange(IdMixin, TenantMixin, db.Model):
    """Every status change of a freight: from, to, who, when and the note."""
    __tablename__ = "freight_status_changes"
    __table_args__ = (sa.Index("ix_freight_status_changes_freight", "freight_id", "created_at"),)

    freight_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("freights.id", ondelete="CASCADE"),
                                                  nullable=False)
    from_status: Mapped[str | None] = mapped_column(sa.String(20))
    to_status: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    note: Mapped[str | None] = mapped_column(sa.String(1000))
    actor: Mapped[str | None] = mapped_column(sa.String(120))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)


class Offer(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "offers"
    __table_args__ = (
        sa.Index("ix_offers_freight_created", "freight_id", "created_at", "id"),
        sa.Index("ix_offers_status_expires", "status", "expires_at"),
        sa.CheckConstraint("status IN ('pendente', 'contraproposta', 'aceita', 'rejeitada', 'expirada')",
                           name="status"),
    )

    created_at: Mapped[datetime] = listed_created_at()  # served by ix_offers_freight_created
    freight_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("freights.id", ondelete="CASCADE"),
                                                  nullable=False)
    status: Mapped[str] = mapped_column(sa.String(16), default="pendente", nullable=False)
    carrier_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("partners.id"))
    carrier_name: Mapped[str | None] = mapped_column(sa.String(200))
    carrier_phone: Mapped[str | None] = mapped_column(sa.String(20))
    price: Mapped[Decimal] = mapped_column(MONEY, nullable=False)
    valid_until: Mapped[datetime | None] = mapped_column(sa.DateTime)
    message: Mapped[str | None] = mapped_column(sa.String(1000))
    counter_price: Mapped[Decimal | None] = mapped_column(MONEY)
    counter_valid_until: Mapped[datetime | None] = mapped_column(sa.DateTime)
    counter_message: Mapped[str | None] = mapped_column(sa.String(1000))
    # When the open offer lapses: valid_until, or the counter-offer's valid_until once there is one.
    expires_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    reason: Mapped[str | None] = mapped_column(sa.String(500))
    source: Mapped[str] = mapped_column(sa.String(10), default="api", nullable=False)  # api | pagina | publico
    decided_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    decided_by: Mapped[str | None] = mapped_column(sa.String(120))
