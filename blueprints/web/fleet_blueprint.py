"""The `fleet` blueprint, apart from the pages: its routes live in fleet.py (vehicles, drivers) and fleet_import.py
(the vehicle spreadsheet import), which both import it from here; blueprints/web/__init__.py imports both before it
hands the blueprint to the app. Kept in a module that imports nothing of ours (no import cycle)."""
from flask import Blueprint

bp = Blueprint("fleet", __name__)
