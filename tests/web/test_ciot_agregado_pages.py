"""Aggregate contract pages with the logged-in test client: the list (filters, the closing-soon warning), opening
(inline errors, 409 pointing at the open contract), the ledger page (trips and debits inline, cancelling with a
reason struck through, running balance), closing and cancelling, PDF, the municipality picker, roles and tenancy."""
import uuid
from datetime import timedelta

import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db
from core.tenancy import cross_tenant
from domain.ciot_agregado.models import CiotAgregado
from tests.fixtures.agregado import agregado_events, in_period, load_agregado
from tests.fixtures.core import csrf_from

HX = {"HX-Request": "true"}


def _client(login, make_user, company, role="operador"):
    client = login(make_user(company, role=role))
    token = csrf_from(client.get("/ciot/agregados/").get_data(as_text=True))
    return client, token


TRIP = {"data_viagem": in_period(1, "08:00"), "expedidor_cpf_cnpj": "11.222.333/0001-81",
        "expedidor_nome": "Embarcadora",
        "recebedor_cpf_cnpj": "529.982.247-25", "recebedor_nome": "Maria", "origem_uf": "SP",
        "origem_municipio_nome": "Campinas", "destino_uf": "RJ", "destino_municipio_nome": "Niterói",
        "valor": "1.500,25", "peso_carga": "12.000"}


# What the declaration needs besides partner and plates (value, payment, axles): a form with it is declared.
DECLARED = {"valor_contratado": "15.000,00", "tipo_pagamento": "pix", "chave_pix": "joao@exemplo.com.br",
            "eixos_cavalo": "3", "eixos_reboques": "3, 2"}


