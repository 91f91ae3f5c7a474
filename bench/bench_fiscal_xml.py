"""Fiscal XML upload: documents per second of the reader, against the checked reader of 27 November 2026
(`checked_reader_2711` below: the same checks, with a defusedxml tree, signxml and whole-document bindings) and the
hand-written parser before it (`legacy_parse`: no checks), in the same process; then a 1,000-file upload through
the inbox page, which makes it a job (inline here: no Redis).

    python bench/bench_fiscal_xml.py [files]     (default 1000; DATABASE_URL to use PostgreSQL)

1. Makes `files` signed CT-e 4.00 files (tests/samples/fiscal/cte_4.00.xml with distinct keys, signed with a test
   certificate: tests/fixtures/fiscal.py), not timed.
2. legacy, checked 27/11 and reader over every file, in turns of 100 files (a burst of load from another process
   falls on the three alike), each timed by wall clock and by this process's CPU time (what a worker of its own
   gets: on a shared machine the wall clock also counts the other processes' turns).
3. page: one POST /financeiro/documentos/xml with all the files as a logged-in `financeiro` user, the job it starts
   (inline: at the request's commit) and its result page: parsing, the inbox documents, the files written.
Prints documents per second of each and the ratios reader/checked-27/11 and reader/legacy.
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


# --- the checked reader of 27/11/2026 (CT-e only), for the comparison only ----------------------------------------

def checked_reader_2711(data: bytes):
    """The reader as it was: a defusedxml tree for the gate, an lxml tree, the cached schema, signxml over the
    re-serialised document, and nfelib binding the whole CT-e."""
    from lxml import etree
    from nfelib.cte.bindings.v4_0.cte_v4_00 import Cte
    from signxml import DigestAlgorithm, SignatureConfiguration, SignatureMethod, XMLVerifier

    from domain.billing.fiscal_checks import validate
    from domain.billing.xml import _bind, safe_parser
    fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    element = etree.fromstring(data, safe_parser()).find(f".//{{{NS['cte']}}}CTe")
    validate(element, "CTe", "CT-e 4.00", signed=True)
    certificate = element.findtext(".//{http://www.w3.org/2000/09/xmldsig#}X509Certificate")
    config = SignatureConfiguration(signature_methods=frozenset({SignatureMethod.RSA_SHA1}),
                                    digest_algorithms=frozenset({DigestAlgorithm.SHA1}))
    XMLVerifier().verify(element, x509_cert="-----BEGIN CERTIFICATE-----\n" + "".join(certificate.split())
                         + "\n-----END CERTIFICATE-----\n", expect_config=config)
    info = _bind(element, Cte, "CT-e").infCte
    return info.Id.removeprefix("CTe")


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


TURN = 100  # files each reader reads before the next one's turn


def timed_in_turns(readers: dict, files: list) -> dict:
    """{name: (wall seconds, CPU seconds, results)}, the readers taking turns over slices of the files."""
    totals = {name: [0.0, 0.0, []] for name in readers}
    for start in range(0, len(files), TURN):
        part = files[start:start + TURN]
        for name, read in readers.items():
            wall, cpu = time.perf_counter(), time.process_time()
            results = [read(data) for _, data in part]
            totals[name][0] += time.perf_counter() - wall
            totals[name][1] += time.process_time() - cpu
            totals[name][2] += results
    return {name: tuple(values) for name, values in totals.items()}


def main(count: int) -> None:
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.billing.models import BillingDocument
    from domain.billing.xml import parse_fiscal_xml
    from domain.tenancy import services
    from tests.fixtures.core import csrf_from

    storage = tempfile.mkdtemp(prefix="fretes-bench-xml-")
    app = bench_app({"STORAGE_DIR": storage})  # the upload route takes up to 2,000 files of its own
    started = time.perf_counter()
    files = make_files(count)
    print(f"{count} signed CT-e files made in {time.perf_counter() - started:.1f} s "
          f"({sum(len(d) for _, d in files) / count / 1024:.1f} KiB each)")
    readers = {"legacy": legacy_parse, "checked 27/11": checked_reader_2711, "reader": parse_fiscal_xml}
    for _, data in files[:20]:  # warm-up: schemas compiled, bindings' metadata cached
        for read in readers.values():
            read(data)
    timed = timed_in_turns(readers, files)
    keys = [item[0] for item in timed["legacy"][2]]
    assert [p.chave for p in timed["reader"][2]] == keys == timed["checked 27/11"][2]  # the same documents read

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
    assert response.status_code == 302, re.sub(r"\s+", " ", response.get_data(as_text=True))[:400]
    result = client.get(response.headers["Location"]).get_data(as_text=True)  # the job's page: done (inline)
    page_s = time.perf_counter() - started
    assert f"{count} criado(s)" in result, re.findall(r'class="job-(?:state|message)"[^>]*>([^<]*)', result)
    with app.app_context(), tenant_scope(company_id):
        stored = db.session.execute(db.select(db.func.count()).select_from(BillingDocument)).scalar()
    assert stored == count, stored

    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    for name, (wall, cpu, _) in timed.items():
        print(f"{name:14} wall {rate(count, wall)}   CPU {rate(count, cpu)}")
    reader, checked, legacy = timed["reader"], timed["checked 27/11"], timed["legacy"]
    print(f"page upload, {count} files in one POST, job inline, result page: {rate(count, page_s)}")
    print(f"reader / checked 27/11 (docs/s): wall {checked[0] / reader[0]:.2f}x, CPU {checked[1] / reader[1]:.2f}x;"
          f"  reader / legacy: wall {legacy[0] / reader[0]:.3f}, CPU {legacy[1] / reader[1]:.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("FILES", "1000")))
