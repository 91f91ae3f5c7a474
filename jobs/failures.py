"""Former path of the RQ failure callback now in core/queue.py, kept through the next release: jobs queued
before the move (in Redis, the job outbox or a progress row) still name it (docs/deploy.md, "Upgrading")."""
from core.queue import job_failed

__all__ = ["job_failed"]
