"""The real app for gunicorn in tests (`tests.hardening.worker_pid_app:application`), configured by the environment
as in production; every answer also names the worker process that served it (X-Worker-Pid), so a test can tell
that more than one worker answered."""
import os

from app import create_app

app = create_app()


def application(environ, start_response):
    def start(status, headers, exc_info=None):
        return start_response(status, [*headers, ("X-Worker-Pid", str(os.getpid()))], exc_info)
    return app(environ, start)
