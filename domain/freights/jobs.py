"""Freight jobs: the periodic expiry of offers past their deadline (jobs/registry.py)."""
from core.jobs import job_context
from domain.freights.offers import expire_offers as expire


def expire_offers() -> int:
    """Open offers (pendente, contraproposta) whose valid_until passed become `expirada`. Platform-wide."""
    with job_context():
        return expire()
