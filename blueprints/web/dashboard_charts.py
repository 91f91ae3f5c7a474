"""The dashboard's charts, per role: freights by status, this week's pickups and CIOT operations emitted or with
divergence by month (operations), payables and receivables due by week with what is overdue (finance); and the
charts of two record pages: an aggregate contract's balance over time and a simulation's price breakdown as one
stacked bar (`Segment`s). Each chart's query is its own
function, bounded (a date range read through the table's company index, a handful of groups) and apart from the
dashboard's counters. A chart is a list of `Bar`s drawn server-side as SVG by `_macros/charts.html`, its numbers
also printed as text."""
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

import sqlalchemy as sa

from core.clock import brasilia_day_start
from core.counting import COUNT_CAP
from core.db import db
from core.formatting import centavos, local, money
from core.tenancy import company_select
from domain.billing.models import Receivable
from domain.ciot.models import CiotMonthCount
from domain.common import open_titles
from domain.freights.models import Freight
from domain.freights.presentation import STATUS_LABELS as FREIGHT_STATUS_LABELS
from domain.freights.queries import counts_by_status
from domain.freights.states import FREIGHT_STATUSES
from domain.payables.models import Payable

MONTHS = ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez")
CIOT_MONTHS = 6
DUE_WEEKS = 4
WEEKDAYS = ("seg", "ter", "qua", "qui", "sex", "sáb", "dom")
PALETTE = 8  # colours of a stacked bar's segments; a ninth segment repeats the first
BALANCE_POINTS = 15  # the contract's last days with entries: a 30-day contract rarely has more


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    text: str  # the value as printed beside the bar
    tone: str = "info"


def freights_by_status() -> list[Bar]:
    """One bar per freight status that has freights: the board's bounded counts (domain.freights.queries), never a
    GROUP BY over every freight of the company on each view of the dashboard."""
    counts = counts_by_status()
    return [Bar(FREIGHT_STATUS_LABELS[s], counts[s], str(counts[s])) for s in FREIGHT_STATUSES if counts.get(s)]


def pickups_this_week(company_id, today: date) -> tuple[list[Bar], bool]:
    """Freights (not cancelled) whose pickup starts on each day of this week, Monday to Sunday in Brasília, and
    whether the count stopped at COUNT_CAP: one range read of the company's (company_id, pickup_at) index over the
    week, at most COUNT_CAP rows, binned by Brasília day here (the same on SQLite and PostgreSQL)."""
    monday = today - timedelta(days=today.weekday())
    stmt = (company_select(Freight, company_id, Freight.pickup_at)
            .where(Freight.pickup_at >= brasilia_day_start(monday),
                   Freight.pickup_at < brasilia_day_start(monday + timedelta(days=7)),
                   Freight.status != "cancelled")
            .order_by(Freight.pickup_at).limit(COUNT_CAP))
    moments = db.session.scalars(stmt).all()
    per_day = [0] * 7
    for moment in moments:
        per_day[(local(moment).date() - monday).days] += 1
    bars = [Bar(f"{WEEKDAYS[n]} {monday + timedelta(days=n):%d/%m}", count, str(count),
                "ok" if monday + timedelta(days=n) == today else "info") for n, count in enumerate(per_day)]
    return bars, len(moments) >= COUNT_CAP


def agregado_balance(ledger) -> list[Bar]:
    """An aggregate contract's balance at the end of each day with entries (its last BALANCE_POINTS days), from the
    page's ledger (domain.ciot_agregado.presentation.ledger, already read): a negative balance in red."""
    by_day = {}
    for line in ledger:
        by_day[line.moment.date()] = line.balance
    days = sorted(by_day)[-BALANCE_POINTS:]
    return [Bar(f"{day:%d/%m}", abs(float(by_day[day])), money(by_day[day]), "danger" if by_day[day] < 0 else "info")
            for day in days]


@dataclass(frozen=True)
class Segment:
    label: str
    text: str  # the amount and its share, printed in the legend
    start: float  # where the segment begins on the bar, 0–100
    width: float  # its share of the bar, 0–100 (0: a negative line, listed but not drawn)
    tone: int  # the palette colour, 0–7 (static/css/app.css .seg-N); -1 for a line not drawn


