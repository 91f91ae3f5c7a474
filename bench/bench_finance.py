"""Finance benchmarks on the local PostgreSQL (scratch database `fretes_bench_finance`, dropped and recreated;
`BENCH_DB=<name>` for another):

    python bench/bench_finance.py [--clients 8] [--seconds 1.5] [--rounds 6] [--docs-per-client 300] [--pairs 10]
                                  [--pdf 20] [--only abc]

(a) Invoice numbering under concurrency: `--clients` processes each create invoices (one pending document each) as
    the API request does on the database (the key looked up with its company, then
    `domain.billing.services.create_invoice`, committed by the request's unit of work), all at once, for `--seconds`;
    against the same number
    of processes running, for as long, the bare statement that hands out a gapless number, `UPDATE counters
    SET last_value = last_value + 1 ... RETURNING` + COMMIT on a raw psycopg connection (another company's counter
    row). Invoices per second against numbers per second, in `--rounds` rounds of one run of each, back to back,
    alternating which goes first: each round's ratio, their median and spread. Target ≥ 0.3×. The numbers handed
    out are then checked: count = max = distinct, no gap.
(b) An invoice of 200 documents against one of 1: `create_invoice(..., emit=True)` and the commit, in ABBA pairs;
    milliseconds, the ratio, and the SQL statements each sends.
(c) The invoice PDF (`domain.billing.pdf.render_invoice_pdf`: the reads, the customer's layout, Jinja, xhtml2pdf)
    against `core.pdf.html_to_pdf` of the same HTML, in ABBA pairs, CPU time of this process. Target ≤ 1.2×.
"""
import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time

from _common import percentile, save_seed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DB_NAME = os.environ.get("BENCH_DB", "fretes_bench_finance")  # a scratch database: dropped and recreated
DB_URL = f"postgresql+psycopg://postgres@127.0.0.1:5432/{DB_NAME}"
DSN = f"host=127.0.0.1 port=5432 user=postgres dbname={DB_NAME}"


def make_app():
    sys.path.insert(0, ROOT)
    from app import create_app
    return create_app({"SQLALCHEMY_DATABASE_URI": DB_URL, "INSTANCE_PATH": tempfile.mkdtemp(prefix="fretes-bench-"),
                       "REDIS_URL": "", "JOBS_INLINE": True, "LOG_LEVEL": "WARNING",
                       "SECRET_KEY": "bench-finance-not-secret"})


def seed(documents: int, clients: int, per_client: int) -> dict:
    """The company measured (a customer, `documents` pending documents, an API key), another that only lends its
    counter row to the bare baseline, and `clients` companies with `per_client` documents and a key each (a client
    per company: no shared counter row)."""
    import sqlalchemy as sa

    from core.db import db
    from domain.tenancy import services

    app = make_app()
    with app.app_context():
        db.create_all()
        company = services.create_company(name="Transportadora Bench Ltda", cnpj="11222333000181",
                                          modules=["billing", "financial"])
        other = services.create_company(name="Contador Bench Ltda", cnpj="11444777000161")
        save_seed()
        customer = _customer_with_documents(company, documents)
        independent = []
        for n in range(clients):
            own = services.create_company(name=f"Independente {n} Ltda", cnpj=_cnpj(n), modules=["billing"])
            save_seed()
            _customer_with_documents(own, per_client)
            independent.append((own.id, _api_key(own)))
        with db.engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO counters (company_id, name, last_value) VALUES (:c, 'invoice', 0)"),
                         {"c": other.id})
        db.engine.dispose()  # the client processes are forked from this one: no connection to share
        return {"company": company.id, "key": _api_key(company), "other": other.id, "customer": customer,
                "independent": independent}


def _api_key(company) -> str:
    from core.tenancy import tenant_scope
    from domain.tenancy.services import create_api_key
    with tenant_scope(company.id):
        _, full = create_api_key(company)
        save_seed()
    return full


def _cnpj(n: int) -> str:
    from core.validators import cnpj_check_digits
    base = f"{50_000_000 + n:08d}0001"
    return base + cnpj_check_digits(base)


