"""Webhook fixtures: a real HTTP receiver on 127.0.0.1:0 (a thread), private targets allowed for it, endpoints."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from core.tenancy import tenant_scope
from domain.webhooks import services
from tests.fixtures.committing import commit


class Receiver:
    """Records every request; answers `statuses` in turn (then `default_status`). `hold` blocks the handler until
    released (a worker killed mid-delivery)."""

    def __init__(self):
        self.requests = []
        self.statuses = []
        self.default_status = 200
        self.received = threading.Condition()
        self.hold = None  # threading.Event: the handler waits on it
        self.entered = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.entered.set()
                if receiver.hold is not None:
                    receiver.hold.wait(30)
                with receiver.received:
                    status = receiver.statuses.pop(0) if receiver.statuses else receiver.default_status
                    receiver.requests.append({"headers": dict(self.headers), "body": body, "path": self.path,
                                              "status": status})
                    receiver.received.notify_all()
                self.send_response(status)
                payload = b"ok" if status < 300 else b"erro " * 400
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def wait_for(self, count: int, timeout: float = 30) -> list:
        with self.received:
            assert self.received.wait_for(lambda: len(self.requests) >= count, timeout), self.requests
        return self.requests

    def events(self) -> list:
        return [json.loads(r["body"]) for r in self.requests if r["status"] < 300]

    def close(self):
        if self.hold is not None:
            self.hold.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def webhook_targets(app):
    """`webhook_targets(allow_private)`: private targets allowed and http accepted (True), or production (False);
    the settings are restored after the test."""
    saved = {k: app.config.get(k) for k in ("WEBHOOK_ALLOW_PRIVATE_TARGETS", "WEBHOOK_REQUIRE_HTTPS")}

    def apply(allow_private: bool) -> None:
        app.config.update(WEBHOOK_ALLOW_PRIVATE_TARGETS=allow_private, WEBHOOK_REQUIRE_HTTPS=not allow_private)
    yield apply
    app.config.update(saved)


@pytest.fixture
def private_targets(webhook_targets):
    """The receiver lives on 127.0.0.1: lift the SSRF address check (and https) as WEBHOOK_ALLOW_PRIVATE_TARGETS=1."""
    webhook_targets(True)


@pytest.fixture
def receiver(private_targets):
    r = Receiver()
    yield r
    r.close()


@pytest.fixture
def make_endpoint():
    def make(company, url, event_types=("freight.status_changed",)):
        with tenant_scope(company.id):
            endpoint, secret = services.create_endpoint(company, url=url, event_types=list(event_types))
            commit()
        return endpoint, secret
    return make
