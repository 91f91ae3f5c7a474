"""Message delivery through real servers: SMTP (aiosmtpd), the WhatsApp Cloud API and an SMS gateway (a local HTTP
server that checks the requests); retries on transient errors, `failed` with the provider's reason; credentials
encrypted at rest; the job on real Redis through an RQ worker."""
import os
import uuid

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.messages import services
from domain.messages.channels import TransientError
from domain.messages.models import ChannelSetting, Message


def configure(company, channel, provider, settings, secret=None):
    with tenant_scope(company.id):
        services.configure_channel(company, channel, provider, settings, secret)
        db.session.commit()


def load(company, message_id) -> Message:
    with tenant_scope(company.id):
        db.session.expire_all()
        return db.session.get(Message, uuid.UUID(str(message_id)))


def queued_sms(company) -> Message:
    """A queued SMS in the current (uncommitted) transaction, for calling attempt_delivery try by try."""
    message = Message(company_id=company.id, channel="sms", to="+5541999998888", body="x", status="queued")
    db.session.add(message)
    db.session.flush()
    return message


def post(api, **body):
    response = api.post("/messages", json=body)
    assert response.status_code == 202, response.get_json()
    return response.get_json()["data"]["id"]


def test_email_leaves_through_smtp(api, company, smtp_server):
    configure(company, "email", "smtp", {"host": smtp_server.host, "port": smtp_server.port,
                                         "from_address": "fretes@transportadora.com.br"})
    message_id = post(api, channel="email", to="motorista@example.com", subject="Coleta", body="Coleta amanhã às 8h")
    message = load(company, message_id)
    assert message.status == "sent" and message.provider == "smtp"
    [received] = smtp_server.received
    assert received["To"] == "motorista@example.com" and received["Subject"] == "Coleta"
    assert received["Message-ID"] == message.provider_message_id
    assert received.get_content().strip() == "Coleta amanhã às 8h"


def test_smtp_refusal_fails_with_the_server_reason(api, company, smtp_server):
    configure(company, "email", "smtp", {"host": smtp_server.host, "port": smtp_server.port})
    smtp_server.reply = "550 5.1.1 Caixa postal inexistente"
    message = load(company, post(api, channel="email", to="x@example.com", body="oi"))
    assert message.status == "failed" and "550" in message.failure_reason and "inexistente" in message.failure_reason


def test_whatsapp_cloud_api_request_and_secret_encrypted_at_rest(api, company, http_provider):
    http_provider.answer = {"messaging_product": "whatsapp", "messages": [{"id": "wamid.ABC123"}]}
    configure(company, "whatsapp", "whatsapp_cloud", {"api_base": http_provider.url + "/v20.0",
                                                      "phone_number_id": "1098765"}, secret="EAAG-token-secreto")
    message = load(company, post(api, channel="whatsapp", to="+5541999998888", body="Carga disponível"))
    assert message.status == "sent" and message.provider_message_id == "wamid.ABC123"
    [request] = http_provider.requests
    assert request["path"] == "/v20.0/1098765/messages"
    assert request["headers"]["Authorization"] == "Bearer EAAG-token-secreto"
    assert request["json"] == {"messaging_product": "whatsapp", "recipient_type": "individual", "to": "5541999998888",
                               "type": "text", "text": {"preview_url": False, "body": "Carga disponível"}}
    with tenant_scope(company.id):
        stored = db.session.execute(db.select(ChannelSetting.secret_encrypted)).scalar_one()
    assert "EAAG-token-secreto" not in stored


def test_sms_gateway_request_and_provider_refusal(api, company, http_provider):
    http_provider.answer = {"id": "sms-77"}
    configure(company, "sms", "sms_http", {"url": http_provider.url + "/send", "sender": "FRETES"}, secret="tok")
    message = load(company, post(api, channel="sms", to="+5541999998888", body="Olá"))
    assert message.status == "sent" and message.provider_message_id == "sms-77"
    assert http_provider.requests[0]["json"] == {"to": "+5541999998888", "from": "FRETES", "text": "Olá"}
    http_provider.status = 400
    failed = load(company, post(api, channel="sms", to="+5541999998888", body="Olá"))
    assert failed.status == "failed" and failed.failure_reason == "HTTP 400: erro simulado 400"


def test_transient_errors_retry_then_fail_with_the_reason(api, company, http_provider):
    """Each try is one call of attempt_delivery: a 503 keeps the message queued (the job asks RQ for a retry)
    until the final try, which marks it failed with the provider's reason; a later success would send it."""
    configure(company, "sms", "sms_http", {"url": http_provider.url + "/send"}, secret="tok")
    http_provider.status = 503
    with tenant_scope(company.id):
        message = queued_sms(company)
        for _ in range(2):
            with pytest.raises(TransientError):
                services.attempt_delivery(message, final_try=False)
            assert message.status == "queued" and message.last_error == "HTTP 503: erro simulado 503"
        assert services.attempt_delivery(message, final_try=True) == "failed"
        assert message.attempts == 3 and message.failure_reason == "HTTP 503: erro simulado 503"
        db.session.rollback()


