"""Webhook endpoints, one delivery per (event, endpoint) and one attempt row per HTTP request sent."""
import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimestampMixin, db

# Event types a company may subscribe to (sources emit them through core.events.emit_event).
EVENT_TYPES = ("freight.status_changed", "offer.accepted", "marketplace.lead.created",
               "simulation.created", "simulation.converted")
# Types that need the company feature `integrations.webhooks` (the contract says so for simulations).
FEATURE_GATED = {"simulation.created": "integrations.webhooks", "simulation.converted": "integrations.webhooks"}
TEST_EVENT = "webhook.test"

DELIVERY_STATES = ("pending", "delivered", "failed")


class WebhookEndpoint(IdMixin, TenantMixin, TimestampMixin, db.Model):
    __tablename__ = "webhook_endpoints"

    url: Mapped[str] = mapped_column(sa.String(2000), nullable=False)
    event_types: Mapped[list] = mapped_column(sa.JSON, default=list, nullable=False)
    enabled: Mapped[bool] = mapped_column(sa.Boolean, default=True, nullable=False)
    secret_encrypted: Mapped[str] = mapped_column(sa.Text, nullable=False)
    # After a rotation the previous secret keeps signing (a second signature) until it expires.
    previous_secret_encrypted: Mapped[str | None] = mapped_column(sa.Text)
    previous_secret_expires_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    # Set at the first failure after a success; 5 days of failures in a row disable the endpoint.
    failing_since: Mapped[datetime | None] = mapped_column(sa.DateTime)
    disabled_reason: Mapped[str | None] = mapped_column(sa.String(200))
    disabled_at: Mapped[datetime | None] = mapped_column(sa.DateTime)


class WebhookDelivery(IdMixin, TenantMixin, db.Model):
    """What one endpoint is owed for one event: the record of at-least-once delivery."""
    __tablename__ = "webhook_deliveries"
    __table_args__ = (
        sa.UniqueConstraint("event_id", "endpoint_id", name="uq_webhook_deliveries_event_endpoint"),
        # The periodic job looks for pending deliveries that are due.
        sa.Index("ix_webhook_deliveries_due", "status", "next_attempt_at"),
        sa.Index("ix_webhook_deliveries_endpoint_created", "endpoint_id", "created_at"),
    )

    endpoint_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("webhook_endpoints.id", ondelete="CASCADE"),
                                                   nullable=False)
    event_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("outbox_events.id"), nullable=False)
    event_type: Mapped[str] = mapped_column(sa.String(80), nullable=False)
    status: Mapped[str] = mapped_column(sa.String(12), default="pending", nullable=False)
    attempts: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    # Failures since the last success or manual resend: they choose the next backoff step.
    retry_step: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    next_attempt_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    last_status_code: Mapped[int | None] = mapped_column(sa.Integer)
    delivered_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False)


class WebhookAttempt(IdMixin, TenantMixin, db.Model):
    __tablename__ = "webhook_attempts"

    delivery_id: Mapped[uuid.UUID] = mapped_column(
        sa.Uuid, sa.ForeignKey("webhook_deliveries.id", ondelete="CASCADE"), nullable=False, index=True)
    number: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    status_code: Mapped[int | None] = mapped_column(sa.Integer)
    duration_ms: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    response_excerpt: Mapped[str] = mapped_column(sa.String(1024), default="", nullable=False)
    error: Mapped[str | None] = mapped_column(sa.String(300))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False)
