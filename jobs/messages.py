"""Former path of the jobs now in domain/messages/jobs.py, kept through the next release: jobs queued
before the move (in Redis, the job outbox or a progress row) still name it (docs/deploy.md, "Upgrading")."""
from domain.messages.jobs import deliver_message

__all__ = ["deliver_message"]
