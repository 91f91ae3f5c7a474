"""Former path of the jobs now in domain/freights/jobs.py, kept through the next release: jobs queued
before the move (in Redis, the job outbox or a progress row) still name it (docs/deploy.md, "Upgrading")."""
from domain.freights.jobs import expire_offers

__all__ = ["expire_offers"]
