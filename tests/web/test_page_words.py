"""The words people read: the CIOT timeline names changed fields in Portuguese, the freight page gives its public
link as a link with copy and share buttons, a channel that sends nothing says "(simulado)", and the channels page
names its settings in Portuguese."""
import re

from core.db import db
from core.tenancy import tenant_scope
from domain.ciot.field_names import FIELD_NAMES, field_names
from domain.ciot.models import CiotEvent
from domain.ciot.operations import PATCHABLE
from domain.messages import services as message_services
from tests.fixtures.ciot import ciot_body

SNAKE_OR_ENGLISH = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:vehicles|payments|documents)\b")


def timeline(html: str) -> str:
    return html.split('id="timeline"', 1)[1].split("</ol>", 1)[0]


def test_every_field_a_change_can_touch_has_a_name_in_words():
    assert set(PATCHABLE) <= set(FIELD_NAMES)
    assert not [name for name in FIELD_NAMES.values() if SNAKE_OR_ENGLISH.search(name)]
    assert field_names(["valor_frete", "vehicles", "payments"]) == "valor do frete, veículos, pagamentos"
    assert field_names(["campo_novo"]) == "campo novo"  # an unnamed field still loses its underscores


def test_a_change_reads_in_words_on_the_timeline_and_in_the_api(api, login, make_user, company, make_operation):
    op = make_operation(status="pronto_emissao")
    body = ciot_body()
    answer = api.patch(f"/ciot/operations/{op.id}", json={
        "valor_frete": 5200, "indicador_pagamento": body["indicador_pagamento"], "vehicles": body["vehicles"],
        "payments": body["payments"]})
    assert answer.status_code == 200, answer.get_json()
    [event] = [e for e in answer.get_json()["data"]["events"] if e["type"] == "updated"]
    message = event["message"]
    assert message.startswith("Operação alterada: valor do frete") and "veículos, pagamentos" in message
    assert "valor_frete" in event["data"]["fields"]  # integrators keep the names
    shown = timeline(login(make_user(company, role="leitura")).get(f"/ciot/{op.id}").get_data(as_text=True))
    assert "Operação alterada: valor do frete" in shown and not SNAKE_OR_ENGLISH.search(shown), shown


def test_a_change_recorded_with_the_fields_names_is_shown_in_words(login, make_user, company, make_operation):
    """Events written before the names were put in words keep their data: the timeline tells them again."""
    op = make_operation(status="pronto_emissao")
    with tenant_scope(company.id):
        db.session.add(CiotEvent(company_id=company.id, operation_id=op.id, type="updated",
                                 message="Operação alterada: valor_frete, vehicles, payments.",
                                 data={"fields": ["valor_frete", "vehicles", "payments"]}))
        db.session.commit()
    shown = timeline(login(make_user(company, role="leitura")).get(f"/ciot/{op.id}").get_data(as_text=True))
    assert "Operação alterada: valor do frete, veículos, pagamentos." in shown
    assert "valor_frete" not in shown and "vehicles" not in shown


def _freight_page(client, freight) -> str:
    return client.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)


def test_a_public_freight_gives_its_link_with_copy_and_share(login, make_user, company, make_freight):
    client = login(make_user(company, role="operador"))
    freight = make_freight(status="published", visibility="publico")
    html = _freight_page(client, freight)
    link = f"http://localhost/f/{freight.public_slug}"
    assert f'<a href="{link}" id="freight-public-link"' in html
    assert 'data-copy="#freight-public-link"' in html and 'data-share="#freight-public-link"' in html
    assert client.get(f"/f/{freight.public_slug}").status_code == 200  # the link answers
    assert f"({freight.public_slug})" not in html  # no bare slug


def test_the_links_to_share_are_on_the_public_base(app, login, make_user, company, make_freight, monkeypatch):
    """A freight's public link and the team's login link (Identidade visual) are copied and sent to others: with
    PUBLIC_BASE_URL they name the site, not the host the page was asked on (`localhost` here)."""
    monkeypatch.setitem(app.config, "PUBLIC_BASE_URL", "https://fretes.example.com")
    freight = make_freight(status="published", visibility="publico")
    operator = login(make_user(company, role="operador"))
    html = _freight_page(operator, freight)
    assert f'<a href="https://fretes.example.com/f/{freight.public_slug}" id="freight-public-link"' in html
    admin = login(make_user(company, role="admin"))
    branding = admin.get("/admin/identidade-visual").get_data(as_text=True)
    assert f'href="https://fretes.example.com/login?empresa={company.id}"' in branding
    assert "localhost/f/" not in html and "localhost/login" not in branding


def test_a_freight_the_showcase_does_not_answer_gives_no_link(login, make_user, company, make_freight):
    client = login(make_user(company, role="operador"))
    draft = make_freight(status="draft", visibility="publico")
    html = _freight_page(client, draft)
    assert 'id="freight-public-link"' not in html and "disponível enquanto o frete estiver publicado" in html
    private = _freight_page(client, make_freight(status="published", visibility="privado"))
    assert 'id="freight-public-link"' not in private and "link público" not in private.lower()


def _channel_options(html: str) -> list[str]:
    select = html.split('name="channel"', 1)[1].split("</select>", 1)[0]
    return re.findall(r"<option[^>]*>([^<]+)</option>", select)


def test_a_channel_that_sends_nothing_says_simulado(login, make_user, company, make_freight):
    client = login(make_user(company, role="operador"))
    freight = make_freight(status="published")
    assert "WhatsApp (simulado)" in _channel_options(_freight_page(client, freight))
    with tenant_scope(company.id):
        message_services.configure_channel(company, "whatsapp", "whatsapp_cloud", {"phone_number_id": "1"}, "segredo")
        db.session.commit()
    options = _channel_options(_freight_page(client, freight))
    assert "WhatsApp" in options and "WhatsApp (simulado)" not in options and "SMS (simulado)" in options


def test_the_channels_page_names_its_settings_in_portuguese(login, make_user, company):
    html = login(make_user(company, role="admin")).get("/fretes-operacao/canais").get_data(as_text=True)
    assert "Identificação do número no WhatsApp Business" in html and "Conexão segura" in html
    assert not re.search(r">[^<]*(?:Phone number|STARTTLS|token)[^<]*<", html)


def test_the_partner_form_keeps_the_ibge_code_behind_the_picker(login, make_user, company, make_partner):
    """The municipality is chosen in the picker, which fills a hidden code; the CEP says it fills nothing."""
    client = login(make_user(company, role="operador"))
    html = client.get("/parceiros/novo").get_data(as_text=True)
    assert '<input type="hidden" name="municipio_codigo"' in html and "Código IBGE do município" not in html
    assert "O endereço não é preenchido pelo CEP" in html
    partner = make_partner(municipio_codigo="3550308")
    edit = client.get(f"/parceiros/{partner.id}").get_data(as_text=True)
    assert 'name="municipio_codigo" id="municipio_codigo" value="3550308"' in edit
    assert re.search(r'id="pick-municipio"[^>]*value="São Paulo"', edit)