def test_transient_then_success(api, company, http_provider):
    configure(company, "sms", "sms_http", {"url": http_provider.url + "/send"}, secret="tok")
    http_provider.statuses, http_provider.answer = [429], {"id": "ok-1"}
    with tenant_scope(company.id):
        message = queued_sms(company)
        with pytest.raises(TransientError):
            services.attempt_delivery(message, final_try=False)
        assert services.attempt_delivery(message, final_try=False) == "sent"
        assert message.attempts == 2 and message.provider_message_id == "ok-1"
        db.session.rollback()


def test_unreachable_provider_is_transient(app, company):
    from tests.fixtures.providers import private_targets_allowed
    configure(company, "sms", "sms_http", {"url": "http://127.0.0.1:9/send"}, secret="tok")
    with tenant_scope(company.id), private_targets_allowed(app):  # a closed port on this machine: development
        message = queued_sms(company)
        with pytest.raises(TransientError):
            services.attempt_delivery(message, final_try=False)
        db.session.rollback()


# --- The webhooks' SSRF guard on the admin-typed provider URL and SMTP host; short reasons ------------------------

class Outgoing:
    to, subject, body = "+5511999998888", "Assunto", "Olá"


@pytest.mark.parametrize("provider,settings", [
    ("sms_http", {"url": "https://127.0.0.1/send"}),
    ("sms_http", {"url": "https://2130706433/send"}),
    ("whatsapp_cloud", {"api_base": "https://0x7f000001/v20.0", "phone_number_id": "1"}),  # loopback only:
    # run on code without the guard, a case must not send anything beyond this machine
    ("smtp", {"host": "127.1", "port": 25, "from_address": "a@example.com"}),
    ("smtp", {"host": "localhost", "port": 25, "from_address": "a@example.com"}),
])
def test_an_internal_provider_address_is_refused(app, provider, settings):
    """Production settings (no WEBHOOK_ALLOW_PRIVATE_TARGETS): the adapter refuses before connecting."""
    from domain.messages.channels import PermanentError, adapter_for
    with pytest.raises(PermanentError) as refused:
        adapter_for(provider)(Outgoing(), settings, "tok")
    assert "recusado" in refused.value.reason and "não permitido" in refused.value.reason


def test_a_providers_long_answer_is_shown_as_a_short_reason(http_provider):
    from domain.messages.channels import PermanentError, adapter_for
    http_provider.status = 400
    http_provider.error = {"error": {"message": "Número inválido. " + "detalhe " * 300}}
    with pytest.raises(PermanentError) as refused:
        adapter_for("sms_http")(Outgoing(), {"url": http_provider.url + "/send", "sender": "FRETES"}, "tok")
    reason = refused.value.reason
    assert reason.startswith("HTTP 400: Número inválido.") and len(reason) <= 140


def test_a_providers_redirect_is_not_followed(http_provider):
    """A redirect would carry the message and its token to an address the SSRF guard never checked."""
    from domain.messages.channels import PermanentError, adapter_for
    http_provider.status, http_provider.location = 302, http_provider.url + "/elsewhere"
    with pytest.raises(PermanentError) as refused:
        adapter_for("sms_http")(Outgoing(), {"url": http_provider.url + "/send", "sender": "FRETES"}, "tok")
    assert refused.value.reason.startswith("HTTP 302")
    assert [request["path"] for request in http_provider.requests] == ["/send"]


def test_the_provider_is_reached_at_the_address_that_was_checked(http_provider, monkeypatch):
    """DNS rebinding: the provider's name answers the checked address first and an unreachable one afterwards. The
    request goes to the address the guard approved, so it arrives; a second lookup at connect time would fail."""
    import socket
    from urllib.parse import urlsplit

    from domain.messages.channels import adapter_for
    port = urlsplit(http_provider.url).port
    real_lookup, answers = socket.getaddrinfo, iter(["127.0.0.1"])

    def rebinding_lookup(host, *args, **kwargs):
        if host != "sms.provedor.example":
            return real_lookup(host, *args, **kwargs)
        address = next(answers, "192.0.2.1")  # TEST-NET-1: nothing answers there
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding_lookup)
    http_provider.answer = {"id": "sms-1"}
    result = adapter_for("sms_http")(Outgoing(), {"url": f"http://sms.provedor.example:{port}/send",
                                                  "sender": "FRETES"}, "tok")
    assert result.provider_message_id == "sms-1"
    assert http_provider.requests[0]["headers"]["Host"] == f"sms.provedor.example:{port}"


