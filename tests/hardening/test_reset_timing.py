""""Esqueci minha senha" must not tell by its time whether an e-mail is registered: through gunicorn as
scripts/start.sh runs it (the embedded default: jobs inline), the answer never waits for the e-mail, which is what
told registered addresses apart (mailed inside the request, they answered an SMTP server's time later: 218 ms against
96 ms on loopback). The loopback SMTP server here holds every message until the test has the answer in hand: an
answer that waited for its e-mail would never arrive (the request times out and the test fails), so no clock is
compared. Each registered address's link still arrives, after its answer; an unknown address mails nothing."""
import asyncio
import threading

import pytest
import requests

from tests.fixtures.core import csrf_from
from tests.fixtures.providers import _start_smtp

ROUNDS = 5  # requests per address, interleaved
ANSWER_WAIT = 30  # s the test waits for an answer: one that waits for its e-mail never comes


class HoldingSmtp:
    """aiosmtpd on loopback that holds each message until `answered` is set (the test has the request's answer),
    then accepts it; `done` is set when a client has sent its message and said QUIT (the sending job is over)."""

    def __init__(self):
        from aiosmtpd.controller import Controller
        self.received, self.answered, self.done = [], threading.Event(), threading.Event()
        server = self

        class Handler:
            async def handle_DATA(self, smtp, session, envelope):
                released = await asyncio.get_running_loop().run_in_executor(None, server.answered.wait, 2 * ANSWER_WAIT)
                server.received.append(envelope.content.decode("utf-8", "replace"))
                return "250 Message accepted for delivery" if released else "451 Nunca liberada pelo teste"

            async def handle_QUIT(self, smtp, session, envelope):
                server.done.set()
                return "221 Bye"

        self.controller = _start_smtp(lambda port: Controller(Handler(), hostname="127.0.0.1", port=port,
                                                              ready_timeout=60))


@pytest.fixture
def holding_smtp():
    server = HoldingSmtp()
    yield server
    server.answered.set()  # nothing left held when the server stops
    server.controller.stop()


def ask(session: requests.Session, base: str, token: str, email: str) -> None:
    """One "Esqueci minha senha", on a connection of its own (as separate visitors: on a kept-alive connection the
    next request would wait for the link mailed after this answer in the embedded default, docs/hardening.md). Its
    answer must come while the SMTP server still holds any e-mail: requests raises ReadTimeout otherwise."""
    answer = session.post(f"{base}/login/esqueci", data={"email": email, "csrf_token": token},
                          headers={"Connection": "close"}, allow_redirects=False, timeout=ANSWER_WAIT)
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/login"), answer.text[:300]


def test_the_answer_never_waits_for_the_email(gthread_server, holding_smtp, make_user, company):
    user = make_user(company)
    port = gthread_server(MAIL_HOST="127.0.0.1", MAIL_PORT=str(holding_smtp.controller.port),
                          MAIL_FROM="nao-responda@fretes.test", PASSWORD_RESET_LIMIT="10000 per minute",
                          PASSWORD_RESET_LIMIT_PER_ACCOUNT="10000 per hour",
                          TRUSTED_HOSTS="127.0.0.1")  # the host links may name on PostgreSQL (core/public_urls.py)
    base = f"http://127.0.0.1:{port}"
    session = requests.Session()
    token = csrf_from(session.get(f"{base}/login/esqueci", timeout=300).text)
    for n in range(ROUNDS):
        for registered in ((True, False) if n % 2 == 0 else (False, True)):  # interleaved, each first in turn
            if registered:
                holding_smtp.answered.clear()
                holding_smtp.done.clear()
                ask(session, base, token, user.email)  # answered while its e-mail is held
                holding_smtp.answered.set()
                assert holding_smtp.done.wait(60), "the reset link was never mailed"
            else:
                ask(session, base, token, f"ninguem{n}@example.com")
    assert len(holding_smtp.received) == ROUNDS  # one link per request of the registered address, none for others
    assert all(user.email in message and f"{base}/login/nova-senha/" in message for message in holding_smtp.received)
