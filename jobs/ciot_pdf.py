"""Former path of the jobs now in domain/ciot/jobs.py, kept through the next release: jobs queued
before the move (in Redis, the job outbox or a progress row) still name it (docs/deploy.md, "Upgrading")."""
from domain.ciot.jobs import build_batch_zip

__all__ = ["build_batch_zip"]
