"""The daily retention purge of marketplace leads (jobs/registry.py). Apart from jobs.py because it calls the
services (purge_old_leads), which enqueue the badge's recount of jobs.py and so import that module."""
from core.jobs import job_context
from domain.marketplace import services


def purge_old_leads() -> int:
    """Daily (jobs/registry.py): leads past the retention period are deleted."""
    with job_context():
        return services.purge_old_leads()
