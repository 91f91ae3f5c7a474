"""GET /metrics: token, and every metric moves when its event happens (docs/deploy.md "Metrics")."""
from core.db import db
from tests.fixtures.ciot import ABSENT, run_worker
from tests.ops.conftest import TOKEN, value
from tests.webhooks.test_delivery import emit

VEHICLE_ROUTE = "/api/public/v1/vehicles/<vehicle_id>"


def test_metrics_are_off_without_a_configured_token(app):
    assert app.test_client().get("/metrics").status_code == 404


def test_metrics_refuse_a_missing_or_wrong_token(app, metrics_token):
    client = app.test_client()
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", headers={"Authorization": "Bearer outro"}).status_code == 401
    assert client.get("/metrics", headers={"Authorization": TOKEN}).status_code == 401  # not as a bearer
    answer = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert answer.status_code == 200
    assert answer.mimetype == "text/plain"
    assert "fretes_http_requests_total" in answer.get_data(as_text=True)


def test_requests_are_counted_per_route_template_not_raw_path(api, scrape):
    before = scrape()
    for vehicle_id in ("00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000002"):
        assert api.get(f"/vehicles/{vehicle_id}").status_code == 404
    after = scrape()
    labels = {"method": "GET", "endpoint": VEHICLE_ROUTE}
    assert value(after, "fretes_http_requests_total", status="404", **labels) \
        - value(before, "fretes_http_requests_total", status="404", **labels) == 2
    assert value(after, "fretes_http_request_duration_seconds_count", **labels) \
        - value(before, "fretes_http_request_duration_seconds_count", **labels) == 2
    assert not any("00000000-0000" in str(labels) for _, labels in after)  # bounded label values


def test_unmatched_paths_share_one_label(app, scrape):
    before = scrape()
    app.test_client().get("/nao-existe-1")
    app.test_client().get("/nao-existe-2")
    after = scrape()
    labels = {"method": "GET", "endpoint": "<unmatched>", "status": "404"}
    assert value(after, "fretes_http_requests_total", **labels) - value(before, "fretes_http_requests_total",
                                                                        **labels) == 2


def test_server_errors_are_counted_per_endpoint(crash_app, scrape):
    client = crash_app.test_client()
    before = scrape()
    assert client.get("/ops-probe/crash").status_code == 500
    assert client.get("/ops-probe/answer/503").status_code == 503
    assert client.get("/ops-probe/answer/200").status_code == 200
    after = scrape()

    def errors(endpoint):
        return value(after, "fretes_http_request_errors_total", method="GET", endpoint=endpoint) - value(
            before, "fretes_http_request_errors_total", method="GET", endpoint=endpoint)
    assert errors("/ops-probe/crash") == 1
    assert errors("/ops-probe/answer/<int:code>") == 1  # the 503; the 200 is not an error


def test_database_pool_usage_moves_with_a_borrowed_connection(scrape):
    before = value(scrape(), "fretes_db_pool_connections_in_use")
    with db.engine.connect():
        during = value(scrape(), "fretes_db_pool_connections_in_use")
    assert during - before == 1
    assert value(scrape(), "fretes_db_pool_connections_in_use") == before
    assert value(scrape(), "fretes_db_pool_connections_open") >= 1


def test_queue_depths_job_durations_and_failures_per_queue(company, receiver, make_endpoint, rq_backend, scrape):
    """Through RQ (real Redis with TEST_REDIS_URL, else fakeredis): a webhook event waits in the `webhooks` queue,
    then a worker runs it (ok); a job that raises counts as failed on its queue."""
    from core.queue import PendingJob, send_to_rq
    make_endpoint(company, receiver.url)
    before = scrape()
    emit(company)
    waiting = scrape()
    assert value(waiting, "fretes_queue_jobs", queue="webhooks", state="queued") == 1
    run_worker(rq_backend, "webhooks")
    assert len(receiver.requests) == 1
    send_to_rq(PendingJob("jobs.ciot.no_such_job", ("x",), queue="emission"), rq_backend)
    run_worker(rq_backend, "emission")
    after = scrape()
    assert value(after, "fretes_queue_jobs", queue="webhooks", state="queued") == 0
    assert value(after, "fretes_queue_jobs", queue="emission", state="failed") == 1

    def moved(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)
    assert moved("fretes_jobs_total", queue="webhooks", outcome="ok") == 1
    assert moved("fretes_jobs_total", queue="emission", outcome="failed") == 1
    assert moved("fretes_jobs_total", queue="webhooks", outcome="failed") == 0
    assert moved("fretes_job_duration_seconds_count", queue="webhooks") == 1
    assert moved("fretes_job_duration_seconds_bucket", queue="webhooks", le="+Inf") == 1
    assert value(after, "fretes_job_duration_seconds_sum", queue="webhooks") > 0


def test_webhook_deliveries_pending_retrying_and_failing(company, receiver, make_endpoint, scrape):
    import sqlalchemy as sa

    from core.tenancy import cross_tenant
    from domain.webhooks.models import WebhookDelivery
    make_endpoint(company, receiver.url)
    before = scrape()
    receiver.statuses = [500]
    emit(company)  # the first attempt (inline) fails: pending, retrying
    during = scrape()
    assert value(during, "fretes_webhook_deliveries", state="pending") - value(
        before, "fretes_webhook_deliveries", state="pending") == 1
    assert value(during, "fretes_webhook_deliveries", state="retrying") - value(
        before, "fretes_webhook_deliveries", state="retrying") == 1
    db.session.execute(cross_tenant(sa.update(WebhookDelivery).values(status="failed", next_attempt_at=None)))
    db.session.commit()
    after = scrape()
    assert value(after, "fretes_webhook_deliveries", state="failed") - value(
        before, "fretes_webhook_deliveries", state="failed") == 1
    assert value(after, "fretes_webhook_deliveries", state="pending") == value(
        before, "fretes_webhook_deliveries", state="pending")


def test_ciot_emissions_are_counted_by_outcome(api, make_operation, scrape):
    before = scrape()
    make_operation(status="emitido")
    make_operation(status="rejeitado")
    blocked = make_operation(status="rascunho", destinatario_cpf_cnpj=ABSENT)
    assert api.post(f"/ciot/operations/{blocked.id}/emit").status_code == 422
    after = scrape()

    def moved(outcome):
        return value(after, "fretes_ciot_emissions_total", outcome=outcome) - value(
            before, "fretes_ciot_emissions_total", outcome=outcome)
    assert (moved("succeeded"), moved("rejected"), moved("blocked"), moved("failed")) == (1, 1, 1, 0)


def test_a_rolled_back_emission_is_not_counted(app, make_operation, scrape):
    from core.metrics import count_after_commit
    before = value(scrape(), "fretes_ciot_emissions_total", outcome="succeeded")
    count_after_commit("ciot_emission", "succeeded")
    db.session.rollback()
    db.session.commit()
    assert value(scrape(), "fretes_ciot_emissions_total", outcome="succeeded") == before
