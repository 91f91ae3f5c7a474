"""The freight page's status change, issue 39: a button per next status of the flow (up to the first the freight
cannot take yet, then cancelling), each asking once what happens — closing the public link when it does — and no
buttons once the status is final. The post still takes any status the API's rules allow."""
import html
import re

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.freights.models import Freight
from tests.fixtures.core import csrf_from


@pytest.fixture
def operator(company, make_user, login):
    client = login(make_user(company, role="operador"))
    client.token = csrf_from(client.get("/fretes-operacao/").get_data(as_text=True))
    return client


def moves(client, freight) -> dict[str, str]:
    """status → the question its button asks, in the page's order."""
    page = client.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)
    return {status: html.unescape(question) for status, question in
            re.findall(r'<button type="submit" name="status" value="([^"]+)" data-confirm="([^"]+)"', page)}


def test_a_draft_public_freight_offers_publishing_and_says_it_goes_on_the_showcase(operator, make_freight):
    freight = make_freight(visibility="publico")
    offered = moves(operator, freight)
    assert list(offered) == ["published", "negotiating", "cancelled"]
    assert "aparece na vitrine pública" in offered["published"]
    assert "status final" in offered["cancelled"] and freight.code in offered["cancelled"]
    private = make_freight(visibility="privado")
    assert "não aparece na vitrine" in moves(operator, private)["published"]


def test_accepting_a_public_published_freight_says_its_link_closes_and_needs_no_carrier_step(operator, make_freight):
    freight = make_freight(status="published", visibility="publico")
    offered = moves(operator, freight)
    assert list(offered) == ["negotiating", "aceito", "cancelled"]  # assigned needs a carrier: not offered yet
    assert "link público do frete fecha" in offered["aceito"]
    assert "link público" not in offered["negotiating"]  # still open to drivers
    assert "link público do frete fecha" in offered["cancelled"]
    private = make_freight(status="published", visibility="privado")
    assert "link público" not in moves(operator, private)["aceito"]


def test_a_step_that_needs_a_carrier_is_offered_once_the_freight_has_one(operator, make_freight, company):
    freight = make_freight(status="aceito")
    assert list(moves(operator, freight)) == ["cancelled"]  # assigned needs a carrier
    with tenant_scope(company.id):
        db.session.get(Freight, freight.id).carrier_name = "Transportes Rápido"  # as accepting an offer sets it
        db.session.commit()
    assert list(moves(operator, freight)) == ["assigned", "cancelled"]  # picked_up needs a driver and a vehicle


def test_a_final_status_offers_no_button(operator, make_freight):
    for status in ("delivered", "cancelled"):
        page = operator.get(f"/fretes-operacao/{make_freight(status=status).code}").get_data(as_text=True)
        assert 'data-testid="status-moves"' not in page and 'name="status"' not in page


def test_a_button_moves_the_freight_and_any_status_the_rules_allow_is_still_taken(operator, make_freight, company):
    freight = make_freight(status="published", visibility="publico")
    answer = operator.post(f"/fretes-operacao/{freight.code}/status",
                           data={"csrf_token": operator.token, "status": "aceito", "note": "Fechado por telefone"})
    assert answer.status_code == 302
    back = operator.post(f"/fretes-operacao/{freight.code}/status",  # not offered as a button, still allowed
                         data={"csrf_token": operator.token, "status": "draft"})
    assert back.status_code == 302
    with tenant_scope(company.id):
        assert db.session.scalar(db.select(Freight.status).where(Freight.id == freight.id)) == "draft"


def test_an_unknown_status_is_refused_on_the_page_naming_it_and_nothing_changes(operator, make_freight, company):
    freight = make_freight(status="published")
    answer = operator.post(f"/fretes-operacao/{freight.code}/status",
                           data={"csrf_token": operator.token, "status": "<b>perdido</b>"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "Escolha um dos status da lista." in page and "<b>perdido" not in page
    with tenant_scope(company.id):
        assert db.session.scalar(db.select(Freight.status).where(Freight.id == freight.id)) == "published"
