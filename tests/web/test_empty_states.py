"""Empty tables say what to do and offer the action (the kit's `empty_row`), and only to a role that may act."""
import re

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.webhooks import services as webhooks


def empty_state(html: str) -> str:
    """The empty state's markup, or "" when the page has none."""
    found = re.search(r'<div class="empty-state" data-testid="empty">(.*?)</div>', html, re.S)
    return found.group(1) if found else ""


def action(block: str) -> str | None:
    """The label of the empty state's action (a link or a button), None when there is none."""
    found = re.search(r'data-testid="empty-action"[^>]*>([^<]+)<', block)
    return found.group(1).strip() if found else None


@pytest.fixture
def as_role(login, make_user, company):
    return lambda role: login(make_user(company, role=role))


def test_api_keys_empty_state_points_to_the_new_key_form(as_role):
    block = empty_state(as_role("admin").get("/admin/integracoes").get_data(as_text=True))
    assert "Nenhuma chave criada. Crie uma chave" in block and action(block) == "Criar chave"
    assert 'href="#nova-chave"' in block


def test_webhooks_empty_state_points_to_the_new_webhook_form(as_role):
    block = empty_state(as_role("admin").get("/admin/webhooks").get_data(as_text=True))
    assert "Nenhum webhook configurado. Informe a URL" in block and action(block) == "Criar webhook"


def test_a_webhook_without_deliveries_offers_a_test_event_and_filters_offer_to_clear(as_role, company):
    with tenant_scope(company.id):
        endpoint, _ = webhooks.create_endpoint(company, url="https://erp.example.com/fretes/webhook")
        db.session.commit()
    admin = as_role("admin")
    block = empty_state(admin.get(f"/admin/webhooks/{endpoint.id}").get_data(as_text=True))
    assert "Nenhuma entrega ainda. Envie um evento de teste" in block
    assert action(block) == "Enviar evento de teste" and f"/admin/webhooks/{endpoint.id}/" in block
    filtered = empty_state(admin.get(f"/admin/webhooks/{endpoint.id}?status=failed").get_data(as_text=True))
    assert "Nenhuma entrega com esses filtros." in filtered and action(filtered) == "Limpar filtros"


def test_bank_accounts_empty_state_offers_to_add_only_to_editors(as_role, make_partner):
    partner = make_partner()
    block = empty_state(as_role("operador").get(f"/parceiros/{partner.id}").get_data(as_text=True))
    assert "Nenhuma conta cadastrada. Cadastre a conta" in block and action(block) == "Adicionar conta"
    assert "hx-get=" in block and 'hx-target="#bank-account-new"' in block
    reader = empty_state(as_role("leitura").get(f"/parceiros/{partner.id}").get_data(as_text=True))
    assert "Nenhuma conta cadastrada." in reader and action(reader) is None and "Cadastre" not in reader


def freight_panels(client, freight) -> tuple[str, str]:
    html = client.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)
    offers = html.split('id="offers"', 1)[1].split("</section>", 1)[0]
    messages = html.split('id="messages"', 1)[1].split("</section>", 1)[0]
    return empty_state(offers), empty_state(messages)


def test_freight_offers_and_messages_empty_states_follow_the_role(as_role, make_freight):
    """A published freight is not asked to be published; the offer form below is named once ("Registrar oferta" is
    its own summary, not also the empty row's button)."""
    freight = make_freight(status="published")
    offers, messages = freight_panels(as_role("operador"), freight)
    assert "Nenhuma oferta ainda. Registre abaixo" in offers and "Publique" not in offers and action(offers) is None
    draft_offers, _ = freight_panels(as_role("operador"), make_freight(status="draft"))
    assert "Nenhuma oferta ainda. Publique o frete para receber ofertas" in draft_offers
    assert "Nenhuma mensagem enviada. Escolha o canal" in messages and action(messages) == "Escrever mensagem"
    offers, messages = freight_panels(as_role("leitura"), freight)
    assert "Nenhuma oferta ainda." in offers and action(offers) is None and "Publique" not in offers
    assert "Nenhuma mensagem enviada." in messages and action(messages) is None and "Escolha" not in messages
