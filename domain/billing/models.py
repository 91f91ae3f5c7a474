"""Billing: the inbox of fiscal documents (CT-e, NF-e, ...), the invoices that consolidate them (numbered
`FAT-000001`, gapless per company) and the receivable each issued invoice creates."""
import uuid
from datetime import date, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimestampMixin, db, listed_company_id, listed_created_at

DOCUMENT_KINDS = ("cte", "nfe", "pdf", "xlsx", "outro")
DOCUMENT_STATUSES = ("pendente", "vinculado", "faturado", "descartado")
INVOICE_STATUSES = ("rascunho", "emitida", "encerrada", "cancelada")
RECEIVABLE_STATUSES = ("aberto", "parcial", "pago", "cancelado")


def _in(column: str, values) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class BillingDocument(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "billing_documents"
    __table_args__ = (
        sa.UniqueConstraint("company_id", "chave", name="uq_billing_documents_company_chave"),
        sa.Index("ix_billing_documents_company_created", "company_id", "created_at", "id"),
        sa.CheckConstraint(_in("kind", DOCUMENT_KINDS), name="kind"),
        sa.CheckConstraint(_in("status", DOCUMENT_STATUSES), name="status"),
        sa.CheckConstraint("valor_centavos >= 0", name="valor_centavos"),
    )

    company_id: Mapped[uuid.UUID] = listed_company_id()
    created_at: Mapped[datetime] = listed_created_at()
    kind: Mapped[str] = mapped_column(sa.String(10), default="outro", nullable=False)
    status: Mapped[str] = mapped_column(sa.String(12), default="pendente", nullable=False)
    customer_partner_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("partners.id"), index=True)
    freight_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("freights.id"))
    invoice_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("invoices.id"), index=True)
    chave: Mapped[str | None] = mapped_column(sa.String(44))
    numero: Mapped[str | None] = mapped_column(sa.String(30))
    serie: Mapped[str | None] = mapped_column(sa.String(10))
    valor_centavos: Mapped[int] = mapped_column(sa.BigInteger, default=0, nullable=False)
    emissao_at: Mapped[date | None] = mapped_column(sa.Date)
    storage_path: Mapped[str | None] = mapped_column(sa.String(500))
    notes: Mapped[str | None] = mapped_column(sa.Text)
    extra: Mapped[dict] = mapped_column("metadata", sa.JSON, default=dict, nullable=False)


class InvoiceCancelledDocument(IdMixin, TenantMixin, db.Model):
    """What a cancelled invoice held: its documents as they were at the cancellation, which returns them to
    `pendente` without an invoice (they may go into another). The cancelled invoice's page and PDF read these;
    written only when cancelling, so creating an invoice costs nothing more."""
    __tablename__ = "invoice_cancelled_documents"
    __table_args__ = (sa.UniqueConstraint("invoice_id", "document_id", name="uq_invoice_cancelled_documents_item"),)

    invoice_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("invoices.id"), nullable=False)
    document_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("billing_documents.id"), nullable=False)
    kind: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    chave: Mapped[str | None] = mapped_column(sa.String(44))
    numero: Mapped[str | None] = mapped_column(sa.String(30))
    serie: Mapped[str | None] = mapped_column(sa.String(10))
    valor_centavos: Mapped[int] = mapped_column(sa.BigInteger, nullable=False)
    emissao_at: Mapped[date | None] = mapped_column(sa.Date)


class Invoice(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "invoices"
    __table_args__ = (
        sa.UniqueConstraint("company_id", "numero", name="uq_invoices_company_numero"),
        sa.Index("ix_invoices_company_created", "company_id", "created_at", "id"),
        sa.CheckConstraint(_in("status", INVOICE_STATUSES), name="status"),
    )

    company_id: Mapped[uuid.UUID] = listed_company_id()
    created_at: Mapped[datetime] = listed_created_at()
    # `FAT-000001`; during its creating transaction a provisional `~<id hex>` (domain/billing/services.py)
    numero: Mapped[str] = mapped_column(sa.String(40), nullable=False)
    status: Mapped[str] = mapped_column(sa.String(12), default="rascunho", nullable=False)
    customer_partner_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("partners.id"), nullable=False)
    valor_centavos: Mapped[int] = mapped_column(sa.BigInteger, default=0, nullable=False)
    items_count: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    vencimento_at: Mapped[date] = mapped_column(sa.Date, nullable=False)
    condicao_pagamento: Mapped[str | None] = mapped_column(sa.String(200))
    observacoes: Mapped[str | None] = mapped_column(sa.Text)
    emitted_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    cancelled_at: Mapped[datetime | None] = mapped_column(sa.DateTime)


