"""The contract as a PDF (GET /ciot-agregado/operations/{id}/pdf and the page's link), in every status: cover,
identification (contracted TAC, composition, period, CIOT code), trips, debits, the balance and, once closed, the
consolidated routes. The company's branding; the HOMOLOGAÇÃO watermark on every page in homologation."""
from dataclasses import dataclass

from core.db import utcnow
from core.pdf import Branding, render_html, render_pdf
from domain.ciot_agregado import presentation, queries
from domain.ciot_agregado.models import CiotAgregado

TEMPLATE = "pdf/ciot_agregado.html"


@dataclass
class AgregadoPdf:
    contract: CiotAgregado
    content: bytes

    @property
    def filename(self) -> str:
        return f"{self.contract.code}-{self.contract.codigo_ciot}.pdf" if self.contract.codigo_ciot \
            else f"{self.contract.code}.pdf"


def document_context(contract: CiotAgregado, company) -> dict:
    """What the document prints, read once (the template only formats)."""
    viagens, debitos = queries.viagens_of(contract), queries.debitos_of(contract)
    return {"agregado": contract, "company": company, "viagens": viagens, "debitos": debitos,
            "ledger": presentation.ledger(viagens, debitos), "saldo": queries.saldo_of(contract),
            "rotas": contract.rotas_consolidadas, "labels": presentation, "generated_at": utcnow()}


def _title(contract: CiotAgregado) -> str:
    return f"Agregado · {contract.code}"


def render_agregado_pdf(contract: CiotAgregado, company) -> bytes:
    return render_pdf(TEMPLATE, branding=Branding.for_company(company), title=_title(contract),
                      watermark=contract.environment == "homolog", **document_context(contract, company))


def render_agregado_html(contract: CiotAgregado, company) -> str:
    """The same document's HTML (the benchmark compares the PDF against bare xhtml2pdf of it)."""
    return render_html(TEMPLATE, branding=Branding.for_company(company), title=_title(contract),
                       **document_context(contract, company))


def agregado_pdf(company, agregado_id) -> AgregadoPdf:
    contract = queries.get_agregado(agregado_id)
    return AgregadoPdf(contract, render_agregado_pdf(contract, company))
