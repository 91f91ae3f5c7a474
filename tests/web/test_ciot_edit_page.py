"""Correcting a saved CIOT operation in the creation form ("Corrigir dados"): prefilled for every status the PATCH
accepts, saved through the PATCH's service (revalidated, kept in the timeline), refusals under their inputs with
nothing written, another company's operation a 404, an emitted one not editable, a reader refused."""
import re

import pytest

from tests.fixtures.ciot import DESTINATARIO_CNPJ, ciot_body, events_of, load_op
from tests.fixtures.core import csrf_from
from tests.web.test_ciot_pages import form_data, input_tag, post, selected_options


@pytest.fixture
def operador(login, make_user, company):
    client = login(make_user(company, role="operador"))
    client.csrf = csrf_from(client.get("/ciot/nova").get_data(as_text=True))
    return client


def _corrected(**overrides) -> dict:
    body = ciot_body(**overrides)
    body.pop("auto_emit", None)
    return form_data(body)


@pytest.mark.parametrize("status", ["rascunho", "validado", "com_divergencia", "pronto_emissao", "rejeitado"])
def test_every_status_the_patch_accepts_opens_the_form_prefilled(operador, make_operation, status):
    op = make_operation(status=status)
    html = operador.get(f"/ciot/{op.id}/corrigir").get_data(as_text=True)
    assert f"Corrigir operação {op.code}" in html and "Salvar correção" in html
    assert 'value="João da Silva"' in input_tag(html, "contratado_nome")
    assert 'value="5.000,00"' in input_tag(html, "valor_frete")
    assert 'value="DEF4567"' in input_tag(html, "vehicles[1].plate")
    assert "disabled" in re.search(r'<select[^>]*name="environment"[^>]*>', html).group(0)
    assert selected_options(html)["payments[1].kind"] == "saldo"
    assert 'value="ERP-1"' in input_tag(html, "external_id")
    assert "Emitir na ANTT logo após salvar" not in html
    page = operador.get(f"/ciot/{op.id}").get_data(as_text=True)
    assert "Corrigir dados" in page


def test_a_divergent_operation_corrected_becomes_ready_and_the_timeline_keeps_it(operador, make_operation):
    op = make_operation(status="com_divergencia")
    data = _corrected(destinatario_cpf_cnpj=DESTINATARIO_CNPJ)
    answer = post(operador, f"/ciot/{op.id}/corrigir", data, htmx=False)
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/ciot/{op.id}")
    saved = load_op(op.id)
    assert saved.status == "pronto_emissao" and saved.destinatario_cpf_cnpj == DESTINATARIO_CNPJ
    assert "updated" in events_of(op.id)
    assert "corrigida. Situação: Pronto para emissão." in operador.get(f"/ciot/{op.id}").get_data(as_text=True)


def test_an_emptied_input_clears_its_field(operador, make_operation):
    op = make_operation(status="pronto_emissao")
    data = _corrected()
    data["external_id"] = ""
    assert post(operador, f"/ciot/{op.id}/corrigir", data, htmx=False).status_code == 302
    assert load_op(op.id).external_id is None


def test_a_required_input_emptied_is_refused_under_it_and_nothing_is_written(operador, make_operation):
    op = make_operation(status="com_divergencia")
    data = _corrected(destinatario_cpf_cnpj=DESTINATARIO_CNPJ)
    data["contratado_rntrc"] = ""
    answer = post(operador, f"/ciot/{op.id}/corrigir", data, htmx=False)
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "A correção não foi salva" in html
    assert 'aria-invalid="true"' in input_tag(html, "contratado_rntrc")
    assert f'value="{DESTINATARIO_CNPJ}"' in input_tag(html, "destinatario_cpf_cnpj")  # what was typed is kept
    saved = load_op(op.id)
    assert saved.status == "com_divergencia" and saved.destinatario_cpf_cnpj is None
    assert "updated" not in events_of(op.id)


def test_an_emitted_operation_is_not_editable(operador, make_operation):
    op = make_operation(status="emitido")
    answer = operador.get(f"/ciot/{op.id}/corrigir")
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/ciot/{op.id}")
    assert post(operador, f"/ciot/{op.id}/corrigir", _corrected(valor_frete=1.0), htmx=False).status_code == 302
    assert load_op(op.id).valor_frete == 5000
    assert "Corrigir dados" not in operador.get(f"/ciot/{op.id}").get_data(as_text=True)


def test_another_companys_operation_is_404_and_a_reader_is_refused(operador, make_operation, make_company, login,
                                                                     make_user, company):
    other = make_operation(company=make_company(), status="com_divergencia")
    assert operador.get(f"/ciot/{other.id}/corrigir").status_code == 404
    assert post(operador, f"/ciot/{other.id}/corrigir", _corrected(), htmx=False).status_code == 404
    mine = make_operation(status="com_divergencia")
    reader = login(make_user(company, role="leitura"))
    assert reader.get(f"/ciot/{mine.id}/corrigir").status_code == 403
    assert "Corrigir dados" not in reader.get(f"/ciot/{mine.id}").get_data(as_text=True)


def test_a_repeat_trip_warns_of_a_due_date_outside_the_moved_trip(operador, make_operation):
    """The fixture's balance falls due two days after the trip ends: moved with the trip, it still does, and the
    form says so; the live panel follows what is typed (inside the trip: no warning; before it: warned)."""
    from datetime import timedelta

    from core.clock import brasilia_today
    from core.formatting import day
    source = make_operation(status="emitido")
    html = operador.get(f"/ciot/nova?a_partir_de={source.id}").get_data(as_text=True)
    today = brasilia_today()
    assert (f"Pagamento 2 (saldo) vence em {day(today + timedelta(days=4))}, depois do fim da viagem "
            f"({day(today + timedelta(days=2))}).") in html
    assert "Pagamento 1" not in html  # the advance falls due on the start day: inside the trip

    data = _corrected()
    inside = post(operador, "/ciot/nova/validar", data | {"payments[1].due_date": data["viagem_inicio"][:10]})
    assert 'data-testid="due-warning"' not in inside.get_data(as_text=True)
    before = (today - timedelta(days=3)).isoformat()
    early = post(operador, "/ciot/nova/validar", data | {"payments[0].due_date": before}).get_data(as_text=True)
    assert f"Pagamento 1 (adiantamento) vence em {day(today - timedelta(days=3))}, antes do início" in early


def test_the_creation_form_keeps_its_environment_input_enabled(operador):
    html = operador.get("/ciot/nova").get_data(as_text=True)
    assert "disabled" not in re.search(r'<select[^>]*name="environment"[^>]*>', html).group(0)