def _customer_with_documents(company, documents: int):
    import sqlalchemy as sa

    from core.db import db
    from core.tenancy import tenant_scope
    from domain.partners.schemas import PartnerCreate
    from domain.partners.services import create_partner

    with tenant_scope(company.id):
        customer = create_partner(company, PartnerCreate.model_validate(
            {"person_kind": "pj", "cpf_cnpj": "06990590000123", "legal_name": "Atacadista Bench SA"}))
        db.session.execute(sa.text("""
            INSERT INTO billing_documents (id, company_id, kind, status, customer_partner_id, numero, serie,
                                           valor_centavos, emissao_at, metadata, created_at, updated_at)
            SELECT gen_random_uuid(), :company_id, 'cte', 'pendente', :customer, i::text, '1', 1000 + i,
                   DATE '2026-01-01' + (i % 28), '{}', now() + i * interval '1 microsecond', now()
            FROM generate_series(1, :n) AS i"""), {"company_id": company.id, "customer": customer.id,
                                                     "n": documents})
        save_seed()
        return customer.id


def pending_ids(limit: int, company_id) -> list:
    import psycopg
    with psycopg.connect(DSN) as conn:
        return [r[0] for r in conn.execute(
            "SELECT id FROM billing_documents WHERE company_id = %s AND status = 'pendente' ORDER BY created_at "
            "LIMIT %s", (company_id, limit))]


# --- (a) numbering under concurrency --------------------------------------------------------------

def _real_client(company_id, api_key, document_ids, seconds, barrier, results):
    from core.db import db
    from core.tenancy import tenant_scope
    from core.transaction import unit_of_work
    from domain.billing.schemas import InvoiceCreate
    from domain.billing.services import create_invoice
    from domain.tenancy import keystore

    def one(document_id):
        # as the API request does on the database (blueprints/api/billing.py, core.api.endpoint): the key looked up
        # with its company (authentication), the ORM company loaded for the service (`ctx.company`), the creation,
        # the request's unit of work committed, the session closed
        body = {"document_ids": [str(document_id)]}
        with unit_of_work():
            _, account, _, _ = keystore.find(api_key)
            create_invoice(keystore.company(account.id), InvoiceCreate.model_validate(body))
        db.session.close()

    app = make_app()
    with app.app_context(), tenant_scope(company_id):
        one(document_ids[0])  # warm up: statements compiled, connection open
        barrier.wait()
        start = time.perf_counter()
        _until(start + seconds, (lambda d=d: one(d) for d in document_ids[1:]), start, results)


def _bare_client(counter_company_id, seconds, barrier, results):
    import itertools

    import psycopg
    with psycopg.connect(DSN) as conn:
        statement = ("UPDATE counters SET last_value = last_value + 1 WHERE company_id = %s AND name = 'invoice' "
                     "RETURNING last_value")

        def one():
            with conn.transaction():  # BEGIN … COMMIT, as a request's unit of work
                conn.execute(statement, (counter_company_id,)).fetchone()

        one()
        barrier.wait()
        start = time.perf_counter()
        _until(start + seconds, itertools.repeat(one), start, results)


def _until(deadline: float, operations, start: float, results) -> None:
    """Run `operations` (callables) until `deadline`; report (start, end, how many, whether they ran out first)."""
    done = 0
    for operation in operations:
        operation()
        done += 1
        if time.perf_counter() >= deadline:
            results.put((start, time.perf_counter(), done, False))
            return
    results.put((start, time.perf_counter(), done, True))


def _run_clients(target, args_per_client) -> float:
    """Start one process per client, release them together; the aggregate rate (operations per second)."""
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(len(args_per_client)), ctx.Queue()
    processes = [ctx.Process(target=target, args=(*args, barrier, results)) for args in args_per_client]
    for process in processes:
        process.start()
    outcomes = [results.get() for _ in processes]
    for process in processes:
        process.join()
        if process.exitcode:
            raise SystemExit(f"a client failed (exit code {process.exitcode})")
    if any(ran_out for *_, ran_out in outcomes):
        raise SystemExit("a client ran out of pending documents before the time was up: raise --docs-per-client")
    return sum(n for _, _, n, _ in outcomes) / (max(o[1] for o in outcomes) - min(o[0] for o in outcomes))


