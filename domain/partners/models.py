"""Business partners (customers, suppliers, contractors...) and their bank accounts."""
import re
import unicodedata
import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.orm import Mapped, mapped_column, relationship

from core.db import IdMixin, TenantMixin, TimestampMixin, db, listed_created_at

PARTNER_ROLES = ("contratante", "contratado", "tomador", "destinatario", "remetente", "cliente_frete", "fornecedor")
RNTRC_CATEGORIES = ("ETC", "TAC", "CTC", "TAC_EQUIPARADO")
ACCOUNT_TYPES = ("corrente", "poupanca", "pagamento")
PIX_KEY_TYPES = ("cpf", "cnpj", "email", "telefone", "aleatoria")


def role_column(role: str) -> str:
    """The boolean column that says a partner has `role` (derived from `roles`; the role filters read it)."""
    return f"role_{role}"


def role_indexes() -> tuple:
    # One partial index per role on the list's order: a role filter reads only that role's partners, newest first
    # (a JSON array matched with LIKE could not be estimated nor served by an index).
    return tuple(sa.Index(f"ix_partners_company_{role_column(role)}", "company_id", "created_at", "id",
                          postgresql_where=sa.text(role_column(role)),
                          sqlite_where=sa.text(f"{role_column(role)} = 1"))
                 for role in PARTNER_ROLES)


def search_key(*parts) -> str:
    """Lower-case, accent-free text without . - / so "São Paulo", "sao paulo" and "12.345" all match."""
    text = " ".join(p for p in parts if p)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return re.sub(r"\s+", " ", re.sub(r"[.\-/]", "", text)).strip()


class Partner(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "partners"
    __table_args__ = (
        sa.UniqueConstraint("company_id", "cpf_cnpj", name="uq_partners_company_cpf_cnpj"),
        sa.Index("ix_partners_company_created", "company_id", "created_at", "id"),
        # Substring search (`q`) on PostgreSQL: trigram GIN index (needs the pg_trgm extension, created below).
        sa.Index("ix_partners_search_trgm", "search_text", postgresql_using="gin",
                 postgresql_ops={"search_text": "gin_trgm_ops"}).ddl_if(dialect="postgresql"),
        sa.CheckConstraint("person_kind IN ('pf', 'pj')", name="person_kind"),
        *role_indexes(),
    )
    created_at: Mapped[datetime] = listed_created_at()  # served by ix_partners_company_created

    person_kind: Mapped[str] = mapped_column(sa.String(2), nullable=False)
    cpf_cnpj: Mapped[str] = mapped_column(sa.String(14), nullable=False)
    legal_name: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    trade_name: Mapped[str | None] = mapped_column(sa.String(200))
    ie: Mapped[str | None] = mapped_column(sa.String(20))
    ie_isento: Mapped[bool] = mapped_column(sa.Boolean, default=False, nullable=False)
    rntrc: Mapped[str | None] = mapped_column(sa.String(9))
    rntrc_categoria: Mapped[str | None] = mapped_column(sa.String(16))
    email: Mapped[str | None] = mapped_column(sa.String(254))
    phone: Mapped[str | None] = mapped_column(sa.String(20))
    whatsapp: Mapped[str | None] = mapped_column(sa.String(20))
    cep: Mapped[str | None] = mapped_column(sa.String(8))
    uf: Mapped[str | None] = mapped_column(sa.String(2))
    municipio_codigo: Mapped[str | None] = mapped_column(sa.String(7))
    municipio_nome: Mapped[str | None] = mapped_column(sa.String(120))
    logradouro: Mapped[str | None] = mapped_column(sa.String(200))
    numero: Mapped[str | None] = mapped_column(sa.String(20))
    complemento: Mapped[str | None] = mapped_column(sa.String(100))
    bairro: Mapped[str | None] = mapped_column(sa.String(100))
    roles: Mapped[list] = mapped_column(sa.JSON, default=list, nullable=False)
    # `roles` once more, one boolean per role, written with it (see _refresh_derived): what the role filters read.
    # NULL only on a row an older release wrote (`flask partners backfill-roles` fills it).
    role_contratante: Mapped[bool | None] = mapped_column(sa.Boolean)
    role_contratado: Mapped[bool | None] = mapped_column(sa.Boolean)
    role_tomador: Mapped[bool | None] = mapped_column(sa.Boolean)
    role_destinatario: Mapped[bool | None] = mapped_column(sa.Boolean)
    role_remetente: Mapped[bool | None] = mapped_column(sa.Boolean)
    role_cliente_frete: Mapped[bool | None] = mapped_column(sa.Boolean)
    role_fornecedor: Mapped[bool | None] = mapped_column(sa.Boolean)
    notes: Mapped[str | None] = mapped_column(sa.Text)
    is_active: Mapped[bool] = mapped_column(sa.Boolean, default=True, nullable=False)
    # Derived from legal_name, trade_name and cpf_cnpj on every insert/update (see search_key).
    search_text: Mapped[str] = mapped_column(sa.String(420), default="", nullable=False)
    created_by_user_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)

    bank_accounts = relationship("PartnerBankAccount", back_populates="partner", cascade="all, delete-orphan",
                                 order_by="(PartnerBankAccount.created_at, PartnerBankAccount.id)")


@event.listens_for(Partner, "before_insert")
@event.listens_for(Partner, "before_update")
def _refresh_derived(mapper, connection, partner: Partner) -> None:
    partner.search_text = search_key(partner.legal_name, partner.trade_name, partner.cpf_cnpj)
    for role, flag in role_flags(partner.roles).items():
        setattr(partner, role_column(role), flag)


def role_flags(roles) -> dict[str, bool]:
    """Each role: whether `roles` (the stored JSON list) holds it."""
    held = set(roles or ())
    return {role: role in held for role in PARTNER_ROLES}


event.listen(Partner.__table__, "before_create",
             sa.DDL("CREATE EXTENSION IF NOT EXISTS pg_trgm").execute_if(dialect="postgresql"))


class PartnerBankAccount(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "partner_bank_accounts"
    __table_args__ = (
        sa.CheckConstraint("(bank_code IS NOT NULL AND agency IS NOT NULL AND account IS NOT NULL) "
                           "OR pix_key IS NOT NULL", name="bank_or_pix"),
    )

    partner_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("partners.id", ondelete="CASCADE"),
                                                  nullable=False, index=True)
    bank_code: Mapped[str | None] = mapped_column(sa.String(3))
    agency: Mapped[str | None] = mapped_column(sa.String(7))
    account: Mapped[str | None] = mapped_column(sa.String(20))
    account_type: Mapped[str | None] = mapped_column(sa.String(12))
    pix_key: Mapped[str | None] = mapped_column(sa.String(77))
    pix_key_type: Mapped[str | None] = mapped_column(sa.String(10))
    holder_name: Mapped[str | None] = mapped_column(sa.String(200))
    holder_document: Mapped[str | None] = mapped_column(sa.String(14))

    partner = relationship(Partner, back_populates="bank_accounts")
