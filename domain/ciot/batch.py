"""Batch of CIOT declarations as one ZIP (GET /ciot/operations/pdf, the batch page and its job).

Selection (`select_for_batch`): with `ids`, exactly those operations of the company (other filters ignored; ids of
other companies simply do not match; an id of the company whose status has no PDF is 409 invalid_status naming
it); otherwise the filters `status` (emitido, encerrado, cancelado; default all three), `environment` (default
both) and `from` / `to` (UTC days of created_at, inclusive). More than 50 matching → 400 `batch_too_large` naming
the count; none → 404 `not_found`. Order: oldest first (the ZIP lists CIOT-000001 before CIOT-000002).

The ZIP holds one `<code>.pdf` per operation, written by domain/ciot/batch_zip.py (for the API's stream and for
the job, which both this module and the job import).
"""
import uuid
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Literal

import sqlalchemy as sa
from pydantic import Field, field_validator, model_validator

from core.db import db
from core.errors import AppError, Conflict, NotFound
from core.formatting import BRT
from core.models import JobProgress
from core.progress import enqueue_progress_job, start_progress
from core.schemas import EndDate, RequestModel, check_date_order, comma_choices, comma_list
from core.tenancy import get_owned
from core.transaction import commit_phase
from domain.ciot.jobs import build_batch_zip
from domain.ciot.models import CiotOperation
from domain.ciot.pdf import PDF_STATUSES

MAX_OPERATIONS = 50
MAX_IDS = 500  # a longer id list is a malformed query, not a batch


class BatchQuery(RequestModel):
    """Query of GET /ciot/operations/pdf (also the batch page's form)."""
    ids: str | None = Field(default=None, max_length=MAX_IDS * 40)
    status: str | None = Field(default=None, max_length=100)
    environment: Literal["homolog", "producao"] | None = None
    date_from: date | None = Field(default=None, alias="from")
    date_to: EndDate | None = Field(default=None, alias="to")

    @field_validator("ids")
    @classmethod
    def _uuid_list(cls, value):
        if value is None:
            return None
        items = comma_list(value)
        if len(items) > MAX_IDS:
            raise ValueError(f"Informe no máximo {MAX_IDS} ids.")
        bad = []
        for item in items:
            try:
                uuid.UUID(item)
            except ValueError:
                bad.append(item)
        if bad:
            raise ValueError(f"Identificador inválido: {', '.join(bad[:5])[:200]} (use uuids separados por vírgula).")
        return ",".join(dict.fromkeys(items)) or None

    @field_validator("status")
    @classmethod
    def _pdf_statuses(cls, value):
        return comma_choices(value, PDF_STATUSES, what="Status sem PDF")

    @model_validator(mode="after")
    def _ordered_dates(self):
        check_date_order(self.date_from, self.date_to)
        return self

    @property
    def id_list(self) -> list[uuid.UUID]:
        return [uuid.UUID(item) for item in self.ids.split(",")] if self.ids else []

    @property
    def statuses(self) -> list[str]:
        return self.status.split(",") if self.status else list(PDF_STATUSES)


class PdfJobCreate(RequestModel):
    """Body of POST /ciot/operations/pdf-jobs: the same selection as GET /ciot/operations/pdf's filters, with the ids
    and statuses as JSON lists."""
    ids: list[uuid.UUID] | None = Field(default=None, max_length=MAX_IDS)
    status: list[Literal["emitido", "encerrado", "cancelado"]] | None = Field(default=None, max_length=3)
    environment: Literal["homolog", "producao"] | None = None
    date_from: date | None = Field(default=None, alias="from")
    date_to: EndDate | None = Field(default=None, alias="to")

    @model_validator(mode="after")
    def _ordered_dates(self):
        check_date_order(self.date_from, self.date_to)
        return self

    def as_query(self) -> BatchQuery:
        """The selection as the GET's query, so one function (`select_for_batch`) selects for both."""
        return BatchQuery.model_validate({
            "ids": ",".join(str(item) for item in self.ids) if self.ids else None,
            "status": ",".join(dict.fromkeys(self.status)) if self.status else None,
            "environment": self.environment, "from": self.date_from, "to": self.date_to})


class BatchTooLarge(AppError):
    status, code = 400, "batch_too_large"


@dataclass
class BatchSelection:
    operation_ids: list[uuid.UUID]
    codes: list[str]

    @property
    def count(self) -> int:
        return len(self.operation_ids)


