"""Pages: CIOT operations (filled by its issue)."""
from flask import Blueprint

bp = Blueprint("ciot", __name__, url_prefix="/ciot")
