"""Every periodic job, in one place. Run with: rq cron jobs/cron_config.py -u $REDIS_URL"""
from rq import cron

from jobs.maintenance import purge_expired_idempotency_keys

cron.register(purge_expired_idempotency_keys, "default", cron="17 * * * *", job_timeout=300)
