"""Large XML uploads into the inbox, as a background job with progress (docs/fiscal-xml.md, "Large uploads").

An upload of more than INLINE_MAX_FILES files is staged by the request (the files written beside the inbox's,
removed if the request does not commit) and read by `domain.billing.jobs.import_staged` (the reading itself is in
domain/billing/xml_staged.py, so that the job does not import this module, which enqueues it); the page polls the
job's progress row and shows, when it ends, what became of each file: created, duplicated (a key already in the
inbox, or twice in the upload) or refused with its reason. Unlike a small upload (all the files or none), each file
stands on its own: one refused file does not hold back the other 999.
"""
from core.errors import NotFound
from core.files import write_in_transaction
from core.models import JobProgress
from core.progress import enqueue_progress_job, start_progress
from core.tenancy import get_owned
from domain.billing import jobs
from domain.billing.xml_staged import FileOutcome, staging_folder

INLINE_MAX_FILES = 5  # a handful: more is a job (1,000 files took 17–29 s in one request, past proxy timeouts)
JOB_KIND = "billing_xml_import"
# 2,000 files at 14 a second (the page's figure on the loaded 2-core machine, documents written) take ~140 s: a
# busier host would pass the queue's 300 s default
JOB_TIMEOUT = 1800
MAX_NAME = 200  # characters of a file's name kept for the result page (the browser sends what it likes)


def start_xml_import(company, files, storage_dir, *, user=None) -> JobProgress:
    """Stage `files` ((name, bytes), in the order chosen) and enqueue the job that reads them (after the commit;
    inline in the embedded setup). The progress row keeps the names and where the files wait."""
    progress = start_progress(company, JOB_KIND, f"Envio de {len(files)} arquivo(s) XML", total=len(files),
                              user=user, params={"files": [name[:MAX_NAME] for name, _ in files],
                                                 "storage_dir": str(storage_dir)})
    folder = staging_folder(progress)
    for index, (_, data) in enumerate(files):
        write_in_transaction(folder / f"{index:05d}.xml", data)
    enqueue_progress_job(progress, jobs.import_staged, str(progress.company_id), str(progress.id),
                         queue="default", timeout=JOB_TIMEOUT)
    return progress


def get_import_job(job_id) -> JobProgress:
    """One of the company's XML upload jobs (another company's, another kind or a malformed id → 404)."""
    job = get_owned(JobProgress, job_id)
    if job.kind != JOB_KIND:
        raise NotFound()
    return job


def outcome_of(job: JobProgress) -> list[FileOutcome]:
    return [FileOutcome(*row) for row in (job.params or {}).get("outcome", [])]
