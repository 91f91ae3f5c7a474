"""Public API: CIOT operation PDFs, single and batch (public-api.md "CIOT operations"; domain/ciot/pdf.py and
domain/ciot/batch.py hold the rules).

- GET /ciot/operations/{id}/pdf → application/pdf for emitido, encerrado, cancelado (409 invalid_status otherwise;
  another company's id → 404). Homologation operations carry the HOMOLOGAÇÃO watermark on every page.
- GET /ciot/operations/pdf → application/zip with one `<code>.pdf` per operation, at most 50 (400 batch_too_large
  naming the count; none → 404). Streamed: each PDF leaves as soon as it is rendered.
"""
from flask import Response, stream_with_context

from core.api import endpoint
from domain.ciot import batch, pdf

TAGS = ("ciot",)


def _attachment(filename: str) -> dict:
    return {"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "private, no-store"}


@endpoint("/ciot/operations/pdf", "GET", query=batch.BatchQuery, tags=TAGS, response_kind="zip",
          summary="ZIP com o PDF de até 50 operações (ids, ou filtros status/environment/from/to).")
def batch_pdf(ctx):
    selection = batch.select_for_batch(ctx.query)
    headers = _attachment(batch.zip_filename(selection)) | {"X-Operation-Count": str(selection.count)}
    body = stream_with_context(batch.iter_zip(ctx.company.id, selection.operation_ids))
    return Response(body, mimetype="application/zip", headers=headers)


@endpoint("/ciot/operations/<operation_id>/pdf", "GET", tags=TAGS, response_kind="pdf",
          summary="PDF da declaração CIOT (emitido, encerrado ou cancelado; homologação com marca d'água).")
def operation_pdf(ctx, operation_id):
    document = pdf.operation_pdf(ctx.company, operation_id)
    return Response(document.content, mimetype="application/pdf", headers=_attachment(document.filename))
