"""The CIOT operation declaration as a PDF (GET /ciot/operations/{id}/pdf, the pages and the batch ZIP).

Only an operation in `emitido`, `encerrado` or `cancelado` has a declaration (else 409 invalid_status). The
document is issued in the name of whoever declared the operation at the authority: the caller company or, when
the CIOT was emitted in the name of the contracted ETC, that ETC (its legal name, CNPJ and PDF branding).
Homologation operations carry the HOMOLOGAÇÃO watermark on every page (core.pdf); production ones none.

One service per action: `operation_pdf(company, operation_id)` (read + render) and `render_operation_pdf(op,
company)` for callers that already hold the operation (batch ZIP, jobs).
"""
from dataclasses import dataclass

from core.db import utcnow
from core.errors import Conflict
from core.pdf import Branding, render_pdf
from domain.ciot import states
from domain.ciot.issuer import issuer_of
from domain.ciot.modality import derive_modality, effective_bank_data, is_own_fleet
from domain.ciot.models import CiotOperation
from domain.ciot.presentation import fmt
from domain.ciot.queries import get_operation, recent_events
from domain.ciot.validation import contracted_partner

PDF_STATUSES = (states.EMITIDO, states.ENCERRADO, states.CANCELADO)
EVENTS_IN_PDF = 12
TEMPLATE = "pdf/ciot_operation.html"


@dataclass
class OperationPdf:
    op: CiotOperation
    content: bytes

    @property
    def filename(self) -> str:
        return pdf_filename(self.op)


def pdf_filename(op: CiotOperation) -> str:
    """`CIOT-000001-123456789012.pdf` (code and codigo_ciot); `CIOT-000001.pdf` when no CIOT was issued."""
    return f"{op.code}-{op.codigo_ciot}.pdf" if op.codigo_ciot else f"{op.code}.pdf"


def pdf_allowed(op: CiotOperation) -> bool:
    return op.status in PDF_STATUSES


def ensure_pdf_allowed(op: CiotOperation) -> None:
    if not pdf_allowed(op):
        raise Conflict(f"A operação {op.code} está em '{op.status}': o PDF da declaração só existe para operações "
                       "emitidas, encerradas ou canceladas.", code="invalid_status",
                       extra={"status": op.status, "allowed_statuses": list(PDF_STATUSES)})


def document_context(op: CiotOperation, company) -> dict:
    """What the declaration prints, read once (the template only formats)."""
    issuer = issuer_of(op, company)
    partner = contracted_partner(op.contratado_cpf_cnpj)
    modality = derive_modality(op, getattr(partner, "rntrc_categoria", None))
    own_fleet = is_own_fleet(op, company.cnpj)
    return {
        "op": op,
        "issuer": issuer,
        "requester": company if issuer.id != company.id else None,
        "contratado_nome": op.contratado_nome or getattr(partner, "legal_name", None),
        "modality": fmt.modality({"contratado_tipo": modality.contratado_tipo, "equiparado": modality.equiparado},
                                 own_fleet),
        "bank": effective_bank_data(op),
        "events": recent_events(op, limit=EVENTS_IN_PDF),
        "generated_at": utcnow(),
        "fmt": fmt,
    }


def render_operation_pdf(op: CiotOperation, company) -> bytes:
    """The declaration of an operation the caller already holds (409 invalid_status when it has none)."""
    ensure_pdf_allowed(op)
    context = document_context(op, company)
    title = f"Declaração CIOT · {op.code}"
    return render_pdf(TEMPLATE, branding=Branding.for_company(context["issuer"]), title=title,
                      watermark=op.environment == "homolog", **context)


def operation_pdf(company, operation_id) -> OperationPdf:
    """GET /ciot/operations/{id}/pdf: the company's operation (404 otherwise) rendered (409 when not allowed)."""
    op = get_operation(operation_id)
    return OperationPdf(op, render_operation_pdf(op, company))
