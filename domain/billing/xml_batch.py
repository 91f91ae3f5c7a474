"""Large XML uploads into the inbox, as a background job with progress (docs/fiscal-xml.md, "Large uploads").

An upload of more than INLINE_MAX_FILES files is staged by the request (the files written beside the inbox's,
removed if the request does not commit) and read by `domain.billing.jobs.import_staged`; the page polls the job's
progress row and shows, when it ends, what became of each file: created, duplicated (a key already in the inbox,
or twice in the upload) or refused with its reason. Unlike a small upload (all the files or none), each file
stands on its own: one refused file does not hold back the other 999.
"""
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core.errors import AppError, NotFound
from core.files import write_in_transaction
from core.models import JobProgress
from core.progress import enqueue_progress_job, start_progress
from core.tenancy import get_owned
from domain.billing import jobs
from domain.billing.xml import FiscalEvent, FiscalXml, parse_fiscal_xml
from domain.billing.xml_import import apply_event, xml_document

INLINE_MAX_FILES = 5  # a handful: more is a job (1,000 files took 17–29 s in one request, past proxy timeouts)
JOB_KIND = "billing_xml_import"
CREATED, DUPLICATED, REFUSED, APPLIED = "criado", "duplicado", "recusado", "evento"
# 2,000 files at 14 a second (the page's figure on the loaded 2-core machine, documents written) take ~140 s: a
# busier host would pass the queue's 300 s default
JOB_TIMEOUT = 1800
MAX_NAME = 200  # characters of a file's name kept for the result page (the browser sends what it likes)
PROGRESS_EVERY = 25  # files between two progress commits (each commit also keeps the documents read so far)


@dataclass
class FileOutcome:
    name: str
    status: str                 # criado, duplicado, recusado or evento (an event applied)
    message: str = ""
    chave: str | None = None

    def as_row(self) -> list:
        return [self.name, self.status, self.message, self.chave]


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


def staging_folder(progress: JobProgress) -> Path:
    return Path(progress.params["storage_dir"]) / str(progress.company_id) / "billing" / f"envio-{progress.id}"


def import_staged(company, progress: JobProgress, *, after_each: Callable[[int], object]) -> list[FileOutcome]:
    """Read every staged file (documents as they come, events once every document is in, so a document and its
    cancellation may come together), calling `after_each(files read)` every PROGRESS_EVERY files (the job advances
    its row there); returns the outcome per file. The staging folder stays for a retry until the job is done."""
    names, folder = progress.params["files"], staging_folder(progress)
    storage_dir = Path(progress.params["storage_dir"])
    outcomes: list[FileOutcome | None] = [None] * len(names)
    events, seen = [], {}
    for index, name in enumerate(names):
        data = (folder / f"{index:05d}.xml").read_bytes()
        try:
            found = parse_fiscal_xml(data)
        except AppError as exc:
            outcomes[index] = FileOutcome(name, REFUSED, _reason(exc))
        else:
            if isinstance(found, FiscalEvent):
                events.append((index, name, data, found))
            else:
                outcomes[index] = _store_document(company, storage_dir, name, data, found, seen)
        if (index + 1) % PROGRESS_EVERY == 0:
            after_each(index + 1)
    for index, name, data, event in events:
        outcomes[index] = _apply(company, storage_dir, name, data, event)
    return outcomes


def _store_document(company, storage_dir: Path, name: str, data: bytes, found: FiscalXml, seen: dict) -> FileOutcome:
    if found.chave in seen:
        return FileOutcome(name, DUPLICATED, f"Mesma chave do arquivo {seen[found.chave]}.", found.chave)
    seen[found.chave] = name
    try:
        document = xml_document(company, found)
    except AppError as exc:
        if exc.code == "billing_document_exists":
            return FileOutcome(name, DUPLICATED, "Documento já está na caixa de entrada.", found.chave)
        return FileOutcome(name, REFUSED, _reason(exc), found.chave)
    write_in_transaction(storage_dir / document.storage_path, data)
    warnings = " ".join(found.warnings)
    return FileOutcome(name, CREATED, warnings, found.chave)


def _apply(company, storage_dir: Path, name: str, data: bytes, event: FiscalEvent) -> FileOutcome:
    try:
        line = apply_event(event)
    except AppError as exc:
        return FileOutcome(name, REFUSED, _reason(exc), event.chave)
    write_in_transaction(storage_dir / f"{company.id}/billing/{event.chave}-{event.tp_evento}-{event.sequencia}.xml",
                         data)
    return FileOutcome(name, APPLIED, line, event.chave)


def _reason(exc: AppError) -> str:
    """The refusal in the page's words: the reader's own sentence (without the API's "Campo inválido: file."), and
    each field a value the document cannot hold names."""
    message = exc.message.removeprefix("Campo inválido: file. ")
    return " ".join([message, *(detail.message for detail in exc.details if detail.message not in message)])[:400]


def summary(outcomes) -> str:
    counts = {status: sum(1 for outcome in outcomes if outcome.status == status)
              for status in (CREATED, DUPLICATED, REFUSED, APPLIED)}
    return (f"{counts[CREATED]} criado(s), {counts[DUPLICATED]} duplicado(s), {counts[REFUSED]} recusado(s)"
            + (f", {counts[APPLIED]} evento(s) aplicado(s)" if counts[APPLIED] else "") + ".")


def get_import_job(job_id) -> JobProgress:
    """One of the company's XML upload jobs (another company's, another kind or a malformed id → 404)."""
    job = get_owned(JobProgress, job_id)
    if job.kind != JOB_KIND:
        raise NotFound()
    return job


def outcome_of(job: JobProgress) -> list[FileOutcome]:
    return [FileOutcome(*row) for row in (job.params or {}).get("outcome", [])]
