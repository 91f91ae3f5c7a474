"""The public API, one module per area. Importing them registers their endpoints on api_bp."""
from blueprints.api import (  # noqa: F401
    billing,
    ciot,
    ciot_pdf,
    docs,
    fleet,
    freights,
    me,
    messages,
    offers,
    partners,
    payables,
)
from core.api import api_bp  # noqa: F401
