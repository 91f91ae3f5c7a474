"""CIOT benchmarks: create-and-validate throughput, one declaration PDF, the 50-operation ZIP and its memory.

    .venv/bin/python bench/bench_ciot.py            # temporary SQLite database (about 2-3 minutes)
    .venv/bin/python bench/bench_ciot.py --database-url postgresql+psycopg://postgres@127.0.0.1:5432/fretes_bench

(The PostgreSQL database must exist, be empty and be used by nothing else: the script creates and drops the
tables.) Every figure is a ratio between two things measured in the same run, interleaved, so machine noise
cancels out as much as possible:

1. create-and-validate: `POST /ciot/operations` (default auto_validate: schema, 60+ rules, children, timeline)
   against `POST /vehicles`, both through the whole API pipeline (key lookup, JSON, commit). Reported as
   requests/s and "CIOT costs N vehicle creations".
2. one declaration PDF: `domain.ciot.pdf.operation_pdf` (what GET /ciot/operations/{id}/pdf runs: read the
   operation, build the context, render, watermark) against a bare `core.pdf.html_to_pdf` of the same HTML.
   Target ≤ 1.2× (homologation, with watermark; production without).
3. the 50-operation ZIP: `domain.ciot.batch.iter_zip` (the streamed API response) and `write_zip` (the job, to a
   file) against 50 single `operation_pdf` calls. Target ≤ 1.1×. Memory: child processes build the ZIP for 1 and
   for 50 operations, and a naive variant that keeps the 50 PDFs in a list, reporting ru_maxrss and the
   tracemalloc peak.
"""
import argparse
import gc
import json
import logging
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from contextlib import contextmanager

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

PRODUCAO_PROVIDER = "domain.ciot.provider.HomologSimulator"  # this installation ships no production provider


def make_app(database_url: str, instance: str):
    from app import create_app
    return create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "INSTANCE_PATH": instance,
                       "SECRET_KEY": "bench", "REDIS_URL": "", "JOBS_INLINE": True, "WTF_CSRF_ENABLED": False,
                       "CIOT_EMIT_WAIT_SECONDS": 5, "CIOT_PROVIDER_PRODUCAO": PRODUCAO_PROVIDER})


@contextmanager
def scope(company_id):
    from core.tenancy import tenant_scope
    with tenant_scope(company_id):
        yield


def median(values) -> float:
    return statistics.median(values)


class Times:
    """CPU seconds (time.process_time: what this process spent, whatever else the machine runs — the ratios
    use it) and wall seconds (what a caller waits, shown for reference) of repeated calls."""

    def __init__(self):
        self.cpu, self.wall = [], []

    def run(self, fn):
        gc.collect()  # garbage from the previous measurement is not billed to this one
        cpu, wall = time.process_time(), time.perf_counter()
        result = fn()
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        return result

    @property
    def cpu_s(self) -> float:
        return median(self.cpu)

    @property
    def wall_s(self) -> float:
        return median(self.wall)


# --- setup ------------------------------------------------------------------------------------------------------

def setup(app, operations: int) -> dict:
    """Two companies (homolog, producao), an API key, and `operations` emitted operations in homolog."""
    from core.db import db
    from core.queue import commit
    from domain.ciot import services
    from domain.ciot.schemas import OperationCreate
    from domain.tenancy import services as tenancy
    from tests.fixtures.ciot import ciot_body

    with app.app_context():
        db.drop_all()
        db.create_all()
        company = tenancy.create_company(name="Transportes Benchmark São Paulo Ltda", cnpj="11444777000161")
        producao = tenancy.create_company(name="Produção Benchmark Ltda", cnpj="45723174000110",
                                          ciot_environment="producao")
        tenancy.set_ciot_credentials(producao, "producao", {"usuario": "bench", "senha": "bench"})
        db.session.commit()
        with scope(company.id):
            _, key = tenancy.create_api_key(company)
            db.session.commit()
        ids = []
        body = OperationCreate.model_validate(ciot_body(auto_emit=True))
        for _ in range(operations):
            with scope(company.id):
                result = services.create_operation(company, body, actor="bench")
                ids.append(str(result.op.id))
                commit()  # inline emission
        with scope(producao.id):
            result = services.create_operation(producao, body, actor="bench")
            producao_op = str(result.op.id)
            commit()
        return {"company": str(company.id), "producao_company": str(producao.id), "key": key, "ids": ids,
                "producao_op": producao_op}


