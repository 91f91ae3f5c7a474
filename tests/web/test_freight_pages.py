"""Freight pages: board (list and columns), create/edit, the freight page with history, offers panel actions,
messages panel, templates and channels; roles and tenancy over every route."""
import re
from datetime import timedelta

import pytest

from core.clock import brasilia_today
from core.db import db
from core.tenancy import tenant_scope
from domain.freights.models import Freight
from domain.messages.models import ChannelSetting
from tests.fixtures.core import csrf_from


@pytest.fixture
def operator(company, make_user, login):
    client = login(make_user(company, role="operador"))
    client.token = csrf_from(client.get("/fretes-operacao/").get_data(as_text=True))
    return client


def post(client, url, data=None, htmx=False):
    headers = {"X-CSRFToken": client.token}
    if htmx:
        headers["HX-Request"] = "true"
    return client.post(url, data={**(data or {}), "csrf_token": client.token}, headers=headers)


FORM = {"origin_city": "sao paulo", "origin_state": "SP", "destination_city": "Curitiba", "destination_state": "PR",
        "cargo_type": "Grãos", "weight_kg": "12.000,5", "price": "4.500,50", "pickup_at": "2030-12-01T08:00",
        "visibility": "publico"}


def test_create_publish_and_see_it_on_the_board(operator, company):
    response = post(operator, "/fretes-operacao/novo", {**FORM, "publish": "1"})
    assert response.status_code == 302, response.get_data(as_text=True)
    with tenant_scope(company.id):
        freight = db.session.execute(db.select(Freight)).scalar_one()
    assert freight.status == "published" and str(freight.price) == "4500.50" and freight.origin_ibge == "3550308"
    assert freight.pickup_at.hour == 11  # 08:00 in Brasília is 11:00 UTC
    page = operator.get("/fretes-operacao/").get_data(as_text=True)
    assert freight.code in page and "Publicado" in page and "4.500,50" in page
    board = operator.get("/fretes-operacao/?view=quadro").get_data(as_text=True)
    assert 'data-status="published"' in board and freight.code in board
    shown = operator.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)
    assert "Frete criado." in shown and "3550308" in shown
    assert freight.code in operator.get("/fretes-operacao/?q=curitiba").get_data(as_text=True)
    assert freight.code not in operator.get("/fretes-operacao/?status=delivered").get_data(as_text=True)


