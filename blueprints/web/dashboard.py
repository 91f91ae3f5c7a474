"""The dashboard: what the company has (each count opens its list) and what needs action now."""
from datetime import timedelta

from flask import Blueprint, render_template, url_for
from flask_login import current_user, login_required

from blueprints.web.dashboard_charts import charts_for
from core.clock import brasilia_today
from core.counting import capped_counts
from core.db import db
from domain import registry  # noqa: F401  every model is mapped
from domain.ciot.models import CiotOperation
from domain.fleet.models import Driver, Vehicle
from domain.partners.models import Partner
from domain.tenancy.models import ApiKey, User

bp = Blueprint("dashboard", __name__)

CNH_WARN_DAYS = 30
NEEDS_REVIEW = ("com_divergencia", "rejeitado")


def _ids(model, *where):
    return db.select(model.id).where(*where)


def _counted(is_admin: bool, needs_attention: bool, licences_until) -> dict[str, int]:
    """Every counter of the view in one statement (core.counting.capped_counts): each reads at most a thousand
    index entries ("999+" past it), whatever the company's volume."""
    ids = {"ciot": _ids(CiotOperation), "partners": _ids(Partner), "vehicles": _ids(Vehicle),
           "drivers": _ids(Driver)}
    if is_admin:
        ids |= {"users": _ids(User), "api_keys": _ids(ApiKey, ApiKey.revoked_at.is_(None))}
    if needs_attention:
        ids |= {"review": _ids(CiotOperation, CiotOperation.status.in_(NEEDS_REVIEW)),
                "emitting": _ids(CiotOperation, CiotOperation.status == "emitindo"),
                "licences": _ids(Driver, *_expiring_licences(licences_until))}
    return capped_counts(**ids)


def _counts(counted: dict[str, int]) -> list[dict]:
    """(label, value, link) of what the company has; admin-only lists only for admins."""
    items = [
        {"label": "Operações CIOT", "value": counted["ciot"], "url": url_for("ciot.operations")},
        {"label": "Parceiros", "value": counted["partners"], "url": url_for("partners.partners")},
        {"label": "Veículos", "value": counted["vehicles"], "url": url_for("fleet.vehicles")},
        {"label": "Motoristas", "value": counted["drivers"], "url": url_for("fleet.drivers")},
    ]
    if "users" in counted:
        items += [
            {"label": "Usuários", "value": counted["users"], "url": url_for("admin.users")},
            {"label": "Chaves de API ativas", "value": counted["api_keys"], "url": url_for("admin.integrations")},
        ]
    return items


def _expiring_licences(until) -> tuple:
    return Driver.status == "ativo", Driver.cnh_expires_at.is_not(None), Driver.cnh_expires_at <= until


def _attention(counted: dict[str, int], licences_until) -> dict:
    """What needs someone now: operations to review, emissions running, driving licences expiring."""
    licences = db.session.execute(
        db.select(Driver).where(*_expiring_licences(licences_until))
        .order_by(Driver.cnh_expires_at).limit(6)).scalars().all()
    return {
        "review": counted["review"],
        "review_url": url_for("ciot.operations", status=",".join(NEEDS_REVIEW)),
        "emitting": counted["emitting"],
        "emitting_url": url_for("ciot.operations", status="emitindo"),
        "licences": licences,
        "licences_total": counted["licences"],
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
    today = brasilia_today()
    charts = charts_for(current_user, today)
    # CIOT and fleet counters for who runs the operations; a financeiro's row is its overdue money
    needs_attention, licences_until = current_user.role != "financeiro", today + timedelta(days=CNH_WARN_DAYS)
    counted = _counted(current_user.role == "admin", needs_attention, licences_until)
    attention = _attention(counted, licences_until) if needs_attention else None
    return render_template("dashboard.html", counts=_counts(counted), attention=attention, overdue=_overdue(charts),
                           company=current_user.company, charts=charts)