def select_for_batch(query: BatchQuery) -> BatchSelection:
    """The operations a batch covers, or 400 batch_too_large / 404 not_found / 409 invalid_status."""
    columns = (CiotOperation.id, CiotOperation.code, CiotOperation.status)
    if query.id_list:
        stmt = sa.select(*columns).where(CiotOperation.id.in_(query.id_list))
    else:
        stmt = sa.select(*columns).where(CiotOperation.status.in_(query.statuses))
        if query.environment:
            stmt = stmt.where(CiotOperation.environment == query.environment)
        if query.date_from:
            stmt = stmt.where(CiotOperation.created_at >= datetime.combine(query.date_from, datetime.min.time()))
        if query.date_to:
            stmt = stmt.where(CiotOperation.created_at < datetime.combine(query.date_to + timedelta(days=1),
                                                                          datetime.min.time()))
    rows = db.session.execute(stmt.order_by(CiotOperation.created_at, CiotOperation.id)
                              .limit(MAX_OPERATIONS + 1)).all()
    if not rows:
        raise NotFound("Nenhuma operação com PDF corresponde ao filtro (emitidas, encerradas ou canceladas da "
                       "empresa).")
    if len(rows) > MAX_OPERATIONS:
        total = db.session.execute(sa.select(sa.func.count()).select_from(stmt.subquery())).scalar_one()
        raise BatchTooLarge(f"{total} operações correspondem ao filtro; o limite é {MAX_OPERATIONS} por lote. "
                            "Restrinja o período, o status ou o ambiente, ou informe os ids.",
                            extra={"count": total, "limit": MAX_OPERATIONS})
    without_pdf = [(code, status) for _, code, status in rows if status not in PDF_STATUSES]
    if without_pdf:
        names = ", ".join(f"{code} ({status})" for code, status in without_pdf[:10])
        raise Conflict(f"O status não permite exportar o PDF: {names}. Só operações emitidas, encerradas ou "
                       "canceladas têm declaração.", code="invalid_status",
                       extra={"operations": [{"code": code, "status": status} for code, status in without_pdf]})
    return BatchSelection([row[0] for row in rows], [row[1] for row in rows])


def zip_filename(selection: BatchSelection) -> str:
    stamp = datetime.now(BRT).strftime("%Y%m%d-%H%M%S")
    return f"ciot-declaracoes-{stamp}.zip"


# --- The batch built by the `pdf` worker (pages' "PDFs em lote", the API's asynchronous form) ----------------------

BATCH_JOB_KIND = "ciot_pdf_batch"


def start_batch_job(company, selection: BatchSelection, *, user=None) -> JobProgress:
    """A progress row for the selection and its job (domain.ciot.jobs.build_batch_zip, after the commit): the ZIP is
    written to the results folder, the row advancing after each PDF."""
    progress = start_progress(company, BATCH_JOB_KIND, f"PDFs de {selection.count} operação(ões) CIOT",
                              total=selection.count, user=user,
                              params={"operation_ids": [str(i) for i in selection.operation_ids],
                                      "filename": zip_filename(selection)})
    enqueue_progress_job(progress, build_batch_zip, str(progress.company_id), str(progress.id),
                         queue="pdf")
    return progress


def run_batch_job(company, selection: BatchSelection, *, user=None) -> JobProgress:
    """The page's batch: started and committed at once, so its row is on record (inline, the ZIP is built here)
    before the page shows it (the API answers 202 with the job instead: start_batch_job)."""
    progress = start_batch_job(company, selection, user=user)
    commit_phase("the job's row is on record (inline, the ZIP is built here) before the page shows it")
    return progress


def get_batch_job(job_id) -> JobProgress:
    """One of the company's batch jobs (another company's, another kind of job or a malformed id → 404)."""
    job = get_owned(JobProgress, job_id)
    if job.kind != BATCH_JOB_KIND:
        raise NotFound()
    return job


def batch_job_result(job: JobProgress) -> tuple[str, str]:
    """(path, file name) of a finished job's ZIP; 409 invalid_status while it runs or when it failed."""
    if job.state != "done" or not job.result_path:
        raise Conflict(f"O lote ainda não está pronto (status {job.state}): acompanhe o progresso e baixe o ZIP "
                       "quando o status for done.", code="invalid_status", extra={"status": job.state})
    return job.result_path, job.result_name or "ciot-declaracoes.zip"
