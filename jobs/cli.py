"""`flask --app app worker`: an RQ worker with our serializer and queues, scheduler included (jobs/worker.py); and
the commands that run a job by hand (`webhook sweep`), registered after the areas' own groups."""
import click
from flask import Flask

from core.queue import QUEUES, adopt_worker_app, redis_connection
from core.serializer import JsonFirstSerializer
from domain.webhooks.jobs import redeliver_overdue


def register_job_commands(app: Flask) -> None:
    @app.cli.command("worker")
    @click.argument("queues", nargs=-1)
    @click.option("--burst", is_flag=True, help="Processa o que houver na fila e sai.")
    @click.option("--fork", is_flag=True, help="Um processo novo (fork) por job, como o worker padrão do RQ.")
    @click.option("--max-jobs", type=click.IntRange(min=1), default=None, envvar="WORKER_MAX_JOBS",
                  help="Sai depois de tantos jobs (o systemd inicia outro): limita o que um processo acumula.")
    def worker(queues, burst, fork, max_jobs):
        """Inicia um worker RQ (filas: emission, pdf, webhooks, messages, default)."""
        if not app.config.get("REDIS_URL"):
            raise click.ClickException("Defina REDIS_URL para usar o worker (sem Redis os jobs rodam inline).")
        # import here: rq (jobs/worker.py) and every job's module only in the worker process; a web process with
        # jobs inline never loads rq, and the app imports this module at start-up
        from jobs import worker as workers
        from jobs.registry import every_job

        adopt_worker_app(app)  # the CLI already built the app: jobs reuse it
        # Importing the registry imported every job's module: no first job of a kind pays for its imports.
        click.echo(f"{len(every_job())} jobs registrados (jobs/registry.py).")
        workers.install_fork_guard()
        names = list(queues) or list(QUEUES)
        worker_class = workers.FretesForkingWorker if fork else workers.FretesWorker
        # Maintenance every minute, not RQ's 10: it is also when a worker takes over a dead worker's scheduler.
        worker = workers.build_when_redis_answers(lambda: worker_class(
            names, connection=redis_connection(), serializer=JsonFirstSerializer,
            job_monitoring_interval=workers.heartbeat_seconds(), maintenance_interval=workers.MAINTENANCE_SECONDS))
        worker.work(with_scheduler=True, burst=burst, max_jobs=max_jobs)

    @app.cli.commands["webhook"].command("sweep")
    def webhook_sweep():
        """Envia o que está atrasado (retentativas devidas); use no cron quando não há Redis."""
        click.echo(f"Entregas enviadas ou enfileiradas: {redeliver_overdue()}")
