"""The pages' transaction helper: commit on a clean block, roll back on an error, and commit a refusal whose
records must be kept before the error goes on (docs/CONTRIBUTING.md, "Transactions")."""
import pytest
import sqlalchemy as sa

from blueprints.web.transaction import page_transaction
from core.db import db
from core.errors import AppError, Conflict
from core.models import JobProgress
from core.progress import start_progress
from core.tenancy import tenant_scope


def labels(company) -> list[str]:
    db.session.rollback()  # only what was committed
    with tenant_scope(company.id):
        return sorted(db.session.execute(sa.select(JobProgress.label)).scalars())


def test_a_clean_block_is_committed(app, company):
    with app.test_request_context(), tenant_scope(company.id), page_transaction():
        start_progress(company, "test", "kept")
    assert labels(company) == ["kept"]


def test_an_error_rolls_the_block_back_and_propagates(app, company):
    with app.test_request_context(), tenant_scope(company.id), pytest.raises(Conflict), page_transaction():
        start_progress(company, "test", "dropped")
        raise Conflict("não")
    assert labels(company) == []


def test_an_unexpected_error_rolls_back_too(app, company):
    with app.test_request_context(), tenant_scope(company.id), pytest.raises(RuntimeError), page_transaction():
        start_progress(company, "test", "dropped")
        raise RuntimeError("inesperado")
    assert labels(company) == []


def test_a_refusal_that_keeps_its_records_is_committed_then_propagates(app, company):
    with app.test_request_context(), tenant_scope(company.id), pytest.raises(AppError) as raised, \
            page_transaction():
        start_progress(company, "test", "refusal recorded")
        raise AppError("Recusado.", code="rejected", status=422, keep_records=True)
    assert raised.value.keep_records and labels(company) == ["refusal recorded"]
