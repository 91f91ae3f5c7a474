"""GET /metrics with Redis or the database down: still 200 with the HTTP metrics, the failed source's families left
out and `fretes_metrics_source_up{source}` at 0 (docs/deploy.md "Metrics")."""
import socket
import time

import pytest
from prometheus_client.parser import text_string_to_metric_families

from app import create_app
from tests.ops.conftest import TOKEN, value


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def read(application) -> tuple[int, dict, set]:
    """(status, samples, family names) of one scrape of `application`."""
    response = application.test_client().get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    samples, names = {}, set()
    if response.status_code == 200:
        for family in text_string_to_metric_families(response.get_data(as_text=True)):
            names.add(family.name)
            for sample in family.samples:
                samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return response.status_code, samples, names


def up(samples: dict, source: str):
    return samples.get(("fretes_metrics_source_up", frozenset({("source", source)})))


@pytest.fixture
def unreachable_app(app, tmp_path):
    """An app whose database is PostgreSQL on a closed port; Redis too when asked (JOBS_INLINE off)."""
    def make(redis_down: bool):
        config = {"TESTING": True, "SECRET_KEY": "test-secret", "INSTANCE_PATH": str(tmp_path),
                  "SQLALCHEMY_DATABASE_URI": f"postgresql+psycopg://postgres@127.0.0.1:{closed_port()}/nada",
                  "METRICS_TOKEN": TOKEN, "REDIS_URL": "", "JOBS_INLINE": True,
                  "RATELIMIT_STORAGE_URI": "memory://"}  # the suite resets the limiter after each test
        if redis_down:
            config.update(REDIS_URL=f"redis://127.0.0.1:{closed_port()}/0", JOBS_INLINE=False)
        return create_app(config)
    return make


def test_every_source_is_up_when_redis_and_the_database_answer(rq_backend, scrape):
    samples = scrape()
    assert (up(samples, "redis"), up(samples, "database")) == (1, 1)
    assert ("fretes_queue_jobs", frozenset({("queue", "webhooks"), ("state", "queued")})) in samples


def test_without_redis_there_is_no_redis_source(scrape):
    samples = scrape()  # the suite's app runs jobs inline: the counts are the process's own
    assert up(samples, "redis") is None
    assert up(samples, "database") == 1
    assert ("fretes_jobs_total", frozenset({("queue", "webhooks"), ("outcome", "ok")})) in samples


def test_redis_on_a_closed_port_leaves_out_its_families_only(app, scrape, monkeypatch):
    monkeypatch.setitem(app.config, "JOBS_INLINE", False)
    monkeypatch.setitem(app.config, "REDIS_URL", f"redis://127.0.0.1:{closed_port()}/0")
    app.test_client().get("/healthz")
    started = time.monotonic()
    samples = scrape()  # asserts the 200
    assert time.monotonic() - started < 10  # refused at once, not waited for
    assert (up(samples, "redis"), up(samples, "database")) == (0, 1)
    assert not any(name.startswith(("fretes_jobs", "fretes_queue_jobs", "fretes_ciot_emissions"))
                   for name, _ in samples)
    assert value(samples, "fretes_http_requests_total", method="GET", endpoint="/healthz", status="200") >= 1
    assert any(name == "fretes_webhook_deliveries" for name, _ in samples)  # the database's families still there


def test_an_unreachable_database_leaves_out_its_families_only(unreachable_app):
    application = unreachable_app(redis_down=False)
    status, samples, names = read(application)
    assert status == 200
    assert up(samples, "database") == 0
    assert "fretes_webhook_deliveries" not in names
    assert "fretes_jobs" in names  # the process's own counts (jobs inline)
    assert "fretes_http_requests" in names and "fretes_db_pool_connections_in_use" in names


def test_redis_and_the_database_both_down_still_serve_the_http_metrics(unreachable_app):
    application = unreachable_app(redis_down=True)
    application.test_client().get("/healthz")
    status, samples, names = read(application)
    assert status == 200
    assert (up(samples, "redis"), up(samples, "database")) == (0, 0)
    assert value(samples, "fretes_http_requests_total", method="GET", endpoint="/healthz", status="200") >= 1
    assert not names & {"fretes_jobs", "fretes_queue_jobs", "fretes_webhook_deliveries"}


def test_a_failing_collector_is_reported_and_the_others_kept(app, scrape):
    """The failing case of the guard itself: a collector that raises midway adds none of its families."""
    from prometheus_client.core import GaugeMetricFamily

    from core import metrics

    def half_then_fail():
        yield GaugeMetricFamily("fretes_probe_half", "metade", value=1)
        raise RuntimeError("fonte caiu")
    metrics.register_scrape_collector(half_then_fail, source="probe")
    try:
        samples = scrape()
    finally:
        metrics._AREA_COLLECTORS.pop("probe")
    assert up(samples, "probe") == 0 and up(samples, "database") == 1
    assert ("fretes_probe_half", frozenset()) not in samples
