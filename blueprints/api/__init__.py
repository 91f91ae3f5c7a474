"""The public API, one module per area. Importing them registers their endpoints on api_bp."""
from blueprints.api import ciot, ciot_pdf, docs, fleet, freights, marketplace, me, messages, offers, partners  # noqa: F401
from core.api import api_bp  # noqa: F401
