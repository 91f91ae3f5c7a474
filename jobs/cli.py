"""`flask --app app worker`: an RQ worker with our serializer and queues, scheduler included."""
import click
from flask import Flask

from core.queue import QUEUES


def register_job_commands(app: Flask) -> None:
    @app.cli.command("worker")
    @click.argument("queues", nargs=-1)
    @click.option("--burst", is_flag=True, help="Processa o que houver na fila e sai.")
    def worker(queues, burst):
        """Inicia um worker RQ (filas: emission, pdf, webhooks, messages, default)."""
        from rq import Worker

        from core.queue import redis_connection
        from core.serializer import JsonFirstSerializer
        if not app.config.get("REDIS_URL"):
            raise click.ClickException("Defina REDIS_URL para usar o worker (sem Redis os jobs rodam inline).")
        import jobs.context
        jobs.context._worker_app = app  # the CLI already built the app: jobs reuse it
        names = list(queues) or list(QUEUES)
        Worker(names, connection=redis_connection(), serializer=JsonFirstSerializer).work(
            with_scheduler=True, burst=burst)