# --- 1. create-and-validate throughput ------------------------------------------------------------------------

def bench_create(app, state, rounds: int, per_round: int) -> dict:
    from tests.fixtures.ciot import ciot_body
    client = app.test_client()
    headers = {"X-API-Key": state["key"]}
    ciot = ciot_body()
    plates = (f"BCH{n:04d}" for n in range(10_000))

    def post(path, body):
        response = client.post("/api/public/v1" + path, json=body, headers=headers)
        assert response.status_code == 201, response.get_data(as_text=True)[:300]

    for _ in range(3):  # warm-up
        post("/vehicles", {"plate": next(plates)})
        post("/ciot/operations", ciot)
    vehicles, operations = Times(), Times()
    for _ in range(rounds):
        for _ in range(per_round):
            vehicles.run(lambda: post("/vehicles", {"plate": next(plates)}))
        for _ in range(per_round):
            operations.run(lambda: post("/ciot/operations", ciot))
    return {"vehicle_ms": vehicles.wall_s * 1000, "ciot_ms": operations.wall_s * 1000,
            "vehicle_per_s": 1 / vehicles.wall_s, "ciot_per_s": 1 / operations.wall_s,
            "vehicle_cpu_ms": vehicles.cpu_s * 1000, "ciot_cpu_ms": operations.cpu_s * 1000,
            "ratio": operations.cpu_s / vehicles.cpu_s, "wall_ratio": operations.wall_s / vehicles.wall_s,
            "requests": len(operations.cpu)}


# --- 2. one PDF ---------------------------------------------------------------------------------------------------

def bench_single_pdf(app, state, repeats: int) -> dict:
    import uuid

    from core.db import db
    from core.pdf import Branding, html_to_pdf, render_html
    from domain.ciot import pdf
    from domain.ciot.services import get_operation
    from domain.tenancy.models import Company

    out = {}
    with app.app_context():
        for label, company_id, op_id in (("homolog", state["company"], state["ids"][0]),
                                         ("producao", state["producao_company"], state["producao_op"])):
            with scope(company_id):
                company = db.session.get(Company, uuid.UUID(company_id))
                op = get_operation(company, op_id)
                context = pdf.document_context(op, company)
                html = render_html(pdf.TEMPLATE, branding=Branding.for_company(context["issuer"]),
                                   title=f"Declaração CIOT · {op.code}", **context)
                full, bare = Times(), Times()
                document, _ = pdf.operation_pdf(company, op_id), html_to_pdf(html)  # warm-up (fonts, caches)
                for n in range(repeats):  # ABBA order: drift in machine load hits both sides alike
                    for side in (("full", "bare") if n % 2 == 0 else ("bare", "full")):
                        db.session.expire_all()
                        if side == "full":
                            full.run(lambda: pdf.operation_pdf(company, op_id))
                        else:
                            bare.run(lambda: html_to_pdf(html))
                out[label] = {"service_ms": full.cpu_s * 1000, "bare_ms": bare.cpu_s * 1000,
                              "ratio": full.cpu_s / bare.cpu_s, "wall_ratio": full.wall_s / bare.wall_s,
                              "bytes": len(document.content), "watermark": op.environment == "homolog"}
    return out


# --- 3. the 50-operation ZIP ----------------------------------------------------------------------------------

class _Count:
    def __init__(self):
        self.bytes = 0

    def write(self, data):
        self.bytes += len(data)
        return len(data)

    def flush(self):
        pass


