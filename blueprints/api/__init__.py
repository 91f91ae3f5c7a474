"""The public API, one module per area. Importing them registers their endpoints on api_bp."""
from core.api import api_bp  # noqa: F401

from blueprints.api import ciot, ciot_pdf, fleet, freights, me, messages, offers, partners  # noqa: F401,E402