def bench_numbering(ids: dict, clients: int, docs_per_client: int, seconds: float, rounds: int) -> None:
    """Rounds of one real run and one bare run of `seconds` each, back to back (alternating which goes first): each
    round's ratio compares two runs as close in time as the machine allows."""
    real, bare = [], []
    for round_number in range(rounds):
        documents = pending_ids(clients * docs_per_client, ids["company"])
        chunks = [(ids["company"], ids["key"], documents[i::clients], seconds) for i in range(clients)]
        runs = [("real", lambda: _run_clients(_real_client, chunks)),
                ("bare", lambda: _run_clients(_bare_client, [(ids["other"], seconds)] * clients))]
        for name, run in (runs if round_number % 2 == 0 else runs[::-1]):
            (real if name == "real" else bare).append(run())
    # The same clients, each creating invoices for a company of its own: no counter row is shared, so this is
    # what the invoice creation costs on this machine without any waiting on the numbering.
    unshared = _run_clients(_real_client, [(company_id, key, pending_ids(docs_per_client, company_id), seconds)
                                           for company_id, key in ids["independent"]])
    ratios = sorted(r / b for r, b in zip(real, bare, strict=True))
    print(f"(a) invoice numbering, {clients} concurrent clients (processes), {rounds} rounds of {seconds:g} s each "
          "side:")
    print("    the API request's database work (key lookup + company + create_invoice, its unit of work): "
          f"{', '.join(f'{r:.0f}' for r in real)} invoices/s")
    print(f"    bare counter UPDATE + commit: {', '.join(f'{b:.0f}' for b in bare)} numbers/s")
    print(f"    ratio per round: {', '.join(f'{r:.2f}' for r in ratios)} (sorted) -> median "
          f"{statistics.median(ratios):.2f}x, spread {ratios[0]:.2f}-{ratios[-1]:.2f}   (target >= 0.3x)")
    print(f"    the same clients on {clients} companies (no shared counter): {unshared:.0f} invoices/s "
          f"-> the shared counter costs {1 - statistics.median(real) / unshared:.0%} of the throughput")
    import psycopg
    with psycopg.connect(DSN) as conn:
        count, highest, distinct = conn.execute(
            "SELECT count(*), max(substr(numero, 5)::int), count(DISTINCT numero) FROM invoices "
            "WHERE company_id = %s", (ids["company"],)).fetchone()
    print(f"    invoice numbers: count {count}, max {highest}, distinct {distinct}"
          f" -> {'no gap' if count == highest == distinct else 'GAP OR DUPLICATE'}")


# --- (b) 200 documents against 1 -----------------------------------------------------------------

def bench_invoice_size(ids: dict, pairs: int) -> None:
    import sqlalchemy as sa
    from _common import save_seed

    from core.db import db
    from core.tenancy import tenant_scope
    from domain.billing.schemas import InvoiceCreate
    from domain.billing.services import create_invoice
    from domain.tenancy.models import Company

    app = make_app()
    statements = []
    with app.app_context(), tenant_scope(ids["company"]):
        company = db.session.get(Company, ids["company"])
        sa.event.listen(db.engine, "before_cursor_execute", lambda *a, **k: statements.append(1))

        def one(size: int) -> tuple[float, int]:
            document_ids = pending_ids(size, ids["company"])
            statements.clear()
            start = time.perf_counter()
            create_invoice(company, InvoiceCreate(document_ids=document_ids, emit=True))
            save_seed()
            return time.perf_counter() - start, len(statements)

        one(1), one(200)  # warm up
        small, large = [], []
        for _ in range(pairs):  # ABBA
            small.append(one(1)), large.append(one(200)), large.append(one(200)), small.append(one(1))
    ms_small = statistics.median(t for t, _ in small) * 1000
    ms_large = statistics.median(t for t, _ in large) * 1000
    print(f"(b) invoice (create + emit + commit), {2 * pairs} of each, median:")
    print(f"    1 document: {ms_small:.1f} ms, {small[0][1]} statements;"
          f" 200 documents: {ms_large:.1f} ms, {large[0][1]} statements")
    print(f"    ratio 200/1: {ms_large / ms_small:.2f}x  ({(ms_large - ms_small) / 199:.3f} ms per extra document)")


