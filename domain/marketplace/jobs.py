"""Marketplace jobs: the recount of a company's `novo` leads behind the sidebar badge (domain/marketplace/badge.py).
The daily retention purge is in retention_jobs.py: it calls the services, which enqueue this recount and so import
this module."""
from core.jobs import job_context
from domain.marketplace.badge import store_new_count


def recount_new_leads(company_id: str) -> int:
    with job_context(company_id):
        return store_new_count(company_id)
