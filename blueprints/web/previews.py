"""Live previews of a PDF beside the form that shapes it (the invoice layouts, the branding): on every change htmx
posts the unsaved form (kit macro `live_preview`), the view renders the PDF's template as HTML
(core.pdf.preview_html) and answers the `pdf_preview` fragment: that HTML in a sandboxed iframe, or the messages of
what could not be read. Nothing is written."""
from flask import Response, make_response, render_template, url_for


def font_url() -> str:
    """Where a preview's HTML loads the PDF fonts from (the static files)."""
    return url_for("static", filename="fonts").rstrip("/")


def preview_fragment(preview: str | None, errors, *, id: str, title: str) -> Response:
    """The answer to a live preview's post: `preview` (HTML) or, when it is None, the `errors`' messages."""
    return make_response(render_template("_pdf_preview.html", preview=preview, errors=errors, id=id, title=title))
