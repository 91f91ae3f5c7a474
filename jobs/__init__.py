"""RQ entry points: take ids, open an app context and a tenant scope (jobs.context.job_context, the job's unit of
work, which commits), call a domain service."""