def test_open_a_contract_from_the_form(login, make_user, company, make_tac):
    partner = make_tac()
    client, token = _client(login, make_user, company)
    form = client.get("/ciot/agregados/novo").get_data(as_text=True)
    assert 'id="pick-transportador"' in form and 'name="partner_id"' in form
    assert "não está sujeito ao piso mínimo de frete da ANTT (Res. ANTT 6.076/2026)" in form
    data = {"csrf_token": token, "partner_id": str(partner.id), "placa_cavalo": "abc-1d23",
            "placas_reboques": "DEF4G56, GHI7J89", **DECLARED}
    response = client.post("/ciot/agregados/novo", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "AGR-000001" in page and "aberto e declarado" in page and "ABC1D23" in page and "R$ 15.000,00" in page
    again = client.post("/ciot/agregados/novo", data=data)
    assert again.status_code == 422 and "Já existe um contrato de agregado aberto" in again.get_data(as_text=True)
    assert "Abrir AGR-000001" in again.get_data(as_text=True)


def test_opening_errors_land_on_their_inputs(login, make_user, company, make_tac):
    etc = make_tac(categoria="ETC")
    client, token = _client(login, make_user, company)
    bad = client.post("/ciot/agregados/novo", data={"csrf_token": token, "placa_cavalo": "12",
                                                     "valor_contratado": "1.5"})
    html = bad.get_data(as_text=True)
    assert bad.status_code == 422 and 'id="placa_cavalo-error"' in html and 'id="partner_id-error"' in html
    assert 'id="valor_contratado-error"' in html and 'value="1.5"' in html
    refused = client.post("/ciot/agregados/novo", data={"csrf_token": token, "partner_id": str(etc.id),
                                                         "placa_cavalo": "ABC1D23", **DECLARED})
    assert refused.status_code == 422 and "não pode ser agregado" in refused.get_data(as_text=True)
    assert client.get("/ciot/agregados/").get_data(as_text=True).count("data-code=") == 0


def test_ledger_page_adds_cancels_and_closes(login, make_user, company, open_agregado):
    agg = open_agregado()
    url = f"/ciot/agregados/{agg['id']}"
    client, token = _client(login, make_user, company)
    first = client.post(url + "/viagens", data={**TRIP, "csrf_token": token}, headers=HX)
    assert first.status_code == 200 and "Viagem 1 lançada" in first.get_data(as_text=True)
    client.post(url + "/viagens", data={**TRIP, "csrf_token": token, "valor": "100,00",
                                        "data_viagem": in_period(3, "08:00")}, headers=HX)
    debit = client.post(url + "/debitos", data={"csrf_token": token, "tipo": "adiantamento", "valor": "500,25",
                                                "motivo": "Adiantamento", "data_debito": in_period(2, "09:00")},
                        headers=HX)
    html = debit.get_data(as_text=True)
    assert "Débito 1 lançado" in html and "Saldo R$ 1.100,00" in html
    # interleaved by date with the running balance: trip 1 (1.500,25), debit 1 (1.000,00), trip 2 (1.100,00)
    ledger = html[html.index('data-testid="ledger"'):]
    assert ledger.index('data-kind="viagem" data-numero="1"') < ledger.index('data-kind="debito" data-numero="1"') \
        < ledger.index('data-kind="viagem" data-numero="2"')
    assert "R$ 1.000,00" in ledger
    bad = client.post(url + "/viagens", data={**TRIP, "csrf_token": token, "valor": "abc", "destino_uf": ""},
                      headers=HX)
    assert bad.status_code == 422 and 'id="valor-error"' in bad.get_data(as_text=True)
    trip_id = load_trip_id(agg["id"], 1)
    no_reason = client.post(f"{url}/viagens/{trip_id}/cancelar", data={"csrf_token": token}, headers=HX)
    assert no_reason.status_code == 422 and "Informe o motivo" in no_reason.get_data(as_text=True)
    done = client.post(f"{url}/viagens/{trip_id}/cancelar", data={"csrf_token": token, "motivo": "Duplicada"},
                       headers=HX).get_data(as_text=True)
    assert "<s>Viagem 1" in done and "Cancelado: Duplicada" in done and "Saldo R$ -400,25" in done
    blocked = client.post(url + "/cancelar", data={"csrf_token": token}, headers=HX)
    assert blocked.status_code == 422 and "cancele-os antes" in blocked.get_data(as_text=True)
    closed = client.post(url + "/encerrar", data={"csrf_token": token, "peso_carga_final": "12.000",
                                                  "motivo": "Fim da safra"}, headers=HX)
    html = closed.get_data(as_text=True)
    assert closed.status_code == 200 and "encerrado na ANTT" in html and "Rotas consolidadas" in html
    assert 'data-status="encerrado"' in html and 'data-testid="add-trip"' not in html
    assert load_agregado(agg["id"]).status == "encerrado"
    pdf = client.get(url + "/pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"


def test_a_closing_refused_by_the_authority_shows_the_reason_on_an_open_contract(login, make_user, company, api,
                                                                                 make_tac):
    from tests.fixtures.agregado import agregado_body
    from tests.fixtures.ciot import clear_irregular, mark_irregular
    partner = make_tac()
    agg = api.post("/ciot-agregado/operations", json=agregado_body(partner)).get_json()["data"]
    client, token = _client(login, make_user, company)
    mark_irregular(partner.rntrc)
    try:
        html = client.post(f"/ciot/agregados/{agg['id']}/encerrar", headers=HX, data={
            "csrf_token": token, "peso_carga_final": "12.000", "motivo": "Fim da safra"}).get_data(as_text=True)
    finally:
        clear_irregular(partner.rntrc)
    assert "Última recusa da ANTT" in html and "irregular" in html and 'data-status="aberto"' in html
    assert 'data-testid="add-trip"' in html and load_agregado(agg["id"]).status == "aberto"


def load_trip_id(agregado_id, numero):
    from domain.ciot_agregado.models import CiotAgregadoViagem
    return db.session.execute(cross_tenant(sa.select(CiotAgregadoViagem.id).where(
        CiotAgregadoViagem.agregado_id == uuid.UUID(agregado_id),
        CiotAgregadoViagem.numero_viagem == numero))).scalar_one()


def test_close_without_weight_is_an_inline_error(login, make_user, company, open_agregado):
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    response = client.post(f"/ciot/agregados/{agg['id']}/encerrar", data={"csrf_token": token, "motivo": "Fim"},
                           headers=HX)
    assert response.status_code == 422 and 'id="peso_carga_final-error"' in response.get_data(as_text=True)
    assert agregado_events(agg["id"]) == ["opening", "opened"]


def test_cancel_an_empty_contract(login, make_user, company, open_agregado):
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    response = client.post(f"/ciot/agregados/{agg['id']}/cancelar", data={"csrf_token": token})
    assert response.status_code == 302
    assert load_agregado(agg["id"]).status == "cancelado"


def test_cancel_motivo_on_the_page_is_the_apis_rule(login, make_user, company, open_agregado):
    """The page refuses the "ab" the API refuses (one check in the service), and an empty input sends the standard
    reason, recorded on the contract."""
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    short = client.post(f"/ciot/agregados/{agg['id']}/cancelar", data={"csrf_token": token, "motivo": "ab"},
                        headers=HX)
    assert short.status_code == 422 and "de 3 a 500 caracteres" in short.get_data(as_text=True)
    assert load_agregado(agg["id"]).status == "aberto" and load_agregado(agg["id"]).cancel_motivo is None
    done = client.post(f"/ciot/agregados/{agg['id']}/cancelar", data={"csrf_token": token, "motivo": " "},
                       headers=HX)
    assert done.status_code == 200
    contract = load_agregado(agg["id"])
    assert contract.status == "cancelado" and contract.cancel_motivo == "Cancelamento do contrato de agregado."
    typed = open_agregado(placa_cavalo="QWE1R23")
    client.post(f"/ciot/agregados/{typed['id']}/cancelar", data={"csrf_token": token, "motivo": "Safra perdida"},
                headers=HX)
    assert load_agregado(typed["id"]).cancel_motivo == "Safra perdida"


def test_list_filters_and_warns_about_contracts_closing_soon(login, make_user, company, open_agregado):
    soon, later = open_agregado(), open_agregado(placa_cavalo="ZZZ9Z99")
    db.session.execute(cross_tenant(sa.update(CiotAgregado).where(CiotAgregado.id == uuid.UUID(soon["id"])).values(
        data_prevista_encerramento=brasilia_today() + timedelta(days=2))))
    db.session.commit()
    client, _ = _client(login, make_user, company)
    html = client.get("/ciot/agregados/").get_data(as_text=True)
    warning = html[html.index('data-testid="closing-soon"'):]
    warning = warning[:warning.index("</div>")]
    assert soon["code"] in warning and later["code"] not in warning and "em 2 dias" in warning
    filtered = client.get("/ciot/agregados/?q=zzz9z99", headers={**HX, "HX-Target": "agregados-table"})
    assert later["code"] in filtered.get_data(as_text=True) and soon["code"] not in filtered.get_data(as_text=True)
    assert client.get("/ciot/agregados/?status=nada").status_code == 422


def test_municipality_picker_lists_the_states_municipalities(login, make_user, company):
    client, _ = _client(login, make_user, company)
    html = client.get("/ciot/agregados/municipios?origem_uf=RJ").get_data(as_text=True)
    assert '<option value="Niterói">' in html and "Campinas" not in html


def _picked(client, target: str, query: str) -> list[dict]:
    """The options a registry picker offers for `query`: each one's label and what it fills."""
    import json
    import re
    html = client.get(f"/ciot/agregados/cadastro/{target}?q={query}", headers=HX).get_data(as_text=True)
    return [{"label": label, "fill": json.loads(fill.replace("&#34;", '"').replace("&quot;", '"'))}
            for fill, label in re.findall(r'data-fill="([^"]*)"[^>]*>\s*<span class="picker-label">([^<]+)', html)]


def test_registry_picker_fills_the_party_inputs(login, make_user, company, make_partner, make_company):
    partner = make_partner(company, legal_name="Comercial Destino Ltda", cpf_cnpj="11222333000181")
    make_partner(company, legal_name="Comercial Inativa Ltda", is_active=False)
    make_partner(make_company(), legal_name="Comercial de Outra Empresa")
    client, _ = _client(login, make_user, company)
    assert _picked(client, "recebedor", "comercial") == [{"label": "Comercial Destino Ltda", "fill": {
        "recebedor_cpf_cnpj": "11.222.333/0001-81", "recebedor_nome": "Comercial Destino Ltda"}}]
    assert _picked(client, "expedidor", "11222333")[0]["fill"]["expedidor_nome"] == partner.legal_name
    short = client.get("/ciot/agregados/cadastro/expedidor?q=c").get_data(as_text=True)
    assert "Digite ao menos 2" in short
    assert client.get("/ciot/agregados/cadastro/outro?q=comercial").status_code == 404


def test_carrier_picker_offers_only_active_tac_carriers(login, make_user, company, make_tac):
    tac = make_tac(legal_name="Zé Agregado")
    equiparado = make_tac(legal_name="Zeca Equiparado", categoria="TAC_EQUIPARADO")
    make_tac(legal_name="Zélia ETC", categoria="ETC")
    make_tac(legal_name="Zuleide Inativa", is_active=False)
    client, _ = _client(login, make_user, company)
    found = _picked(client, "transportador", "ze")
    assert sorted(o["fill"]["partner_id"] for o in found) == sorted([str(tac.id), str(equiparado.id)])
    # the list filter names the chosen carrier in its search box and lists only its contracts
    page = client.get(f"/ciot/agregados/?partner_id={tac.id}").get_data(as_text=True)
    assert 'value="Zé Agregado"' in page and f'value="{tac.id}"' in page


def test_reader_sees_but_cannot_act(login, make_user, company, open_agregado):
    agg = open_agregado()
    client, token = _client(login, make_user, company, role="leitura")
    page = client.get(f"/ciot/agregados/{agg['id']}").get_data(as_text=True)
    assert agg["code"] in page and 'data-testid="add-trip"' not in page
    assert client.post(f"/ciot/agregados/{agg['id']}/viagens", data={**TRIP, "csrf_token": token}).status_code == 403
    assert client.get("/ciot/agregados/novo").status_code == 403


def test_another_companys_contract_is_404_on_every_page_route(login, make_user, company, make_company, make_api,
                                                              make_tac):
    from tests.fixtures.agregado import agregado_body
    other = make_company()
    agg = make_api(other).post("/ciot-agregado/operations", json=agregado_body(make_tac(other))).get_json()["data"]
    client, token = _client(login, make_user, company)
    url = f"/ciot/agregados/{agg['id']}"
    line = uuid.uuid4()
    assert client.get(url).status_code == 404 and client.get(url + "/pdf").status_code == 404
    for path, data in ((url + "/viagens", TRIP), (url + "/debitos", {}), (url + "/encerrar", {}),
                       (url + "/cancelar", {}), (f"{url}/viagens/{line}/cancelar", {"motivo": "abc"}),
                       (f"{url}/debitos/{line}/cancelar", {"motivo": "abc"})):
        assert client.post(path, data={**data, "csrf_token": token}).status_code == 404, path
    assert load_agregado(agg["id"]).status == "aberto" and load_agregado(agg["id"]).ultimo_numero_viagem == 0
    assert agg["code"] not in client.get("/ciot/agregados/").get_data(as_text=True)


def test_pages_and_pdf_say_who_and_why_in_words(login, make_user, company, open_agregado):
    """No internal word on the page: the integration as "integração (chave …)", the platform's own closing reason
    in words, the environment spelt out in the list."""
    from domain.ciot_agregado.contracts import EXPIRY_MOTIVO
    contract = open_agregado()
    db.session.execute(cross_tenant(sa.update(CiotAgregado).where(CiotAgregado.id == uuid.UUID(contract["id"])).values(
        status="encerrado", encerramento_motivo=EXPIRY_MOTIVO, encerrado_at=sa.func.now())))
    db.session.commit()
    client, _ = _client(login, make_user, company)
    page = client.get(f"/ciot/agregados/{contract['id']}").get_data(as_text=True)
    assert "(integração (chave flk_" in page and "api_key:" not in page
    assert "Expiração automática (30 dias)" in page and EXPIRY_MOTIVO not in page
    listing = client.get("/ciot/agregados/").get_data(as_text=True)
    row = listing[listing.index(f'data-code="{contract["code"]}"'):]
    assert ">Homologação<" in row[:row.index("</tr>")]
    pdf = client.get(f"/ciot/agregados/{contract['id']}/pdf")
    from tests.api.test_ciot_pdf import pdf_text
    text = pdf_text(pdf.data)
    assert "Expiração automática (30 dias)" in text and EXPIRY_MOTIVO not in text


# --- the authority's answers to opening and cancelling (two phases: docs/ciot-agregado.md) ---------------------

def test_opening_with_the_authority_unreachable_says_so_and_the_page_waits(login, make_user, company, make_tac,
                                                                             authority, app, monkeypatch):
    from domain.ciot_agregado.periodic_jobs import retry_stuck_agregados
    partner = make_tac()
    client, token = _client(login, make_user, company)
    authority.down.add("declare_aggregate")
    response = client.post("/ciot/agregados/novo", data={"csrf_token": token, "partner_id": str(partner.id),
                                                         "placa_cavalo": "ABC1D23", **DECLARED})
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "AGR-000001 registrado, ainda sem código CIOT" in page and "repetido automaticamente" in page
    assert 'data-testid="pendencia"' in page and "Declaração da abertura enviada à ANTT" in page
    assert 'data-testid="add-trip"' not in page and 'data-testid="cancel-contract"' not in page
    authority.down.clear()
    monkeypatch.setitem(app.config, "CIOT_AGREGADO_PENDING_STALE_SECONDS", 0)
    assert retry_stuck_agregados() == 1
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'data-testid="pendencia"' not in page and 'data-testid="add-trip"' in page
    assert load_agregado(response.headers["Location"].rsplit("/", 1)[1]).codigo_ciot is not None


def test_a_failure_after_the_opening_was_stored_says_pending_not_500(login, make_user, company, make_tac,
                                                                    monkeypatch):
    # Phase 1 committed; our own phase 2 failed (a lost connection): the contract is stored and the sweep finishes
    # it, so the page says so, as the API answers 202.
    from domain.ciot_agregado.models import PENDENCIA_DECLARACAO
    from domain.ciot_agregado.senders import SENDERS

    def lost_connection(*args, **kwargs):
        raise RuntimeError("server closed the connection unexpectedly")
    monkeypatch.setitem(SENDERS, PENDENCIA_DECLARACAO, lost_connection)  # what the declaration's job sends with
    partner = make_tac()
    client, token = _client(login, make_user, company)
    response = client.post("/ciot/agregados/novo", data={"csrf_token": token, "partner_id": str(partner.id),
                                                         "placa_cavalo": "ABC1D23", **DECLARED})
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "AGR-000001 registrado, ainda sem código CIOT" in page and 'data-testid="pendencia"' in page


def test_an_opening_refused_by_the_authority_shows_the_reason(login, make_user, company, make_tac):
    from tests.fixtures.ciot import clear_irregular, mark_irregular
    partner = make_tac()
    client, token = _client(login, make_user, company)
    mark_irregular(partner.rntrc)
    try:
        response = client.post("/ciot/agregados/novo", data={"csrf_token": token, "partner_id": str(partner.id),
                                                             "placa_cavalo": "ABC1D23", **DECLARED})
    finally:
        clear_irregular(partner.rntrc)
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Abertura rejeitada pela ANTT" in page and "irregular" in page and "foi cancelado" in page
    assert 'data-status="cancelado"' in page and 'data-testid="add-trip"' not in page


def test_a_cancellation_refused_by_the_authority_keeps_it_aberto_with_the_reason(login, make_user, company,
                                                                                 open_agregado):
    from tests.fixtures.agregado import deactivate_at_authority
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    deactivate_at_authority(agg["id"])
    response = client.post(f"/ciot/agregados/{agg['id']}/cancelar", data={"csrf_token": token}, headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "Cancelamento rejeitado pela ANTT" in html
    assert "Última recusa da ANTT" in html and "não está ativo" in html and 'data-status="aberto"' in html
    assert 'data-testid="add-trip"' in html
    contract = load_agregado(agg["id"])
    assert contract.status == "aberto" and "não está ativo" in contract.mensagem_antt


def test_cancelling_with_the_authority_unreachable_says_it_is_sent_again(login, make_user, company, open_agregado,
                                                                        authority):
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    authority.down.add("cancel_aggregate")
    response = client.post(f"/ciot/agregados/{agg['id']}/cancelar", data={"csrf_token": token}, headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "enviado: a ANTT não respondeu agora" in html
    assert "Cancelamento enviado à ANTT, aguardando a resposta" in html and 'data-testid="add-trip"' not in html
    assert load_agregado(agg["id"]).pendencia == "cancelamento"


def _banner(html: str) -> str | None:
    """The text of the page's pending-request banner (data-testid="pendencia"), or None."""
    import re
    found = re.search(r'data-testid="pendencia"[^>]*>(.*?)</', html, re.S)
    return found.group(1).strip() if found else None


def test_a_pending_cancellation_shows_since_when_until_the_sweep_settles_it(login, make_user, company, open_agregado,
                                                                           authority, app, monkeypatch):
    from core.formatting import when
    from domain.ciot_agregado.periodic_jobs import retry_stuck_agregados
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    url = f"/ciot/agregados/{agg['id']}"
    assert _banner(client.get(url).get_data(as_text=True)) is None
    authority.down.add("cancel_aggregate")
    client.post(url + "/cancelar", data={"csrf_token": token}, headers=HX)
    asked_at = when(load_agregado(agg["id"]).cancelamento_solicitado_at)
    page = client.get(url).get_data(as_text=True)
    assert _banner(page).startswith(f"Cancelamento enviado à ANTT, aguardando a resposta desde {asked_at} ")
    assert 'data-status="aberto"' in page  # the badge keeps the contract's status
    authority.down.clear()
    monkeypatch.setitem(app.config, "CIOT_AGREGADO_PENDING_STALE_SECONDS", 0)
    assert retry_stuck_agregados() == 1
    page = client.get(url).get_data(as_text=True)
    assert _banner(page) is None and 'data-status="cancelado"' in page


def test_a_pending_cancellation_the_sweep_finds_refused_leaves_no_banner(login, make_user, company, open_agregado,
                                                                         authority, app, monkeypatch):
    from domain.ciot_agregado.periodic_jobs import retry_stuck_agregados
    from tests.fixtures.agregado import deactivate_at_authority
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    url = f"/ciot/agregados/{agg['id']}"
    authority.down.add("cancel_aggregate")
    client.post(url + "/cancelar", data={"csrf_token": token}, headers=HX)
    assert _banner(client.get(url).get_data(as_text=True)).startswith("Cancelamento enviado à ANTT")
    authority.down.clear()
    deactivate_at_authority(agg["id"])
    monkeypatch.setitem(app.config, "CIOT_AGREGADO_PENDING_STALE_SECONDS", 0)
    assert retry_stuck_agregados() == 1
    page = client.get(url).get_data(as_text=True)
    assert _banner(page) is None and "Última recusa da ANTT" in page and 'data-testid="cancel-contract"' in page


# --- declaration data, rectification, tolls and the next trip (the API's rules, through the same services) -------

def test_an_opening_without_what_the_declaration_needs_is_held_then_completed_on_the_page(
        login, make_user, company, make_tac):
    partner = make_tac()
    client, token = _client(login, make_user, company)
    response = client.post("/ciot/agregados/novo", data={
        "csrf_token": token, "partner_id": str(partner.id), "placa_cavalo": "ABC1D23", "tipo_pagamento": "pix",
        "chave_pix": "abc", "eixos_cavalo": "3"})  # no value, a key of no type: held, as the API holds it
    assert response.status_code == 302
    url = response.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    assert "registrado e retido" in page and 'data-testid="bloqueios"' in page
    assert 'data-campo="valor_contratado"' in page and 'data-campo="pagamento.chave_pix"' in page
    assert 'data-testid="add-trip"' not in page and 'data-testid="rectify"' in page
    assert 'data-testid="cancel-contract"' in page  # a held contract may still be given up
    contract = load_agregado(url.rsplit("/", 1)[1])
    assert contract.codigo_ciot is None and [g["campo"] for g in contract.bloqueios] == [
        "valor_contratado", "pagamento.chave_pix"]
    bad = client.post(url + "/retificar", data={"csrf_token": token, "eixos_cavalo": "9"}, headers=HX)
    assert bad.status_code == 422
    assert 'id="eixos_cavalo-error"' in bad.get_data(as_text=True)
    done = client.post(url + "/retificar", data={"csrf_token": token, "valor_contratado": "12.000,00",
                                                 "tipo_pagamento": "pix", "chave_pix": "joao@exemplo.com.br"},
                       headers=HX)
    html = done.get_data(as_text=True)
    assert done.status_code == 200 and "aberto e declarado" in html and 'data-testid="bloqueios"' not in html
    contract = load_agregado(contract.id)
    assert contract.codigo_ciot is not None and contract.valor_contratado == 12000 and contract.bloqueios == []


def test_rectification_on_the_page_follows_the_flow(login, make_user, company, open_agregado):
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    url = f"/ciot/agregados/{agg['id']}"
    assert 'data-testid="rectify"' not in client.get(url).get_data(as_text=True)  # default flow: not offered
    refused = client.post(url + "/retificar", data={"csrf_token": token, "valor_contratado": "16.000,00"},
                          headers=HX)
    assert refused.status_code == 422 and "fluxo legado" in refused.get_data(as_text=True)
    company.ciot_flow = "legacy"
    db.session.commit()
    assert 'data-testid="rectify"' in client.get(url).get_data(as_text=True)
    whole_form = {"data_prevista_encerramento": agg["data_prevista_encerramento"], "origem_uf": "SP",
                  "origem_municipio_nome": "São Paulo", "destino_uf": "RJ", "destino_municipio_nome": "Rio de Janeiro"}
    unchanged = client.post(url + "/retificar", headers=HX,
                            data={"csrf_token": token, **whole_form, "valor_contratado": "15.000,00"})
    assert unchanged.status_code == 422 and "Nada a retificar" in unchanged.get_data(as_text=True)
    done = client.post(url + "/retificar", data={"csrf_token": token, **whole_form, "valor_contratado": "16.000,00",
                                                 "observacoes": "Aditivo"}, headers=HX)
    html = done.get_data(as_text=True)
    assert done.status_code == 200 and "Retificação registrada na ANTT" in html and "Retificado" not in html
    assert "Contrato retificado na ANTT (valor_contratado)" in html  # the authority's answer in the history
    assert load_agregado(agg["id"]).valor_contratado == 16000


def test_the_next_trip_keeps_the_previous_trips_parties_and_route(login, make_user, company, open_agregado):
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    url = f"/ciot/agregados/{agg['id']}"
    html = client.post(url + "/viagens", data={**TRIP, "csrf_token": token}, headers=HX).get_data(as_text=True)
    form = html[html.index('id="trip-form"'):html.index('data-testid="add-trip"')]
    for name, value in (("expedidor_nome", "Embarcadora"), ("recebedor_nome", "Maria"),
                        ("origem_municipio_nome", "Campinas"), ("destino_municipio_nome", "Niterói")):
        assert f'name="{name}"' in form and f'value="{value}"' in form, name
    assert 'value="SP" selected' in form or 'selected value="SP"' in form
    assert 'value="1.500,25"' not in form  # value, date and weight start empty
    page = client.get(url).get_data(as_text=True)  # and on a reload
    assert 'value="Embarcadora"' in page[page.index('id="trip-form"'):]


def test_tolls_on_the_page_are_the_shippers(login, make_user, company, open_agregado):
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    url = f"/ciot/agregados/{agg['id']}"
    page = client.get(url).get_data(as_text=True)
    debit_form = page[page.index('id="debit-form"'):page.index('data-testid="add-debit"')]
    assert 'value="pedagio"' not in debit_form
    refused = client.post(url + "/debitos", data={"csrf_token": token, "tipo": "pedagio", "valor": "50,00",
                                                  "motivo": "Praça de pedágio"}, headers=HX)
    assert refused.status_code == 422 and "Lei 10.209/2001" in refused.get_data(as_text=True)
    html = client.post(url + "/viagens", data={**TRIP, "csrf_token": token, "valor_vale_pedagio": "85,40"},
                       headers=HX).get_data(as_text=True)
    assert "Vale-pedágio das viagens: R$ 85,40" in html and "Saldo R$ 1.500,25" in html


def test_the_closing_form_asks_for_the_distances_it_cannot_compute(login, make_user, company, open_agregado):
    """A trip inside Campinas (no seat-to-seat distance) is taken; the closing form then asks for that route's km."""
    agg = open_agregado()
    client, token = _client(login, make_user, company)
    url = f"/ciot/agregados/{agg['id']}"
    same = {**TRIP, "csrf_token": token, "destino_uf": "SP", "destino_municipio_nome": "Campinas"}
    html = client.post(url + "/viagens", data=same, headers=HX).get_data(as_text=True)
    assert 'data-testid="route-distances"' in html and 'name="distancia__3509502__3509502"' in html
    close = {"csrf_token": token, "peso_carga_final": "12.000", "motivo": "Fim da safra"}
    refused = client.post(url + "/encerrar", data={**close, "distancia__3509502__3509502": "abc"}, headers=HX)
    assert refused.status_code == 422 and "Distância inválida" in refused.get_data(as_text=True)
    done = client.post(url + "/encerrar", data={**close, "distancia__3509502__3509502": "18,5"}, headers=HX)
    assert done.status_code == 200, done.get_data(as_text=True)[-3000:]
    contract = load_agregado(agg["id"])
    assert contract.status == "encerrado" and contract.rotas_consolidadas[0]["distancia_km"] == "18.5"


def test_the_balance_chart_reads_the_ledger_day_by_day(login, make_user, company, open_agregado):
    """The contract's balance at the end of each day with entries, as text beside its bar: a negative one in red;
    a cancelled line leaves the balance as it was."""
    from tests.finance.test_dashboard_charts import chart, rows
    agg = open_agregado()
    url = f"/ciot/agregados/{agg['id']}"
    client, token = _client(login, make_user, company)
    assert chart(client.get(url).get_data(as_text=True), "chart-balance") is None  # no entries, no chart
    client.post(url + "/viagens", data={**TRIP, "csrf_token": token, "valor": "1.000,00"}, headers=HX)
    client.post(url + "/debitos", data={"csrf_token": token, "tipo": "adiantamento", "valor": "1.500,00",
                                        "motivo": "Adiantamento", "data_debito": in_period(2, "09:00")}, headers=HX)
    client.post(url + "/viagens", data={**TRIP, "csrf_token": token, "valor": "700,00",
                                        "data_viagem": in_period(3, "08:00")}, headers=HX)
    section = chart(client.get(url).get_data(as_text=True), "chart-balance")
    days = [f"{brasilia_today() + timedelta(days=n):%d/%m}" for n in (1, 2, 3)]
    assert rows(section) == {days[0]: "R$ 1.000,00", days[1]: "R$ -500,00", days[2]: "R$ 200,00"}
    assert section.count('class="chart-row tone-danger"') == 1 and "<svg" in section


def test_a_held_contract_says_in_words_what_is_missing_and_offers_the_completion_with_pickers(
        login, make_user, company, make_tac):
    """Held for its bank data and a trailer's axles: the page lists each gap by what it is ("Agência", "Eixos do
    veículo DEF-4G56"), without the API's codes (`conta_corrente`, `agencia`), each linking to its input; the
    completion form suggests the route's municipalities and names the plates its axles inputs are for."""
    import re
    partner = make_tac()
    client, token = _client(login, make_user, company)
    response = client.post("/ciot/agregados/novo", data={
        "csrf_token": token, "partner_id": str(partner.id), "placa_cavalo": "ABC1D23", "placas_reboques": "DEF4G56",
        "valor_contratado": "15.000,00", "tipo_pagamento": "conta_corrente", "banco": "341", "eixos_cavalo": "3",
        "origem_uf": "SP", "origem_municipio_nome": "Campinas", "destino_uf": "RJ",
        "destino_municipio_nome": "Niterói"})
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    gaps = page.split('data-testid="bloqueios"', 1)[1].split("</ul>", 1)[0]
    assert "Este contrato ainda não foi declarado na ANTT" in gaps
    assert '<a href="#agencia">Agência</a>' in gaps and '<a href="#eixos_reboques">Eixos do veículo DEF4G56' in gaps
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|\bagencia\b", re.sub(r"<[^>]+>", " ", gaps)), gaps
    form = page.split('id="rectify-form"', 1)[1].split("</form>", 1)[0]
    assert 'hx-target="#rectify-municipios-origem"' in form and 'list="rectify-municipios-destino"' in form
    origem = form.split('id="rectify-municipios-origem"', 1)[1].split("</datalist>", 1)[0]
    assert '<option value="Campinas">' in origem and "Niterói" not in origem  # the route's UF, SP
    assert "Veículo ABC1D23." in form and "Reboques DEF4G56, nesta ordem." in form
    options = client.get("/ciot/agregados/municipios?origem_uf=rj").get_data(as_text=True)
    assert '<option value="Niterói">' in options and "Campinas" not in options


def _picker_options(html: str) -> dict:
    """{label: (disabled, fill, detail)} of a picker's options."""
    import html as html_lib
    import json
    import re
    found = {}
    for attrs, label, detail in re.findall(r'<li role="option"([^>]*)>\s*<span class="picker-label">([^<]*)</span>'
                                           r'.*?<small class="muted">([^<]*)</small>', html, re.S):
        fill = re.search(r'data-fill="([^"]*)"', attrs)
        found[label] = ('aria-disabled="true"' in attrs, json.loads(html_lib.unescape(fill.group(1))) if fill else None,
                        html_lib.unescape(detail))
    return found


def test_the_completion_form_fills_a_composition_vehicles_axles_from_the_fleet(
        login, make_user, company, make_company, make_tac, make_vehicle):
    """Held for its two trailers' axles: the completion form's fleet picker searches the company's vehicles. A
    trailer of the composition fills its own place in the trailers' axles (the other trailer's value, as the form
    holds it, kept), the tractor fills its axles, a vehicle outside the composition is listed but fills nothing,
    another company's vehicle is never listed, and another company's user gets 404. The form posted as the picker
    filled it completes the declaration."""
    partner = make_tac()
    client, token = _client(login, make_user, company)
    response = client.post("/ciot/agregados/novo", data={
        "csrf_token": token, "partner_id": str(partner.id), "placa_cavalo": "ABC1D23",
        "placas_reboques": "DEF4G56, GHI7J89", "valor_contratado": "15.000,00", "tipo_pagamento": "pix",
        "chave_pix": "joao@exemplo.com.br", "eixos_cavalo": "3"})  # the trailers' axles unknown: held
    assert response.status_code == 302
    url = response.headers["Location"]
    form = client.get(url).get_data(as_text=True).split('id="rectify-form"', 1)[1].split("</form>", 1)[0]
    assert f'hx-get="{url}/frota"' in form and 'hx-include="#rectify-form [name=eixos_reboques]"' in form
    make_vehicle(plate="GHI7J89", axles=2, vehicle_type="Carreta LS")
    make_vehicle(plate="GHI7J80", axles=3, vehicle_type="Carreta baú")
    make_vehicle(plate="ABC1D23", axles=3, vehicle_type="Cavalo mecânico")
    make_vehicle(make_company(), plate="GHI7J81", axles=3)

    found = _picker_options(client.get(url + "/frota", query_string={"q": "ghi7", "eixos_reboques": "3"})
                            .get_data(as_text=True))
    assert set(found) == {"GHI7J89", "GHI7J80"}  # the composition's first; not the other company's GHI7J81
    assert found["GHI7J89"][:2] == (False, {"eixos_reboques": "3, 2"})  # the 2nd trailer; the 1st as typed
    assert "reboque 2 · 2 eixos" in found["GHI7J89"][2]
    assert found["GHI7J80"][:2] == (True, None) and "fora da composição" in found["GHI7J80"][2]
    tractor = _picker_options(client.get(url + "/frota?q=ABC1").get_data(as_text=True))
    assert tractor["ABC1D23"][:2] == (False, {"eixos_cavalo": "3"})
    assert "Digite ao menos 2" in client.get(url + "/frota?q=A").get_data(as_text=True)

    stranger = login(make_user(make_company()))
    assert stranger.get(url + "/frota?q=ghi7").status_code == 404

    done = client.post(url + "/retificar", data={"csrf_token": token, "eixos_reboques": "3, 2"}, headers=HX)
    assert done.status_code == 200 and "aberto e declarado" in done.get_data(as_text=True)
    assert [v["eixos"] for v in load_agregado(url.rsplit("/", 1)[1]).veiculos] == [3, 3, 2]
