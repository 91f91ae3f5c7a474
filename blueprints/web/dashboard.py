"""The dashboard: a summary of what the company has."""
from flask import Blueprint, render_template
from flask_login import current_user, login_required

from core.db import db
from domain.tenancy.models import ApiKey, User

bp = Blueprint("dashboard", __name__)


@bp.get("/")
@login_required
def index():
    counts = {
        "Usuários": db.session.scalar(db.select(db.func.count(User.id))),
        "Chaves de API ativas": db.session.scalar(
            db.select(db.func.count(ApiKey.id)).where(ApiKey.revoked_at.is_(None))),
    }
    counts.update(_area_counts())
    return render_template("dashboard.html", counts=counts, company=current_user.company)


def _area_counts() -> dict:
    """Counts contributed by other areas, when they exist."""
    out = {}
    from domain import registry  # noqa: F401
    for label, dotted in (("Parceiros", "domain.partners.models.Partner"),
                          ("Veículos", "domain.fleet.models.Vehicle"),
                          ("Motoristas", "domain.fleet.models.Driver"),
                          ("Operações CIOT", "domain.ciot.models.CiotOperation")):
        module_name, _, cls_name = dotted.rpartition(".")
        import importlib
        model = getattr(importlib.import_module(module_name), cls_name, None)
        if model is not None:
            out[label] = db.session.scalar(db.select(db.func.count(model.id)))
    return out


@bp.get("/healthz")
def healthz():
    from blueprints.web.health import health_report
    return health_report()
