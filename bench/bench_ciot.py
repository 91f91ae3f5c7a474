"""CIOT benchmarks: create-and-validate throughput, one declaration PDF, the 50-operation ZIP and its memory.

    python bench/bench_ciot.py            # temporary SQLite database (about 8 minutes on 2 CPUs)
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/fretes_bench_ciot python bench/bench_ciot.py

(The PostgreSQL database must exist, be empty and be used by nothing else: the script creates and drops the
tables.) Every figure is a ratio between two things measured in the same run, in CPU time of this process
(time.process_time; wall clock shown in brackets), measured in pairs that run back to back, so load from other
processes on the machine cancels out as much as possible:

1. create-and-validate: `POST /ciot/operations` (default auto_validate: schema, 60+ rules, children, timeline)
   against `POST /vehicles`, both through the whole API pipeline (key lookup, JSON, commit).
2. one declaration PDF: `domain.ciot.pdf.operation_pdf` (what GET /ciot/operations/{id}/pdf runs: read the
   operation, build the context, render, watermark) against a bare `core.pdf.html_to_pdf` of the same HTML, in ABBA
   pairs; plus each step the service adds, timed alone. Target ≤ 1.2× (homologation, with watermark; production
   without).
3. the 50-operation ZIP: `domain.ciot.batch_zip.iter_zip` (the streamed API response) and `write_zip` (the job, to a
   file), entry by entry, each entry paired with a single `operation_pdf` of the same operation. Target ≤ 1.1×.
   Memory: fresh child processes build the ZIP for 1 and for 50 operations, and a naive variant that keeps the 50
   PDFs in a list, reporting the tracemalloc peak, what stays allocated after, and ru_maxrss.
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

from _common import save_seed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

PRODUCAO_PROVIDER = "domain.ciot.provider.HomologSimulator"  # this installation ships no production provider


def make_app(database_url: str, instance: str):
    from app import create_app
    return create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "INSTANCE_PATH": instance,
                       "SECRET_KEY": "bench", "REDIS_URL": "", "JOBS_INLINE": True, "WTF_CSRF_ENABLED": False,
                       "AUTHORITY_WAIT_SECONDS": 5, "CIOT_PROVIDER_PRODUCAO": PRODUCAO_PROVIDER})


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
        save_seed()
        with scope(company.id):
            _, key = tenancy.create_api_key(company)
            save_seed()
        ids = []
        body = OperationCreate.model_validate(ciot_body(auto_emit=True))
        for _ in range(operations):
            with scope(company.id):
                result = services.create_operation(company, body, actor="bench")
                ids.append(str(result.op.id))
                save_seed()  # inline emission
        with scope(producao.id):
            result = services.create_operation(producao, body, actor="bench")
            producao_op = str(result.op.id)
            save_seed()
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

def paired_ratio(a: Times, b: Times) -> float:
    """Median of the per-pair CPU ratios a[i]/b[i]: each pair ran back to back, so load drift cancels."""
    return median([x / y for x, y in zip(a.cpu, b.cpu, strict=False)])


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
                op = get_operation(op_id)
                context = pdf.document_context(op, company)
                branding = Branding.for_company(context["issuer"])
                title = f"Declaração CIOT · {op.code}"
                html = render_html(pdf.TEMPLATE, branding=branding, title=title, **context)
                full, bare = Times(), Times()
                document = pdf.operation_pdf(company, op_id)  # warm-up (fonts, caches)
                html_to_pdf(html)
                for n in range(repeats):  # ABBA order: drift in machine load hits both sides alike
                    for side in (("full", "bare") if n % 2 == 0 else ("bare", "full")):
                        db.session.expire_all()
                        if side == "full":
                            full.run(lambda: pdf.operation_pdf(company, op_id))
                        else:
                            bare.run(lambda: html_to_pdf(html))
                # What the service adds to the bare render, step by step (cheap steps: many repeats, precise).
                # (The watermark is drawn while xhtml2pdf lays the pages out: it is in `full`, not a step of its own.)
                steps = {"read": Times(), "context": Times(), "template": Times()}
                for _ in range(repeats * 4):
                    db.session.expire_all()
                    fresh = steps["read"].run(lambda: _loaded(get_operation(op_id)))
                    ctx = steps["context"].run(lambda: pdf.document_context(fresh, company))
                    steps["template"].run(lambda: render_html(pdf.TEMPLATE, branding=branding, title=title, **ctx))
                added = sum(t.cpu_s for t in steps.values() if t.cpu)
                out[label] = {"service_ms": full.cpu_s * 1000, "bare_ms": bare.cpu_s * 1000,
                              "ratio": paired_ratio(full, bare), "wall_ratio": full.wall_s / bare.wall_s,
                              "steps_ms": {k: t.cpu_s * 1000 for k, t in steps.items() if t.cpu},
                              "steps_ratio": (bare.cpu_s + added) / bare.cpu_s,
                              "bytes": len(document.content), "watermark": op.environment == "homolog"}
    return out


def _loaded(op):
    op.contratantes, op.vehicles, op.payments, op.documents  # noqa: B018 - what the template reads
    return op


# --- 3. the 50-operation ZIP ----------------------------------------------------------------------------------

class _Count:
    def __init__(self):
        self.bytes = 0

    def write(self, data):
        self.bytes += len(data)
        return len(data)

    def flush(self):
        pass


def bench_zip(app, state) -> dict:
    """The streamed ZIP against single renders, paired per operation: the ZIP generator yields one entry per
    operation; right before or after each entry (alternating) the same operation is rendered alone. The job's
    file writer is paired the same way through its after_each hook."""
    import uuid
    import zipfile

    from core.db import db
    from domain.ciot import batch_zip, pdf
    from domain.tenancy.models import Company

    ids = [uuid.UUID(i) for i in state["ids"]]
    with app.app_context():
        company_id = uuid.UUID(state["company"])
        with scope(company_id):
            company = db.session.get(Company, company_id)
            entries, singles, size = Times(), Times(), 0
            stream = batch_zip.iter_zip(company_id, ids)
            for n, operation_id in enumerate(ids):
                for side in (("zip", "single") if n % 2 == 0 else ("single", "zip")):
                    db.session.expire_all()
                    if side == "zip":
                        size += len(entries.run(lambda: next(stream)))
                    else:
                        singles.run(lambda: pdf.operation_pdf(company, operation_id))
            tail = Times()
            size += sum(len(chunk) for chunk in tail.run(lambda: list(stream)))  # central directory
            stream_cpu = sum(entries.cpu) + sum(tail.cpu)
            stream_wall = sum(entries.wall) + sum(tail.wall)

            # the job's writer: the clock stops after each entry (after_each), the same operation is rendered
            # alone, then the clock restarts for the next entry
            written, singles_file = Times(), Times()
            clock = {}

            def restart():
                db.session.expire_all()
                gc.collect()
                clock.update(cpu=time.process_time(), wall=time.perf_counter())

            def after_each(number):
                written.cpu.append(time.process_time() - clock["cpu"])
                written.wall.append(time.perf_counter() - clock["wall"])
                db.session.expire_all()
                singles_file.run(lambda: pdf.operation_pdf(company, ids[number - 1]))
                restart()

            with tempfile.TemporaryFile() as fh:
                restart()
                batch_zip.write_zip(company, ids, fh, after_each=after_each)
                written.cpu.append(time.process_time() - clock["cpu"])  # closing: the central directory
                written.wall.append(time.perf_counter() - clock["wall"])

            # what the ZIP adds per entry: compressing the PDF into the archive
            documents = [pdf.operation_pdf(company, operation_id).content for operation_id in ids[:10]]
            compress = Times()
            for content in documents * 3:
                compress.run(lambda: zipfile.ZipFile(_Count(), "w").writestr(
                    "x.pdf", content, compress_type=batch_zip.ZIP_COMPRESSION, compresslevel=batch_zip.ZIP_LEVEL))
    singles_cpu, singles_wall = sum(singles.cpu), sum(singles.wall)
    return {"operations": len(ids), "singles_s": singles_cpu, "singles_wall_s": singles_wall,
            "stream_s": stream_cpu, "stream_ratio": stream_cpu / singles_cpu,
            "stream_pair_ratio": paired_ratio(entries, singles),
            "stream_wall_ratio": stream_wall / singles_wall,
            "file_s": sum(written.cpu), "file_ratio": sum(written.cpu) / sum(singles_file.cpu),
            "file_wall_ratio": sum(written.wall) / sum(singles_file.wall), "zip_bytes": size,
            "compress_ms": compress.cpu_s * 1000,
            "steps_ratio": (singles_cpu + compress.cpu_s * len(ids)) / singles_cpu}


def zip_memory(args, state) -> dict:
    """Peak memory of building the ZIP, each case in a fresh process."""
    out = {}
    n = len(state["ids"])
    for label, mode, count in (("zip_1", "stream", 1), (f"zip_{n}", "stream", n), (f"naive_list_{n}", "naive", n)):
        result = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", mode, "--count", str(count),
                                 "--database-url", args.database_url, "--instance", args.instance,
                                 "--state", json.dumps(state)], capture_output=True, text=True, cwd=ROOT, check=False)
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
    from domain.ciot import batch_zip, pdf
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
                for chunk in batch_zip.iter_zip(company_id, ids):
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
        added = " + ".join(f"{k} {v:.1f}" for k, v in r["steps_ms"].items())
        lines.append(f"   {'':9} added by the service: {added} ms → bare + steps = {r['steps_ratio']:.3f}x")
    lines += [
        "",
        f"3. {n}-operation ZIP vs {n} single renders — target <= 1.1x",
        f"   {n} x operation_pdf      {z['singles_s']:6.2f} s CPU ({z['singles_wall_s']:.2f} s wall)",
        f"   iter_zip (API stream)   {z['stream_s']:6.2f} s CPU  ratio {z['stream_ratio']:.3f}x "
        f"[wall {z['stream_wall_ratio']:.3f}x]  {'ok' if z['stream_ratio'] <= 1.1 else 'MISSED'}  "
        f"({z['zip_bytes'] // 1024} KiB; median per-entry pair {z['stream_pair_ratio']:.3f}x)",
        f"   write_zip (job, file)   {z['file_s']:6.2f} s CPU  ratio {z['file_ratio']:.3f}x "
        f"[wall {z['file_wall_ratio']:.3f}x]  {'ok' if z['file_ratio'] <= 1.1 else 'MISSED'}",
        f"   added per entry: deflate into the ZIP {z['compress_ms']:.1f} ms → singles + steps = "
        f"{z['steps_ratio']:.3f}x",
        "   memory, each in a fresh process after one warm-up render:",
        "   case            tracemalloc peak  retained after  ru_maxrss growth  ru_maxrss",
    ]
    for label, r in m.items():
        lines.append(f"   {label:15} {r['tracemalloc_peak_mb']:9.1f} MiB {r['tracemalloc_retained_mb']:11.2f} MiB "
                     f"{r['maxrss_growth_mb']:12.1f} MiB {r['maxrss_mb']:9.1f} MiB")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"),
                        help="a scratch database (its tables are dropped); default $DATABASE_URL, else a temporary "
                             "SQLite file")
    parser.add_argument("--operations", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5, help="create: rounds of --per-round requests each")
    parser.add_argument("--per-round", type=int, default=10)
    parser.add_argument("--pdf-repeats", type=int, default=15)
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
    results["zip"] = bench_zip(app, state)
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
