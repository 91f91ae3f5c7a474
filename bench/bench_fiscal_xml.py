"""Fiscal XML upload: documents per second for a 1,000-file upload through the inbox page, against the reader it
replaced (the hand-written defusedxml parser of November 2026, kept below as `legacy_parse`), in the same process.

    python bench/bench_fiscal_xml.py [files]     (default 1000; DATABASE_URL to use PostgreSQL)

1. Makes `files` signed CT-e 4.00 files (tests/samples/fiscal/cte_4.00.xml with distinct keys, signed with a test
   certificate: tests/fixtures/fiscal.py), not timed.
2. legacy: `legacy_parse` over every file (parse only: it checked neither the schema nor the signature).
3. reader: `domain.billing.xml.parse_fiscal_xml` over every file (gate, schema, signature, bindings).
4. page: one POST /financeiro/documentos/xml with all the files, as a logged-in `financeiro` user (parsing, the
   inbox documents, the files written, the commit). The app takes a 1,000-file form only with MAX_FORM_PARTS and
   MAX_CONTENT_LENGTH raised (Werkzeug's defaults: 1,000 parts, and the app's 1 MB body): the bench raises both.
Prints documents per second of each and the ratios reader/legacy and page/legacy.
"""
import io
import os
import re
import sys
import tempfile
import time
from datetime import date
from decimal import Decimal, InvalidOperation

from _common import bench_app, save_seed
from defusedxml.ElementTree import fromstring

# --- the previous reader (domain/billing/xml.py before 2026-11-27), for the comparison only ------------------------
NS = {"nfe": "http://www.portalfiscal.inf.br/nfe", "cte": "http://www.portalfiscal.inf.br/cte"}
CTE_TAKERS = {"0": "rem", "1": "exped", "2": "receb", "3": "dest"}
BENCH_LOGIN = {"email": "bench-xml@example.com", "password": "senha-de-bench-1"}  # a scratch database's user


def _q(path, ns):
    return "/".join(f"{{{NS[ns]}}}{part}" for part in path.split("/"))


def _t(node, path, ns):
    found = node.find(_q(path, ns))
    return found.text.strip() if found is not None and found.text else None


def legacy_parse(data: bytes) -> tuple:
    root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    node = root.find(f".//{{{NS['cte']}}}infCte")
    taker = node.find(_q("ide/toma4", "cte"))
    if taker is None:
        taker = node.find(_q(CTE_TAKERS.get(_t(node, "ide/toma3/toma", "cte") or "", "rem"), "cte"))
    key = (node.get("Id") or "").removeprefix("CTe")
    if len(key) != 44 or not key.isdigit():
        raise ValueError("key")
    try:
        value = int((Decimal(_t(node, "vPrest/vTPrest", "cte") or "0") * 100).quantize(Decimal(1)))
    except InvalidOperation:
        raise ValueError("value") from None
    issued = _t(node, "ide/dhEmi", "cte")
    return (key, _t(node, "ide/nCT", "cte"), _t(node, "ide/serie", "cte"), value,
            date.fromisoformat(issued[:10]) if issued else None, _t(taker, "CNPJ", "cte"), _t(taker, "xNome", "cte"))


# --- the bench --------------------------------------------------------------------------------------------------------

def make_files(count: int) -> list[tuple[str, bytes]]:
    from core.validators import access_key_check_digit
    from tests.fixtures import fiscal
    files = []
    for n in range(count):
        first43 = f"35261111222333000181570010{n:08d}1{n:08d}"[:43]
        files.append((f"cte-{n:04d}.xml", fiscal.cte(first43 + str(access_key_check_digit(first43)),
                                                      "11444777000161", f"{1000 + n}.00")))
    return files


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:8.1f} docs/s ({seconds * 1000 / count:.2f} ms/doc, {seconds:.2f} s)"


def main(count: int) -> None:
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.billing.models import BillingDocument
    from domain.billing.xml import parse_fiscal_xml
    from domain.tenancy import services
    from tests.fixtures.core import csrf_from

    storage = tempfile.mkdtemp(prefix="fretes-bench-xml-")
    app = bench_app({"STORAGE_DIR": storage, "MAX_CONTENT_LENGTH": 256 * 1024 * 1024, "MAX_FORM_PARTS": count + 10})
    started = time.perf_counter()
    files = make_files(count)
    print(f"{count} signed CT-e files made in {time.perf_counter() - started:.1f} s "
          f"({sum(len(d) for _, d in files) / count / 1024:.1f} KiB each)")
    for _, data in files[:20]:  # warm-up: schema compiled, bindings' metadata cached
        legacy_parse(data)
        parse_fiscal_xml(data)

    started = time.perf_counter()
    legacy = [legacy_parse(data) for _, data in files]
    legacy_s = time.perf_counter() - started
    started = time.perf_counter()
    parsed = [parse_fiscal_xml(data) for _, data in files]
    reader_s = time.perf_counter() - started
    assert [p.chave for p in parsed] == [item[0] for item in legacy]  # the same documents read

    with app.app_context():
        company = services.create_company(name="Bench XML Ltda", cnpj="11222333000181",
                                          modules=["billing", "financial"])
        save_seed()
        with tenant_scope(company.id):
            services.create_user(company, **BENCH_LOGIN, role="financeiro")
            save_seed()
        company_id = company.id
    client = app.test_client()
    token = csrf_from(client.get("/login").get_data(as_text=True))
    assert client.post("/login", data={**BENCH_LOGIN, "csrf_token": token}).status_code == 302
    token = csrf_from(client.get("/financeiro/documentos").get_data(as_text=True))
    body = {"csrf_token": token, "arquivos": [(io.BytesIO(data), name) for name, data in files]}
    started = time.perf_counter()
    response = client.post("/financeiro/documentos/xml", data=body, content_type="multipart/form-data")
    page_s = time.perf_counter() - started
    assert response.status_code == 302, re.sub(r"\s+", " ", response.get_data(as_text=True))[:400]
    with app.app_context(), tenant_scope(company_id):
        stored = db.session.execute(db.select(db.func.count()).select_from(BillingDocument)).scalar()
    assert stored == count, stored

    print(f"legacy parser (defusedxml, by hand; no schema, no signature): {rate(count, legacy_s)}")
    print(f"reader (gate + schema + XML-DSig + nfelib bindings):           {rate(count, reader_s)}")
    print(f"page upload, {count} files in one POST (reader + inbox + files):  {rate(count, page_s)}")
    print(f"ratio reader/legacy (docs/s): {legacy_s / reader_s:.3f}   page/legacy: {legacy_s / page_s:.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("FILES", "1000")))
