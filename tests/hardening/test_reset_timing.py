""""Esqueci minha senha" must not tell by its time whether an e-mail is registered: through gunicorn as
scripts/start.sh runs it (the embedded default: jobs inline), a registered and an unknown address answer in the same
median time, while the registered one's link still arrives (mailed after the answer). The loopback SMTP server takes
SMTP_DELAY to accept a message, as a real one does: mailed inside the request, the registered address answered that
much later. The two addresses are asked in pairs, one right after the other, and the median of the pairs' differences
is compared with SMTP_DELAY: a pair shares the machine's load of its moment, so the comparison does not move with
the load (medians compared to each other within 10 % did, on a loaded machine)."""
import asyncio
import statistics
import threading
import time

import pytest
import requests

from tests.fixtures.core import csrf_from
from tests.fixtures.providers import _start_smtp

SMTP_DELAY = 0.15  # s an SMTP server takes to accept a message (a remote one takes longer)
PAIRS = 201  # requests per address, interleaved: the machine's noise is heavy-tailed, medians of many settle
LEAK_BOUND = SMTP_DELAY / 3  # the pairs' median difference must stay well below what mailing in the request costs


class SlowSmtp:
    """aiosmtpd on loopback that accepts each message after SMTP_DELAY; `done` is set when a client has sent its
    message and said QUIT (the sending job is over)."""

    def __init__(self):
        from aiosmtpd.controller import Controller
        self.received, self.done = [], threading.Event()
        server = self

        class Handler:
            async def handle_DATA(self, smtp, session, envelope):
                await asyncio.sleep(SMTP_DELAY)
                server.received.append(envelope.content.decode("utf-8", "replace"))
                return "250 Message accepted for delivery"

            async def handle_QUIT(self, smtp, session, envelope):
                server.done.set()
                return "221 Bye"

        self.controller = _start_smtp(lambda port: Controller(Handler(), hostname="127.0.0.1", port=port,
                                                              ready_timeout=60))


@pytest.fixture
def slow_smtp():
    server = SlowSmtp()
    yield server
    server.controller.stop()


def ask(session: requests.Session, base: str, token: str, email: str) -> float:
    """Seconds until the whole answer of one "Esqueci minha senha" has arrived, on a connection of its own (as
    separate visitors: on a kept-alive connection the next request would wait for the link mailed after this answer
    in the embedded default, docs/hardening.md)."""
    started = time.perf_counter()
    answer = session.post(f"{base}/login/esqueci", data={"email": email, "csrf_token": token},
                          headers={"Connection": "close"}, allow_redirects=False, timeout=60)
    elapsed = time.perf_counter() - started
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/login"), answer.text[:300]
    return elapsed


def test_a_registered_and_an_unknown_email_answer_in_the_same_time(gthread_server, slow_smtp, make_user, company):
    user = make_user(company)
    port = gthread_server(MAIL_HOST="127.0.0.1", MAIL_PORT=str(slow_smtp.controller.port),
                          MAIL_FROM="nao-responda@fretes.test", PASSWORD_RESET_LIMIT="10000 per minute",
                          PASSWORD_RESET_LIMIT_PER_ACCOUNT="10000 per hour")
    base = f"http://127.0.0.1:{port}"
    session = requests.Session()
    token = csrf_from(session.get(f"{base}/login/esqueci", timeout=300).text)
    ask(session, base, token, "aquecimento@example.com")  # the first request of a process loads what it lazily needs
    known, unknown = [], []
    for n in range(PAIRS):
        for registered in ((True, False) if n % 2 == 0 else (False, True)):  # interleaved, each first in turn
            if registered:
                slow_smtp.done.clear()
                known.append(ask(session, base, token, user.email))
                # its link is mailed after the answer: wait until that job is over, so that no request is timed
                # while it runs beside (the other address must not pay for this one's mail)
                assert slow_smtp.done.wait(60), "the reset link was never mailed"
            else:
                unknown.append(ask(session, base, token, f"ninguem{n}@example.com"))
    assert len(slow_smtp.received) == PAIRS  # one link per request of the registered address, none for the others
    assert all(user.email in message and "/login/nova-senha/" in message for message in slow_smtp.received)
    difference = statistics.median(k - u for k, u in zip(known, unknown, strict=True))
    assert abs(difference) < LEAK_BOUND, (f"registered minus unknown: {difference * 1000:.1f} ms, median of {PAIRS} "
                                          f"pairs (registered {statistics.median(known) * 1000:.1f} ms, unknown "
                                          f"{statistics.median(unknown) * 1000:.1f} ms)")
