"""Infrastructure tables: idempotency records, the events outbox and job progress rows."""
import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimestampMixin, db


class IdempotencyRecord(IdMixin, TenantMixin, db.Model):
    __tablename__ = "idempotency_records"
    __table_args__ = (sa.UniqueConstraint("company_id", "key", name="uq_idempotency_company_key"),)

    key: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    request_hash: Mapped[str] = mapped_column(sa.String(64), nullable=False)
    state: Mapped[str] = mapped_column(sa.String(10), nullable=False)  # running | done
    response_status: Mapped[int | None] = mapped_column(sa.Integer)
    response_body: Mapped[str | None] = mapped_column(sa.Text)
    response_mimetype: Mapped[str | None] = mapped_column(sa.String(60))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False, index=True)


class SignatureNonce(IdMixin, db.Model):
    """A signature already accepted, kept for the timestamp window so it cannot be replayed (embedded default;
    with Redis the same rule uses SET NX with a TTL). See core/apikeys.py."""
    __tablename__ = "signature_nonces"

    digest: Mapped[str] = mapped_column(sa.String(64), unique=True, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False, index=True)


class OutboxEvent(IdMixin, TenantMixin, db.Model):
    __tablename__ = "outbox_events"

    type: Mapped[str] = mapped_column(sa.String(80), nullable=False)
    payload: Mapped[dict] = mapped_column(sa.JSON, nullable=False)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False, index=True)
    dispatched_at: Mapped[datetime | None] = mapped_column(sa.DateTime, index=True)


class JobProgress(IdMixin, TenantMixin, TimestampMixin, db.Model):
    """What a long job has done so far; pages poll it through the job fragment."""
    __tablename__ = "job_progress"

    kind: Mapped[str] = mapped_column(sa.String(40), nullable=False)
    label: Mapped[str] = mapped_column(sa.String(200), default="", nullable=False)
    state: Mapped[str] = mapped_column(sa.String(12), default="queued", nullable=False)  # queued|running|done|failed
    total: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    done: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    message: Mapped[str | None] = mapped_column(sa.String(500))
    result_path: Mapped[str | None] = mapped_column(sa.String(500))
    result_name: Mapped[str | None] = mapped_column(sa.String(200))
    result_mimetype: Mapped[str | None] = mapped_column(sa.String(60))
    params: Mapped[dict] = mapped_column(sa.JSON, default=dict, nullable=False)
    created_by_user_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)

    @property
    def percent(self) -> int:
        if self.state == "done":
            return 100
        return int(self.done * 100 / self.total) if self.total else 0

    @property
    def finished(self) -> bool:
        return self.state in ("done", "failed")


class JobOutbox(IdMixin, db.Model):
    """Jobs written with the work that enqueues them (same transaction) and deleted once Redis has them: a job
    whose enqueue failed (Redis down) waits here for `dispatch_job_outbox` (jobs/maintenance.py, core/queue.py)."""
    __tablename__ = "job_outbox"

    func: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    args: Mapped[list] = mapped_column(sa.JSON, nullable=False)
    queue: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    job_id: Mapped[str | None] = mapped_column(sa.String(200))
    timeout: Mapped[int | None] = mapped_column(sa.Integer)
    retries: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False, index=True)
    tries: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    last_error: Mapped[str | None] = mapped_column(sa.String(500))
