"""CIOT pages with the logged-in test client: list and filters, the creation form (rows, live validation, inline
errors), the operation page actions and emission polling, PDF download, the batch-PDF job, roles and tenancy."""
import io
import re
import uuid
import zipfile
from datetime import timedelta
from decimal import Decimal

import pytest
import sqlalchemy as sa
from pypdf import PdfReader

from blueprints.web.ciot_form import field_label
from core.clock import brasilia_today
from core.db import db, utcnow
from core.formatting import parse_decimal
from core.tenancy import cross_tenant, tenant_scope
from domain.ciot.models import CiotOperation, EmissionAttempt
from domain.tenancy import services as tenancy
from tests.fixtures.ciot import ABSENT, ciot_body, events_of, load_op
from tests.fixtures.core import csrf_from

HX = {"HX-Request": "true"}


def form_data(body: dict) -> dict:
    """A creation body as the form posts it: input names are body paths, rows carry their index."""
    data = {}
    for key, value in body.items():
        if key in ("contratantes", "vehicles", "payments", "documents"):
            for index, item in enumerate(value):
                data[f"{key}[{index}]"] = "1"
                for name, item_value in item.items():
                    data[f"{key}[{index}].{name}"] = _text(item_value)
        elif key in ("origem", "destino"):
            for name, item_value in value.items():
                data[f"{key}.{name}"] = str(item_value)  # lat/lng inputs are type=number (dot decimals)
        else:
            data[key] = _text(value)
    return data


def _text(value) -> str:
    """As a person types it: booleans as the selects send them, decimals with a comma (pt-BR inputs)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (float, Decimal)):
        return str(value).replace(".", ",")
    return "" if value is None else str(value)


@pytest.fixture
def operador(login, make_user, company):
    client = login(make_user(company, role="operador"))
    client.csrf = csrf_from(client.get("/ciot/nova").get_data(as_text=True))
    return client


def input_tag(html: str, name: str) -> str:
    """The rendered <input> named `name` (WTForms writes its attributes in alphabetical order)."""
    return re.search(rf'<input[^>]*\bname="{re.escape(name)}"[^>]*>', html).group(0)


def selected_options(html: str) -> dict:
    """{select name: the value of its selected option} (attributes in any order)."""
    found = {}
    for name, options in re.findall(r'<select[^>]*\bname="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(r'<option(?=[^>]*\bselected)[^>]*\bvalue="([^"]*)"', options)
        if chosen:
            found[name] = chosen.group(1)
    return found


def post(client, path, data=None, htmx=True, **kw):
    headers = dict(HX) if htmx else {}
    headers["X-CSRFToken"] = client.csrf
    return client.post(path, data=data or {}, headers=headers, **kw)


# --- list ---------------------------------------------------------------------------------------------------------

def test_list_shows_status_badges_and_filters(operador, make_operation, company):
    emitted = make_operation(status="emitido")
    draft = make_operation(status="rascunho", tipo_operacao="fracionada")
    broken = make_operation(status="com_divergencia")
    html = operador.get("/ciot/").get_data(as_text=True)
    for op in (emitted, draft, broken):
        assert op.code in html
    assert 'class="badge badge-ok" data-status="emitido"' in html
    assert 'class="badge badge-draft" data-status="rascunho"' in html
    assert 'class="badge badge-danger" data-status="com_divergencia"' in html
    assert "Nova operação" in html

    only = operador.get("/ciot/?status=emitido").get_data(as_text=True)
    assert emitted.code in only and draft.code not in only and broken.code not in only
    fracionada = operador.get("/ciot/?tipo_operacao=fracionada").get_data(as_text=True)
    assert draft.code in fracionada and emitted.code not in fracionada

    with tenant_scope(company.id):
        db.session.execute(sa.update(CiotOperation).where(CiotOperation.id == broken.id)
                           .values(created_at=utcnow() - timedelta(days=10)))
        db.session.commit()
    old_day = (utcnow() - timedelta(days=10)).date().isoformat()
    period = operador.get(f"/ciot/?from={old_day}&to={old_day}").get_data(as_text=True)
    assert broken.code in period and emitted.code not in period


def test_environment_badge_in_words_on_the_list_and_the_operation(operador, make_operation):
    """The list showed a bare "H" for homologação; both environments are named, with the kit's badge."""
    homolog = make_operation(status="rascunho")
    producao = make_operation(status="rascunho", environment="producao")
    rows = dict(re.findall(r'<tr data-code="([^"]+)"(.*?)</tr>', operador.get("/ciot/").get_data(as_text=True), re.S))
    assert '<span class="badge badge-warn">Homologação</span>' in rows[homolog.code]
    assert '<span class="badge badge-info">Produção</span>' in rows[producao.code]
    assert ">H<" not in rows[homolog.code] and "Homologação" not in rows[producao.code]
    page = operador.get(f"/ciot/{producao.id}").get_data(as_text=True)
    assert re.search(r"<h1>[^<]*<span[^>]*>Rascunho</span>\s*<span class=\"badge badge-info\">Produção</span>", page)


