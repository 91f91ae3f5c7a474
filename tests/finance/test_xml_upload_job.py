"""Large XML uploads (domain/billing/xml_batch.py, domain/billing/jobs.py): more than a handful of files become a
background job with a progress row, and a page that shows what became of each file; a handful stays one request,
all or nothing. The 1,000-file run goes through RQ on the real Redis (TEST_REDIS_URL)."""
import io
import os
import re
import uuid

import pytest
from sqlalchemy import event

from core.db import db
from core.models import JobProgress
from core.tenancy import tenant_scope
from domain.billing import xml_batch
from domain.billing.models import BillingDocument
from tests.finance.conftest import access_key
from tests.finance.test_pages import documents, token, upload
from tests.fixtures import fiscal

TAKER = "11444777000161"


@pytest.fixture
def storage(app, tmp_path, monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    return tmp_path


def ctes(count: int) -> list[tuple[str, bytes]]:
    return [(f"cte-{n:04d}.xml", fiscal.cte(access_key("57"), TAKER, f"{100 + n}.00")) for n in range(count)]


def job_of(response) -> str:
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    found = re.search(r"/financeiro/documentos/xml/([0-9a-f-]{36})$", response.headers["Location"])
    assert found, response.headers["Location"]
    return found.group(1)


def rows(html: str) -> dict:
    """{file name: status} of the result table."""
    return {name: status for status, name in re.findall(r'<tr data-status="(\w+)">\s*<td>([^<]+)</td>', html)}


def test_a_large_upload_is_a_job_whose_page_shows_each_file(fin_client, fin_company, storage):
    already = fiscal.cte(access_key("57"), TAKER, "50.00")
    assert upload(fin_client, ("antes.xml", already)).status_code == 302  # one file: inline, as before
    files = ctes(4)
    cancelled_key = access_key("57")
    files += [("cancelado.xml", fiscal.cte(cancelled_key, TAKER)),
              ("de-novo.xml", already),                                   # in the inbox already
              ("repetido.xml", files[0][1]),                              # twice in this upload
              ("mexido.xml", fiscal.cte(access_key("57"), TAKER).replace(b"<xNome>Tomador Ltda", b"<xNome>Outro")),
              ("evento.xml", fiscal.event("cte", "110111", cancelled_key)),
              ("orfao.xml", fiscal.event("cte", "110111", access_key("57")))]  # its document is nowhere
    job_id = job_of(upload(fin_client, *files))

    page = fin_client.get(f"/financeiro/documentos/xml/{job_id}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "Concluído" in html  # inline here: done before the page is asked for
    assert rows(html) == {
        "cte-0000.xml": "criado", "cte-0001.xml": "criado", "cte-0002.xml": "criado", "cte-0003.xml": "criado",
        "cancelado.xml": "criado", "de-novo.xml": "duplicado", "repetido.xml": "duplicado", "mexido.xml": "recusado",
        "evento.xml": "evento", "orfao.xml": "recusado"}
    assert "5 criado(s), 2 duplicado(s), 2 recusado(s), 1 evento(s) aplicado(s)." in html
    assert "Mesma chave do arquivo cte-0000.xml" in html and "Documento já está na caixa de entrada" in html
    assert "Assinatura digital (XML-DSig) do CT-e inválida" in html
    assert "não está na caixa de entrada" in html  # the orphan event's reason

    stored = documents(fin_company)
    assert len(stored) == 6  # the earlier one and the five created
    by_key = {d.chave: d for d in stored}
    assert by_key[cancelled_key].status == "descartado"
    assert all((storage / d.storage_path).exists() for d in stored)
    assert not list(storage.rglob("envio-*"))  # the staged files are gone


def test_a_file_with_the_key_of_a_refused_one_is_read_on_its_own(fin_client, fin_company, storage):
    """A key counts as seen only once its document is stored: the first file with it refused (a total the inbox
    document cannot hold), a later file with the same key and a good value is created, not a duplicate."""
    key = access_key("57")
    files = [*ctes(4), ("grande-demais.xml", fiscal.cte(key, TAKER, "100000000000.01")),
             ("corrigido.xml", fiscal.cte(key, TAKER, "1000.00")), ("de-novo.xml", fiscal.cte(key, TAKER, "1000.00"))]
    html = fin_client.get(f"/financeiro/documentos/xml/{job_of(upload(fin_client, *files))}").get_data(as_text=True)
    found = rows(html)
    assert (found["grande-demais.xml"], found["corrigido.xml"], found["de-novo.xml"]) == (
        "recusado", "criado", "duplicado")
    assert "Mesma chave do arquivo corrigido.xml" in html and "Mesma chave do arquivo grande-demais.xml" not in html
    assert "5 criado(s), 1 duplicado(s), 1 recusado(s)." in html
    [document] = [d for d in documents(fin_company) if d.chave == key]
    assert document.valor_centavos == 100000
    assert (storage / document.storage_path).exists()


def test_a_handful_stays_one_request_and_refuses_all_or_nothing(fin_client, fin_company, storage):
    """Five files with one refused: nothing stored (the inline rule); six with one refused: a job, five created."""
    bad = ("mexido.xml", fiscal.cte(access_key("57"), TAKER).replace(b"<xNome>Tomador Ltda", b"<xNome>Outro"))
    response = upload(fin_client, *ctes(4), bad)
    assert response.status_code == 400 and "Nenhum arquivo foi registrado" in response.get_data(as_text=True)
    assert documents(fin_company) == []
    job_id = job_of(upload(fin_client, *ctes(5), bad))
    assert len(documents(fin_company)) == 5
    assert rows(fin_client.get(f"/financeiro/documentos/xml/{job_id}").get_data(as_text=True))["mexido.xml"] \
        == "recusado"


def test_the_job_page_is_the_company_s_own(fin_client, fin_company, storage, login, make_user, make_company):
    job_id = job_of(upload(fin_client, *ctes(6)))
    other = login(make_user(make_company(modules=["billing", "financial"]), role="financeiro"))
    assert other.get(f"/financeiro/documentos/xml/{job_id}").status_code == 404
    assert other.get(f"/financeiro/documentos/xml/{job_id}/andamento").status_code == 404
    assert fin_client.get(f"/financeiro/documentos/xml/{job_id}/andamento").status_code == 286
    assert fin_client.get("/financeiro/documentos/xml/nao-e-um-id").status_code == 404


def test_a_job_of_another_kind_is_not_an_upload_page(fin_client, fin_company):
    with tenant_scope(fin_company.id):
        other = JobProgress(company_id=fin_company.id, kind="ciot_pdf_batch", label="PDFs", total=1)
        db.session.add(other)
        db.session.commit()
    assert fin_client.get(f"/financeiro/documentos/xml/{other.id}").status_code == 404


def test_more_files_than_an_upload_takes_is_413_on_the_input(fin_client, fin_company, storage):
    from blueprints.web.billing import XML_UPLOAD_MAX_FILES
    files = [(io.BytesIO(b"<a/>"), f"{n}.xml") for n in range(XML_UPLOAD_MAX_FILES + 11)]
    response = fin_client.post("/financeiro/documentos/xml", data={"csrf_token": token(fin_client), "arquivos": files},
                               content_type="multipart/form-data")
    assert response.status_code == 413
    assert f"até {XML_UPLOAD_MAX_FILES} arquivos" in response.get_data(as_text=True)
    assert documents(fin_company) == []


def test_a_thousand_files_finish_as_a_job_with_progress(app, fin_client, fin_company, storage, monkeypatch):
    """Through RQ on the real Redis: the page answers at once with the job queued and polling; a worker reads the
    1,000 files, the row advancing every 25 (each step committed for the page), and the result lists them all."""
    from redis import Redis
    from rq import Queue, SimpleWorker

    from core.serializer import JsonFirstSerializer
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("real Redis not configured: set TEST_REDIS_URL=redis://127.0.0.1:6379/<db>")
    connection = Redis.from_url(url)
    queue = Queue("default", connection=connection, serializer=JsonFirstSerializer)
    queue.empty()
    monkeypatch.setitem(app.config, "JOBS_INLINE", False)
    files = [(f"cte-{n:04d}.xml", fiscal.cte(fiscal.with_key(f"35261111222333000181570010{n:08d}1{n:08d}"[:43]),
                                             TAKER, f"{1000 + n}.00")) for n in range(1000)]
    job_id = job_of(upload(fin_client, *files))
    html = fin_client.get(f"/financeiro/documentos/xml/{job_id}").get_data(as_text=True)
    assert 'data-state="queued"' in html
    assert f'hx-get="/financeiro/documentos/xml/{job_id}/andamento" hx-trigger="every 1s"' in html
    assert fin_client.get(f"/financeiro/documentos/xml/{job_id}/andamento").status_code == 200  # still polling
    assert queue.count == 1 and queue.jobs[0].timeout == xml_batch.JOB_TIMEOUT  # longer than the queue's

    seen = []

    def record(mapper, connection, target):
        seen.append((target.state, target.done))
    event.listen(JobProgress, "after_update", record)
    try:
        SimpleWorker([queue], connection=connection, serializer=JsonFirstSerializer).work(burst=True)
    finally:
        event.remove(JobProgress, "after_update", record)
    running = [done for state, done in seen if state == "running"]
    assert running[:3] == [0, 25, 50] and running[-1] == 1000 and running == sorted(running)
    assert seen[-1] == ("done", 1000)

    final = fin_client.get(f"/financeiro/documentos/xml/{job_id}/andamento")
    body = final.get_data(as_text=True)
    assert final.status_code == 286 and 'hx-swap-oob="true"' in body
    assert "1000 criado(s), 0 duplicado(s), 0 recusado(s)." in body
    assert set(rows(body).values()) == {"criado"} and len(rows(body)) == 1000
    with tenant_scope(fin_company.id):
        count = db.session.execute(db.select(db.func.count()).select_from(BillingDocument)).scalar()
    assert count == 1000
    with tenant_scope(fin_company.id):
        assert xml_batch.outcome_of(db.session.get(JobProgress, uuid.UUID(job_id)))[0].status == "criado"
