"""Logs: one line per request and per job with the request id, company, user or key, route, status and duration;
JSON with LOG_FORMAT=json, plain text by default; secrets and personal data never written."""
import io
import json
import logging

import pytest

from core.logs import configure_logging, scrub
from core.queue import job_path
from domain.ciot.jobs import ask_authority
from tests.fixtures.ciot import run_worker
from tests.fixtures.partners import unique_cpf
from tests.ops.conftest import value


@pytest.fixture
def log_output(app):
    """What the app's log handler writes (JSON lines), at DEBUG for every logger; the text format is restored."""
    def capture(log_format="json"):
        configure_logging(log_format, "DEBUG")
        handler.setStream(stream)
        return stream

    # the app's handler as configure_logging installs it (another test of this process may have reconfigured the
    # root logger since the app was built)
    configure_logging(app.config["LOG_FORMAT"], "INFO")
    root = logging.getLogger()
    handler = next(h for h in root.handlers if getattr(h, "fretes", False))
    stream, saved = io.StringIO(), handler.stream
    yield capture
    handler.setStream(saved)
    configure_logging(app.config["LOG_FORMAT"], "INFO")


def lines(stream, logger=None) -> list[dict]:
    parsed = [json.loads(line) for line in stream.getvalue().splitlines() if line.startswith("{")]
    return [line for line in parsed if logger is None or line["logger"] == logger]


def test_one_json_line_per_api_request_with_its_caller(api, company, log_output):
    stream = log_output("json")
    response = api.get("/vehicles/00000000-0000-0000-0000-000000000009", headers={"X-Request-Id": "erp-42"})
    assert response.status_code == 404 and response.headers["X-Request-Id"] == "erp-42"
    [line] = lines(stream, "fretes.request")
    assert line["request_id"] == "erp-42"
    assert (line["method"], line["route"], line["status"]) == ("GET", "/api/public/v1/vehicles/<vehicle_id>", 404)
    assert line["company_id"] == str(company.id) and line["api_key_id"] and line["user_id"] is None
    assert isinstance(line["duration_ms"], float) and line["level"] == "INFO" and line["ts"].endswith("Z")


def test_a_page_request_line_names_the_user(company, make_user, login, log_output):
    user = make_user(company)
    client = login(user)
    stream = log_output("json")
    assert client.get("/").status_code == 200
    [line] = lines(stream, "fretes.request")
    assert (line["route"], line["user_id"], line["company_id"]) == ("/", str(user.id), str(company.id))
    assert line["api_key_id"] is None and len(line["request_id"]) == 16  # generated when none was sent


@pytest.mark.parametrize("sent", ["linha\tfalsa", "a b", "x" * 65, ""])
def test_an_unusable_request_id_is_replaced(app, sent, log_output):
    stream = log_output("json")
    response = app.test_client().get("/healthz", headers={"X-Request-Id": sent})
    [line] = lines(stream, "fretes.request")
    assert line["request_id"] == response.headers["X-Request-Id"] != sent
    assert len(line["request_id"]) == 16


def test_plain_text_is_the_default_format(app, log_output):
    stream = log_output("text")
    app.test_client().get("/healthz", headers={"X-Request-Id": "req-plain"})
    text = stream.getvalue()
    assert "INFO fretes.request: GET /healthz 200" in text and "request_id=req-plain" in text
    assert not text.lstrip().startswith("{")


def test_job_line_carries_the_request_id_company_and_api_key(app, company, make_api_key, make_operation, rq_backend,
                                                             log_output):
    from tests.fixtures.core import ApiClient
    key, full_key = make_api_key(company)
    op = make_operation()
    stream = log_output("json")
    response = ApiClient(app.test_client(), full_key).post(f"/ciot/operations/{op.id}/emit",
                                                           headers={"X-Request-Id": "emit-7"})
    assert response.status_code == 202
    run_worker(rq_backend)
    [job] = lines(stream, "fretes.job")
    assert (job["request_id"], job["queue"], job["job"], job["status"]) == (
        "emit-7", "emission", job_path(ask_authority), "ok")
    assert job["company_id"] == str(company.id) and job["duration_ms"] > 0 and job["job_id"]
    assert (job["api_key_id"], job["user_id"]) == (str(key.id), None)
    assert "flk_" not in json.dumps(job)  # the key's id, never the key


