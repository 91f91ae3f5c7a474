"""One PDF renderer for every document: xhtml2pdf with company branding, page numbers, embedded
DejaVu fonts (ç, ã, é print everywhere) and an optional diagonal HOMOLOGAÇÃO watermark.

xhtml2pdf cannot rotate or fade text (no CSS transform/opacity), so the watermark is drawn with reportlab on each
page's canvas while xhtml2pdf lays the document out (see `_after_page`): no second pass over the finished PDF.
"""
import base64
import contextvars
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from flask import render_template
from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from xhtml2pdf import pisa
from xhtml2pdf.config.resources import ResourceAccessPolicy
from xhtml2pdf.xhtml2pdf_reportlab import PmlBaseDoc

from core.contrast import ink_on_white, text_on

FONT_DIR = Path(__file__).resolve().parent.parent / "static" / "fonts"
WATERMARK_TEXT = "HOMOLOGAÇÃO"


class PdfRenderError(RuntimeError):
    pass


@dataclass
class Branding:
    legal_name: str
    footer: str = ""
    primary_color: str = "#1f4e79"
    secondary_color: str = "#e8eef5"
    logo_data_uri: str | None = None
    cnpj: str = ""

    # Text colours chosen by WCAG contrast (core.contrast), so no colour choice makes the declaration unreadable.
    @property
    def primary_ink(self) -> str:
        return ink_on_white(self.primary_color)

    @property
    def secondary_text(self) -> str:
        return text_on(self.secondary_color)

    @classmethod
    def for_company(cls, company) -> "Branding":
        logo = None
        if company.brand_logo:
            logo = f"data:{company.brand_logo_mime};base64,{base64.b64encode(company.brand_logo).decode()}"
        return cls(legal_name=company.brand_legal_name or company.legal_name, footer=company.brand_footer or "",
                   primary_color=company.brand_primary_color or "#1f4e79",
                   secondary_color=company.brand_secondary_color or "#e8eef5", logo_data_uri=logo,
                   cnpj=company.cnpj)


@lru_cache(maxsize=1)
def register_watermark_font() -> None:
    # Registered in reportlab once per process, for the watermark canvas.
    pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(FONT_DIR / "DejaVuSans-Bold.ttf")))


# Documents may read only our fonts from disk and nothing from the network: company names, footers
# and logos are customer input, and xhtml2pdf would otherwise fetch any URL a template ends up holding.
RESOURCE_POLICY = ResourceAccessPolicy(allow_remote=False, base_dir=FONT_DIR)


def html_to_pdf(html: str, *, watermark: bool = False) -> bytes:
    """The PDF of `html`; `watermark`: HOMOLOGAÇÃO drawn over every page as it is laid out."""
    if watermark:
        register_watermark_font()
        token = _watermarking.set(True)
        try:
            return html_to_pdf(html)
        finally:
            _watermarking.reset(token)
    out = io.BytesIO()
    result = pisa.CreatePDF(html, dest=out, encoding="utf-8", resource_policy=RESOURCE_POLICY)
    if result.err:
        raise PdfRenderError(f"xhtml2pdf reported {result.err} error(s)")
    return out.getvalue()


def render_html(template, *, branding: Branding, title: str, **context) -> str:
    # The fonts are embedded through @font-face in pdf/base.html: xhtml2pdf ignores fonts registered
    # only in reportlab and would silently fall back to Helvetica (no "→", "—" and the like).
    # `pdf_font_dir` may be given: an HTML preview in a browser loads the same fonts from the static URL.
    context.setdefault("pdf_font_dir", FONT_DIR.as_posix())
    return render_template(template, branding=branding, title=title, **context)


def preview_html(template, *, branding: Branding, title: str, font_dir: str, **context) -> str:
    """A PDF template rendered as the HTML a page previews it with (the live previews of the invoice layouts and
    of the branding): the fonts loaded from `font_dir` (the static URL), the footer closing the content and without
    the PDF's page counter (templates/pdf/base.html `html_preview`)."""
    return render_html(template, branding=branding, title=title, pdf_font_dir=font_dir, html_preview=True,
                       **context)


def render_pdf(template: str, *, branding: Branding, title: str, watermark: bool = False, **context) -> bytes:
    return html_to_pdf(render_html(template, branding=branding, title=title, **context), watermark=watermark)


def _draw_watermark(canvas) -> None:
    """The diagonal, translucent HOMOLOGAÇÃO across the page being drawn (vector text: read back by pdftotext)."""
    width, height = canvas._pagesize
    canvas.saveState()
    canvas.setFillColor(Color(0.75, 0.1, 0.1, alpha=0.18))
    canvas.setFont("DejaVuSans-Bold", min(width, height) / 7)
    canvas.translate(width / 2, height / 2)
    canvas.rotate(45)
    canvas.drawCentredString(0, -20, WATERMARK_TEXT)
    canvas.restoreState()


# Set by render_pdf for the document it renders (a context variable: threads of one worker render apart).
_watermarking: contextvars.ContextVar[bool] = contextvars.ContextVar("pdf_watermarking", default=False)


def _after_page(doc, _library_after_page=PmlBaseDoc.afterPage) -> None:
    # reportlab calls afterPage once per page, after the page's flow and positioned boxes and before showPage: what
    # is drawn here lies over the content. xhtml2pdf builds its document template itself and takes no hook, so its
    # class gets this one once per process; it draws only while `_watermarking` is set.
    _library_after_page(doc)
    if _watermarking.get():
        _draw_watermark(doc.canv)


PmlBaseDoc.afterPage = _after_page
