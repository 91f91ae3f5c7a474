"""Real gunicorn for the limits that must hold across web processes (tests/hardening/workers.py has the client)."""
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hardening.workers import wait_until_both_workers_answer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def redis_url():
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("real Redis not configured: set TEST_REDIS_URL=redis://127.0.0.1:6379/<db> (CI does); "
                    "a limit is shared across processes only through Redis")
    return url


@pytest.fixture
def two_workers(app, redis_url, tmp_path):
    """`start(**env)` → port of gunicorn with 2 sync workers of the real app (tests.hardening.worker_pid_app) on a
    loopback socket bound here (requests wait in its backlog until a worker accepts), on the test's database and the
    real Redis; `env` adds settings (PROXY_COUNT, limits). It returns once both workers have answered: each boots on
    its own, and a test that needs both must not start while only one serves (tests/hardening/workers.py)."""
    processes = []

    def start(**extra_env) -> int:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        env = {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "REDIS_URL": redis_url,
               "JOBS_INLINE": "1", "SECRET_KEY": "test-secret", "INSTANCE_PATH": str(tmp_path), **extra_env}
        log = (tmp_path / f"gunicorn{len(processes)}.log").open("wb")
        processes.append((subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-w", "2", "--bind", f"fd://{listener.fileno()}", "--log-level",
             "warning", "tests.hardening.worker_pid_app:application"],
            cwd=ROOT, env=env, pass_fds=(listener.fileno(),), stdout=log, stderr=subprocess.STDOUT), log))
        port = listener.getsockname()[1]
        listener.close()  # gunicorn holds its own copy
        wait_until_both_workers_answer(port)
        return port

    yield start
    for process, log in processes:
        process.terminate()
        process.wait(30)
        log.close()


@pytest.fixture
def gthread_server(app, tmp_path):
    """`start(**env)` → port of gunicorn as scripts/start.sh runs it (1 worker with threads, keep-alive), on the
    test's database, with inline jobs (the embedded default); `env` adds settings. The listening socket is bound here,
    so a first connection waits in its backlog until the worker has booted (no polling)."""
    processes = []

    def start(**extra_env) -> int:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        env = {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "JOBS_INLINE": "1",
               "REDIS_URL": "", "SECRET_KEY": app.config["SECRET_KEY"], "INSTANCE_PATH": str(tmp_path), **extra_env}
        log = (tmp_path / f"gthread{len(processes)}.log").open("wb")
        processes.append((subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-w", "1", "--threads", "2", "--keep-alive", "30", "--bind",
             f"fd://{listener.fileno()}", "--log-level", "warning", "app:create_app()"],
            cwd=ROOT, env=env, pass_fds=(listener.fileno(),), stdout=log, stderr=subprocess.STDOUT), log))
        port = listener.getsockname()[1]
        listener.close()
        return port

    yield start
    for process, log in processes:
        process.terminate()
        process.wait(30)
        log.close()
