"""Former path of the jobs now in domain/webhooks/jobs.py, kept through the next release: jobs queued
before the move (in Redis, the job outbox or a progress row) still name it (docs/deploy.md, "Upgrading")."""
from domain.webhooks.jobs import deliver, dispatch_event, redeliver_overdue

__all__ = ["deliver", "dispatch_event", "redeliver_overdue"]