def test_job_enqueued_from_a_page_names_the_user(company, make_user, login, make_operation, rq_backend, log_output):
    from tests.fixtures.core import csrf_from
    user = make_user(company, role="operador")
    client = login(user)
    token = csrf_from(client.get("/ciot/nova").get_data(as_text=True))
    op = make_operation(status="pronto_emissao")
    stream = log_output("json")
    sent = client.post(f"/ciot/{op.id}/emitir", data={"csrf_token": token})
    # A form POST (not htmx) is sent back to the operation whatever the outcome: the flash tells it was queued.
    assert sent.status_code == 302 and sent.headers["Location"] == f"/ciot/{op.id}"
    assert "Emissão em andamento" in client.get(sent.headers["Location"]).get_data(as_text=True)
    run_worker(rq_backend)
    [job] = lines(stream, "fretes.job")
    assert (job["user_id"], job["api_key_id"], job["company_id"]) == (str(user.id), None, str(company.id))
    assert user.email not in stream.getvalue()


def test_a_job_enqueued_outside_a_request_names_no_actor(app, rq_backend, log_output):
    from core.queue import PendingJob, send_to_rq
    from jobs.maintenance import purge_expired_idempotency_keys
    stream = log_output("json")
    with app.app_context():
        send_to_rq(PendingJob(job_path(purge_expired_idempotency_keys), ()), rq_backend)
    run_worker(rq_backend, "default")
    [job] = lines(stream, "fretes.job")
    assert (job["request_id"], job["user_id"], job["api_key_id"]) == (None, None, None)


def test_passwords_api_keys_and_cpfs_in_requests_never_reach_the_log(app, company, make_user, make_api_key,
                                                                      log_output):
    from tests.fixtures.core import ApiClient, csrf_from
    password = "Senha-Secreta-991"
    user = make_user(company, password=password)
    _, full_key = make_api_key(company)
    phone = "+5511987654321"
    for log_format in ("json", "text"):
        stream, cpf = log_output(log_format), unique_cpf()
        client = app.test_client()
        token = csrf_from(client.get("/login").get_data(as_text=True))
        client.post("/login", data={"email": user.email, "password": password + "x", "csrf_token": token})
        client.post("/login", data={"email": user.email, "password": password, "csrf_token": token})
        api = ApiClient(app.test_client(), full_key)
        assert api.post("/drivers", json={"name": "João", "phone": phone, "cpf": cpf}).status_code == 201
        assert api.get(f"/drivers?cpf={cpf}&q={cpf}&phone={phone}").status_code == 200  # q by CPF; the rest ignored
        api.post("/drivers", json={"name": "João", "phone": phone, "cpf": cpf})  # 409: duplicate
        logging.getLogger("fretes.test").warning("chave %s senha=%s cpf %s e-mail %s tel %s", full_key, password, cpf,
                                                 user.email, phone)
        logging.getLogger("fretes.test").warning("contato", extra={"contact": f"{user.email} {phone}",
                                                                    "phones": ["(11) 98765-4321"], "cpf_field": cpf})
        written = stream.getvalue()
        assert "fretes.request" in written and "contato" in written  # the lines were written...
        for secret in (password, full_key, full_key.split(".", 1)[1], cpf, user.email, phone, phone[1:],
                       "98765-4321"):
            assert secret not in written, (log_format, secret)  # ...without the secrets
        assert "<email>" in written and "<phone>" in written


def test_scrub_masks_documents_keys_and_passwords_but_not_ids():
    text = ("cpf 529.982.247-25 / 52998224725, cnpj 11.222.333/0001-81 / 11222333000181, "
            "flk_0a1b2c3d4e5f.s3cr3tPart, Authorization: Bearer abc.def, password=hunter2 "
            "id 3f2a9c1d-0b7e-4a65-9d31-12345678901a")
    cleaned = scrub(text)
    for secret in ("529.982.247-25", "52998224725", "11.222.333/0001-81", "11222333000181", "s3cr3tPart", "abc.def",
                   "hunter2"):
        assert secret not in cleaned
    assert "3f2a9c1d-0b7e-4a65-9d31-12345678901a" in cleaned  # uuids (with 11 digits in a row) are left alone
    assert scrub("GET /healthz 200") == "GET /healthz 200"


