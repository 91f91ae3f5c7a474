"""Former path of the jobs now in domain/ciot/jobs.py, kept through the next release: jobs queued
before the move (in Redis, the job outbox or a progress row) still name it (docs/deploy.md, "Upgrading")."""
from domain.ciot.jobs import ask_authority
from domain.ciot.recovery_jobs import recover_stale_emissions

# Older still: the job's name when only emissions were asked this way.
emit_operation = ask_authority

__all__ = ["ask_authority", "emit_operation", "recover_stale_emissions"]
