"""The payables pages beyond the board: a new bill with its installments previewed before saving (the service's
split), refusals under their inputs with nothing written, the paid titles with their payments, a title paid in
full kept on the board ("Pagos nos últimos 7 dias"), the module gate and another company's supplier."""
import re
from datetime import date, timedelta

import pytest

from core.clock import brasilia_today
from core.db import db
from core.tenancy import cross_tenant
from domain.payables.models import Payable
from tests.fixtures.core import csrf_from


@pytest.fixture
def fin_user(login, make_user, fin_company):
    client = login(make_user(fin_company, role="financeiro"))
    client.csrf = csrf_from(client.get("/financeiro/pagar/novo").get_data(as_text=True))
    return client


def post(client, path, data):
    return client.post(path, data={**data, "csrf_token": client.csrf})


def titles() -> list:
    return db.session.scalars(cross_tenant(db.select(Payable).order_by(Payable.parcela_num))).all()


BILL = {"descricao": "Pneus", "numero": "123", "valor": "1.000,00", "parcela_total": "3",
        "vencimento_at": "2027-01-31"}


def test_the_preview_shows_each_installment_before_saving_and_writes_nothing(fin_user):
    html = post(fin_user, "/financeiro/pagar/novo/previa", {**BILL, "descricao": ""}).get_data(as_text=True)
    assert html.count("data-installment=") == 3
    assert "R$ 333,34" in html and html.count("R$ 333,33") == 2  # the remainder on the first, as the service
    assert "31/01/2027" in html and "28/02/2027" in html and "31/03/2027" in html  # clamped to the month's end
    assert titles() == []
    missing = post(fin_user, "/financeiro/pagar/novo/previa", {**BILL, "valor": "1.5"}).get_data(as_text=True)
    assert "data-installment=" not in missing and "Valor total" in missing


def test_saving_writes_the_installments_previewed(fin_user):
    answer = post(fin_user, "/financeiro/pagar/novo", BILL)
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/financeiro/pagar")
    saved = titles()
    assert [(t.numero, t.valor_centavos, t.vencimento_at) for t in saved] == [
        ("123/1", 33334, date(2027, 1, 31)), ("123/2", 33333, date(2027, 2, 28)), ("123/3", 33333, date(2027, 3, 31))]


