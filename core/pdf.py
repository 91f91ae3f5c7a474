"""One PDF renderer for every document: xhtml2pdf with company branding, page numbers, embedded
DejaVu fonts (ç, ã, é print everywhere) and an optional diagonal HOMOLOGAÇÃO watermark.

xhtml2pdf cannot rotate or fade text (no CSS transform/opacity), so the watermark is drawn with
reportlab once per page size and stamped over each page with pypdf (see `stamp_watermark`).
"""
import base64
import io
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from flask import render_template
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject
from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from xhtml2pdf import pisa
from xhtml2pdf.config.resources import ResourceAccessPolicy

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


def html_to_pdf(html: str) -> bytes:
    out = io.BytesIO()
    result = pisa.CreatePDF(html, dest=out, encoding="utf-8", resource_policy=RESOURCE_POLICY)
    if result.err:
        raise PdfRenderError(f"xhtml2pdf reported {result.err} error(s)")
    return out.getvalue()


def render_html(template, *, branding: Branding, title: str, **context) -> str:
    # The fonts are embedded through @font-face in pdf/base.html: xhtml2pdf ignores fonts registered
    # only in reportlab and would silently fall back to Helvetica (no "→", "—" and the like).
    return render_template(template, branding=branding, title=title, pdf_font_dir=FONT_DIR.as_posix(), **context)


def render_pdf(template: str, *, branding: Branding, title: str, watermark: bool = False, **context) -> bytes:
    pdf = html_to_pdf(render_html(template, branding=branding, title=title, **context))
    return stamp_watermark(pdf) if watermark else pdf


@lru_cache(maxsize=8)
def _watermark_page(width: float, height: float) -> bytes:
    register_watermark_font()
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(width, height))
    c.setFillColor(Color(0.75, 0.1, 0.1, alpha=0.18))
    c.setFont("DejaVuSans-Bold", min(width, height) / 7)
    c.translate(width / 2, height / 2)
    c.rotate(45)
    c.drawCentredString(0, -20, WATERMARK_TEXT)
    c.save()
    return buf.getvalue()


def stamp_watermark(pdf: bytes) -> bytes:
    """Draw the watermark over every page: one Form XObject per page size, shared by the pages, drawn after each
    page's own content (wrapped in q/Q so its graphics state cannot leak), written as an incremental update.
    The page content streams are never parsed; the stamp is parsed once per process and page size."""
    writer = PdfWriter(io.BytesIO(pdf), incremental=True)
    forms = {}
    for page in writer.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        if size not in forms:  # a name per size: pages may share one /Resources dictionary
            forms[size] = (NameObject(f"/FretesWatermark{int(size[0])}x{int(size[1])}"), _watermark_form(writer, *size))
        _draw_over(writer, page, *forms[size])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _watermark_form(writer: PdfWriter, width: float, height: float):
    """The stamp page as a Form XObject of `writer` (its fonts copied in)."""
    stamp = _stamp_page(width, height)
    form = DecodedStreamObject()
    with _STAMP_LOCK:  # the cached reader is shared by the threads of a process
        form.set_data(stamp.get_contents().get_data())
        resources = stamp["/Resources"].clone(writer)
    form.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                 NameObject("/BBox"): ArrayObject([FloatObject(0), FloatObject(0), FloatObject(width),
                                                  FloatObject(height)]),
                 NameObject("/Resources"): resources})
    return writer._add_object(form)  # pypdf has no public call for "add this object" (pinned in pyproject)


def _draw_over(writer: PdfWriter, page, name: NameObject, form) -> None:
    resources = _page_resources(page)
    xobjects = resources.get("/XObject")
    if xobjects is None:
        xobjects = resources[NameObject("/XObject")] = DictionaryObject()
    xobjects.get_object()[name] = form
    contents = page.get("/Contents")
    parts = [] if contents is None else (
        list(contents.get_object()) if isinstance(contents.get_object(), ArrayObject) else [contents])
    page[NameObject("/Contents")] = ArrayObject([_stream(writer, b"q\n"), *parts,
                                                 _stream(writer, b"\nQ\nq " + name.encode() + b" Do Q\n")])


def _page_resources(page) -> DictionaryObject:
    """The page's own /Resources; inherited ones (from a /Pages node) are copied onto the page first."""
    node, resources = page, page.get("/Resources")
    while resources is None and node.get("/Parent") is not None:
        node = node["/Parent"].get_object()
        resources = node.get("/Resources")
    if "/Resources" not in page:
        page[NameObject("/Resources")] = DictionaryObject(resources.get_object()) if resources else DictionaryObject()
    return page["/Resources"].get_object()


def _stream(writer: PdfWriter, data: bytes):
    stream = DecodedStreamObject()
    stream.set_data(data)
    return writer._add_object(stream)


_STAMP_LOCK = threading.Lock()


@lru_cache(maxsize=8)
def _stamp_page(width: float, height: float):
    return PdfReader(io.BytesIO(_watermark_page(width, height))).pages[0]
