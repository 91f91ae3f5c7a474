"""Public API: CIOT operation PDFs, single and batch (reference: docs/api/ciot-pdf.md; domain/ciot/pdf.py and
domain/ciot/batch.py hold the rules).

- GET /ciot/operations/{id}/pdf → application/pdf for emitido, encerrado, cancelado (409 invalid_status otherwise;
  another company's id → 404). Homologation operations carry the HOMOLOGAÇÃO watermark on every page.
- GET /ciot/operations/pdf → application/zip with one `<code>.pdf` per operation, at most 50 (400 batch_too_large
  naming the count; none → 404). Streamed: each PDF leaves as soon as it is rendered.
- POST /ciot/operations/pdf-jobs → 202 and a job making the same ZIP (write scope: it starts work). The GET with
  `Prefer: respond-async` did the same with a read key; it still does, announcing its deprecation.
"""
from datetime import date

from flask import Response, jsonify, request, send_file, stream_with_context

from core.api import API_PREFIX, endpoint
from core.deprecation import Deprecated
from core.responses import ErrorCode
from core.transaction import leave_read_only
from domain.ciot import batch, batch_zip, pdf
from domain.ciot.serializers import CiotPdfJobResponse, pdf_job_dict

TAGS = ("ciot",)
PDF_STATUS = ErrorCode(409, "invalid_status", "A operação CIOT-000001 está em 'rascunho': o PDF da declaração só "
                       "existe para operações emitidas, encerradas ou canceladas.",
                       extra={"status": "rascunho", "allowed_statuses": ["emitido", "encerrado", "cancelado"]})
BATCH_STATUS = ErrorCode(409, "invalid_status", "O status não permite exportar o PDF: CIOT-000001 (rascunho). Só "
                         "operações emitidas, encerradas ou canceladas têm declaração.")
BATCH_TOO_LARGE = ErrorCode(400, "batch_too_large", "O filtro corresponde a 73 operações; o limite é 50 por ZIP.")
JOB_NOT_READY = ErrorCode(409, "invalid_status", "O lote ainda não está pronto (status running): acompanhe o "
                          "progresso e baixe o ZIP quando o status for done.", extra={"status": "running"})
BATCH_EMPTY = ErrorCode(404, "not_found", "Nenhuma operação com PDF corresponde ao filtro (emitidas, encerradas ou "
                                          "canceladas da empresa).")


# A GET that starts a job writes with a read key: the job is POST /ciot/operations/pdf-jobs's. The synchronous GET
# (the streamed ZIP) is not deprecated, so only its asynchronous answers carry the headers.
ASYNC_GET_DEPRECATION = Deprecated(since=date(2026, 12, 7), sunset=date(2027, 6, 7),
                                   replacement="POST /ciot/operations/pdf-jobs")


def _attachment(filename: str) -> dict:
    return {"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "private, no-store"}


@endpoint("/ciot/operations/pdf", "GET", query=batch.BatchQuery, tags=TAGS, response_kind="zip",
          operation_id="downloadCiotOperationsZip", errors=(BATCH_TOO_LARGE, BATCH_EMPTY, BATCH_STATUS),
          headers={"X-Operation-Count": "Quantas operações o ZIP contém."}, responses={202: CiotPdfJobResponse},
          summary="ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to). Com "
                  "`Prefer: respond-async`, 202 e um job (descontinuado desde 2026-12-07, deixa de responder "
                  "após 2027-06-07: use POST /ciot/operations/pdf-jobs).")
def batch_pdf(ctx):
    selection = batch.select_for_batch(ctx.query)
    if prefers_async():
        return _start_job(ctx, selection)
    headers = _attachment(batch.zip_filename(selection)) | {"X-Operation-Count": str(selection.count)}
    body = stream_with_context(batch_zip.iter_zip(ctx.company.id, selection.operation_ids))
    return Response(body, mimetype="application/zip", headers=headers)


def prefers_async() -> bool:
    """RFC 7240 `Prefer: respond-async` (any case, among other preferences): the caller will poll for the result."""
    preferences = request.headers.get("Prefer", "")
    return any(part.split(";")[0].strip().lower() == "respond-async" for part in preferences.split(","))


def _start_job(ctx, selection) -> Response:
    """The deprecated asynchronous GET: a GET that writes one row, so its transaction stops being read-only, and the
    request's unit of work commits it (and then the job is queued)."""
    leave_read_only("a GET with Prefer: respond-async starts a job")
    response = _job_started(batch.start_batch_job(ctx.company, selection))
    response.headers.update(ASYNC_GET_DEPRECATION.headers())
    return response


def _job_started(job) -> Response:
    """202 with the job, `Location` its URL, `Preference-Applied: respond-async`."""
    url = _job_url(job.id)
    response = jsonify({"data": pdf_job_dict(job, job_url=url)})
    response.status_code = 202
    response.headers.update({"Location": url, "Preference-Applied": "respond-async", "Cache-Control": "no-store"})
    return response


@endpoint("/ciot/operations/pdf-jobs", "POST", body=batch.PdfJobCreate, success=202, tags=TAGS,
          response=CiotPdfJobResponse, operation_id="createCiotPdfJob",
          errors=(BATCH_TOO_LARGE, BATCH_EMPTY, BATCH_STATUS),
          headers={"Location": "A URL do job (GET: progresso; /zip: o ZIP quando pronto)."},
          summary="Começa um ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to) "
                  "num job: 202, o progresso em Location e o ZIP quando pronto.")
def create_pdf_job(ctx):
    selection = batch.select_for_batch(ctx.body.as_query())
    return _job_started(batch.start_batch_job(ctx.company, selection))


def _job_url(job_id) -> str:
    return f"{API_PREFIX}/ciot/operations/pdf/jobs/{job_id}"


@endpoint("/ciot/operations/pdf/jobs/<job_id>", "GET", tags=TAGS, response=CiotPdfJobResponse,
          operation_id="getCiotPdfJob", summary="O progresso de um ZIP assíncrono; result_url quando pronto.")
def pdf_job(ctx, job_id):
    job = batch.get_batch_job(job_id)
    return {"data": pdf_job_dict(job, job_url=_job_url(job.id))}


@endpoint("/ciot/operations/pdf/jobs/<job_id>/zip", "GET", tags=TAGS, response_kind="zip",
          operation_id="downloadCiotPdfJobZip", errors=(JOB_NOT_READY,),
          summary="O ZIP de um job pronto (409 invalid_status enquanto é gerado ou se falhou).")
def pdf_job_zip(ctx, job_id):
    path, filename = batch.batch_job_result(batch.get_batch_job(job_id))
    response = send_file(path, mimetype="application/zip", max_age=0, conditional=False)
    response.headers.update(_attachment(filename))
    return response


@endpoint("/ciot/operations/<operation_id>/pdf", "GET", tags=TAGS, response_kind="pdf",
          operation_id="downloadCiotOperationPdf", errors=(PDF_STATUS,),
          summary="PDF da declaração CIOT (emitido, encerrado ou cancelado; homologação com marca d'água).")
def operation_pdf(ctx, operation_id):
    document = pdf.operation_pdf(ctx.company, operation_id)
    return Response(document.content, mimetype="application/pdf", headers=_attachment(document.filename))
