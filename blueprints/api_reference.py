"""`/api/docs`: the API reference rendered from the OpenAPI document by Swagger UI, vendored in
static/vendor/swagger-ui-<version>/ (no CDN; the page's script is a file, as the Content-Security-Policy wants).
Public, like the document itself."""
from flask import Blueprint, render_template

SWAGGER_UI = "vendor/swagger-ui-5.35.0"

bp = Blueprint("api_reference", __name__)


@bp.get("/api/docs")
def reference():
    return render_template("api_docs.html", swagger_ui=SWAGGER_UI)
