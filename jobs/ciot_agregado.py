"""Former path of the jobs now in domain/ciot_agregado/jobs.py and periodic_jobs.py, kept through the next
release: jobs queued before the move (in Redis, the job outbox or a progress row) still name it (docs/deploy.md,
"Upgrading")."""
from domain.ciot_agregado.jobs import send_cancellation, send_closing, send_declaration, send_rectification
from domain.ciot_agregado.periodic_jobs import close_expired_agregados, retry_stuck_agregados

__all__ = ["close_expired_agregados", "retry_stuck_agregados", "send_cancellation",
           "send_closing", "send_declaration", "send_rectification"]
