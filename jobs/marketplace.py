"""Former path of the jobs now in domain/marketplace/jobs.py and retention_jobs.py, kept through the next release:
jobs queued before the move (in Redis, the job outbox or a progress row) still name it (docs/deploy.md,
"Upgrading")."""
from domain.marketplace.jobs import recount_new_leads
from domain.marketplace.retention_jobs import purge_old_leads

__all__ = ["purge_old_leads", "recount_new_leads"]
