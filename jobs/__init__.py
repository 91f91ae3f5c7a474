"""The entry points above the areas: the worker command and classes (cli.py, worker.py), the registry of every job
(registry.py) and the periodic schedule `rq cron` reads (cron_config.py), and the platform's housekeeping jobs
(maintenance.py). The areas' jobs sit with each area (domain/<area>/jobs.py); the other modules here are the former
paths of those jobs, kept through the next release for jobs queued before the move."""