# --- (c) the invoice PDF against bare xhtml2pdf ----------------------------------------------------

def bench_pdf(ids: dict, renders: int) -> None:
    import io

    from _common import save_seed
    from PIL import Image

    from core.db import db
    from core.pdf import html_to_pdf
    from core.tenancy import get_owned, tenant_scope
    from domain.billing.layout import customer_layout, invoice_style, save_layout
    from domain.billing.models import Invoice
    from domain.billing.pdf import invoice_html, render_invoice_pdf
    from domain.billing.schemas import InvoiceCreate, InvoiceLayoutUpdate
    from domain.billing.services import create_invoice, invoice_documents, invoice_receivable
    from domain.partners.models import Partner
    from domain.tenancy.models import Company

    app = make_app()
    with app.app_context(), tenant_scope(ids["company"]):
        company = db.session.get(Company, ids["company"])
        customer = db.session.get(Partner, ids["customer"])
        logo = io.BytesIO()
        Image.new("RGB", (240, 80), "#aa3300").save(logo, format="PNG")
        save_layout(company, customer, InvoiceLayoutUpdate(
            primary_color="#aa3300", header_text="Texto institucional do cliente.", payment_text="PIX 11222333000181",
            visible_columns=["tipo", "numero", "emissao", "chave"], blocks=["condicao", "instrucoes"]),
            logo=logo.getvalue())
        invoice = create_invoice(company, InvoiceCreate(document_ids=pending_ids(20, ids["company"]), emit=True))
        save_seed()
        invoice_id = invoice.id

        def ours() -> bytes:
            db.session.expire_all()  # each render reads the invoice, documents, customer and layout again
            return render_invoice_pdf(company, get_owned(Invoice, invoice_id))

        stored = get_owned(Invoice, invoice_id)
        html = invoice_html(invoice_style(company, customer_layout(customer.id)), invoice=stored, customer=customer,
                            documents=invoice_documents(stored), receivable=invoice_receivable(stored))
        for _ in range(3):  # warm up: fonts parsed, templates compiled
            ours(), html_to_pdf(html)
        a, b = [], []
        cpu = time.process_time
        for i in range(renders):
            for name in (("ours", "bare") if i % 2 == 0 else ("bare", "ours")):
                start = cpu()
                pdf = ours() if name == "ours" else html_to_pdf(html)
                (a if name == "ours" else b).append(cpu() - start)
    print(f"(c) invoice PDF of 20 documents with a customer layout and logo ({len(pdf) // 1024} KiB), {renders} each, "
          "CPU time:")
    print(f"    render_invoice_pdf p50 {percentile(a, 50) * 1000:.1f} ms; bare xhtml2pdf p50 "
          f"{percentile(b, 50) * 1000:.1f} ms; ratio p50 {percentile(a, 50) / percentile(b, 50):.3f}x, "
          f"mean {statistics.fmean(a) / statistics.fmean(b):.3f}x   (target <= 1.2x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=1.5, help="(a) the length of each run")
    parser.add_argument("--docs-per-client", type=int, default=300, help="(a) pending documents a client gets per run")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--pdf", type=int, default=20)
    parser.add_argument("--only", default="abc", help="which parts to run, e.g. --only a")
    options = parser.parse_args()
    sys.path.insert(0, ROOT)
    from bench_vehicle_list import recreate_database
    recreate_database(DB_NAME)
    needed = options.rounds * options.clients * options.docs_per_client + (4 * options.pairs + 2) * 201 + 40
    ids = seed(needed, options.clients if "a" in options.only else 0, options.docs_per_client)
    if "a" in options.only:
        bench_numbering(ids, options.clients, options.docs_per_client, options.seconds, options.rounds)
    if "b" in options.only:
        bench_invoice_size(ids, options.pairs)
    if "c" in options.only:
        bench_pdf(ids, options.pdf)


if __name__ == "__main__":
    main()
