"""A financeiro user in Chromium sends more than a handful of XML files: the upload answers at once with the job's
page, its progress bar polls (htmx) while the job waits for a worker, and when the job has run the result table
arrives in the same poll, one row per file (created, duplicated, refused with the reason)."""
import os
import re

import pytest
from playwright.sync_api import expect

from domain.billing.jobs import import_staged
from tests.browser.conftest import follow_menu, log_in
from tests.finance.conftest import access_key
from tests.fixtures import fiscal

pytestmark = pytest.mark.browser
TAKER = "11444777000161"


def xml_file(name: str, content: bytes) -> dict:
    return {"name": name, "mimeType": "text/xml", "buffer": content}


def test_a_large_upload_shows_its_progress_then_each_file(browser_page, app, tmp_path, monkeypatch, make_company,
                                                           make_user):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    monkeypatch.setitem(app.config, "JOBS_INLINE", False)  # the job waits for a worker: the page must poll
    company = make_company(modules=["billing", "financial"])
    page = browser_page
    log_in(page, make_user(company, role="financeiro"))
    follow_menu(page, "Documentos", exact=True)
    first = fiscal.cte(access_key("57"), TAKER, "100.00")
    files = [xml_file(f"cte-{n}.xml", fiscal.cte(access_key("57"), TAKER, f"{200 + n}.00")) for n in range(5)]
    files += [xml_file("primeiro.xml", first), xml_file("repetido.xml", first),
              xml_file("mexido.xml", first.replace(b"<vTPrest>100.00<", b"<vTPrest>900.00<"))]
    page.get_by_label("Arquivos XML (um ou vários)").set_input_files(files)
    with page.expect_response(lambda r: r.url.endswith("/financeiro/documentos/xml") and r.status == 302):
        page.get_by_role("button", name="Enviar").click()
    page.wait_for_url(re.compile(r".*/financeiro/documentos/xml/[0-9a-f-]{36}$"))
    job_id = page.url.rsplit("/", 1)[1]
    expect(page.locator(".job-state")).to_have_attribute("data-state", "queued")
    # the bar is polling its own fragment: wait for one poll's answer before the worker runs
    with page.expect_response(lambda r: r.url.endswith(f"/xml/{job_id}/andamento") and r.status == 200):
        pass

    assert import_staged(str(company.id), job_id) == "done"  # what the worker runs
    if os.environ.get("TEST_REDIS_URL"):  # the same job was also queued in the real Redis: leave it empty
        from redis import Redis
        from rq import Queue
        Queue("default", connection=Redis.from_url(os.environ["TEST_REDIS_URL"])).empty()

    result = page.get_by_test_id("xml-import-result")
    result.wait_for()  # brought by the poll that saw the job done (out of band), with the 286 that stops polling
    expect(page.locator(".job-state")).to_have_attribute("data-state", "done")
    statuses = {row.locator("td").first.inner_text(): row.get_attribute("data-status")
                for row in result.locator("tbody tr").all()}
    assert statuses == {**{f"cte-{n}.xml": "criado" for n in range(5)}, "primeiro.xml": "criado",
                        "repetido.xml": "duplicado", "mexido.xml": "recusado"}
    assert "Assinatura digital (XML-DSig) do CT-e inválida" in result.inner_text()
    assert "6 criado(s), 1 duplicado(s), 1 recusado(s)." in result.inner_text()
