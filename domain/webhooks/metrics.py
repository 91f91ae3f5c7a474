"""The webhook deliveries gauge of /metrics (core/metrics.py, registered by app.py): pending, retrying (pending after
a failed attempt) and failed (gave up), over every company, read at scrape time with one indexed SELECT."""
import sqlalchemy as sa
from prometheus_client.core import GaugeMetricFamily

from core.db import db
from core.tenancy import cross_tenant
from domain.webhooks.models import WebhookDelivery


def delivery_families():
    status = WebhookDelivery.status
    gauge = GaugeMetricFamily("fretes_webhook_deliveries", "Entregas de webhook pendentes, em nova tentativa "
                                                           "(pendentes que já falharam) e falhas definitivas.",
                              labels=["state"])
    stmt = cross_tenant(sa.select(
        sa.func.count().filter(status == "pending"),
        sa.func.count().filter(status == "pending", WebhookDelivery.attempts > 0),
        sa.func.count().filter(status == "failed")).where(status.in_(("pending", "failed"))))
    pending, retrying, failed = db.session.execute(stmt).one()
    for state, value in (("pending", pending), ("retrying", retrying), ("failed", failed)):
        gauge.add_metric([state], value)
    yield gauge
