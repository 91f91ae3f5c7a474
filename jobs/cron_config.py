"""The periodic jobs, as jobs/registry.py schedules them. Run with: rq cron jobs/cron_config.py -u $REDIS_URL"""
from rq import cron

from jobs.registry import PERIODIC

for periodic in PERIODIC:
    schedule = {"cron": periodic.cron} if periodic.cron else {"interval": periodic.interval}
    cron.register(periodic.func, periodic.queue, job_timeout=periodic.timeout, **schedule)
