"""Messages, the company's message templates and its channel settings (credentials encrypted at rest)."""
import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimestampMixin, db, listed_created_at

CHANNELS = ("whatsapp", "sms", "email")
MESSAGE_STATUSES = ("queued", "sent", "delivered", "failed")


class MessageTemplate(IdMixin, TimestampMixin, TenantMixin, db.Model):
    """A company's version of a template (the built-in pt-BR defaults apply until one is saved)."""
    __tablename__ = "message_templates"
    __table_args__ = (sa.UniqueConstraint("company_id", "key", name="uq_message_templates_company_key"),)

    key: Mapped[str] = mapped_column(sa.String(60), nullable=False)
    name: Mapped[str] = mapped_column(sa.String(120), nullable=False)
    subject: Mapped[str | None] = mapped_column(sa.String(200))
    body: Mapped[str] = mapped_column(sa.Text, nullable=False)


class ChannelSetting(IdMixin, TimestampMixin, TenantMixin, db.Model):
    """Which provider sends a channel's messages for the company. `settings` holds what is not secret (host,
    sender, account ids); `secret_encrypted` the password or token (core.crypto)."""
    __tablename__ = "message_channel_settings"
    __table_args__ = (sa.UniqueConstraint("company_id", "channel", name="uq_message_channel_settings_company_channel"),)

    channel: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    provider: Mapped[str] = mapped_column(sa.String(20), default="development", nullable=False)
    settings: Mapped[dict] = mapped_column(sa.JSON, default=dict, nullable=False)
    secret_encrypted: Mapped[str | None] = mapped_column(sa.Text)
    # Carried by the provider's delivery-status callback URL (unguessable, one per channel setting).
    callback_token: Mapped[str | None] = mapped_column(sa.String(64), unique=True)


class Message(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "messages"
    __table_args__ = (
        sa.Index("ix_messages_company_created", "company_id", "created_at", "id"),
        sa.Index("ix_messages_freight_created", "freight_id", "created_at", "id"),
        sa.Index("ix_messages_provider_message", "provider_message_id"),
        sa.CheckConstraint("status IN ('queued', 'sent', 'delivered', 'failed')", name="status"),
    )

    created_at: Mapped[datetime] = listed_created_at()  # served by ix_messages_company_created
    freight_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("freights.id", ondelete="SET NULL"))
    channel: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    to: Mapped[str] = mapped_column(sa.String(254), nullable=False)
    template: Mapped[str | None] = mapped_column(sa.String(60))
    variables: Mapped[dict] = mapped_column(sa.JSON, default=dict, nullable=False)
    subject: Mapped[str | None] = mapped_column(sa.String(200))
    body: Mapped[str] = mapped_column(sa.Text, nullable=False)
    status: Mapped[str] = mapped_column(sa.String(10), default="queued", nullable=False)
    failure_reason: Mapped[str | None] = mapped_column(sa.String(1000))
    last_error: Mapped[str | None] = mapped_column(sa.String(1000))
    provider: Mapped[str | None] = mapped_column(sa.String(20))
    provider_message_id: Mapped[str | None] = mapped_column(sa.String(200))
    attempts: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    sent_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    delivered_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
