"""The `ciot_agregado` blueprint, apart from its pages: its routes live in two modules (ciot_agregado.py and
ciot_agregado_pickers.py, the completion form's fleet picker) that each import it from here, and
blueprints/web/__init__.py imports both before it hands the blueprint to the app. Kept in a module that imports
nothing of ours, so neither route module imports the other to reach it (no import cycle)."""
from flask import Blueprint

bp = Blueprint("ciot_agregado", __name__, url_prefix="/ciot/agregados")
