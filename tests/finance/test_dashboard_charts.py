"""The dashboard's charts per role, drawn as SVG on the server with their numbers in text: freights by status and
CIOT emitted/with divergence by month for operations; payables and receivables due by week with the overdue amount
for finance (each by its module)."""
import re
from datetime import timedelta

import pytest

from core.clock import brasilia_today


def chart(html: str, chart_id: str) -> str | None:
    found = re.search(rf'<section class="card chart" id="{chart_id}".*?</section>', html, re.S)
    return found.group(0) if found else None


def rows(section: str) -> dict:
    return {label.strip(): value for label, value in re.findall(
        r'<span class="chart-label">([^<]*)</span> <strong class="chart-value nowrap">([^<]*)</strong>', section)}


@pytest.fixture
def company(fin_company):
    return fin_company  # make_freight / make_operation write for `company`


def test_operations_see_freights_by_status_and_ciot_by_month(login, make_user, company, make_freight,
                                                             make_operation):
    make_freight(status="published")
    make_freight(status="published")
    make_freight()
    make_operation(status="emitido")
    make_operation(status="com_divergencia")
    html = login(make_user(company, role="operador")).get("/").get_data(as_text=True)
    freights = rows(chart(html, "chart-freights"))
    assert freights["Publicado"] == "2" and freights["Rascunho"] == "1"
    ciot = rows(chart(html, "chart-ciot"))
    month = ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov",
             "dez")[brasilia_today().month - 1]
    label = f"{month}/{brasilia_today().year % 100:02d}"
    assert ciot[f"{label} emitidas"] == "1" and ciot[f"{label} com divergência"] == "1" and len(ciot) == 12
    assert "<svg" in chart(html, "chart-ciot") and "<script" not in chart(html, "chart-ciot")
    assert chart(html, "chart-payables") is None  # not the operador's


def test_finance_sees_what_is_overdue_and_due_by_week(login, make_user, company, fin_api):
    for days, cents in ((-3, 10000), (2, 25050), (40, 99900)):
        fin_api.post("/finance/payables", json={"descricao": "Conta", "valor_centavos": cents,
                                                "vencimento_at": (brasilia_today() + timedelta(days=days)).isoformat()})
    html = login(make_user(company, role="financeiro")).get("/").get_data(as_text=True)
    payables = rows(chart(html, "chart-payables"))
    first_week = f"{brasilia_today():%d/%m} a {brasilia_today() + timedelta(days=6):%d/%m}"
    assert payables["Vencido"] == "R$ 100,00" and payables[first_week] == "R$ 250,50"
    assert "R$ 999,00" not in chart(html, "chart-payables")  # beyond four weeks
    assert chart(html, "chart-receivables") is not None and chart(html, "chart-freights") is None


def test_operations_see_this_weeks_pickups_by_brasilia_day(login, make_user, company, make_freight):
    """Monday 00:30 and Sunday 23:30 in Brasília (already Monday in UTC) count in this week; the Sunday before, the
    Monday after and a cancelled freight do not; each day's number is printed beside its bar."""
    monday = brasilia_today() - timedelta(days=brasilia_today().weekday())
    sunday = monday + timedelta(days=6)

    def at(day, clock):
        return f"{day.isoformat()}T{clock}:00-03:00"

    for moment in (at(monday, "00:30"), at(sunday, "23:30"), at(sunday, "23:00"),
                   at(monday - timedelta(days=1), "23:30"), at(monday + timedelta(days=7), "00:30")):
        make_freight(pickup_at=moment)
    make_freight(pickup_at=at(monday, "10:00"), status="cancelled")
    html = login(make_user(company, role="operador")).get("/").get_data(as_text=True)
    pickups = rows(chart(html, "chart-pickups"))
    assert len(pickups) == 7
    assert pickups[f"seg {monday:%d/%m}"] == "1" and pickups[f"dom {sunday:%d/%m}"] == "2"
    assert sum(int(v) for v in pickups.values()) == 3
    reader = login(make_user(company, role="financeiro")).get("/").get_data(as_text=True)
    assert chart(reader, "chart-pickups") is None  # not the finance user's


def test_the_price_breakdown_bar_splits_the_total_by_share():
    from blueprints.web.dashboard_charts import price_segments
    segments = price_segments([{"label": "Frete peso", "value": "600.00"}, {"label": "Desconto", "value": "-100.00"},
                               {"label": "Pedágio", "value": "200.00"}],
                              [{"kind": "icms", "value": "200.00"}], {"icms": "ICMS"})
    assert [s.tone for s in segments] == [0, -1, 1, 2]  # a discount is listed, not drawn, and takes no colour
    assert [(s.label, s.text, s.start, s.width) for s in segments] == [
        ("Frete peso", "R$ 600,00 (60 %)", 0, 60), ("Desconto", "R$ -100,00", 60, 0),
        ("Pedágio", "R$ 200,00 (20 %)", 60, 20), ("ICMS", "R$ 200,00 (20 %)", 80, 20)]


def attention(html: str) -> str:
    return html.split('id="attention"', 1)[1].split("</div>", 1)[0]


def test_financeiros_attention_row_is_its_overdue_money(login, make_user, company, fin_api):
    """The finance user's "Precisa de atenção" shows what is overdue to pay and to receive (each opening its board at
    the overdue group), not the CIOT counters; an admin sees both; nothing overdue is not highlighted."""
    fin_api.post("/finance/payables", json={"descricao": "Conta", "valor_centavos": 123456,
                                            "vencimento_at": (brasilia_today() - timedelta(days=3)).isoformat()})
    row = attention(login(make_user(company, role="financeiro")).get("/").get_data(as_text=True))
    payable = re.search(r'<a class="stat( attention)?" href="([^"]+)" data-testid="overdue-chart-payables">\s*'
                        r'<span class="value">([^<]+)</span><span class="label">([^<]+)</span>', row)
    assert payable and payable.group(1) and payable.group(3) == "R$ 1.234,56" and payable.group(4) == "a pagar vencido"
    assert payable.group(2) == "/financeiro/pagar#grupo-vencidos"
    receivable = re.search(r'<a class="stat" href="/financeiro/receber#grupo-vencidos" '
                           r'data-testid="overdue-chart-receivables">\s*<span class="value">R\$ 0,00</span>', row)
    assert receivable  # nothing overdue to receive: shown, not highlighted
    assert 'data-testid="review"' not in row and "CNH" not in row
    admin = attention(login(make_user(company, role="admin")).get("/").get_data(as_text=True))
    assert 'data-testid="overdue-chart-payables"' in admin and 'data-testid="review"' in admin
    operador = attention(login(make_user(company, role="operador")).get("/").get_data(as_text=True))
    assert "overdue" not in operador and 'data-testid="review"' in operador
