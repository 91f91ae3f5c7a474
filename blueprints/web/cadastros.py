"""Pages: partners, vehicles and drivers (registry pages), and the vehicle spreadsheet import.

The views live in cadastros_partners.py, cadastros_fleet.py and cadastros_import.py; they share `bp` and the
helpers of cadastros_common.py. Every write goes through the domain services (the same functions the API
calls); the pages only turn form fields into the schemas' input and the schemas' errors back into fields.
"""
from flask import Blueprint

bp = Blueprint("cadastros", __name__)

from blueprints.web import cadastros_fleet, cadastros_import, cadastros_partners  # noqa: E402,F401  routes on bp