@pytest.mark.parametrize("personal", ["motorista@transportes.com.br", "Ana.Souza+frete@example.org",
                                      "+55 11 98765-4321", "+55 (11) 98765-4321", "(11) 98765-4321", "11 98765 4321",
                                      "98765-4321", "3456-7890", "+5511987654321", "551134567890", "+551134567890"])
def test_scrub_masks_emails_and_brazilian_phones(personal):
    cleaned = scrub(f"contato: {personal}, ok")
    assert personal not in cleaned and cleaned.startswith("contato: <") and cleaned.endswith(">, ok")


@pytest.mark.parametrize("kept", [
    "id 3f2a9c1d-0b7e-4a65-9d31-12345678901a", "id 12345678-1234-5678-1234-567812345678",
    "ts 2026-11-23T08:22:41.123Z", "em 2026-11-23 08:22:41,123", "duration_ms=1234.5678", "took 1234.5 ms",
    "request_id=erp-1234-5678", "request_id=1234567890123456", "job emit:1234-5678", "epoch 1763887361",
    "epoch_ms 1763887361123", "postgresql+psycopg://postgres@127.0.0.1:5432/fretes", "GET /healthz 200",
    "v1.2.3 build 2026.11.23"])
def test_scrub_leaves_ids_durations_request_ids_and_timestamps_alone(kept):
    assert scrub(kept) == kept


def test_extra_fields_are_scrubbed_in_json_but_numbers_kept():
    from core.logs import JsonFormatter
    record = logging.makeLogRecord({"msg": "x", "email": "a@b.com.br", "nested": {"tel": "(11) 98765-4321"},
                                    "duration_ms": 98765.4321, "count": 55119876543210})
    line = json.loads(JsonFormatter().format(record))  # no Scrub filter on this path: the formatter scrubs itself
    assert (line["email"], line["nested"], line["duration_ms"], line["count"]) == (
        "<email>", {"tel": "<phone>"}, 98765.4321, 55119876543210)


# --- The sidebar badge's polls (blueprints/web/marketplace.py QuietBadgePolls) ---------------------------------

def badge_url(client) -> str:
    import html
    import re
    page = client.get("/leads").get_data(as_text=True)
    return html.unescape(re.search(r'id="leads-badge" hx-get="([^"]+)"', page).group(1))


def badge_lines(stream) -> list[dict]:
    return [line for line in lines(stream, "fretes.request") if line["route"] == "/leads/badge"]


def test_a_badge_poll_answered_from_its_token_writes_no_line(app, company, make_user, login, log_output, scrape):
    client = login(make_user(company, role="operador"))
    url = badge_url(client)
    before = value(scrape(), "fretes_http_requests_total", method="GET", endpoint="/leads/badge", status="200")
    stream = log_output("json")
    assert client.get(url).status_code == 200
    assert client.get("/").status_code == 200
    assert badge_lines(stream) == []
    assert [line["route"] for line in lines(stream, "fretes.request")] == ["/"]  # the other routes still are
    after = value(scrape(), "fretes_http_requests_total", method="GET", endpoint="/leads/badge", status="200")
    assert after - before == 1  # still counted by the metrics


def test_a_badge_poll_through_the_login_check_is_logged(company, make_user, login, log_output):
    user = make_user(company, role="operador")
    client = login(user)
    stream = log_output("json")
    assert client.get("/leads/badge").status_code == 200  # no token: the full login check, the user loaded
    [line] = badge_lines(stream)
    assert (line["status"], line["user_id"]) == (200, str(user.id))


def test_a_refused_badge_poll_is_logged(app, company, make_user, login, log_output):
    url = badge_url(login(make_user(company, role="operador")))
    stream = log_output("json")
    status = app.test_client().get(url).status_code  # another browser: no session, the token is not its own
    [line] = badge_lines(stream)
    assert line["status"] == status != 200
