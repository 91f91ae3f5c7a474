"""Helpers for the tests that start real gunicorn workers (tests/hardening/conftest.py `two_workers`): one POST on
its own connection, and the loop that keeps requests in flight until both worker processes have refused."""
import http.client
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

READY_WITHIN = 300  # s: the bound after which workers that never both answered fail the test (a loaded CI machine
# has taken over 60 s to boot one: each imports the app itself)
ROUNDS = 40  # at most this many rounds of CONCURRENT requests to see both workers refuse
CONCURRENT = 4  # requests in flight at once: a busy sync worker leaves the next connection to the other


class Answer(NamedTuple):
    status: int
    pid: str | None  # X-Worker-Pid: the process that answered
    retry_after: str | None
    body: dict


def post_json(port: int, path: str, body: dict, headers: dict) -> Answer:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("POST", path, body=json.dumps(body),
                     headers={"Content-Type": "application/json", "Connection": "close", **headers})
        response = conn.getresponse()
        raw = response.read()
        return Answer(response.status, response.getheader("X-Worker-Pid"), response.getheader("Retry-After"),
                      json.loads(raw) if raw else {})
    finally:
        conn.close()


def get_pid(port: int, path: str = "/healthz") -> str | None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=READY_WITHIN)  # waits in the backlog meanwhile
    try:
        conn.request("GET", path, headers={"Connection": "close"})
        response = conn.getresponse()
        response.read()
        return response.getheader("X-Worker-Pid")
    finally:
        conn.close()


def wait_until_both_workers_answer(port: int) -> None:
    """Each gunicorn worker imports the app on its own: on a loaded machine one may serve for seconds before the
    other has booted, and a test counting on both would see only the first. Keep CONCURRENT liveness requests in
    flight until two distinct workers have answered."""
    pids: set[str] = set()
    deadline = time.monotonic() + READY_WITHIN
    with ThreadPoolExecutor(CONCURRENT) as pool:
        while len(pids) < 2:
            assert time.monotonic() < deadline, f"only worker(s) {pids} answered within {READY_WITHIN} s"
            pids.update(pid for pid in pool.map(lambda _: get_pid(port), range(CONCURRENT)) if pid)


def until_both_workers_refuse(send: Callable[[], Answer]) -> list[Answer]:
    """Every answer, in rounds of concurrent requests, stopping once two distinct workers have answered 429."""
    answers: list[Answer] = []
    with ThreadPoolExecutor(CONCURRENT) as pool:
        for _ in range(ROUNDS):
            answers += pool.map(lambda _: send(), range(CONCURRENT))
            if len({a.pid for a in answers if a.status == 429}) >= 2:
                break
    return answers
