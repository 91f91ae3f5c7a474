"""The periodic recovery of requests to the authority (jobs/registry.py, every minute). Apart from jobs.py because it
calls the protocol (domain/ciot/protocol.py), which enqueues the jobs of jobs.py and so imports that module."""
from core.jobs import job_context
from domain.ciot.protocol import recover_stale_requests


def recover_stale_emissions() -> int:
    """Periodic (jobs/registry.py): re-enqueue requests to the authority whose worker died, and those the open
    circuit deferred once it lets a probe through. Safe at any time: the job never issues a second CIOT."""
    with job_context():
        return recover_stale_requests(actor="cron")
