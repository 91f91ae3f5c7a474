"""The public API, one module per area. Importing them registers their endpoints on api_bp."""
from blueprints.api import (  # noqa: F401
    antt_floor,
    billing,
    ciot,
    ciot_agregado,
    ciot_from_document,
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
from core.api import REGISTRY, api_bp
from core.api_routing import refuse_shadowed_methods

refuse_shadowed_methods(api_bp, REGISTRY)  # PATCH /leads/count → 405, not a lead named "count"