def bench_zip(app, state, repeats: int) -> dict:
    import uuid

    from core.db import db
    from domain.ciot import batch, pdf
    from domain.tenancy.models import Company

    ids = [uuid.UUID(i) for i in state["ids"]]
    singles, streamed, written, sizes = Times(), Times(), Times(), []
    with app.app_context():
        company_id = uuid.UUID(state["company"])
        with scope(company_id):
            company = db.session.get(Company, company_id)

            def run_singles():
                for operation_id in ids:
                    pdf.operation_pdf(company, operation_id)

            def run_stream():
                sizes.append(sum(len(chunk) for chunk in batch.iter_zip(company_id, ids)))

            def run_file():
                with tempfile.TemporaryFile() as fh:
                    batch.write_zip(company, ids, fh)

            cases = [(singles, run_singles), (streamed, run_stream), (written, run_file)]
            for n in range(repeats):  # rotate the order between repeats
                for times, run in (cases if n % 2 == 0 else cases[::-1]):
                    db.session.expire_all()
                    times.run(run)
    return {"operations": len(ids), "singles_s": singles.cpu_s, "stream_s": streamed.cpu_s,
            "file_s": written.cpu_s, "stream_ratio": streamed.cpu_s / singles.cpu_s,
            "file_ratio": written.cpu_s / singles.cpu_s, "stream_wall_ratio": streamed.wall_s / singles.wall_s,
            "file_wall_ratio": written.wall_s / singles.wall_s, "singles_wall_s": singles.wall_s,
            "zip_bytes": sizes[-1]}


def zip_memory(args, state) -> dict:
    """Peak memory of building the ZIP, each case in a fresh process."""
    out = {}
    for label, mode, count in (("zip_1", "stream", 1), ("zip_50", "stream", len(state["ids"])),
                               ("naive_list_50", "naive", len(state["ids"]))):
        result = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", mode, "--count", str(count),
                                 "--database-url", args.database_url, "--instance", args.instance,
                                 "--state", json.dumps(state)], capture_output=True, text=True, cwd=ROOT)
        if result.returncode != 0:
            raise SystemExit(f"child {label} failed:\n{result.stderr[-3000:]}")
        out[label] = json.loads(result.stdout.strip().splitlines()[-1])
    return out


def child(args) -> None:
    """Build the ZIP (streamed, one PDF in memory at a time) or the naive way (every PDF kept in a list, then
    zipped), and print ru_maxrss growth and the tracemalloc peak as JSON."""
    import uuid
    import zipfile

    from core.db import db
    from domain.ciot import batch, pdf
    from domain.tenancy.models import Company

    state = json.loads(args.state)
    app = make_app(args.database_url, args.instance)
    ids = [uuid.UUID(i) for i in state["ids"][:args.count]]
    with app.app_context():
        company_id = uuid.UUID(state["company"])
        with scope(company_id):
            company = db.session.get(Company, company_id)
            pdf.operation_pdf(company, ids[0])  # warm-up: fonts, templates, caches are not the batch's memory
            db.session.expire_all()
            rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            tracemalloc.start()
            if args.child == "stream":
                sink = _Count()
                for chunk in batch.iter_zip(company_id, ids):
                    sink.write(chunk)
            else:
                documents = [pdf.operation_pdf(company, op_id) for op_id in ids]
                sink = _Count()
                with zipfile.ZipFile(sink, "w", compression=zipfile.ZIP_DEFLATED) as zf:
                    for document in documents:
                        zf.writestr(f"{document.op.code}.pdf", document.content)
            gc.collect()
            retained, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"count": len(ids), "tracemalloc_peak_mb": peak / 2**20,
                      "tracemalloc_retained_mb": retained / 2**20, "maxrss_mb": rss_after / 1024,
                      "maxrss_growth_mb": (rss_after - rss_before) / 1024, "zip_bytes": sink.bytes}))


# --- report -------------------------------------------------------------------------------------------------------

