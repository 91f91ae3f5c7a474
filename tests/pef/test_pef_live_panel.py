"""The creation form's live panel shows the carrier's RNTRC situation and whether it holds each plate, asked of the
ANTT (ConsultarSituacaoTransportador, ConsultarFrotaTransportador) once per day for the same carrier and plates."""
import pytest

from tests.fixtures.ciot import CONTRATADO_RNTRC, ciot_body
from tests.web.test_cadastros_helpers import post
from tests.web.test_ciot_pages import form_data


@pytest.fixture
def operador(login, make_user, company):
    return login(make_user(company, role="operador"))


def live(client, **overrides):
    response = post(client, "/ciot/nova/validar", form_data(ciot_body(**overrides)))
    assert response.status_code == 200
    return response.get_data(as_text=True)


def expire_checks(app):
    """Time travel: every remembered answer's time is over (the process's cache and Redis's)."""
    from domain.ciot.pef import checks
    for value in checks._local_cache.values():
        value["_expires"] = "2000-01-01T00:00:00"
    if app.config.get("REDIS_URL"):
        from core.queue import redis_connection
        connection = redis_connection()
        for key in connection.scan_iter("fretes:pef:check:*"):
            connection.delete(key)


@pytest.fixture(autouse=True)
def _empty_cache(app):
    expire_checks(app)


def test_the_panel_shows_the_rntrc_and_the_plates(operador, pef):
    pef.server.fleets[CONTRATADO_RNTRC] = {"ABC1D23"}
    html = live(operador)
    assert 'data-testid="authority-check" data-ok="true"' in html
    assert "RNTRC" in html and "ativo" in html and "categoria TAC" in html
    assert 'data-plate="ABC1D23">Placa ABC1D23: ' in html and "não vinculada ao transportador" in html
    assert "A ANTT deve recusar a declaração como está" in html
    services = [item["service"] for item in pef.server.exchanges]
    assert services == ["ConsultarSituacaoTransportador", "ConsultarFrotaTransportador"]


def test_the_answer_is_kept_for_the_day(operador, pef):
    live(operador)
    live(operador, valor_frete=5100)  # another keystroke: same carrier and plates
    assert len(pef.server.exchanges) == 2
    live(operador, vehicles=ciot_body()["vehicles"][:1])  # other plates: asked again
    assert len(pef.server.exchanges) == 4


def test_an_inactive_rntrc_is_flagged(operador, pef):
    pef.server.irregular_rntrcs[CONTRATADO_RNTRC] = "suspenso"
    html = live(operador)
    assert "inativo" in html and "A ANTT deve recusar a declaração como está" in html


def test_the_authority_unreachable_leaves_the_panel_working(app, operador, pef):
    pef.server.fault("ConsultarSituacaoTransportador", "503")
    pef.server.fault("ConsultarSituacaoTransportador", "503")
    html = live(operador)
    assert 'data-testid="authority-unavailable"' in html and "indisponível" in html and "Sem pendências" in html
    live(operador)  # the failure is remembered a short while: the next keystroke does not wait on the service
    assert len(pef.server.calls("ConsultarSituacaoTransportador")) == 1
    expire_checks(app)  # that while is over
    assert 'data-testid="authority-unavailable"' in live(operador)
    assert len(pef.server.calls("ConsultarSituacaoTransportador")) == 2
    expire_checks(app)
    assert 'data-testid="authority-check" data-ok="true"' in live(operador)  # the service is back


def test_no_panel_with_the_simulator(operador):
    assert 'data-testid="authority-check"' not in live(operador)


def test_the_authoritys_refusal_is_remembered_a_short_while(app, operador, pef):
    first = live(operador, contratado_rntrc="12")
    assert 'data-testid="authority-check" data-ok="false"' in first and "B60" in first
    live(operador, contratado_rntrc="12", valor_frete=5100)  # the next keystroke: the refusal is not asked again
    assert len(pef.server.calls("ConsultarSituacaoTransportador")) == 1
    expire_checks(app)
    live(operador, contratado_rntrc="12")
    assert len(pef.server.calls("ConsultarSituacaoTransportador")) == 2


def test_the_issuer_s_certificate_is_read_once_for_both_environments(app, company, pef, monkeypatch):
    import sqlalchemy as sa

    from core.db import db
    from core.tenancy import tenant_scope
    from domain.ciot.validation import issuer_info
    monkeypatch.setitem(app.config, "CIOT_PROVIDER_PRODUCAO", app.config["CIOT_PROVIDER_HOMOLOG"])
    statements = []

    def record(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)
    with tenant_scope(company.id):
        sa.event.listen(db.engine, "before_cursor_execute", record)
        try:
            info = issuer_info(company)
        finally:
            sa.event.remove(db.engine, "before_cursor_execute", record)
    assert info.has_credentials == {"homolog": True, "producao": True}
    assert len([s for s in statements if "ciot_certificates" in s]) == 1
