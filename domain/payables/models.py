"""Accounts payable: one title per installment of a supplier's bill."""
import uuid
from datetime import date, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimestampMixin, db, listed_created_at

# Statuses: aberto, parcial, pago, cancelado; `vencido` is derived (open and past due).
# The titles the board shows (blueprints/web/billing.py `board_page`), the predicate of their partial index.
PAYABLE_STATUSES = ("aberto", "parcial", "pago", "cancelado")  # `vencido` is derived: open and past due
OPEN_TITLES_PREDICATE = "status IN ('aberto', 'parcial')"
# The titles paid in full the board still shows for a few days (domain/payables/queries.py recently_paid_stmt).
PAID_PREDICATE = "status = 'pago'"


class Payable(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "payables"
    __table_args__ = (
        sa.Index("ix_payables_company_due", "company_id", "vencimento_at", "id"),
        # The payables board: a company's open titles by due date, without walking the paid ones.
        sa.Index("ix_payables_company_open_due", "company_id", "vencimento_at", "id",
                 postgresql_where=sa.text(OPEN_TITLES_PREDICATE), sqlite_where=sa.text(OPEN_TITLES_PREDICATE)),
        # The board's "Pagos recentemente": the last paid, read from the newest payment day down.
        sa.Index("ix_payables_company_paid", "company_id", "pago_em", "id",
                 postgresql_where=sa.text(PAID_PREDICATE), sqlite_where=sa.text(PAID_PREDICATE)),
        sa.CheckConstraint(f"status IN {PAYABLE_STATUSES}", name="status"),
        sa.CheckConstraint("valor_centavos > 0", name="valor_centavos"),
        sa.CheckConstraint("pago_centavos >= 0 AND pago_centavos <= valor_centavos", name="pago_centavos"),
    )

    created_at: Mapped[datetime] = listed_created_at()
    numero: Mapped[str | None] = mapped_column(sa.String(60))
    serie: Mapped[str | None] = mapped_column(sa.String(10))
    descricao: Mapped[str] = mapped_column(sa.String(500), nullable=False)
    supplier_partner_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("partners.id"))
    supplier_name_snapshot: Mapped[str | None] = mapped_column(sa.String(200))
    valor_centavos: Mapped[int] = mapped_column(sa.BigInteger, nullable=False)
    pago_centavos: Mapped[int] = mapped_column(sa.BigInteger, default=0, nullable=False)
    emissao_at: Mapped[date] = mapped_column(sa.Date, nullable=False)
    vencimento_at: Mapped[date] = mapped_column(sa.Date, nullable=False)
    pago_em: Mapped[date | None] = mapped_column(sa.Date)
    parcela_num: Mapped[int] = mapped_column(sa.Integer, default=1, nullable=False)
    parcela_total: Mapped[int] = mapped_column(sa.Integer, default=1, nullable=False)
    status: Mapped[str] = mapped_column(sa.String(12), default="aberto", nullable=False)
    account_code: Mapped[str | None] = mapped_column(sa.String(40))
    cost_center_code: Mapped[str | None] = mapped_column(sa.String(40))
    freight_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("freights.id"))
    vehicle_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("vehicles.id"))
    notes: Mapped[str | None] = mapped_column(sa.Text)