def test_form_errors_are_shown_on_the_fields(operator):
    response = post(operator, "/fretes-operacao/novo", {**FORM, "origin_state": "XX", "price": "-3"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "UF inválida" in html and "maior" in html
    late = post(operator, "/fretes-operacao/novo", {**FORM, "pickup_until": "2030-11-30T08:00"})
    html = late.get_data(as_text=True)
    assert late.status_code == 422 and "igual ou posterior ao início da coleta" in html and "pickup_at." not in html


def test_ambiguous_numbers_are_refused_on_their_input_never_guessed(operator, make_freight, company):
    response = post(operator, "/fretes-operacao/novo", {**FORM, "price": "1.5", "weight_kg": "5,0001"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "use vírgula para os decimais" in html and "no máximo 3 casa" in html
    assert 'value="1.5"' in html  # the input keeps what was typed
    with tenant_scope(company.id):
        assert db.session.execute(db.select(Freight)).first() is None
    freight = make_freight(status="published")
    offer = post(operator, f"/fretes-operacao/{freight.code}/ofertas", {"carrier_name": "X", "price": "1500.50"},
                 htmx=True)
    html = offer.get_data(as_text=True)
    assert offer.status_code == 422 and "Valor: número inválido" in html and "price" not in html.split("<form")[0]


def test_edit_form_shows_numbers_in_pt_br(operator, make_freight):
    freight = make_freight()
    post(operator, f"/fretes-operacao/{freight.code}/editar", FORM)
    html = operator.get(f"/fretes-operacao/{freight.code}/editar").get_data(as_text=True)
    assert 'value="4.500,50"' in html and 'value="12.000,5"' in html and "4500,50" not in html


def test_driver_picker_flags_expired_and_expiring_licences(operator, make_driver):
    today = brasilia_today()
    make_driver(name="Ana Vencida", cnh_expires_at=str(today - timedelta(days=1)))
    make_driver(name="Bia Vencendo", cnh_expires_at=str(today + timedelta(days=10)))
    make_driver(name="Cid Em Dia", cnh_expires_at=str(today + timedelta(days=90)))
    form = operator.get("/fretes-operacao/novo").get_data(as_text=True)
    assert "Ana Vencida" not in form  # the form searches the registry, it does not embed it
    html = operator.get("/busca/cadastro/motoristas?campo=driver_id&q=a").get_data(as_text=True)
    assert "Digite ao menos 2" in html
    html = operator.get("/busca/cadastro/motoristas?campo=driver_id&q=venc").get_data(as_text=True)
    assert ">Ana Vencida<" in html and ">CNH vencida<" in html and "Bia Vencendo" in html
    assert ">CNH vence em 10 dias<" in html and "Cid Em Dia" not in html
    assert ">Cid Em Dia<" in operator.get("/busca/cadastro/motoristas?campo=driver_id&q=cid").get_data(as_text=True)


def test_edit_and_status_change_with_history(operator, make_freight, make_driver):
    freight = make_freight()
    response = post(operator, f"/fretes-operacao/{freight.code}/editar", {**FORM, "price": "5.000,00",
                                                                          "driver_id": str(make_driver().id)})
    assert response.status_code == 302
    post(operator, f"/fretes-operacao/{freight.code}/status", {"status": "published", "note": "Liberado"})
    html = operator.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)
    assert "5.000,00" in html and "Liberado" in html
    post(operator, f"/fretes-operacao/{freight.code}/status", {"status": "picked_up"})
    assert "precisa de" in operator.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)


def test_offers_panel_register_counter_accept(operator, make_freight, make_offer):
    freight = make_freight(status="published")
    other = make_offer(freight, price=5000)
    response = post(operator, f"/fretes-operacao/{freight.code}/ofertas",
                    {"carrier_name": "Rápido Sul", "carrier_phone": "(41) 98888-7777", "price": "4.200,00"}, htmx=True)
    assert response.status_code == 200 and "Rápido Sul" in response.get_data(as_text=True)
    mine = re.search(r'id="offer-([0-9a-f-]+)"', response.get_data(as_text=True).split("Rápido Sul")[0][-600:])
    offer_id = mine.group(1)
    bad = post(operator, f"/fretes-operacao/{freight.code}/ofertas/{offer_id}/contraproposta", {"price": "0"},
               htmx=True)
    html = bad.get_data(as_text=True)
    assert bad.status_code == 422 and "Valor: deve ser maior" in html and "price:" not in html
    accepted = post(operator, f"/fretes-operacao/{freight.code}/ofertas/{offer_id}/aceitar", htmx=True)
    html = accepted.get_data(as_text=True)
    assert accepted.status_code == 200 and 'class="winner"' in html
    assert f'id="offer-{other.id}" class="" data-status="rejeitada"' in html
    again = post(operator, f"/fretes-operacao/{freight.code}/ofertas/{other.id}/aceitar", htmx=True)
    assert again.status_code == 422 and "já tem uma oferta aceita" in again.get_data(as_text=True)
    assert "offer_id" not in again.get_data(as_text=True)
    history = operator.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)
    assert "Oferta aceita: R$ 4.200,00." in history and "4200.00" not in history


def test_messages_panel_sends_from_a_template(operator, make_freight):
    freight = make_freight(pickup_at="2030-12-01T11:00:00Z")
    response = post(operator, f"/fretes-operacao/{freight.code}/mensagens",
                    {"channel": "whatsapp", "to": "+5541999998888", "template": "carga_disponivel"}, htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and 'data-status="sent"' in html  # inline jobs: already sent
    bad = post(operator, f"/fretes-operacao/{freight.code}/mensagens",
               {"channel": "whatsapp", "to": "41999", "template": "carga_disponivel"}, htmx=True)
    html = bad.get_data(as_text=True)
    assert bad.status_code == 422 and "Destinatário: " in html and "DDD" in html and "to:" not in html
    assert "E.164" not in html.split('id="messages"')[1]  # a person is never asked for "E.164"


def test_a_brazilian_number_typed_without_55_is_read_as_brazilian(operator, make_freight):
    freight = make_freight(pickup_at="2030-12-01T11:00:00Z")
    response = post(operator, f"/fretes-operacao/{freight.code}/mensagens",
                    {"channel": "sms", "to": "(41) 99999-8888", "template": "carga_disponivel"}, htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "+5541999998888" in html
    assert ">Simulada<" in html and ">Enviada<" not in html  # the development channel sends nothing


def test_the_recipient_is_prefilled_from_the_freights_driver_else_its_carrier(operator, make_freight, make_driver,
                                                                              make_partner):
    driver = make_driver(phone="+5541988887777")
    carrier = make_partner(whatsapp="+5511977776666", roles=["contratado"])
    with_driver = make_freight(driver_id=str(driver.id), carrier_id=str(carrier.id))
    html = operator.get(f"/fretes-operacao/{with_driver.code}").get_data(as_text=True)
    assert re.search(r'<input(?=[^>]*name="to")(?=[^>]*value="\+5541988887777")', html)
    carrier_only = make_freight(carrier_id=str(carrier.id))
    html = operator.get(f"/fretes-operacao/{carrier_only.code}/mensagens").get_data(as_text=True)
    assert re.search(r'<input(?=[^>]*name="to")(?=[^>]*value="\+5511977776666")', html)
    assert 'value="+55' not in operator.get(f"/fretes-operacao/{make_freight().code}").get_data(as_text=True)


def test_templates_page_saves_a_company_version(operator):
    response = post(operator, "/fretes-operacao/modelos", {"key": "frete_aceito", "name": "Aceito",
                                                          "body": "Aceito: {codigo}"})
    assert response.status_code == 302
    assert "Aceito: {codigo}" in operator.get("/fretes-operacao/modelos").get_data(as_text=True)
    bad = post(operator, "/fretes-operacao/modelos", {"key": "x", "name": "X", "body": "Olá {nome"})
    assert bad.status_code == 422


def test_channels_page_is_admin_only_and_encrypts_the_secret(company, make_user, login, operator):
    assert operator.get("/fretes-operacao/canais").status_code == 403
    admin = login(make_user(company, role="admin"))
    admin.token = csrf_from(admin.get("/fretes-operacao/canais").get_data(as_text=True))
    response = post(admin, "/fretes-operacao/canais", {"channel": "sms", "provider": "sms_http",
                                                       "settings_url": "https://sms.example.com/send",
                                                       "secret": "token-sms"})
    assert response.status_code == 302
    with tenant_scope(company.id):
        setting = db.session.execute(db.select(ChannelSetting)).scalar_one()
    assert setting.settings["url"] == "https://sms.example.com/send" and "token-sms" not in setting.secret_encrypted


def test_reader_cannot_act(company, make_user, login, make_freight):
    freight = make_freight()
    reader = login(make_user(company, role="leitura"))
    reader.token = csrf_from(reader.get("/fretes-operacao/").get_data(as_text=True))
    assert reader.get(f"/fretes-operacao/{freight.code}").status_code == 200
    assert reader.get("/fretes-operacao/novo").status_code == 403
    for path in ("status", "ofertas", "mensagens", "editar"):
        assert post(reader, f"/fretes-operacao/{freight.code}/{path}", {"status": "cancelled"}).status_code == 403


def test_another_companys_freight_is_404_on_every_route(operator, make_company, make_freight, make_offer):
    foreign = make_freight(make_company())
    offer = make_offer(foreign)
    base = f"/fretes-operacao/{foreign.code}"
    for ref in (foreign.code, str(foreign.id)):
        assert operator.get(f"/fretes-operacao/{ref}").status_code == 404
    assert operator.get(f"{base}/editar").status_code == 404
    assert operator.get(f"{base}/mensagens").status_code == 404
    for path in ("editar", "status", "ofertas", f"ofertas/{offer.id}/aceitar", f"ofertas/{offer.id}/rejeitar",
                 f"ofertas/{offer.id}/contraproposta", "mensagens"):
        assert post(operator, f"{base}/{path}", {"status": "cancelled", "price": "1"}).status_code == 404, path
    with tenant_scope(foreign.company_id):
        assert db.session.get(Freight, foreign.id).status == "draft"


def test_bad_input_lands_on_its_input_and_the_form_keeps_it(operator, make_freight, make_offer):
    html = post(operator, "/fretes-operacao/novo", {**FORM, "origin_state": "XX"}).get_data(as_text=True)
    assert 'id="origin_state-error"' in html and 'aria-invalid="true" id="origin_state"' in html
    assert 'value="sao paulo"' in html  # the other inputs keep what was typed
    freight = make_freight(status="published")
    offer = make_offer(freight, price=5000)
    added = post(operator, f"/fretes-operacao/{freight.code}/ofertas", {"carrier_name": "Y", "price": "1.5"},
                 htmx=True).get_data(as_text=True)
    assert 'id="panel-offer-price-error"' in added and 'value="1.5"' in added and 'value="Y"' in added
    countered = post(operator, f"/fretes-operacao/{freight.code}/ofertas/{offer.id}/contraproposta",
                     {"price": "4.000,00", "valid_until": "amanhã"}, htmx=True)
    html = countered.get_data(as_text=True)
    assert countered.status_code == 422 and f'id="offer-{offer.id}-counter-valid_until-error"' in html
    assert "Válida até: " in html and "<details open><summary>Contraproposta" in html
    sent = post(operator, f"/fretes-operacao/{freight.code}/mensagens",
                {"channel": "whatsapp", "to": "41999", "template": "carga_disponivel"}, htmx=True)
    assert 'id="panel-message-to-error"' in sent.get_data(as_text=True) and 'value="41999"' in sent.get_data(
        as_text=True)


def test_an_unknown_status_is_422_on_the_select_and_nothing_changes(operator, make_freight, company):
    freight = make_freight()
    response = post(operator, f"/fretes-operacao/{freight.code}/status", {"status": "voando"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and 'id="status-error">Escolha um dos status da lista.<' in html
    assert "'draft'" not in html
    with tenant_scope(company.id):
        db.session.expire_all()
        assert db.session.get(Freight, freight.id).status == "draft"


def test_templates_and_channels_show_the_refusal_on_the_input(company, make_user, login, operator):
    bad = post(operator, "/fretes-operacao/modelos", {"key": "frete_aceito", "name": "X", "body": "Olá {nome"})
    html = bad.get_data(as_text=True)
    assert bad.status_code == 422 and 'id="tpl-frete_aceito-body-error"' in html and "Olá {nome" in html
    new_key = post(operator, "/fretes-operacao/modelos", {"key": "não vale", "name": "X", "body": "Oi"})
    assert new_key.status_code == 422 and 'id="tpl-new-key-error"' in new_key.get_data(as_text=True)
    admin = login(make_user(company, role="admin"))
    admin.token = csrf_from(admin.get("/fretes-operacao/canais").get_data(as_text=True))
    refused = post(admin, "/fretes-operacao/canais", {"channel": "sms", "provider": "smtp",
                                                      "settings_url": "https://sms.example.com/send"})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422 and 'id="sms-provider-error"' in html
    assert 'value="https://sms.example.com/send"' in html
    with tenant_scope(company.id):
        assert db.session.execute(db.select(ChannelSetting)).first() is None


def test_the_cargo_type_is_chosen_from_the_floor_types_and_an_old_text_is_kept(operator, company):
    form = operator.get("/fretes-operacao/novo").get_data(as_text=True)
    select = re.search(r'<select[^>]*name="cargo_type"[^>]*>(.*?)</select>', form, re.S).group(1)
    assert len(re.findall(r"<option", select)) == 13  # blank + the 12 types of the ANTT floor tables
    assert "5 · Carga geral" in select and "12 · Carga granel pressurizada" in select
    response = post(operator, "/fretes-operacao/novo", FORM)  # "Grãos": a text from before the select
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    with tenant_scope(company.id):
        freight = db.session.scalars(db.select(Freight)).one()
    assert response.headers["Location"] == f"/fretes-operacao/{freight.code}"
    shown = operator.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)
    assert f"Frete {freight.code} criado." in shown and "piso não calculado: informe o tipo de carga" in shown
    edit = operator.get(f"/fretes-operacao/{freight.code}/editar").get_data(as_text=True)
    assert re.search(r'<option[^>]*selected[^>]*value="Grãos"|<option[^>]*value="Grãos"[^>]*selected', edit)


def test_a_public_freight_below_the_floor_is_refused_on_the_page_with_the_reason(operator, company):
    below = {**FORM, "cargo_type": "Carga geral", "distance_km": "430", "loaded_axles": "6", "price": "3.000,00"}
    response = post(operator, "/fretes-operacao/novo", below)
    assert response.status_code == 422
    assert "abaixo do piso mínimo da ANTT" in response.get_data(as_text=True)
    private = post(operator, "/fretes-operacao/novo", {**below, "visibility": "privado"})
    assert private.status_code == 302, private.get_data(as_text=True)[:500]
    with tenant_scope(company.id):
        freight = db.session.scalars(db.select(Freight)).one()
    assert private.headers["Location"] == f"/fretes-operacao/{freight.code}"
    assert freight.visibility == "privado" and freight.antt_floor > freight.price


def test_save_and_publish_a_private_freight_never_says_published(operator):
    answer = post(operator, "/fretes-operacao/novo", {**FORM, "visibility": "privado", "publish": "1"})
    assert answer.status_code == 302
    html = operator.get(answer.headers["Location"]).get_data(as_text=True)
    status = re.search(r'id="freight-status"[^>]*>([^<]*)<', html).group(1)
    assert status == "Aberto (privado)" and "não aparece na vitrine pública" in html
    public = post(operator, "/fretes-operacao/novo", {**FORM, "publish": "1"})
    html = operator.get(public.headers["Location"]).get_data(as_text=True)
    assert re.search(r'id="freight-status"[^>]*>([^<]*)<', html).group(1) == "Publicado"
