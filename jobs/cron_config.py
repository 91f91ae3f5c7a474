"""Every periodic job, in one place. Run with: rq cron jobs/cron_config.py -u $REDIS_URL"""
from rq import cron

from jobs.ciot import recover_stale_emissions
from jobs.ciot_agregado import close_expired_agregados, retry_stuck_agregados
from jobs.freights import expire_offers
from jobs.maintenance import SWEEP_SECONDS, dispatch_job_outbox, purge_expired_idempotency_keys, sweep_dead_jobs
from jobs.marketplace import purge_old_leads
from jobs.webhooks import redeliver_overdue

cron.register(purge_expired_idempotency_keys, "default", cron="17 * * * *", job_timeout=300)
# Requests to the authority count as stale after CIOT_EMIT_STALE_SECONDS (default 600 s); those the open circuit
# deferred are sent again once it lets a probe through: every minute, so the queue drains soon after the ANTT is back.
cron.register(recover_stale_emissions, "emission", cron="* * * * *", job_timeout=120)
# Jobs kept in the outbox while Redis was unreachable (core/queue.py); this job itself runs once Redis is back.
cron.register(dispatch_job_outbox, "default", cron="* * * * *", job_timeout=120)
# Jobs whose worker died (no heartbeat for 60 s, jobs/worker.py): retried or failed, their progress rows with them
# (jobs/failures.py); then the due retries of a queue whose scheduler died are enqueued. Every 15 s: within ~75 s.
cron.register(sweep_dead_jobs, "default", interval=SWEEP_SECONDS, job_timeout=60)
# Webhook deliveries whose retry is due but whose scheduled job never ran, deliveries left by a killed worker, and
# outbox events never fanned out (jobs/webhooks.py): the delivery rows are what is owed, this sends them.
cron.register(redeliver_overdue, "webhooks", cron="* * * * *", job_timeout=300)
# Offers past valid_until (or their counter-offer's valid_until) become `expirada`; accept already refuses them.
cron.register(expire_offers, "default", cron="* * * * *", job_timeout=60)
# Leads older than MARKETPLACE_LEAD_RETENTION_DAYS (default 180) are deleted (LGPD retention).
cron.register(purge_old_leads, "default", cron="41 3 * * *", job_timeout=300)
# Aggregate contracts whose last day (data_prevista_encerramento) has ended in Brasília are closed, at 00:05 in
# Brasília (03:05 UTC; Brazil keeps no daylight saving time) of the next day, never during the last day, whose trips
# are still recorded; running twice, or on two schedulers at once, closes each contract once (row lock + status
# check, domain/ciot_agregado/expiry.py).
cron.register(close_expired_agregados, "default", cron="5 3 * * *", job_timeout=1800)
# Aggregate declarations, cancellations and closings left pending (job died, retries exhausted, our commit lost after
# the authority accepted) are sent again with the same idempotency key (domain/ciot_agregado/authority.py).
cron.register(retry_stuck_agregados, "emission", cron="*/5 * * * *", job_timeout=300)