def price_segments(breakdown, taxes, tax_labels: dict) -> list[Segment]:
    """The simulation's total as one bar: each component and each tax a segment the size of its share of the sum
    of the positive lines (a discount is listed, not drawn). Values may be Decimals or the stored strings."""
    lines = [(line["label"], Decimal(str(line["value"]))) for line in breakdown or []]
    lines += [(tax_labels.get(line["kind"], line["kind"]), Decimal(str(line["value"]))) for line in taxes or []]
    positive = sum((value for _, value in lines if value > 0), Decimal(0))
    segments, start, drawn = [], 0.0, 0
    for label, value in lines:
        share = float(value / positive * 100) if positive and value > 0 else 0.0
        text = f"{money(value)} ({share:.0f} %)" if share else money(value)
        segments.append(Segment(label, text, round(start, 2), round(share, 2), drawn % PALETTE if share else -1))
        start, drawn = start + share, drawn + (1 if share else 0)
    return segments


def _month_starts(today: date, months: int) -> list[date]:
    first = today.replace(day=1)
    starts = [first]
    for _ in range(months - 1):
        starts.insert(0, (starts[0] - timedelta(days=1)).replace(day=1))
    return starts


def ciot_by_month(company_id, today: date) -> list[Bar]:
    """Operations created in each of the last CIOT_MONTHS months, emitted and with divergence: the company's month
    counts (domain/ciot/month_counts.py, kept with every status change), two rows per month at most."""
    starts = _month_starts(today, CIOT_MONTHS)
    stmt = (company_select(CiotMonthCount, company_id, CiotMonthCount.month, CiotMonthCount.bucket,
                           CiotMonthCount.count).where(CiotMonthCount.month >= starts[0]))
    found = {(month, bucket): n for month, bucket, n in db.session.execute(stmt).all()}
    bars = []
    for start in starts:
        label = f"{MONTHS[start.month - 1]}/{start.year % 100:02d}"
        emitted, divergent = found.get((start, "emitidas"), 0), found.get((start, "divergencia"), 0)
        bars.append(Bar(f"{label} emitidas", emitted, str(emitted), "ok"))
        bars.append(Bar(f"{label} com divergência", divergent, str(divergent), "danger"))
    return bars


def _due_by_week(model, company_id, today: date) -> list[Bar]:
    """The open balance (value − paid) overdue and due in each of the next DUE_WEEKS weeks: one statement over
    `vencimento_at <= today + 4 weeks` (the company's due-date index), summed per group with CASE."""
    due, balance = model.vencimento_at, model.valor_centavos - model.pago_centavos
    groups = [("Vencido", due < today, "danger")]
    for week in range(DUE_WEEKS):
        start, end = today + timedelta(days=7 * week), today + timedelta(days=7 * week + 6)
        groups.append((f"{start:%d/%m} a {end:%d/%m}", sa.and_(due >= start, due <= end), "info"))
    stmt = (company_select(model, company_id, *(sa.func.coalesce(sa.func.sum(sa.case((cond, balance), else_=0)), 0)
                                                for _label, cond, _tone in groups))
            .where(open_titles(model), due <= today + timedelta(days=7 * DUE_WEEKS - 1)))
    sums = db.session.execute(stmt).one()
    return [Bar(label, int(total), centavos(int(total)), tone) for (label, _c, tone), total in zip(groups, sums,
                                                                                                 strict=True)]


def payables_by_week(company_id, today: date) -> list[Bar]:
    return _due_by_week(Payable, company_id, today)


def receivables_by_week(company_id, today: date) -> list[Bar]:
    return _due_by_week(Receivable, company_id, today)


def charts_for(user, today: date) -> list[dict]:
    """The charts the user's role reads: operations for admin, operador and leitura; finance (each by its module)
    for admin and financeiro."""
    company, charts = user.company, []
    if user.role in ("admin", "operador", "leitura"):
        charts.append({"id": "chart-freights", "title": "Fretes por status", "bars": freights_by_status(),
                       "empty": "Nenhum frete ainda."})
        pickups, capped = pickups_this_week(company.id, today)
        title = "Coletas desta semana" + (" (as primeiras 1.000)" if capped else "")
        charts.append({"id": "chart-pickups", "title": title,
                       "bars": pickups, "empty": "Nenhuma coleta marcada para esta semana."})
        charts.append({"id": "chart-ciot", "title": f"CIOT nos últimos {CIOT_MONTHS} meses: emitidas e com "
                                                    "divergência", "bars": ciot_by_month(company.id, today),
                       "empty": "Nenhuma operação CIOT nestes meses."})
    if user.can("financeiro"):
        if company.has_module("financial"):
            charts.append({"id": "chart-payables", "title": "Contas a pagar: vencido e próximas 4 semanas",
                           "bars": payables_by_week(company.id, today), "empty": "Nada a pagar."})
        if company.has_module("billing"):
            charts.append({"id": "chart-receivables", "title": "Contas a receber: vencido e próximas 4 semanas",
                           "bars": receivables_by_week(company.id, today), "empty": "Nada a receber."})
    return charts