# The titles the boards show (blueprints/web/billing.py `board_page`), the predicate of their partial indexes.
OPEN_TITLES_PREDICATE = "status IN ('aberto', 'parcial')"


class Receivable(IdMixin, TimestampMixin, TenantMixin, db.Model):
    """The amount an issued invoice's customer owes; payments recorded in the pages."""
    __tablename__ = "receivables"
    __table_args__ = (
        sa.UniqueConstraint("invoice_id", name="uq_receivables_invoice_id"),
        sa.Index("ix_receivables_company_due", "company_id", "vencimento_at", "id"),
        # The receivables board: a company's open titles by due date, without walking the paid ones.
        sa.Index("ix_receivables_company_open_due", "company_id", "vencimento_at", "id",
                 postgresql_where=sa.text(OPEN_TITLES_PREDICATE), sqlite_where=sa.text(OPEN_TITLES_PREDICATE)),
        sa.CheckConstraint(_in("status", RECEIVABLE_STATUSES), name="status"),
        sa.CheckConstraint("pago_centavos >= 0 AND pago_centavos <= valor_centavos", name="pago_centavos"),
    )

    invoice_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("invoices.id"), nullable=False)
    customer_partner_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("partners.id"), nullable=False)
    valor_centavos: Mapped[int] = mapped_column(sa.BigInteger, nullable=False)
    pago_centavos: Mapped[int] = mapped_column(sa.BigInteger, default=0, nullable=False)
    vencimento_at: Mapped[date] = mapped_column(sa.Date, nullable=False)
    pago_em: Mapped[date | None] = mapped_column(sa.Date)
    status: Mapped[str] = mapped_column(sa.String(12), default="aberto", nullable=False)


INVOICE_COLUMNS = ("tipo", "numero", "emissao", "chave")  # the document columns a layout may hide (valor stays)
INVOICE_BLOCKS = ("condicao", "observacoes", "recebido", "instrucoes")  # optional blocks a layout may show


DEFAULT_INVOICE_BLOCKS = ("condicao", "observacoes", "recebido")  # the blocks shown when nothing was chosen


class InvoiceLayoutDefault(IdMixin, TimestampMixin, TenantMixin, db.Model):
    """The company's invoice PDF defaults (edited only in the pages; one row, created on the first save): the
    institutional texts, the document columns shown and the optional blocks. A customer's `InvoiceLayout` applies
    over them; colours, logo and footer are the company's branding (admin)."""
    __tablename__ = "invoice_layout_defaults"
    __table_args__ = (sa.UniqueConstraint("company_id", name="uq_invoice_layout_defaults_company_id"),)

    header_text: Mapped[str | None] = mapped_column(sa.String(1000))
    payment_text: Mapped[str | None] = mapped_column(sa.String(1000))
    visible_columns: Mapped[list] = mapped_column(sa.JSON, default=lambda: list(INVOICE_COLUMNS), nullable=False)
    blocks: Mapped[list] = mapped_column(sa.JSON, default=lambda: list(DEFAULT_INVOICE_BLOCKS), nullable=False)


class InvoiceLayout(IdMixin, TimestampMixin, TenantMixin, db.Model):
    """A customer's override of the company's PDF branding and invoice defaults (`InvoiceLayoutDefault`) for its
    invoices (edited only in the pages): colours and logo (None: the company's), institutional texts (None: the
    company's), the document columns shown and the optional blocks."""
    __tablename__ = "invoice_layouts"
    __table_args__ = (sa.UniqueConstraint("company_id", "customer_partner_id",
                                          name="uq_invoice_layouts_company_customer"),)

    customer_partner_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("partners.id"), nullable=False)
    primary_color: Mapped[str | None] = mapped_column(sa.String(7))
    secondary_color: Mapped[str | None] = mapped_column(sa.String(7))
    logo: Mapped[bytes | None] = mapped_column(sa.LargeBinary, deferred=True)
    logo_mime: Mapped[str | None] = mapped_column(sa.String(40))
    header_text: Mapped[str | None] = mapped_column(sa.String(1000))
    payment_text: Mapped[str | None] = mapped_column(sa.String(1000))
    footer_text: Mapped[str | None] = mapped_column(sa.String(500))
    visible_columns: Mapped[list] = mapped_column(sa.JSON, default=lambda: list(INVOICE_COLUMNS), nullable=False)
    blocks: Mapped[list] = mapped_column(sa.JSON, default=lambda: list(DEFAULT_INVOICE_BLOCKS), nullable=False)
