"""The company's vehicles and drivers."""
import uuid
from datetime import date, datetime
from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimestampMixin, db, listed_created_at

VEHICLE_STATUSES = ("ativo", "inativo", "manutencao")
DRIVER_STATUSES = ("ativo", "inativo")
CNH_CATEGORIES = ("A", "B", "C", "D", "E", "AB", "AC", "AD", "AE")
# The vehicle types people name (a vehicle's and a freight's type stay free text; these are offered): value → label.
VEHICLE_TYPES = {"truck": "Truck", "toco": "Toco", "carreta": "Carreta", "bitrem": "Bitrem", "rodotrem": "Rodotrem",
                 "cavalo": "Cavalo", "vuc": "VUC", "3/4": "3/4", "van": "Van", "utilitario": "Utilitário"}


class Vehicle(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "vehicles"
    __table_args__ = (
        sa.UniqueConstraint("company_id", "plate", name="uq_vehicles_company_plate"),
        sa.Index("ix_vehicles_company_created", "company_id", "created_at", "id"),
        # The list's search `q` (domain/fleet/queries.py) on PostgreSQL: pg_trgm, created by partners' table.
        sa.Index("ix_vehicles_search_trgm", sa.text("lower(brand) gin_trgm_ops"), sa.text("lower(model) gin_trgm_ops"),
                 sa.text("plate gin_trgm_ops"), postgresql_using="gin").ddl_if(dialect="postgresql"),
        sa.CheckConstraint("status IN ('ativo', 'inativo', 'manutencao')", name="status"),
    )
    created_at: Mapped[datetime] = listed_created_at()  # served by ix_vehicles_company_created

    plate: Mapped[str] = mapped_column(sa.String(7), nullable=False)
    vehicle_type: Mapped[str | None] = mapped_column(sa.String(40))
    renavam: Mapped[str | None] = mapped_column(sa.String(11))
    brand: Mapped[str | None] = mapped_column(sa.String(60))
    model: Mapped[str | None] = mapped_column(sa.String(60))
    year: Mapped[int | None] = mapped_column(sa.Integer)
    capacity_kg: Mapped[Decimal | None] = mapped_column(sa.Numeric(12, 2))
    axles: Mapped[int | None] = mapped_column(sa.Integer)  # of this vehicle alone (CIOT form default)
    status: Mapped[str] = mapped_column(sa.String(12), default="ativo", nullable=False)
    notes: Mapped[str | None] = mapped_column(sa.Text)
    created_by_user_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)


class Driver(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "drivers"
    __table_args__ = (
        sa.UniqueConstraint("company_id", "cpf", name="uq_drivers_company_cpf"),
        sa.Index("ix_drivers_company_created", "company_id", "created_at", "id"),
        sa.Index("ix_drivers_search_trgm", sa.text("lower(name) gin_trgm_ops"),
                 postgresql_using="gin").ddl_if(dialect="postgresql"),
        sa.CheckConstraint("status IN ('ativo', 'inativo')", name="status"),
    )
    created_at: Mapped[datetime] = listed_created_at()  # served by ix_drivers_company_created

    name: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    phone: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    cpf: Mapped[str] = mapped_column(sa.String(11), nullable=False)
    cnh_number: Mapped[str | None] = mapped_column(sa.String(11))
    cnh_category: Mapped[str | None] = mapped_column(sa.String(2))
    cnh_expires_at: Mapped[date | None] = mapped_column(sa.Date)
    has_mopp: Mapped[bool] = mapped_column(sa.Boolean, default=False, nullable=False)
    status: Mapped[str] = mapped_column(sa.String(10), default="ativo", nullable=False)
    created_by_user_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)


# The search indexes need pg_trgm, and these tables may be created before partners' (which creates the extension too).
for _table in (Vehicle.__table__, Driver.__table__):
    sa.event.listen(_table, "before_create",
                    sa.DDL("CREATE EXTENSION IF NOT EXISTS pg_trgm").execute_if(dialect="postgresql"))
