"""The htmx pages, one blueprint per area (its own module gate and roles); the sidebar groups them.

Three blueprints have their routes in more than one module: `ciot` (ciot.py, ciot_batch.py, ciot_pickers.py),
`ciot_agregado` (ciot_agregado.py, ciot_agregado_pickers.py) and `fleet` (fleet.py, fleet_import.py). Each is made
in a leaf module (ciot_blueprint.py, ciot_agregado_blueprint.py, fleet_blueprint.py) that its route modules
import; importing every route module here registers all their routes before the app takes the blueprint."""
# The route modules of the three shared blueprints: imported for their routes, which they register on import.
from blueprints.web import (  # noqa: F401
    ciot,
    ciot_agregado,
    ciot_agregado_pickers,
    ciot_batch,
    ciot_pickers,
    fleet,
    fleet_import,
)
from blueprints.web.admin import bp as admin_bp
from blueprints.web.antt_floor import bp as antt_floor_bp
from blueprints.web.auth import bp as auth_bp
from blueprints.web.billing import bp as billing_bp
from blueprints.web.ciot_agregado_blueprint import bp as ciot_agregado_bp
from blueprints.web.ciot_blueprint import bp as ciot_bp
from blueprints.web.ciot_from_document import bp as ciot_from_document_bp
from blueprints.web.dashboard import bp as dashboard_bp
from blueprints.web.filters import bp as filters_bp
from blueprints.web.finance_settings import bp as finance_settings_bp
from blueprints.web.fleet_blueprint import bp as fleet_bp
from blueprints.web.freights import bp as freights_bp
from blueprints.web.jobs import bp as jobs_bp
from blueprints.web.marketplace import bp as marketplace_bp
from blueprints.web.partners import bp as partners_bp
from blueprints.web.payables import bp as payables_bp
from blueprints.web.pickers import bp as pickers_bp
from blueprints.web.simulations import bp as simulations_bp
from blueprints.web.statuses import bp as statuses_bp
from blueprints.web.theme import bp as theme_bp
from blueprints.web.webhooks import bp as webhooks_bp

WEB_BLUEPRINTS = [auth_bp, dashboard_bp, admin_bp, jobs_bp, partners_bp, fleet_bp, ciot_bp, ciot_from_document_bp,
                  ciot_agregado_bp, freights_bp, billing_bp, payables_bp, finance_settings_bp, marketplace_bp,
                  simulations_bp, antt_floor_bp, theme_bp, webhooks_bp, pickers_bp, statuses_bp, filters_bp]
