"""The CIOT operations per month and status bucket (the dashboard's chart) are kept with every status change, the
emission claim's own UPDATE included, and always equal a recount from the operations."""
from core.db import db
from core.tenancy import tenant_scope
from domain.ciot.models import CiotMonthCount
from domain.ciot.month_counts import month_of, recount
from tests.fixtures.ciot import clear_irregular


def kept(company) -> dict:
    with tenant_scope(company.id):
        return {(row.month, row.bucket): row.count for row in db.session.scalars(db.select(CiotMonthCount))
                if row.count}


def recounted(company) -> dict:
    with tenant_scope(company.id):
        recount(db.session.connection(), company.id)
        found = kept(company)
        db.session.rollback()
        return found


def test_counts_follow_each_status_change_and_equal_a_recount(api, company, make_operation):
    this_month = month_of(None)
    for status in ("emitido", "com_divergencia", "encerrado", "cancelado", "pronto_emissao", "emitindo"):
        make_operation(status=status)
    assert kept(company) == {(this_month, "emitidas"): 2, (this_month, "divergencia"): 1}
    rejected = make_operation(status="rejeitado")
    assert kept(company)[(this_month, "divergencia")] == 2
    assert api.post(f"/ciot/operations/{rejected.id}/emit").status_code == 422  # claimed, rejected again
    assert kept(company)[(this_month, "divergencia")] == 2
    clear_irregular("012345678")
    assert api.post(f"/ciot/operations/{rejected.id}/emit").status_code == 200  # left `rejeitado` by the claim
    assert kept(company) == {(this_month, "emitidas"): 3, (this_month, "divergencia"): 1} == recounted(company)


def test_an_operation_counts_in_its_brasilia_month(api, company, make_operation):
    """Created at 23:30 on 30 November in Brasília (already 1 December in UTC, as stored): November's, kept and
    recounted alike."""
    from datetime import date, datetime

    import sqlalchemy as sa

    from domain.ciot.models import CiotOperation
    late = datetime(2026, 12, 1, 2, 30)  # naive UTC
    assert month_of(late) == date(2026, 11, 1)  # breaking: the UTC date's month (December)
    op = make_operation(status="emitido")
    with tenant_scope(company.id):
        db.session.execute(sa.update(CiotOperation).where(CiotOperation.id == op.id).values(created_at=late))
        db.session.commit()
    assert recounted(company) == {(date(2026, 11, 1), "emitidas"): 1}  # breaking: counted in December


def test_a_company_sees_only_its_own_counts(api, company, make_company, make_operation):
    other = make_company()
    make_operation(company=other, status="emitido")
    make_operation(status="com_divergencia")
    assert kept(company) == {(month_of(None), "divergencia"): 1}
    assert kept(other) == {(month_of(None), "emitidas"): 1}
