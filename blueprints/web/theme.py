"""The company's theme: the page kit's brand tokens (static/css/app.css) recoloured from its branding, with text
colours picked by WCAG contrast (core.contrast), as the PDFs do."""
from flask import Blueprint, Response
from flask_login import current_user, login_required

from core.contrast import darken, ink_on_white, text_on
from core.pdf import Branding

bp = Blueprint("theme", __name__)


def theme_css(branding: Branding) -> str:
    primary, secondary = branding.primary_color, branding.secondary_color
    ink = ink_on_white(primary)
    return (":root {"
            f" --brand: {ink}; --brand-strong: {darken(ink, 0.8)}; --brand-text: {text_on(ink)};"
            f" --brand-soft: {secondary}; --brand-soft-text: {text_on(secondary)};"
            " }\n")


@bp.get("/tema.css")
@login_required
def stylesheet():
    response = Response(theme_css(Branding.for_company(current_user.company)), mimetype="text/css")
    response.headers["Cache-Control"] = "private, max-age=86400"  # the link carries the colours as a version
    return response
