"""Former path of the jobs now in domain/billing/jobs.py, kept through the next release: jobs queued
before the move (in Redis, the job outbox or a progress row) still name it (docs/deploy.md, "Upgrading")."""
from domain.billing.jobs import import_staged

__all__ = ["import_staged"]
