"""Every export and every streamed answer, downloaded to its last byte through real gunicorn (as scripts/start.sh
runs it) and read back: CSV rows, ZIP members, PDF text (pdftotext). A status code alone is not enough: a streamed
body that fails after its 200 reaches the client as a truncated file (the CSV exports read the logged-in user after
the request's session had closed). The test client shares its app context with the body and hid it."""
import csv
import io
import subprocess
import zipfile
from datetime import timedelta

import pytest
import requests

from core.clock import brasilia_today
from tests.finance.conftest import access_key
from tests.finance.test_pages import make_payable
from tests.fixtures.core import csrf_from

API = "/api/public/v1"


def pdftotext(data: bytes) -> str:
    assert data.startswith(b"%PDF-"), data[:40]
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True)
    return done.stdout.decode()


def download(session: requests.Session, url: str, mimetype: str, **kwargs) -> bytes:
    """The whole body, read as a stream to its end; a body cut short by a server-side error raises here
    (requests checks a chunked body's terminator and a Content-Length)."""
    with session.get(url, stream=True, timeout=120, **kwargs) as response:
        assert response.status_code == 200, response.text[:300]
        assert response.headers["Content-Type"].split(";")[0] == mimetype
        return b"".join(response.iter_content(64 * 1024))


def csv_rows(data: bytes) -> list[dict]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))


def zip_members(data: bytes) -> dict[str, bytes]:
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert archive.testzip() is None  # every member's CRC checks: the archive arrived whole
    return {name: archive.read(name) for name in archive.namelist()}


@pytest.fixture
def served(gthread_server, make_company, make_user, make_api_key, make_partner, make_operation):
    """A company with payables, receivables (an emitted invoice), two emitted CIOT operations, its API key and a
    logged-in browser session, on gunicorn."""
    company = make_company(modules=["billing", "financial"])
    user = make_user(company, role="admin")
    _, key = make_api_key(company)
    operations = [make_operation(company=company, status="emitido") for _ in range(2)]
    for n in range(3):
        make_payable(company, descricao=f"Pneus {n}", valor_centavos=10_000 + n,
                     vencimento_at=(brasilia_today() + timedelta(days=n)).isoformat())
    port = gthread_server()
    base = f"http://127.0.0.1:{port}"
    api = requests.Session()
    api.headers["X-API-Key"] = key
    customer = make_partner(company, legal_name="Cliente Atacadista Ltda")
    document = api.post(f"{base}{API}/billing/documents", json={
        "kind": "cte", "customer_partner_id": str(customer.id), "chave": access_key("57"), "numero": "77",
        "valor_centavos": 123456, "emissao_at": "2026-01-10"}, timeout=60).json()["data"]
    invoice = api.post(f"{base}{API}/billing/invoices", json={"document_ids": [document["id"]], "emit": True},
                       timeout=60)
    assert invoice.status_code == 201, invoice.text
    browser = requests.Session()
    token = csrf_from(browser.get(f"{base}/login", timeout=60).text)
    answer = browser.post(f"{base}/login", data={"email": user.email, "password": user.plain_password,
                                                 "csrf_token": token}, allow_redirects=False, timeout=60)
    assert answer.status_code == 302, answer.text[:300]
    return {"base": base, "api": api, "browser": browser, "operations": operations,
            "invoice": invoice.json()["data"]}


def test_the_csv_exports_arrive_whole_through_gunicorn(served):
    base, browser = served["base"], served["browser"]
    payables = csv_rows(download(browser, f"{base}/financeiro/pagar.csv", "text/csv"))
    assert [row["Descrição"] for row in payables] == ["Pneus 0", "Pneus 1", "Pneus 2"]
    assert [row["Valor"] for row in payables] == ["100,00", "100,01", "100,02"]
    [receivable] = csv_rows(download(browser, f"{base}/financeiro/receber.csv", "text/csv"))
    assert receivable["Cliente"] == "Cliente Atacadista Ltda" and receivable["Saldo"] == "1234,56"
    template = csv_rows(download(browser, f"{base}/veiculos/importar/modelo.csv", "text/csv"))
    assert template and "placa" in {name.lower() for name in template[0]}


def test_the_zips_arrive_whole_through_gunicorn(served):
    base, api, operations = served["base"], served["api"], served["operations"]
    ids = ",".join(str(op.id) for op in operations)
    streamed = zip_members(download(api, f"{base}{API}/ciot/operations/pdf?ids={ids}", "application/zip"))
    assert sorted(streamed) == sorted(f"{op.code}.pdf" for op in operations)
    for op in operations:
        assert op.codigo_ciot in pdftotext(streamed[f"{op.code}.pdf"])
    job = api.get(f"{base}{API}/ciot/operations/pdf?ids={ids}", headers={"Prefer": "respond-async"}, timeout=120)
    assert job.status_code == 202, job.text
    job_id = job.json()["data"]["id"]
    assert api.get(f"{base}{API}/ciot/operations/pdf/jobs/{job_id}", timeout=60).json()["data"]["state"] == "done"
    built = zip_members(download(api, f"{base}{API}/ciot/operations/pdf/jobs/{job_id}/zip", "application/zip"))
    assert sorted(built) == sorted(streamed)
    page = zip_members(download(served["browser"], f"{base}/jobs/{job_id}/resultado", "application/zip"))
    assert sorted(page) == sorted(streamed)


def test_the_pdfs_arrive_whole_through_gunicorn(served):
    base, api, browser = served["base"], served["api"], served["browser"]
    op, invoice = served["operations"][0], served["invoice"]
    for session, url in ((api, f"{base}{API}/ciot/operations/{op.id}/pdf"), (browser, f"{base}/ciot/{op.id}/pdf")):
        text = pdftotext(download(session, url, "application/pdf"))
        assert op.codigo_ciot in text and op.code in text
    for session, url in ((api, f"{base}{API}/billing/invoices/{invoice['id']}/pdf"),
                         (browser, f"{base}/financeiro/faturas/{invoice['id']}/pdf")):
        text = pdftotext(download(session, url, "application/pdf"))
        assert invoice["numero"] in text and "1.234,56" in text
    sample = pdftotext(download(browser, f"{base}/admin/identidade-visual/exemplo.pdf", "application/pdf"))
    assert sample.strip()
