"""Marketplace jobs: the recount of a company's `novo` leads behind the sidebar badge, and the retention purge."""
from core.jobs import job_context


def recount_new_leads(company_id: str) -> int:
    from domain.marketplace.services import store_new_count

    with job_context(company_id):
        return store_new_count(company_id)


def purge_old_leads() -> int:
    """Daily (jobs/registry.py): leads past the retention period are deleted."""
    from domain.marketplace.services import purge_old_leads as purge

    with job_context():
        return purge()
