"""The `ciot` blueprint and who may act on it, apart from the pages: its routes live in three modules (ciot.py,
ciot_batch.py, ciot_pickers.py) that each import it from here, and blueprints/web/__init__.py imports all three
before it hands the blueprint to the app. Kept in a module that imports nothing of ours, so no route module
imports another to reach it (no import cycle)."""
from flask import Blueprint

bp = Blueprint("ciot", __name__, url_prefix="/ciot")

ACTORS = ("operador",)  # admin always passes roles_required
