"""Round two's low findings on permissions (docs/hardening.md): a `leitura` user cannot start a PDF batch nor run a
failed job again; the roles that may still can."""
import pytest
import sqlalchemy as sa

from core.db import db
from core.models import JobProgress
from core.tenancy import cross_tenant
from tests.fixtures.core import csrf_from


def start_batch(client, ops):
    token = csrf_from(client.get("/ciot/pdf-lote").get_data(as_text=True))
    return client.post("/ciot/pdf-lote", data={"ids": ",".join(str(op.id) for op in ops)},
                       headers={"HX-Request": "true", "X-CSRFToken": token})


def batches() -> int:
    return db.session.execute(cross_tenant(sa.select(sa.func.count()).select_from(JobProgress))).scalar_one()


def test_a_reader_cannot_start_a_pdf_batch(login, make_user, company, make_operation):
    ops = [make_operation(status="emitido")]
    reader = login(make_user(company, role="leitura"))
    assert reader.get("/ciot/pdf-lote").status_code == 200  # the page still shows
    assert start_batch(reader, ops).status_code == 403
    assert batches() == 0


@pytest.mark.parametrize("role", ["operador", "financeiro", "admin"])
def test_the_other_roles_start_a_pdf_batch(login, make_user, company, make_operation, role):
    ops = [make_operation(status="emitido")]
    assert start_batch(login(make_user(company, role=role)), ops).status_code == 200
    assert batches() == 1


def test_a_reader_cannot_run_a_failed_job_again(login, make_user, company):
    from core.progress import enqueue_progress_job, start_progress
    from core.tenancy import tenant_scope
    from tests.fixtures.committing import commit
    with tenant_scope(company.id):
        progress = start_progress(company, "ciot_pdf_batch", "Lote", total=1)
        enqueue_progress_job(progress, "jobs.maintenance.no_such_job", queue="pdf")  # inline: fails at once
        progress_id = progress.id
        commit()
    reader = login(make_user(company, role="leitura"))
    token = csrf_from(reader.get("/ciot/pdf-lote").get_data(as_text=True))
    assert reader.post(f"/jobs/{progress_id}/tentar-novamente", headers={"X-CSRFToken": token}).status_code == 403
