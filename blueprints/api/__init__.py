"""The public API, one module per area. Importing them registers their endpoints on api_bp."""
from blueprints.api import billing, ciot, ciot_pdf, fleet, freights, me, messages, offers, partners, payables  # noqa: F401
from core.api import api_bp  # noqa: F401