@pytest.mark.parametrize(("change", "input_name"), [
    ({"descricao": ""}, "descricao"), ({"valor": "1.5"}, "valor"), ({"parcela_total": "0"}, "parcela_total"),
    ({"vencimento_at": ""}, "vencimento_at"), ({"supplier_partner_id": "nao-e-id"}, "supplier_partner_id"),
])
def test_bad_input_is_refused_under_its_input_and_nothing_is_written(fin_user, change, input_name):
    answer = post(fin_user, "/financeiro/pagar/novo", {**BILL, **change})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422 and titles() == []
    tag = re.search(rf'<(?:input|textarea)(?=[^>]*\bname="{input_name}")[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in tag or 'type="hidden"' in tag  # the hidden supplier: its message beside
    assert change == {"descricao": ""} or 'value="Pneus"' in html  # what was typed is kept


def test_another_companys_supplier_is_refused(fin_user, make_company, make_partner):
    other = make_partner(company=make_company(), legal_name="Fornecedor Alheio")
    answer = post(fin_user, "/financeiro/pagar/novo", {**BILL, "supplier_partner_id": str(other.id)})
    assert answer.status_code == 422 and titles() == []  # on the form, under the supplier: not a 404 page
    assert "Fornecedor não encontrado" in answer.get_data(as_text=True)


def test_a_title_paid_in_full_stays_on_the_board_and_in_the_paid_view(fin_user):
    post(fin_user, "/financeiro/pagar/novo",
         {**BILL, "parcela_total": "2", "vencimento_at": brasilia_today().isoformat()})
    first, second = titles()
    assert post(fin_user, f"/financeiro/pagar/{first.id}/pagamento",
                {"valor": "500,00", "pago_em": brasilia_today().isoformat()}).status_code == 302
    board = fin_user.get("/financeiro/pagar").get_data(as_text=True)
    recent = board.split('id="pagos-recentes"')[1]
    assert f'data-id="{first.id}"' in recent and f'data-id="{second.id}"' not in recent
    paid = fin_user.get("/financeiro/pagar/pagos").get_data(as_text=True)
    assert f'data-id="{first.id}"' in paid and "R$ 500,00" in paid and f'data-id="{second.id}"' not in paid
    old = brasilia_today() - timedelta(days=30)
    assert old.strftime("%d/%m/%Y") not in recent


def test_the_pages_need_the_financial_module(login, make_user, make_company):
    client = login(make_user(make_company(modules=["billing"]), role="financeiro"))
    for path in ("/financeiro/pagar/novo", "/financeiro/pagar/pagos"):
        answer = client.get(path)
        assert answer.status_code == 403 and "não está habilitado para a empresa" in answer.get_data(as_text=True)


EDIT = {"descricao": "Pneus trocados", "valor": "400,00", "vencimento_at": "2027-02-15", "notes": "2 unidades"}


def test_an_open_title_is_edited_with_its_supplier(fin_user, make_partner, fin_company):
    post(fin_user, "/financeiro/pagar/novo", {**BILL, "parcela_total": "2"})
    first, second = titles()
    supplier = make_partner(fin_company, legal_name="Borracharia Central")
    form = fin_user.get(f"/financeiro/pagar/{first.id}/editar").get_data(as_text=True)
    assert 'value="500,00"' in form and 'value="2027-01-31"' in form
    answer = post(fin_user, f"/financeiro/pagar/{first.id}/editar", {**EDIT, "supplier_partner_id": str(supplier.id)})
    assert answer.status_code == 302
    db.session.expire_all()
    first, second = titles()
    assert (first.descricao, first.valor_centavos, first.vencimento_at, first.notes) == (
        "Pneus trocados", 40000, date(2027, 2, 15), "2 unidades")
    assert first.supplier_name_snapshot == "Borracharia Central" and second.descricao == "Pneus"  # one title only


def test_an_installment_with_a_payment_keeps_its_amount_and_due_date(fin_user):
    today = brasilia_today().isoformat()
    post(fin_user, "/financeiro/pagar/novo", {**BILL, "parcela_total": "1", "vencimento_at": today})
    [title] = titles()
    post(fin_user, f"/financeiro/pagar/{title.id}/pagamento", {"valor": "100,00", "pago_em": today})
    page = fin_user.get(f"/financeiro/pagar/{title.id}/editar").get_data(as_text=True)
    assert "o valor e o vencimento não mudam" in page and "Cancelar título" not in page
    refused = post(fin_user, f"/financeiro/pagar/{title.id}/editar", EDIT)
    assert refused.status_code == 422 and "já tem pagamento" in refused.get_data(as_text=True)
    kept = post(fin_user, f"/financeiro/pagar/{title.id}/editar",
                {**EDIT, "valor": "1.000,00", "vencimento_at": brasilia_today().isoformat()})
    assert kept.status_code == 302  # the description alone changes
    db.session.expire_all()
    assert titles()[0].descricao == "Pneus trocados" and titles()[0].valor_centavos == 100000


def test_a_cancelled_title_is_not_edited_and_another_companys_is_not_found(fin_user, login, make_user,
                                                                           make_company):
    post(fin_user, "/financeiro/pagar/novo", {**BILL, "parcela_total": "1"})
    [title] = titles()
    assert post(fin_user, f"/financeiro/pagar/{title.id}/cancelar", {}).status_code == 302
    page = fin_user.get(f"/financeiro/pagar/{title.id}/editar").get_data(as_text=True)
    assert "cancelado e não pode mais ser alterado" in page and "Salvar alterações" not in page
    post(fin_user, f"/financeiro/pagar/{title.id}/editar", EDIT)
    db.session.expire_all()
    assert titles()[0].descricao == "Pneus"
    stranger = login(make_user(make_company(modules=["billing", "financial"]), role="financeiro"))
    assert stranger.get(f"/financeiro/pagar/{title.id}/editar").status_code == 404
