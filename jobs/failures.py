"""What happens when RQ gives up on a job (it raised, timed out, or its worker died and RQ found it abandoned):
RQ calls `job_failed` (the on_failure callback core/queue.py attaches to every job). A job behind a progress row
fails that row with a pt-BR message, so the page stops polling and offers "Tentar novamente"."""
import logging

from core.db import db
from core.models import JobProgress
from core.progress import FAILED, INTERRUPTED, TIMED_OUT, fail_interrupted, progress_id_of
from core.tenancy import cross_tenant
from jobs.context import job_context

log = logging.getLogger("fretes.jobs.failures")


def job_failed(job, connection, exc_type, exc_value, traceback) -> None:
    progress_id = progress_id_of(job.id)
    if progress_id is None:
        return
    with job_context():
        progress = db.session.execute(cross_tenant(
            db.select(JobProgress).where(JobProgress.id == progress_id))).scalar_one_or_none()
        if progress is not None and fail_interrupted(progress, _message(exc_type)):
            log.warning("job %s failed (%s); progress %s marked failed", job.id, exc_type, progress_id)


def _message(exc_type) -> str:
    from rq.exceptions import AbandonedJobError
    from rq.timeouts import JobTimeoutException
    if isinstance(exc_type, type) and issubclass(exc_type, AbandonedJobError):
        return INTERRUPTED
    if isinstance(exc_type, type) and issubclass(exc_type, JobTimeoutException):
        return TIMED_OUT
    return FAILED