def test_provider_must_serve_the_channel(company):
    from core.errors import Unprocessable
    with tenant_scope(company.id), pytest.raises(Unprocessable):
        services.configure_channel(company, "email", "whatsapp_cloud", {})
    db.session.rollback()


@pytest.mark.redis
@pytest.mark.skipif(not os.environ.get("TEST_REDIS_URL"), reason="needs TEST_REDIS_URL (real Redis)")
def test_job_runs_on_a_real_rq_worker(app, api, company, http_provider, monkeypatch):
    """With RQ (not inline) the message waits on the `messages` queue until a worker sends it."""
    from rq import SimpleWorker

    from core.queue import redis_connection, rq_queue
    from core.serializer import JsonFirstSerializer
    http_provider.answer = {"messages": [{"id": "wamid.RQ"}]}
    configure(company, "whatsapp", "whatsapp_cloud", {"api_base": http_provider.url, "phone_number_id": "1"},
              secret="t")
    import core.queue
    # monkeypatch, not assignment: both are process-wide and must not outlive this test
    monkeypatch.setitem(app.config, "JOBS_INLINE", False)
    monkeypatch.setattr(core.queue, "_worker_app", app)  # what `flask worker` does
    try:
        message_id = post(api, channel="whatsapp", to="+5541999998888", body="via rq")
        assert load(company, message_id).status == "queued"
        assert rq_queue("messages").count == 1
        SimpleWorker(["messages"], connection=redis_connection(), serializer=JsonFirstSerializer).work(burst=True)
    finally:
        redis_connection().flushdb()
    message = load(company, message_id)
    assert message.status == "sent" and message.provider_message_id == "wamid.RQ"


def test_whatsapp_delivery_callback_marks_delivered_or_failed(api, company, make_company, http_provider):
    http_provider.answer = {"messages": [{"id": "wamid.CB1"}]}
    configure(company, "whatsapp", "whatsapp_cloud", {"api_base": http_provider.url, "phone_number_id": "1"}, "t")
    first = post(api, channel="whatsapp", to="+5541999998888", body="a")
    http_provider.answer = {"messages": [{"id": "wamid.CB2"}]}
    second = post(api, channel="whatsapp", to="+5541999998888", body="b")
    with tenant_scope(company.id):
        token = db.session.execute(db.select(ChannelSetting.callback_token)).scalar_one()
    path = f"/messages/callbacks/whatsapp/{token}"
    verify = api.get(f"{path}?hub.mode=subscribe&hub.verify_token={token}&hub.challenge=42")
    assert verify.status_code == 200 and verify.get_data(as_text=True) == "42"
    payload = {"entry": [{"changes": [{"value": {"statuses": [
        {"id": "wamid.CB1", "status": "delivered"},
        {"id": "wamid.CB2", "status": "failed", "errors": [{"code": 131026, "title": "Message undeliverable"}]}]}}]}]}
    response = api.post(path, json=payload)
    assert response.status_code == 200 and response.get_json() == {"ok": True, "updated": 2}
    assert load(company, first).status == "delivered"
    failed = load(company, second)
    assert failed.status == "failed" and failed.failure_reason == "Message undeliverable"
    assert api.post("/messages/callbacks/whatsapp/wrong-token", json=payload).status_code == 404
    # another company's provider ids are out of reach of this company's callback URL
    other = make_company()
    configure(other, "whatsapp", "whatsapp_cloud", {"api_base": http_provider.url, "phone_number_id": "2"}, "t")
    with tenant_scope(other.id):
        other_token = db.session.execute(db.select(ChannelSetting.callback_token)).scalar_one()
    again = api.post(f"/messages/callbacks/whatsapp/{other_token}", json=payload)
    assert again.get_json()["updated"] == 0


def test_sms_delivery_callback(api, company, http_provider):
    http_provider.answer = {"id": "sms-9"}
    configure(company, "sms", "sms_http", {"url": http_provider.url + "/send"}, secret="tok")
    message_id = post(api, channel="sms", to="+5541999998888", body="x")
    with tenant_scope(company.id):
        token = db.session.execute(db.select(ChannelSetting.callback_token)).scalar_one()
    bad = api.post(f"/messages/callbacks/sms/{token}", json={"id": "sms-9", "status": "lido"})
    assert bad.status_code == 400
    ok = api.post(f"/messages/callbacks/sms/{token}", json={"id": "sms-9", "status": "delivered"})
    assert ok.get_json() == {"ok": True, "updated": 1}
    assert load(company, message_id).status == "delivered"
