"""The boards' rows share one unbound payment form (issue 38): each row's inputs still show its own balance (pt-BR)
and today, under its own ids, and a refused payment keeps what was typed on its row only."""
import pytest

from core.clock import brasilia_today
from core.db import db
from core.tenancy import tenant_scope
from domain.payables import services as payables
from tests.finance.test_board_exports import row_html
from tests.finance.test_pages import make_payable
from tests.fixtures.core import csrf_from


@pytest.fixture
def client(login, make_user, fin_company):
    return login(make_user(fin_company, role="financeiro"))


def test_each_row_shows_its_own_balance_and_a_refused_one_keeps_what_was_typed(client, fin_company):
    [whole] = make_payable(fin_company, descricao="Pneus", valor_centavos=120_000)
    [part] = make_payable(fin_company, descricao="Óleo", valor_centavos=50_050)
    with tenant_scope(fin_company.id):
        payables.record_payment(db.session.get(type(part), part.id), 10_000, brasilia_today())
        db.session.commit()
    today = brasilia_today().isoformat()
    board = client.get("/financeiro/pagar").get_data(as_text=True)
    for title, balance in ((whole, "1.200,00"), (part, "400,50")):
        row = row_html(board, str(title.id))
        assert f'id="valor-{title.id}"' in row and f'value="{balance}"' in row, row
        assert f'id="data-{title.id}"' in row and f'value="{today}"' in row

    token = csrf_from(board)
    refused = client.post(f"/financeiro/pagar/{part.id}/pagamento",
                          data={"csrf_token": token, "valor": "9.999,99", "pago_em": today})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert 'value="9.999,99"' in row_html(html, str(part.id)) and f'id="valor-{part.id}-error"' in html
    assert 'value="1.200,00"' in row_html(html, str(whole.id))  # the other rows as before
