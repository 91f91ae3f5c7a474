"""The benches' process helpers (bench/_common.py): a server started by a bench is stopped with everything it forked
(a gunicorn master's workers, an RQ worker's work horse), and readiness is polled with a bound, not a fixed sleep."""
import os
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import psutil
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _common import start_process, stop_processes, wait_http_ready

# A parent that forks a child, prints the child's pid and ignores SIGTERM in the child: the child would outlive a
# SIGTERM to the parent alone (as gunicorn workers outlived their killed master).
FORKING = """
import os, signal, sys, time
child = os.fork()
if child == 0:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    time.sleep(120)
    os._exit(0)
print(child, flush=True)
time.sleep(120)
"""


def _forking_process(**kwargs) -> tuple[subprocess.Popen, int]:
    process = start_process([sys.executable, "-c", FORKING], env=dict(os.environ), stdout=subprocess.PIPE, **kwargs)
    return process, int(process.stdout.readline())


def _gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def _gone_within(pid: int, bound: float = 60.0) -> bool:
    """Whether the process ends within `bound` s. (psutil.wait_procs([psutil.Process(pid)]) after a `_gone` check
    raised NoSuchProcess when the process was reaped in between.)"""
    deadline = time.monotonic() + bound
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _gone(pid)


def test_stopping_a_process_stops_what_it_forked():
    process, child = _forking_process()
    assert not _gone(child)
    stop_processes(process, timeout=10)
    assert process.returncode is not None
    assert _gone_within(child)


def test_a_plain_terminate_would_leave_the_child_running():
    """What the benches did before: SIGTERM (and a kill) to the leader only; the forked child survived it."""
    process, child = _forking_process()
    try:
        process.terminate()
        process.wait(10)
        assert not _gone(child)
    finally:
        stop_processes(process, timeout=5)  # the group is still there: this cleans it up
    assert _gone_within(child)


class _Slow(BaseHTTPRequestHandler):
    calls = 0

    def do_GET(self):
        type(self).calls += 1
        self.send_response(200 if type(self).calls >= 3 else 503)  # ready at the third poll
        self.end_headers()

    def log_message(self, *args):
        pass


def test_readiness_is_polled_until_the_server_answers_200():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Slow)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    idle = start_process([sys.executable, "-c", "import time; time.sleep(60)"], env=dict(os.environ))
    try:
        wait_http_ready(server.server_address[1], "/readyz", idle, timeout=30)
        assert _Slow.calls == 3
    finally:
        server.shutdown()
        server.server_close()
        stop_processes(idle, timeout=5)


def test_readiness_gives_up_after_its_bound_or_when_the_process_exits():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))  # held, never listening: connections are refused, no other process can take it
        port = sock.getsockname()[1]
        idle = start_process([sys.executable, "-c", "import time; time.sleep(60)"], env=dict(os.environ))
        try:
            with pytest.raises(SystemExit, match="not ready after 1 s"):
                wait_http_ready(port, "/readyz", idle, timeout=1)
        finally:
            stop_processes(idle, timeout=5)
        dead = start_process([sys.executable, "-c", "import sys; sys.exit(3)"], env=dict(os.environ))
        with pytest.raises(SystemExit, match="exited \\(3\\)"):
            wait_http_ready(port, "/readyz", dead, timeout=30)
