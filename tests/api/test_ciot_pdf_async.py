"""GET /ciot/operations/pdf with `Prefer: respond-async`: 202 and a job (Location) whose progress is polled and whose
ZIP is downloaded when done, the same ZIP the synchronous answer streams; without the preference, the synchronous
ZIP as before. The PDFs are read back with pypdf."""
import io
import uuid
import zipfile

from pypdf import PdfReader

ASYNC = {"Prefer": "respond-async"}
API = "/api/public/v1"


def codes_and_texts(data: bytes) -> dict:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: "".join(page.extract_text() for page in PdfReader(io.BytesIO(archive.read(name))).pages)
                for name in archive.namelist()}


def test_the_asynchronous_form_answers_a_job_then_the_zip(api, make_operation):
    ops = [make_operation(status="emitido") for _ in range(2)]
    ids = ",".join(str(op.id) for op in ops)
    started = api.get(f"/ciot/operations/pdf?ids={ids}", headers=ASYNC)
    assert started.status_code == 202, started.get_json()
    assert started.headers["Preference-Applied"] == "respond-async"
    job = started.get_json()["data"]
    assert started.headers["Location"] == f"{API}/ciot/operations/pdf/jobs/{job['id']}"
    assert job["total"] == 2
    polled = api.get(started.headers["Location"].removeprefix(API)).get_json()["data"]
    assert (polled["state"], polled["done"], polled["percent"]) == ("done", 2, 100)  # inline: built at the commit
    assert polled["result_url"] == f"{API}/ciot/operations/pdf/jobs/{job['id']}/zip"
    download = api.get(polled["result_url"].removeprefix(API))
    assert download.status_code == 200 and download.mimetype == "application/zip"
    assert 'filename="ciot-declaracoes-' in download.headers["Content-Disposition"]
    found = codes_and_texts(download.data)
    assert sorted(found) == sorted(f"{op.code}.pdf" for op in ops)
    assert all(op.codigo_ciot in found[f"{op.code}.pdf"] for op in ops)
    synchronous = api.get(f"/ciot/operations/pdf?ids={ids}")
    assert synchronous.status_code == 200 and synchronous.mimetype == "application/zip"
    assert sorted(codes_and_texts(synchronous.data)) == sorted(found)


def test_the_asynchronous_form_refuses_what_the_synchronous_one_refuses(api, make_operation):
    draft = make_operation(status="rascunho")
    assert api.get(f"/ciot/operations/pdf?ids={draft.id}", headers=ASYNC).status_code == 409
    assert api.get("/ciot/operations/pdf?status=cancelado", headers=ASYNC).status_code == 404


def test_a_job_not_done_is_409_and_another_companys_job_is_404(api, make_api, make_company, make_operation):
    from core.db import db
    from core.models import JobProgress
    from core.tenancy import tenant_scope
    op = make_operation(status="emitido")
    job = api.get(f"/ciot/operations/pdf?ids={op.id}", headers=ASYNC).get_json()["data"]
    with tenant_scope(op.company_id):
        db.session.get(JobProgress, uuid.UUID(job["id"])).state = "running"
        db.session.commit()
    pending = api.get(f"/ciot/operations/pdf/jobs/{job['id']}/zip")
    assert pending.status_code == 409 and pending.get_json()["error"]["code"] == "invalid_status"
    assert api.get(f"/ciot/operations/pdf/jobs/{job['id']}").get_json()["data"]["result_url"] is None
    stranger = make_api(make_company())
    assert stranger.get(f"/ciot/operations/pdf/jobs/{job['id']}").status_code == 404
    assert stranger.get(f"/ciot/operations/pdf/jobs/{job['id']}/zip").status_code == 404
    assert api.get("/ciot/operations/pdf/jobs/nao-e-um-id").status_code == 404


def test_pdf_jobs_post_starts_the_same_job_with_a_write_key(api, make_operation):
    ops = [make_operation(status="emitido") for _ in range(2)]
    started = api.post("/ciot/operations/pdf-jobs", json={"ids": [str(op.id) for op in ops]})
    assert started.status_code == 202, started.get_json()
    job = started.get_json()["data"]
    assert started.headers["Location"] == f"{API}/ciot/operations/pdf/jobs/{job['id']}"
    assert "Deprecation" not in started.headers
    polled = api.get(started.headers["Location"].removeprefix(API)).get_json()["data"]
    assert (polled["state"], polled["total"]) == ("done", 2)
    found = codes_and_texts(api.get(polled["result_url"].removeprefix(API)).data)
    assert sorted(found) == sorted(f"{op.code}.pdf" for op in ops)
    by_filter = api.post("/ciot/operations/pdf-jobs", json={"status": ["emitido"], "environment": "homolog"})
    assert by_filter.status_code == 202, by_filter.get_json()  # the factory's operations are homolog: they match


def test_pdf_jobs_post_needs_the_write_scope_and_refuses_bad_selections(api, company, make_api, make_company,
                                                                        make_operation):
    op = make_operation(status="emitido")
    reader = make_api(company, scopes=("read",))
    refused = reader.post("/ciot/operations/pdf-jobs", json={"ids": [str(op.id)]})
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "insufficient_scope"
    bad_id = api.post("/ciot/operations/pdf-jobs", json={"ids": ["nao-e-um-id"]})
    assert bad_id.status_code == 400 and bad_id.get_json()["error"]["details"][0]["field"].startswith("ids")
    bad_status = api.post("/ciot/operations/pdf-jobs", json={"status": ["rascunho"]})
    assert bad_status.status_code == 400
    backwards = api.post("/ciot/operations/pdf-jobs", json={"from": "2026-12-07", "to": "2026-12-01"})
    assert backwards.status_code == 400
    draft = make_operation(status="rascunho")
    assert api.post("/ciot/operations/pdf-jobs", json={"ids": [str(draft.id)]}).status_code == 409
    stranger = make_api(make_company())
    assert stranger.post("/ciot/operations/pdf-jobs", json={"ids": [str(op.id)]}).status_code == 404


def test_the_asynchronous_get_announces_its_deprecation_and_the_synchronous_one_does_not(api, make_operation):
    op = make_operation(status="emitido")
    started = api.get(f"/ciot/operations/pdf?ids={op.id}", headers=ASYNC)
    assert started.status_code == 202
    assert started.headers["Deprecation"] == "@1796601600"  # 2026-12-07T00:00:00Z
    assert started.headers["Sunset"] == "Mon, 07 Jun 2027 00:00:00 GMT"
    assert 'rel="deprecation"' in started.headers["Link"]
    synchronous = api.get(f"/ciot/operations/pdf?ids={op.id}")
    assert synchronous.status_code == 200 and "Deprecation" not in synchronous.headers