def report(results: dict) -> str:
    c, s, z, m = results["create"], results["single_pdf"], results["zip"], results["memory"]
    n = z["operations"]
    lines = [
        f"CIOT benchmarks ({results['database']}, Python {sys.version.split()[0]}, {os.cpu_count()} CPU). "
        "Ratios are of CPU time (process_time); wall-clock ratios in brackets.",
        "",
        f"1. create-and-validate vs vehicle creation (API pipeline, median of {c['requests']} requests each)",
        f"   POST /vehicles          {c['vehicle_cpu_ms']:7.1f} ms CPU  {c['vehicle_ms']:7.1f} ms wall  "
        f"({c['vehicle_per_s']:5.1f} req/s)",
        f"   POST /ciot/operations   {c['ciot_cpu_ms']:7.1f} ms CPU  {c['ciot_ms']:7.1f} ms wall  "
        f"({c['ciot_per_s']:5.1f} req/s)",
        f"   ratio                   {c['ratio']:7.2f}x  [wall {c['wall_ratio']:.2f}x]: one CIOT create-and-validate "
        f"costs {c['ratio']:.1f} vehicle creations",
        "",
        "2. one declaration PDF (operation_pdf service) vs bare xhtml2pdf of the same HTML — target <= 1.2x",
    ]
    for label, r in s.items():
        mark = "ok" if r["ratio"] <= 1.2 else "MISSED"
        lines.append(f"   {label:9} service {r['service_ms']:5.0f} ms  bare {r['bare_ms']:5.0f} ms  "
                     f"ratio {r['ratio']:.3f}x [wall {r['wall_ratio']:.3f}x]  {mark}  ({r['bytes'] // 1024} KiB, "
                     f"{'watermark' if r['watermark'] else 'no watermark'})")
    lines += [
        "",
        f"3. {n}-operation ZIP vs {n} single renders — target <= 1.1x",
        f"   {n} x operation_pdf      {z['singles_s']:6.2f} s CPU ({z['singles_wall_s']:.2f} s wall)",
        f"   iter_zip (API stream)   {z['stream_s']:6.2f} s CPU  ratio {z['stream_ratio']:.3f}x "
        f"[wall {z['stream_wall_ratio']:.3f}x]  {'ok' if z['stream_ratio'] <= 1.1 else 'MISSED'}  "
        f"({z['zip_bytes'] // 1024} KiB)",
        f"   write_zip (job, file)   {z['file_s']:6.2f} s CPU  ratio {z['file_ratio']:.3f}x "
        f"[wall {z['file_wall_ratio']:.3f}x]  {'ok' if z['file_ratio'] <= 1.1 else 'MISSED'}",
        "   memory, each in a fresh process after one warm-up render:",
        "   case            tracemalloc peak  retained after  ru_maxrss growth  ru_maxrss",
    ]
    for label, r in m.items():
        lines.append(f"   {label:15} {r['tracemalloc_peak_mb']:9.1f} MiB {r['tracemalloc_retained_mb']:11.2f} MiB "
                     f"{r['maxrss_growth_mb']:12.1f} MiB {r['maxrss_mb']:9.1f} MiB")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    parser.add_argument("--operations", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5, help="create: rounds of --per-round requests each")
    parser.add_argument("--per-round", type=int, default=10)
    parser.add_argument("--pdf-repeats", type=int, default=15)
    parser.add_argument("--zip-repeats", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON too")
    parser.add_argument("--child", choices=("stream", "naive"), help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--state", help=argparse.SUPPRESS)
    parser.add_argument("--instance", help=argparse.SUPPRESS)
    args = parser.parse_args()
    # base.html's header shrinks a long company name to fit and xhtml2pdf logs it on every page; not our figure.
    logging.getLogger("xhtml2pdf").setLevel(logging.ERROR)
    if args.child:
        return child(args)

    args.instance = tempfile.mkdtemp(prefix="bench-ciot-")
    args.database_url = args.database_url or f"sqlite:///{args.instance}/bench.db"
    app = make_app(args.database_url, args.instance)
    started = time.perf_counter()
    state = setup(app, args.operations)
    results = {"database": app.config["SQLALCHEMY_DATABASE_URI"].split(":")[0].split("+")[0]}
    results["single_pdf"] = bench_single_pdf(app, state, args.pdf_repeats)
    results["zip"] = bench_zip(app, state, args.zip_repeats)
    results["memory"] = zip_memory(args, state)
    results["create"] = bench_create(app, state, args.rounds, args.per_round)
    print(report(results))
    print(f"\n(total {time.perf_counter() - started:.0f} s)")
    if args.json:
        print(json.dumps(results, indent=2))
    with app.app_context():
        from core.db import db
        db.drop_all()


if __name__ == "__main__":
    main()
