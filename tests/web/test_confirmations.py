"""Every irreversible action asks once, saying what cannot be undone: emitting a CIOT, cancelling or closing it at
the authority, accepting a freight's offer (the kit's confirm dialog reads `hx-confirm` / `data-confirm`)."""
import re

import pytest


@pytest.fixture
def operador(login, make_user, company):
    return login(make_user(company, role="operador"))


def confirms(html: str) -> list[str]:
    return re.findall(r'(?:hx-confirm|data-confirm)="([^"]+)"', html)


def test_emitting_a_ciot_is_confirmed(operador, make_operation):
    op = make_operation(status="pronto_emissao")
    asked = confirms(operador.get(f"/ciot/{op.id}").get_data(as_text=True))
    assert any(q.startswith("Emitir o CIOT na ANTT?") for q in asked)


def test_cancelling_and_closing_a_ciot_at_the_authority_are_confirmed(operador, make_operation):
    op = make_operation(status="emitido")
    asked = confirms(operador.get(f"/ciot/{op.id}").get_data(as_text=True))
    assert any(q.startswith("Cancelar o CIOT") and "Não há como desfazer" in q for q in asked)
    assert any(q.startswith("Encerrar a operação na ANTT?") for q in asked)


def test_accepting_an_offer_is_confirmed(operador, make_freight, make_offer):
    freight = make_freight(status="published")
    make_offer(freight, price=3900)
    asked = confirms(operador.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True))
    assert any(q.startswith("Aceitar a oferta de Transportes Rápido por R$ 3.900,00?") for q in asked)
