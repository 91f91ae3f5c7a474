"""Companies (the tenants), their users and their API keys."""
import uuid
from datetime import datetime

import sqlalchemy as sa
from flask_login import UserMixin
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimestampMixin, db

# A company's tax regime: what sets PIS/COFINS in its price simulations (domain/simulations/taxes.py).
TAX_REGIMES = ("lucro_real", "lucro_presumido", "simples_nacional")

MODULES = ("billing", "financial")
FEATURES = ("integrations.webhooks",)
ROLES = ("admin", "operador", "financeiro", "leitura")
CIOT_ENVIRONMENTS = ("homolog", "producao")
CIOT_FLOWS = ("legacy", "default")
SCOPES = ("read", "write", "webhooks")  # webhooks: manage webhook endpoints over the API (with read/write)


class Company(IdMixin, TimestampMixin, db.Model):
    __tablename__ = "companies"

    cnpj: Mapped[str] = mapped_column(sa.String(14), unique=True, nullable=False)
    legal_name: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    state_registration: Mapped[str | None] = mapped_column(sa.String(20))
    modules: Mapped[list] = mapped_column(sa.JSON, default=list, nullable=False)
    features: Mapped[list] = mapped_column(sa.JSON, default=list, nullable=False)
    # CIOT settings
    ciot_environment: Mapped[str] = mapped_column(sa.String(10), default="homolog", nullable=False)
    ciot_flow: Mapped[str] = mapped_column(sa.String(10), default="default", nullable=False)
    # {"homolog": "<encrypted json>", "producao": "<encrypted json>"}
    ciot_credentials: Mapped[dict] = mapped_column(sa.JSON, default=dict, nullable=False)
    ciot_max_advance_percent: Mapped[int] = mapped_column(sa.Integer, default=30, nullable=False)
    # PDF branding
    brand_legal_name: Mapped[str | None] = mapped_column(sa.String(200))
    brand_footer: Mapped[str | None] = mapped_column(sa.String(500))
    brand_primary_color: Mapped[str] = mapped_column(sa.String(7), default="#1f4e79", nullable=False)
    brand_secondary_color: Mapped[str] = mapped_column(sa.String(7), default="#e8eef5", nullable=False)
    # Deferred: every page loads the user's company, only the PDFs and the branding page need the logo bytes.
    brand_logo: Mapped[bytes | None] = mapped_column(sa.LargeBinary, deferred=True)
    brand_logo_mime: Mapped[str | None] = mapped_column(sa.String(40))
    # Billing defaults (domain/billing/settings.py): an invoice's vencimento_at and condicao_pagamento when not sent
    billing_term_days: Mapped[int] = mapped_column(sa.Integer, default=30, server_default="30", nullable=False)
    billing_payment_condition: Mapped[str | None] = mapped_column(sa.String(200))
    # Simulation taxes (domain/simulations/taxes.py): the regime that sets PIS/COFINS, and the UF used for origin and
    # destination when a simulation sends no tax_context.
    tax_regime: Mapped[str] = mapped_column(sa.String(20), default="lucro_presumido", server_default="lucro_presumido",
                                            nullable=False)
    tax_state: Mapped[str | None] = mapped_column(sa.String(2))

    def has_module(self, name: str) -> bool:
        return name in (self.modules or []) or name in (self.features or [])

    def has_ciot_credentials(self, environment: str) -> bool:
        return bool((self.ciot_credentials or {}).get(environment))


class User(IdMixin, TimestampMixin, TenantMixin, UserMixin, db.Model):
    __tablename__ = "users"

    email: Mapped[str] = mapped_column(sa.String(254), unique=True, nullable=False)
    name: Mapped[str] = mapped_column(sa.String(120), default="", nullable=False)
    password_hash: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    role: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    is_active_user: Mapped[bool] = mapped_column(sa.Boolean, default=True, nullable=False)

    company = db.relationship(Company, lazy="joined")

    @property
    def is_active(self) -> bool:  # Flask-Login
        return self.is_active_user

    def can(self, *roles: str) -> bool:
        return self.role == "admin" or self.role in roles

    session_id = None  # the UserSession this request runs under (set by load_user / login)

    def get_id(self) -> str:  # Flask-Login's alternative id: "<user id>:<session id>" (domain/tenancy/sessions.py)
        return f"{self.id}:{self.session_id}" if self.session_id else str(self.id)


class UserSession(IdMixin, db.Model):
    """One logged-in browser. Its id travels in the (signed) session cookie; logout, "sair de todos os
    dispositivos", a password change and the lifetimes end it here, so a replayed cookie is worthless."""
    __tablename__ = "user_sessions"

    user_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("users.id", ondelete="CASCADE"),
                                               nullable=False, index=True)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False)
    last_seen_at: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False)
    revoked_at: Mapped[datetime | None] = mapped_column(sa.DateTime)


class ApiKey(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "api_keys"

    name: Mapped[str] = mapped_column(sa.String(120), default="", nullable=False)
    prefix: Mapped[str] = mapped_column(sa.String(32), unique=True, nullable=False)
    secret_hash: Mapped[str] = mapped_column(sa.String(64), nullable=False)
    secret_encrypted: Mapped[str] = mapped_column(sa.Text, nullable=False)
    scopes: Mapped[list] = mapped_column(sa.JSON, default=list, nullable=False)
    require_signature: Mapped[bool] = mapped_column(sa.Boolean, default=False, nullable=False)
    # Keys created with "assinatura obrigatória" since the hardening also refuse a signature without
    # X-Service-Timestamp (a timeless signature never expires); older keys keep the contract's lax rule.
    require_timestamp: Mapped[bool] = mapped_column(sa.Boolean, default=False, server_default=sa.false(),
                                                    nullable=False)
    revoked_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    last_used_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    created_by_user_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)

    company = db.relationship(Company, lazy="joined")

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None
