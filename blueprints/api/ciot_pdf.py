"""Public API: CIOT operation PDFs, single and batch (reference: docs/api/ciot-pdf.md; domain/ciot/pdf.py and
domain/ciot/batch.py hold the rules).

- GET /ciot/operations/{id}/pdf → application/pdf for emitido, encerrado, cancelado (409 invalid_status otherwise;
  another company's id → 404). Homologation operations carry the HOMOLOGAÇÃO watermark on every page.
- GET /ciot/operations/pdf → application/zip with one `<code>.pdf` per operation, at most 50 (400 batch_too_large
  naming the count; none → 404). Streamed: each PDF leaves as soon as it is rendered.
"""
from flask import Response, stream_with_context

from core.api import endpoint
from core.responses import ErrorCode
from domain.ciot import batch, pdf

TAGS = ("ciot",)
PDF_STATUS = ErrorCode(409, "invalid_status", "A operação CIOT-000001 está em 'rascunho': o PDF da declaração só "
                       "existe para operações emitidas, encerradas ou canceladas.",
                       extra={"status": "rascunho", "allowed_statuses": ["emitido", "encerrado", "cancelado"]})
BATCH_STATUS = ErrorCode(409, "invalid_status", "O status não permite exportar o PDF: CIOT-000001 (rascunho). Só "
                         "operações emitidas, encerradas ou canceladas têm declaração.")
BATCH_TOO_LARGE = ErrorCode(400, "batch_too_large", "O filtro corresponde a 73 operações; o limite é 50 por ZIP.")
BATCH_EMPTY = ErrorCode(404, "not_found", "Nenhuma operação com PDF corresponde ao filtro (emitidas, encerradas ou "
                                          "canceladas da empresa).")


def _attachment(filename: str) -> dict:
    return {"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "private, no-store"}


@endpoint("/ciot/operations/pdf", "GET", query=batch.BatchQuery, tags=TAGS, response_kind="zip",
          operation_id="downloadCiotOperationsZip", errors=(BATCH_TOO_LARGE, BATCH_EMPTY, BATCH_STATUS),
          headers={"X-Operation-Count": "Quantas operações o ZIP contém."},
          summary="ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to).")
def batch_pdf(ctx):
    selection = batch.select_for_batch(ctx.query)
    headers = _attachment(batch.zip_filename(selection)) | {"X-Operation-Count": str(selection.count)}
    body = stream_with_context(batch.iter_zip(ctx.company.id, selection.operation_ids))
    return Response(body, mimetype="application/zip", headers=headers)


@endpoint("/ciot/operations/<operation_id>/pdf", "GET", tags=TAGS, response_kind="pdf",
          operation_id="downloadCiotOperationPdf", errors=(PDF_STATUS,),
          summary="PDF da declaração CIOT (emitido, encerrado ou cancelado; homologação com marca d'água).")
def operation_pdf(ctx, operation_id):
    document = pdf.operation_pdf(ctx.company, operation_id)
    return Response(document.content, mimetype="application/pdf", headers=_attachment(document.filename))