def test_list_filter_answers_the_table_fragment_to_htmx(operador, make_operation):
    op = make_operation(status="encerrado")
    response = operador.get("/ciot/?status=encerrado", headers={**HX, "HX-Target": "operations-table"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<section class="card" id="operations-table">')
    assert 'class="badge badge-dark" data-status="encerrado"' in html and op.code in html


def test_list_bad_filter_is_reported(operador):
    response = operador.get("/ciot/?from=2026-02-01&to=2026-01-01")
    assert response.status_code == 422
    assert "A data inicial deve ser anterior ou igual à data final." in response.get_data(as_text=True)
    assert "&#39;from&#39;" not in response.get_data(as_text=True)
    assert operador.get("/ciot/?status=voando").status_code == 422


def test_list_paginates(operador, make_operation):
    ops = [make_operation(status="rascunho") for _ in range(3)]
    html = operador.get("/ciot/?limit=2").get_data(as_text=True)
    assert ops[2].code in html and ops[0].code not in html and "Próxima página" in html
    cursor = re.search(r'cursor=([^&"]+)', html).group(1)
    second = operador.get(f"/ciot/?limit=2&cursor={cursor}").get_data(as_text=True)
    assert ops[0].code in second and ops[2].code not in second


# --- creation form ----------------------------------------------------------------------------------------------

def test_new_form_starts_with_one_contratante_and_one_vehicle(operador):
    html = operador.get("/ciot/nova").get_data(as_text=True)
    assert 'name="contratantes[0].cpf_cnpj"' in html and 'name="vehicles[0].plate"' in html
    assert 'name="payments[0]' not in html and 'name="documents[0]' not in html
    assert 'hx-get="/ciot/nova/linha/vehicles?index=1"' in html
    assert 'name="origem.tipo"' in html and 'name="origem.codigo_municipio"' in html
    assert 'hx-post="/ciot/nova/validar"' in html and "keyup delay:500ms from:#ciot-form" in html


def test_rows_are_added_and_removed_as_fragments(operador):
    response = operador.get("/ciot/nova/linha/payments?index=3", headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and response.headers["HX-Trigger"] == "ciot-form-changed"
    assert 'id="row-payments-3"' in html and 'name="payments[3].amount"' in html
    assert 'name="payments[3].due_date"' in html and 'id="err-payments-3-amount"' in html
    # the add button comes back out-of-band with the next index
    assert re.search(r'<button type="button" id="add-payments"[^>]*hx-get="/ciot/nova/linha/payments\?index=4"'
                     r'[^>]*hx-swap-oob="true"', html)
    assert 'hx-swap="delete"' in html
    removed = operador.get("/ciot/nova/linha-removida", headers=HX)
    assert removed.status_code == 200 and removed.get_data() == b""
    assert removed.headers["HX-Trigger"] == "ciot-form-changed"
    assert operador.get("/ciot/nova/linha/motoristas?index=1").status_code == 404
    assert operador.get("/ciot/nova/linha/vehicles?index=-1").status_code == 404
    assert operador.get("/ciot/nova/linha/vehicles").status_code == 404


def test_location_type_swaps_both_sides(operador):
    html = operador.get("/ciot/nova/localizacao?origem.tipo=cep&origem.cep=01310100", headers=HX).get_data(
        as_text=True)
    assert 'name="origem.cep"' in html and 'name="destino.cep"' in html and 'value="01310100"' in html
    assert 'name="origem.uf"' not in html
    assert '<input type="hidden" name="destino.tipo" value="cep">' in html


def test_live_validation_lists_rule_codes(operador):
    data = form_data(ciot_body(destinatario_cpf_cnpj=ABSENT))
    response = post(operador, "/ciot/nova/validar", data)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    row = re.search(r'<tr class="rule-item" data-code="DS01" data-severity="blocker" '
                    r'data-field="destinatario_cpf_cnpj">(.*?)</tr>', html, re.S)
    assert row and "CPF/CNPJ do destinatário" in row.group(1) and "Bloqueio" in row.group(1)
    assert 'href="#f-destinatario-cpf-cnpj"' in row.group(1)  # the label leads to the input
    assert "Com divergência" in html
    # the rule lands on its input, out of band
    assert re.search(r'id="err-destinatario-cpf-cnpj" hx-swap-oob="true">DS01: ', html)
    # fixed: no item at all
    fixed = post(operador, "/ciot/nova/validar", form_data(ciot_body())).get_data(as_text=True)
    assert "DS01" not in fixed and "Sem pendências" in fixed
    assert 'id="err-destinatario-cpf-cnpj" hx-swap-oob="true"></small>' in fixed
    assert db.session.scalar(sa.select(sa.func.count()).select_from(CiotOperation).execution_options(
        cross_tenant=True)) == 0  # nothing saved


def test_live_validation_shows_the_manual_rules_with_pt_br_titles(operador):
    yesterday = (brasilia_today() - timedelta(days=1)).isoformat()
    body = ciot_body(composicao_contratada=ABSENT, distancia_km=0, viagem_inicio=f"{yesterday}T08:00")
    del body["vehicles"][1]["axles"]
    del body["payments"][1]["tipo_chave_pix"]
    html = post(operador, "/ciot/nova/validar", form_data(body)).get_data(as_text=True)
    expected = {"CRG01": ("distancia_km", "Distância obrigatória e maior que zero", "blocker"),
                "VEI07": ("vehicles[1].axles", "Eixos obrigatórios em todo veículo", "blocker"),
                "DAT08": ("viagem_inicio", "Viagem começa antes de hoje (fora de contingência)", "blocker"),
                # what the platform fills is shown as information, with the same label
                "DRV02": ("composicao_contratada", "Composição contratada assumida completa", "info"),
                "DRV01": ("payments[1].tipo_chave_pix", "Tipo da chave PIX deduzido do formato da chave", "info")}
    for code, (field, title, severity) in expected.items():
        row = re.search(rf'<tr class="rule-item" data-code="{code}" data-severity="{severity}" '
                        rf'data-field="{re.escape(field)}">(.*?)</tr>', html, re.S)
        assert row and field_label(field) in row.group(1) and title in row.group(1), code
    assert re.search(r'<tr class="rule-item" data-code="DRV02".*?Informação', html, re.S)
    assert re.search(r'id="err-vehicles-1-axles" hx-swap-oob="true">VEI07: ', html)
    assert 'data-code="PAG06"' not in html and 'data-code="CRG03"' not in html  # derived, never asked


def test_form_takes_vehicle_axles_from_the_company_fleet_registry(operador, company, make_company, make_vehicle):
    body = ciot_body()
    for vehicle in body["vehicles"]:
        del vehicle["axles"]
    make_vehicle(make_company(), plate="ABC1D23", axles=2)   # another company's registry is never read
    make_vehicle(company, plate="DEF4567", axles=3)
    html = post(operador, "/ciot/nova/validar", form_data(body)).get_data(as_text=True)
    rows = re.findall(r'<tr[^>]*data-code="VEI07"[^>]*>(.*?)</tr>', html, re.S)
    assert rows and all("“Veículo 1 · Eixos”" in row for row in rows)  # the label, not vehicles[0].axles
    assert not any("Veículo 2" in row for row in rows)
    make_vehicle(company, plate="ABC1D23", axles=2)
    created = post(operador, "/ciot/nova", form_data(body), htmx=False)
    assert created.status_code == 302
    op = db.session.scalars(sa.select(CiotOperation).execution_options(cross_tenant=True)).one()
    assert [v.axles for v in op.vehicles] == [2, 3] and op.status == "pronto_emissao"


def test_live_validation_warnings_and_gapped_rows(operador):
    body = ciot_body()
    body["documents"][0]["freight_value"] = 4000
    data = form_data(body)
    # a third vehicle rendered as row 5 (rows 2-4 were removed): its errors name row 5
    data.update({"vehicles[5]": "1", "vehicles[5].plate": "XX12", "vehicles[5].vehicle_kind": "implemento"})
    html = post(operador, "/ciot/nova/validar", data).get_data(as_text=True)
    assert 'data-code="DC04" data-severity="warning"' in html and "Alerta" in html
    assert 'data-code="VEI01"' in html
    assert re.search(r'id="err-vehicles-5-plate" hx-swap-oob="true">VEI01: ', html)
    assert re.search(r'id="err-documents-0-freight-value" hx-swap-oob="true">DC04: ', html)


def test_live_validation_shows_schema_errors_in_the_panel(operador):
    data = form_data(ciot_body(contratado_cpf_cnpj=ABSENT))
    data["vehicles[0].vehicle_kind"] = "bicicleta"
    data["valor_frete"] = "muito"
    html = post(operador, "/ciot/nova/validar", data).get_data(as_text=True)
    assert "pendência(s) de preenchimento" in html
    # fields by their labels (the body path stays in data-field for tools), never `vehicles[0].vehicle_kind`
    assert '<tr class="schema-error" data-code="missing" data-field="contratado_cpf_cnpj">' in html
    assert "CPF/CNPJ do contratado" in html and "Veículo 1 · Tipo" in html and "Valor do frete (R$)" in html
    assert "<code>" not in html
    # typed-but-wrong values are flagged inline; an empty required input only in the panel while typing
    assert re.search(r'id="err-vehicles-0-vehicle-kind" hx-swap-oob="true">Valor não permitido', html)
    assert re.search(r'id="err-valor-frete" hx-swap-oob="true">Número inválido: use vírgula', html)
    assert 'id="err-contratado-cpf-cnpj" hx-swap-oob="true"></small>' in html
    assert "rule-item" not in html


def test_pt_br_numbers_are_accepted(operador):
    data = form_data(ciot_body())
    data.update({"valor_frete": "5.000,00", "payments[0].amount": "1.500,00", "payments[1].amount": "3500,00"})
    html = post(operador, "/ciot/nova/validar", data).get_data(as_text=True)
    assert "Sem pendências" in html


def test_pt_br_money_weight_and_distance_are_saved_as_typed(operador):
    data = form_data(ciot_body())
    data.update({"valor_frete": "5.000,00", "payments[0].amount": "1.500", "payments[1].amount": "3500,00",
                 "peso_carga": "20.000,5", "distancia_km": "430,25", "csrf_token": operador.csrf})
    response = operador.post("/ciot/nova", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    op = load_op(response.headers["Location"].rsplit("/", 1)[-1])
    assert op.valor_frete == Decimal("5000.00") and op.peso_carga == Decimal("20000.5")
    assert op.distancia_km == Decimal("430.25")
    assert [p.amount for p in op.payments] == [Decimal("1500.00"), Decimal("3500.00")]  # "1.500" is 1.500,00


@pytest.mark.parametrize("typed", ["5000.50", "1.5", "5,000.00", "5,000"])
def test_ambiguous_money_is_refused_inline_never_guessed(operador, typed):
    data = form_data(ciot_body())
    data.update({"valor_frete": typed, "csrf_token": operador.csrf})
    response = operador.post("/ciot/nova", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'id="err-valor-frete" role="alert">[^<]*vírgula', html)
    tag = input_tag(html, "valor_frete")
    assert f'value="{typed}"' in tag  # shown back exactly as typed
    assert 'inputmode="decimal"' in tag and 'type="text"' in tag and 'type="number"' not in tag
    assert db.session.scalar(sa.select(sa.func.count()).select_from(CiotOperation)) == 0


def test_create_from_the_form(operador, company):
    data = form_data(ciot_body())
    data["csrf_token"] = operador.csrf
    response = operador.post("/ciot/nova", data=data)
    assert response.status_code == 302
    op_id = response.headers["Location"].rsplit("/", 1)[-1]
    op = load_op(op_id)
    assert op.company_id == company.id and op.status == "pronto_emissao" and op.created_by.startswith("user:")
    assert [v.plate for v in op.vehicles] == ["ABC1D23", "DEF4567"]
    assert [p.kind for p in op.payments] == ["adiantamento", "saldo"] and len(op.documents) == 1
    assert op.origem["codigo_municipio"] == "3550308" and op.destino["tipo"] == "municipio"
    page = operador.get(response.headers["Location"]).get_data(as_text=True)
    assert f"Operação {op.code} criada: pronto para emissão." in page


def test_create_with_rule_blockers_still_creates(operador):
    data = form_data(ciot_body(destinatario_cpf_cnpj=ABSENT))
    data["csrf_token"] = operador.csrf
    response = operador.post("/ciot/nova", data=data, headers=HX)
    assert response.status_code == 204 and response.headers["HX-Redirect"].startswith("/ciot/")
    op = load_op(response.headers["HX-Redirect"].rsplit("/", 1)[-1])
    assert op.status == "com_divergencia" and "DS01" in [i["code"] for i in op.validation_items]


def test_create_with_auto_emit(operador):
    data = form_data(ciot_body())
    data.update({"csrf_token": operador.csrf, "auto_emit": "1"})
    response = operador.post("/ciot/nova", data=data)
    op = load_op(response.headers["Location"].rsplit("/", 1)[-1])
    assert op.status == "emitido" and op.codigo_ciot


def test_schema_errors_show_inline_and_nothing_is_created(operador):
    data = form_data(ciot_body(contratado_rntrc=ABSENT))
    data["vehicles[0].plate"] = ""
    data["csrf_token"] = operador.csrf
    response = operador.post("/ciot/nova", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'id="err-contratado-rntrc" role="alert">Campo obrigatório', html)
    assert re.search(r'id="err-vehicles-0-plate" role="alert">Campo obrigatório', html)
    assert 'value="João da Silva"' in html  # what was typed stays
    assert 'name="payments[1].amount"' in html  # the rows too
    assert db.session.scalar(sa.select(sa.func.count()).select_from(CiotOperation).execution_options(
        cross_tenant=True)) == 0


def test_a_refused_form_keeps_the_emit_choice(operador):
    data = form_data(ciot_body(contratado_rntrc=ABSENT))
    data.update({"csrf_token": operador.csrf, "auto_emit": "1"})
    html = operador.post("/ciot/nova", data=data).get_data(as_text=True)
    assert re.search(r'<input checked id="auto_emit" name="auto_emit" type="checkbox" value="1">', html)
    unchecked = operador.get("/ciot/nova").get_data(as_text=True)
    assert '<input id="auto_emit" name="auto_emit" type="checkbox" value="1">' in unchecked


# --- operation page and actions ---------------------------------------------------------------------------------

def test_operation_page_shows_everything(operador, make_operation):
    op = make_operation(status="emitido")
    html = operador.get(f"/ciot/{op.id}").get_data(as_text=True)
    for expected in (op.code, op.codigo_ciot, op.protocolo, "João da Silva", "529.982.247-25", "ABC1D23",
                     "DEF-4567", "Linha do tempo", "CIOT emitido", "Baixar PDF da declaração",
                     'id="form-cancel"', 'id="form-close"'):
        assert expected in html, expected
    assert 'id="action-emit"' not in html and 'id="form-rectify"' not in html  # not a legacy-flow company


def test_validate_action_returns_the_panel(operador, make_operation):
    op = make_operation(status="rascunho")
    response = post(operador, f"/ciot/{op.id}/validar")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="operation-panel" data-status="pronto_emissao"')
    assert "Validação sem pendências" in html and load_op(op.id).status == "pronto_emissao"


def test_emit_action_emits_and_stops_polling(operador, make_operation):
    op = make_operation(status="pronto_emissao")
    response = post(operador, f"/ciot/{op.id}/emitir")
    html = response.get_data(as_text=True)
    assert response.status_code == 286  # inline worker: already done, nothing to poll
    fresh = load_op(op.id)
    assert fresh.status == "emitido" and f"CIOT {fresh.codigo_ciot} emitido" in html
    assert 'hx-trigger="every 1s"' not in html


def test_create_then_emit_from_the_pages_logs_one_validation(operador):
    """The timeline said "Validada" for the creation and again for the emission of the same, unchanged data."""
    data = form_data(ciot_body())
    data["csrf_token"] = operador.csrf
    op_id = operador.post("/ciot/nova", data=data).headers["Location"].rsplit("/", 1)[-1]
    assert post(operador, f"/ciot/{op_id}/emitir").status_code == 286
    assert events_of(op_id) == ["created", "validated", "emission_requested", "emission_succeeded"]
    timeline = operador.get(f"/ciot/{op_id}").get_data(as_text=True)
    assert timeline.count('data-type="validated"') == 1


def test_emit_blocked_by_validation_is_422_with_the_codes(operador, make_operation):
    op = make_operation(status="com_divergencia")
    response = post(operador, f"/ciot/{op.id}/emitir")
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "Emissão bloqueada pela validação" in html and "DS01" in html
    assert load_op(op.id).status == "com_divergencia"
    assert "emission_blocked" in html  # the refused action's record is kept


def test_emission_progress_polls_while_emitindo(operador, make_operation):
    from domain.ciot.jobs import ask_authority as emit_operation
    op = make_operation(status="emitindo")
    polling = operador.get(f"/ciot/{op.id}/emissao", headers=HX)
    html = polling.get_data(as_text=True)
    assert polling.status_code == 200
    assert f'hx-get="/ciot/{op.id}/emissao" hx-trigger="every 1s"' in html and "Emissão em andamento" in html
    attempt_id = db.session.execute(cross_tenant(sa.select(EmissionAttempt.id).where(
        EmissionAttempt.operation_id == op.id))).scalar_one()
    assert emit_operation(str(op.id), str(attempt_id)) == "succeeded"
    done = operador.get(f"/ciot/{op.id}/emissao", headers=HX)
    assert done.status_code == 286
    assert "every 1s" not in done.get_data(as_text=True) and load_op(op.id).codigo_ciot in done.get_data(
        as_text=True)


def test_cancel_needs_a_reason_then_cancels(operador, make_operation):
    op = make_operation(status="emitido")
    short = post(operador, f"/ciot/{op.id}/cancelar", {"motivo": "x"})
    assert short.status_code == 422
    assert "Deve ter pelo menos 3 caracteres" in short.get_data(as_text=True)
    assert 'id="form-cancel" open' in short.get_data(as_text=True)
    done = post(operador, f"/ciot/{op.id}/cancelar", {"motivo": "Carga não embarcada"})
    assert done.status_code == 200 and load_op(op.id).status == "cancelado"
    assert "cancelado." in done.get_data(as_text=True) and 'data-status="cancelado"' in done.get_data(as_text=True)
    again = post(operador, f"/ciot/{op.id}/cancelar", {"motivo": "De novo"})
    assert again.status_code == 422 and "Só é possível cancelar uma operação emitida" in again.get_data(as_text=True)


def test_close_action(operador, make_operation):
    op = make_operation(status="emitido")
    bad = post(operador, f"/ciot/{op.id}/encerrar", {"peso_carga_final": "0"})
    assert bad.status_code == 422 and "Deve ser maior a 0" in bad.get_data(as_text=True)
    unread = post(operador, f"/ciot/{op.id}/encerrar", {"peso_carga_final": "1.5", "observacoes": "Entregue"})
    html = unread.get_data(as_text=True)
    # the kit's field: the error next to its input, what was typed kept, the other action forms left empty
    field = re.search(r'<input[^>]*id="close-peso_carga_final"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in field and 'value="1.5"' in field and 'inputmode="decimal"' in field
    assert 'id="close-peso_carga_final-error"' in html and 'id="form-close" open' in html
    assert re.search(r'<textarea[^>]*id="close-observacoes"[^>]*>\s*Entregue</textarea>', html)
    assert re.search(r'<textarea[^>]*id="cancel-motivo"[^>]*>\s*</textarea>', html)
    done = post(operador, f"/ciot/{op.id}/encerrar", {"peso_carga_final": "19500", "observacoes": "Entregue"})
    assert done.status_code == 200
    fresh = load_op(op.id)
    assert fresh.status == "encerrado" and fresh.peso_carga_final == 19500 and fresh.quantidade_viagens == 1


def test_rectify_action_for_legacy_flow(operador, make_operation, company):
    tenancy.update_company(company, ciot_flow="legacy")
    db.session.commit()
    op = make_operation(status="emitido", tipo_operacao="fracionada")
    html = operador.get(f"/ciot/{op.id}").get_data(as_text=True)
    assert 'id="form-rectify"' in html
    response = post(operador, f"/ciot/{op.id}/retificar", {"peso_carga": "21000", "observacoes": "Peso aferido"})
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    fresh = load_op(op.id)
    assert fresh.peso_carga == 21000 and fresh.retificacoes == 1 and fresh.status == "emitido"
    empty = post(operador, f"/ciot/{op.id}/retificar", {})
    assert empty.status_code == 422 and "Informe ao menos um campo" in empty.get_data(as_text=True)


def test_delete_before_emission(operador, make_operation):
    op = make_operation(status="validado")
    response = post(operador, f"/ciot/{op.id}/excluir", htmx=False)
    assert response.status_code == 302 and load_op(op.id).status == "cancelado"
    page = operador.get(response.headers["Location"]).get_data(as_text=True)
    assert "Operação cancelada antes da emissão" in page


def test_pdf_download_from_the_page(operador, make_operation):
    op = make_operation(status="emitido")
    response = operador.get(f"/ciot/{op.id}/pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert op.codigo_ciot in response.headers["Content-Disposition"]
    assert op.codigo_ciot in PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    draft = make_operation(status="rascunho")
    assert operador.get(f"/ciot/{draft.id}/pdf").status_code == 409


# --- roles and tenancy ----------------------------------------------------------------------------------------

def test_leitura_reads_but_cannot_act(login, make_user, company, make_operation):
    op = make_operation(status="pronto_emissao")
    reader = login(make_user(company, role="leitura"))
    token = csrf_from(reader.get("/ciot/").get_data(as_text=True))
    listing = reader.get("/ciot/").get_data(as_text=True)
    assert op.code in listing and "Nova operação" not in listing
    page = reader.get(f"/ciot/{op.id}").get_data(as_text=True)
    assert op.code in page and 'id="operation-actions"' not in page
    assert reader.get("/ciot/nova").status_code == 403
    for path in (f"/ciot/{op.id}/validar", f"/ciot/{op.id}/emitir", f"/ciot/{op.id}/excluir", "/ciot/nova",
                 "/ciot/nova/validar"):
        assert reader.post(path, headers={"X-CSRFToken": token}).status_code == 403, path
    assert load_op(op.id).status == "pronto_emissao"


def test_admin_acts(login, make_user, company, make_operation):
    op = make_operation(status="rascunho")
    admin = login(make_user(company, role="admin"))
    token = csrf_from(admin.get("/ciot/").get_data(as_text=True))
    assert admin.post(f"/ciot/{op.id}/validar", headers={**HX, "X-CSRFToken": token}).status_code == 200


def test_another_companys_operation_is_404_everywhere(operador, make_operation, make_company):
    other = make_operation(company=make_company(), status="emitido")
    for path in (f"/ciot/{other.id}", f"/ciot/{other.id}/pdf", f"/ciot/{other.id}/emissao", f"/ciot/{uuid.uuid4()}",
                 "/ciot/nao-e-um-id"):
        assert operador.get(path).status_code == 404, path
    for path in ("validar", "emitir", "cancelar", "encerrar", "retificar", "excluir"):
        response = post(operador, f"/ciot/{other.id}/{path}", {"motivo": "Tentativa", "peso_carga_final": "1"})
        assert response.status_code == 404, path
    assert load_op(other.id).status == "emitido"
    listing = operador.get("/ciot/").get_data(as_text=True)
    assert other.code not in listing or str(other.id) not in listing


def test_csrf_is_required(operador, make_operation):
    op = make_operation(status="rascunho")
    assert operador.post(f"/ciot/{op.id}/validar").status_code == 400


# --- batch PDF job ------------------------------------------------------------------------------------------------

def test_batch_job_runs_to_done_and_downloads(operador, make_operation):
    ops = [make_operation(status="emitido"), make_operation(status="cancelado")]
    make_operation(status="rascunho")
    page = operador.get("/ciot/pdf-lote").get_data(as_text=True)
    assert re.search(r'<input checked id="status-\d" name="status" type="checkbox" value="emitido">', page)
    response = post(operador, "/ciot/pdf-lote", {"status": ["emitido", "encerrado", "cancelado"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and 'id="batch-job"' in html
    job_id = re.search(r'id="job-([0-9a-f-]{36})"', html).group(1)
    assert 'data-state="done"' in html and f"/jobs/{job_id}/resultado" in html
    progress = operador.get(f"/jobs/{job_id}")
    assert progress.status_code == 286 and "Concluído" in progress.get_data(as_text=True)
    download = operador.get(f"/jobs/{job_id}/resultado")
    assert download.status_code == 200 and download.mimetype == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(download.data))
    assert archive.namelist() == [f"{op.code}.pdf" for op in ops]
    for op in ops:
        text = PdfReader(io.BytesIO(archive.read(f"{op.code}.pdf"))).pages[0].extract_text()
        assert op.code in text


def test_batch_from_selected_rows_of_the_list(operador, make_operation):
    _a, b = make_operation(status="emitido"), make_operation(status="encerrado")
    response = post(operador, "/ciot/pdf-lote", {"ids": [str(b.id)]}, htmx=False)
    assert response.status_code == 302 and "/ciot/pdf-lote?job=" in response.headers["Location"]
    page = operador.get(response.headers["Location"]).get_data(as_text=True)
    job_id = re.search(r'id="job-([0-9a-f-]{36})"', page).group(1)
    archive = zipfile.ZipFile(io.BytesIO(operador.get(f"/jobs/{job_id}/resultado").data))
    assert archive.namelist() == [f"{b.code}.pdf"]


def test_batch_errors_are_shown_in_the_form(operador, make_operation):
    none = post(operador, "/ciot/pdf-lote", {"status": ["emitido"]})
    assert none.status_code == 422 and "Nenhuma operação com PDF" in none.get_data(as_text=True)
    for _ in range(51):
        make_operation(status="cancelado")
    many = post(operador, "/ciot/pdf-lote", {"status": ["cancelado"]})
    assert many.status_code == 422 and "51 operações correspondem ao filtro" in many.get_data(as_text=True)
    bad = post(operador, "/ciot/pdf-lote", {"status": ["rascunho"], "from": "2026-99-01"})
    html = bad.get_data(as_text=True)
    assert bad.status_code == 422 and "Status sem PDF" in html and "Data inválida" in html


def test_another_companys_job_is_404(operador, login, make_user, make_company, make_operation):
    other_company = make_company()
    make_operation(company=other_company, status="emitido")
    other = login(make_user(other_company, role="operador"))
    other.csrf = csrf_from(other.get("/ciot/pdf-lote").get_data(as_text=True))
    html = post(other, "/ciot/pdf-lote", {"status": ["emitido"]}).get_data(as_text=True)
    job_id = re.search(r'id="job-([0-9a-f-]{36})"', html).group(1)
    assert operador.get(f"/jobs/{job_id}").status_code == 404
    assert operador.get(f"/jobs/{job_id}/resultado").status_code == 404
    assert operador.get(f"/ciot/pdf-lote?job={job_id}").status_code == 404


def test_batch_job_through_the_pdf_queue(app, operador, make_operation, monkeypatch):
    """With a worker (RQ, real Redis): the page answers at once with a polling fragment; the worker builds the ZIP."""
    import os

    from redis import Redis
    from rq import Queue, SimpleWorker

    from core.serializer import JsonFirstSerializer
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("real Redis not configured: set TEST_REDIS_URL=redis://127.0.0.1:6379/<db>")
    connection = Redis.from_url(url)
    queue = Queue("pdf", connection=connection, serializer=JsonFirstSerializer)
    queue.empty()
    op = make_operation(status="emitido")
    monkeypatch.setitem(app.config, "JOBS_INLINE", False)
    html = post(operador, "/ciot/pdf-lote", {"ids": [str(op.id)]}).get_data(as_text=True)
    job_id = re.search(r'id="job-([0-9a-f-]{36})"', html).group(1)
    assert 'data-state="queued"' in html and f'hx-get="/jobs/{job_id}" hx-trigger="every 1s"' in html
    assert operador.get(f"/jobs/{job_id}").status_code == 200  # still polling
    assert queue.count == 1
    SimpleWorker([queue], connection=connection, serializer=JsonFirstSerializer).work(burst=True)
    done = operador.get(f"/jobs/{job_id}")
    assert done.status_code == 286 and "Concluído" in done.get_data(as_text=True)
    archive = zipfile.ZipFile(io.BytesIO(operador.get(f"/jobs/{job_id}/resultado").data))
    assert archive.namelist() == [f"{op.code}.pdf"]


def test_operation_list_text_search(operador, make_operation, make_company):
    joao = make_operation(contratado_nome="João da Silva", external_id="PED-7781")
    maria = make_operation(contratado_nome="Maria Transportes")
    make_operation(make_company(), contratado_nome="João de outra empresa")

    def codes(q):
        html = operador.get("/ciot/", query_string={"q": q}).get_data(as_text=True)
        return set(re.findall(r'<tr data-code="([^"]+)"', html))

    assert codes("joão") == {joao.code}
    assert codes("ped-7781") == {joao.code}
    assert codes(maria.code) == {maria.code}
    assert codes("529.982.247") == {joao.code, maria.code}  # the same carrier's CPF, typed punctuated
    assert codes("ninguém") == set()
    assert "Nenhuma operação encontrada com estes filtros." in operador.get("/ciot/?q=ningu%C3%A9m").get_data(
        as_text=True)


def copied_inputs(html: str) -> dict:
    """{input name: value} of the rendered form, selects by their selected option (no csrf, no checkbox)."""
    inputs = {re.search(r'name="([^"]+)"', tag).group(1): (re.search(r'value="([^"]*)"', tag) or [None, ""])[1]
              for tag in re.findall(r"<input[^>]*>", html) if 'name="' in tag and 'type="checkbox"' not in tag}
    inputs.pop("csrf_token", None)
    return inputs | selected_options(html)


def test_new_operation_from_an_existing_one_leaves_only_the_freight_the_advance_and_the_document_key(
        operador, make_operation):
    """A repeat trip: parties, route, vehicles, how it is paid, distance and weight come from the copied operation;
    the trip moves to today (same time and duration), the due dates keep their offsets from the start, and the
    balance is the freight minus the advance. The dispatcher types the freight, the advance and the NF-e key."""
    source = make_operation(status="emitido")
    page = operador.get(f"/ciot/nova?a_partir_de={source.id}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    copied = copied_inputs(html)
    assert copied["contratado_cpf_cnpj"] == source.contratado_cpf_cnpj and copied["vehicles[1].plate"] == "DEF4567"
    assert copied["origem.codigo_municipio"] == "3550308" and copied["contratantes[0].percentual"] == "100,00"
    assert (copied["peso_carga"], copied["distancia_km"]) == ("20.000", "430,00")  # the previous trip's, as defaults
    today = brasilia_today()
    assert copied["viagem_inicio"] == f"{today.isoformat()}T00:00"  # previous: tomorrow 00:00 → today 00:00
    assert copied["viagem_fim"] == f"{(today + timedelta(days=2)).isoformat()}T18:00"  # same duration
    assert copied["payments[0].due_date"] == today.isoformat()  # was due on the start day
    assert copied["payments[1].due_date"] == (today + timedelta(days=4)).isoformat()  # 4 days after the start
    for left in ("valor_frete", "payments[0].amount", "payments[1].amount", "documents[0].access_key"):
        assert copied.get(left, "") == "", left
    assert copied["documents[0].kind"] == "nfe" and "documents[0]" in copied  # one empty row of the last kind

    typed = {"valor_frete": "6.000,00", "payments[0].amount": "1.800,00",
             "documents[0].access_key": ciot_body()["documents"][0]["access_key"]}
    response = operador.post("/ciot/nova", data=copied | typed | {"csrf_token": operador.csrf})
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    op = load_op(response.headers["Location"].rsplit("/", 1)[-1])
    assert op.id != source.id and op.contratado_cpf_cnpj == source.contratado_cpf_cnpj
    assert [v.plate for v in op.vehicles] == ["ABC1D23", "DEF4567"] and op.valor_frete == Decimal("6000.00")
    assert [p.amount for p in op.payments] == [Decimal("1800.00"), Decimal("4200.00")]  # balance computed
    assert op.viagem_inicio.date() == today and op.status == "pronto_emissao"


@pytest.mark.parametrize(("freight", "advance", "balance"), [
    ("6.000,00", "1.800,00", "4.200,00"),   # computed
    ("1.000,00", "1.800,00", ""),           # not positive: left empty, the schema asks for it
    ("6.000.00", "1.800,00", ""),           # the freight cannot be read: nothing computed from it
    ("6.000,00", "", ""),                   # the advance is missing: unknown
])
def test_an_empty_balance_is_the_freight_minus_the_other_instalments(operador, freight, advance, balance):
    data = form_data(ciot_body())
    data.update({"valor_frete": freight, "payments[0].amount": advance, "payments[1].amount": "",
                 "csrf_token": operador.csrf})
    response = operador.post("/ciot/nova", data=data)
    if balance:
        assert response.status_code == 302
        op = load_op(response.headers["Location"].rsplit("/", 1)[-1])
        assert op.payments[1].amount == parse_decimal(balance, 2)
    else:
        assert response.status_code == 422
        assert 'value=""' in input_tag(response.get_data(as_text=True), "payments[1].amount")
        assert db.session.scalar(sa.select(sa.func.count()).select_from(CiotOperation)) == 0


def test_copying_another_companys_operation_is_404(operador, make_operation, make_company):
    other = make_operation(make_company())
    assert operador.get(f"/ciot/nova?a_partir_de={other.id}").status_code == 404


def test_the_form_offers_the_new_fields_with_the_api_defaults(operador):
    """Left blank, the indicators, the key type and the holder's relationship are what the API derives; the blank
    option says which default applies."""
    html = operador.get("/ciot/nova").get_data(as_text=True)
    for name, blank in (("composicao_contratada", "Padrão: composição completa"),
                        ("alto_desempenho", "Padrão: não"),
                        ("retorno_vazio", "Padrão: sim para contêiner, senão não"),
                        ("tipo_chave_pix", "Pelo formato da chave"),
                        ("titular_parentesco", "O próprio contratado")):
        select = re.search(rf'<select[^>]*\bname="{re.escape(name)}"[^>]*>(.*?)</select>', html, re.S)
        assert select, name
        assert re.search(rf'<option[^>]*value=""[^>]*>{re.escape(blank)}</option>', select.group(1)), name
    assert selected_options(html).get("composicao_contratada", "") == ""


def test_the_form_creates_with_the_defaults_derived_and_the_choices_kept(operador):
    body = ciot_body(composicao_contratada=ABSENT, alto_desempenho=ABSENT, retorno_vazio=True)
    del body["payments"][1]["tipo_chave_pix"]
    html = post(operador, "/ciot/nova/validar", form_data(body)).get_data(as_text=True)
    assert 'data-code="DRV02" data-severity="info"' in html and 'data-code="DRV03" data-severity="info"' in html
    assert 'data-code="DRV04"' not in html  # chosen on the form, not assumed
    created = post(operador, "/ciot/nova", form_data(body), htmx=False)
    assert created.status_code == 302
    op = db.session.scalars(sa.select(CiotOperation).execution_options(cross_tenant=True)).one()
    assert (op.composicao_contratada, op.alto_desempenho, op.retorno_vazio) == ("completa", False, True)
    assert op.payments[1].tipo_chave_pix == "cpf"
    assert set(op.campos_derivados) == {"composicao_contratada", "alto_desempenho", "payments[1].tipo_chave_pix"}


def test_the_form_accepts_a_spouse_as_account_holder(operador):
    spouse = "11144477735"
    body = ciot_body(cpf_cnpj_owner=spouse, titular_parentesco="conjuge")
    body["payments"][0].update(titular_cpf_cnpj=spouse, titular_parentesco="conjuge")
    html = post(operador, "/ciot/nova/validar", form_data(body)).get_data(as_text=True)
    assert 'name="payments[0].titular_parentesco"' in html or "payments-0-titular-parentesco" in html
    assert 'data-code="PAG07" data-severity="warning"' in html and 'data-code="TR05"' not in html
    assert "guarde o comprovante" in html
