"""Marketplace jobs: the recount of a company's `novo` leads behind the sidebar badge."""
from core.queue import commit
from jobs.context import job_context


def recount_new_leads(company_id: str) -> int:
    from domain.marketplace.services import store_new_count

    with job_context(company_id):
        count = store_new_count(company_id)
        commit()
        return count
