"""Reading the files of a large XML upload once staged (docs/fiscal-xml.md, "Large uploads"): each file on its own,
created, duplicated, refused or an event applied, and the summary line of the outcome. Apart from xml_batch.py
because the job that reads them (domain/billing/jobs.py) is enqueued by xml_batch.py."""
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core.errors import AppError
from core.files import write_in_transaction
from core.models import JobProgress
from domain.billing.xml import FiscalEvent, FiscalXml, parse_fiscal_xml
from domain.billing.xml_import import apply_event, xml_document

CREATED, DUPLICATED, REFUSED, APPLIED = "criado", "duplicado", "recusado", "evento"
PROGRESS_EVERY = 25  # files between two progress commits (each commit also keeps the documents read so far)


@dataclass
class FileOutcome:
    name: str
    status: str                 # criado, duplicado, recusado or evento (an event applied)
    message: str = ""
    chave: str | None = None

    def as_row(self) -> list:
        return [self.name, self.status, self.message, self.chave]


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
    try:
        document = xml_document(company, found)
    except AppError as exc:
        if exc.code == "billing_document_exists":
            return FileOutcome(name, DUPLICATED, "Documento já está na caixa de entrada.", found.chave)
        return FileOutcome(name, REFUSED, _reason(exc), found.chave)
    seen[found.chave] = name  # only a stored one: a later file with a refused one's key is read on its own
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
