"""The dashboard: what the company has (each count opens its list) and what needs action now."""
from datetime import timedelta

from flask import Blueprint, render_template, url_for
from flask_login import current_user, login_required

from blueprints.web.dashboard_charts import charts_for
from core.clock import brasilia_today
from core.counting import capped_count
from core.db import db
from domain import registry  # noqa: F401  every model is mapped
from domain.ciot.models import CiotOperation
from domain.fleet.models import Driver, Vehicle
from domain.partners.models import Partner
from domain.tenancy.models import ApiKey, User

bp = Blueprint("dashboard", __name__)

CNH_WARN_DAYS = 30
NEEDS_REVIEW = ("com_divergencia", "rejeitado")


def _count(model, *where) -> int:
    """How many of the company's rows match, up to core.counting's cap ("999+" past it): a view of the dashboard
    reads at most a thousand index entries per count, whatever the company's volume."""
    return capped_count(db.select(model.id).where(*where))


def _counts() -> list[dict]:
    """(label, value, link) of what the company has; admin-only lists only for admins."""
    items = [
        {"label": "Operações CIOT", "value": _count(CiotOperation), "url": url_for("ciot.operations")},
        {"label": "Parceiros", "value": _count(Partner), "url": url_for("partners.partners")},
        {"label": "Veículos", "value": _count(Vehicle), "url": url_for("fleet.vehicles")},
        {"label": "Motoristas", "value": _count(Driver), "url": url_for("fleet.drivers")},
    ]
    if current_user.role == "admin":
        items += [
            {"label": "Usuários", "value": _count(User), "url": url_for("admin.users")},
            {"label": "Chaves de API ativas", "value": _count(ApiKey, ApiKey.revoked_at.is_(None)),
             "url": url_for("admin.integrations")},
        ]
    return items


def _attention() -> dict:
    """What needs someone now: operations to review, emissions running, driving licences expiring."""
    limit = brasilia_today() + timedelta(days=CNH_WARN_DAYS)
    licences = db.session.execute(
        db.select(Driver).where(Driver.status == "ativo", Driver.cnh_expires_at.is_not(None),
                                Driver.cnh_expires_at <= limit)
        .order_by(Driver.cnh_expires_at).limit(6)).scalars().all()
    return {
        "review": _count(CiotOperation, CiotOperation.status.in_(NEEDS_REVIEW)),
        "review_url": url_for("ciot.operations", status=",".join(NEEDS_REVIEW)),
        "emitting": _count(CiotOperation, CiotOperation.status == "emitindo"),
        "emitting_url": url_for("ciot.operations", status="emitindo"),
        "licences": licences,
        "licences_total": _count(Driver, Driver.status == "ativo", Driver.cnh_expires_at.is_not(None),
                                 Driver.cnh_expires_at <= limit),
    }


# The finance charts whose "Vencido" bar (the first) is also what the attention row says is overdue.
OVERDUE = {"chart-payables": ("a pagar vencido", "payables.payables_board"),
           "chart-receivables": ("a receber vencido", "billing.receivables")}


def _overdue(charts: list[dict]) -> list[dict]:
    """The overdue money of the finance charts the user reads (their first bar, read once for both), each opening
    its board at the overdue group."""
    return [{"id": chart["id"], "text": chart["bars"][0].text, "due": chart["bars"][0].value > 0, "label": label,
             "url": url_for(endpoint) + "#grupo-vencidos"}
            for chart in charts if chart["id"] in OVERDUE and chart["bars"]
            for label, endpoint in [OVERDUE[chart["id"]]]]


@bp.get("/")
@login_required
def index():
    charts = charts_for(current_user, brasilia_today())
    # CIOT and fleet counters for who runs the operations; a financeiro's row is its overdue money
    attention = _attention() if current_user.role != "financeiro" else None
    return render_template("dashboard.html", counts=_counts(), attention=attention, overdue=_overdue(charts),
                           company=current_user.company, charts=charts)

