"""The public API, one module per area. Importing them registers their endpoints on api_bp."""
from blueprints.api import (  # noqa: F401
    antt_floor,
    billing,
    ciot,
    ciot_agregado,
    ciot_pdf,
    docs,
    fleet,
    freights,
    marketplace,
    me,
    messages,
    offers,
    partners,
    payables,
    simulations,
    webhooks,
)
from core.api import api_bp  # noqa: F401
