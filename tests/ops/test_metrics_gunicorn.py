"""Prometheus multiprocess mode under real gunicorn (gunicorn.conf.py): two web processes count their requests in
PROMETHEUS_MULTIPROC_DIR and a scrape answered by either one reports the sum."""
import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "gunicorn-metrics-token"


def bound_listener() -> socket.socket:
    """A loopback socket bound and listening here, for gunicorn to inherit (`--bind fd://N`). Picking a free port
    and letting gunicorn bind it later left a window in which another process on the machine could take it: gunicorn
    then failed to bind, or the test talked to the other process."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    return listener


def call(port, path, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def healthz_count(port) -> float:
    status, body = call(port, "/metrics", {"Authorization": f"Bearer {TOKEN}"})
    assert status == 200, body
    return sum(sample.value for family in text_string_to_metric_families(body) for sample in family.samples
               if sample.name == "fretes_http_requests_total" and sample.labels["endpoint"] == "/healthz")


READY_WITHIN = 300  # s: each gunicorn worker imports the app itself; a loaded CI machine has taken over 60 s


def wait_up(port, server, log: Path) -> None:
    deadline = time.monotonic() + READY_WITHIN
    while time.monotonic() < deadline:
        assert server.poll() is None, log.read_text()
        try:
            if call(port, "/healthz")[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("gunicorn did not start")


def test_two_gunicorn_processes_report_the_sum_of_their_counts(app, tmp_path):
    directory, log = tmp_path / "prometheus", tmp_path / "gunicorn.log"
    env = {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "REDIS_URL": "",
           "SECRET_KEY": "test-secret", "INSTANCE_PATH": str(tmp_path), "METRICS_TOKEN": TOKEN,
           "PROMETHEUS_MULTIPROC_DIR": str(directory), "LOG_LEVEL": "WARNING"}
    with bound_listener() as listener, log.open("wb") as log_file:  # a file, not a pipe nobody reads while it runs
        port = listener.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "2", "--bind",
                                   f"fd://{listener.fileno()}", "app:create_app()"], cwd=ROOT, env=env,
                                  pass_fds=(listener.fileno(),), stdout=subprocess.DEVNULL, stderr=log_file)
    # gunicorn holds its own copy of the socket from here on
    try:
        wait_up(port, server, log)
        before = healthz_count(port)
        for _ in range(30):  # a new connection each: the two processes share the accept queue
            assert call(port, "/healthz")[0] == 200
        counts = {healthz_count(port) for _ in range(6)}
        writers = {p.name.rsplit("_", 1)[1] for p in directory.glob("counter_*.db")}
    finally:
        server.terminate()
        server.wait(30)
    assert counts == {before + 30}  # every scrape, whichever process answered it, sums both
    assert len(writers) >= 1 and directory.is_dir()
