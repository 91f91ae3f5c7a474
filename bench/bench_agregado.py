"""CIOT aggregate contracts: the cost of adding a trip as the contract grows, and the contract PDF.

    python bench/bench_agregado.py [--rounds 150] [--pdf-rounds 6]           (temporary SQLite database)
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/fretes_bench_agregado python bench/bench_agregado.py

(The PostgreSQL database must exist and be used by nothing else: the script drops and creates the tables.) Ratios
between two things measured back to back in the same process, in CPU time (time.process_time; wall clock shown for
reference), so load from other processes on the shared machine cancels out as much as possible:

1. `POST /ciot-agregado/operations/{id}/viagens` through the whole API pipeline on a contract that already has
   1,000 trips against the same call on a contract that started with none, interleaved (ABBA). Target ≤ 1.2×:
   the next number comes from the contract row (locked), never from counting or scanning the trips.
2. the PDF of a contract with 300 trips and 20 debits: `domain.ciot_agregado.pdf.render_agregado_pdf` (what
   GET /{id}/pdf runs after reading the contract: queries, ledger, Jinja, xhtml2pdf, the HOMOLOGAÇÃO watermark)
   against a bare `pisa.CreatePDF` of the same HTML, in ABBA pairs. Target ≤ 1.2×. Memory: the tracemalloc peak of
   one render of each, and what stays allocated after 1 and after N renders (flat: no growth per render).
"""
import argparse
import gc
import io
import statistics
import time
import tracemalloc

from _common import bench_app, save_seed


class Times:
    def __init__(self):
        self.cpu, self.wall = [], []

    def run(self, fn):
        gc.collect()
        cpu, wall = time.process_time(), time.perf_counter()
        result = fn()
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        return result

    def line(self, name: str) -> str:
        return (f"{name:<28} CPU median {statistics.median(self.cpu) * 1000:9.2f} ms   "
                f"(wall {statistics.median(self.wall) * 1000:9.2f} ms, n={len(self.cpu)})")


def ratio(a: Times, b: Times) -> str:
    return (f"ratio CPU {statistics.median(a.cpu) / statistics.median(b.cpu):.2f}x   "
            f"(wall {statistics.median(a.wall) / statistics.median(b.wall):.2f}x)")


def setup(app) -> dict:
    """A company with a key, a TAC carrier, a contract with 1,000 trips, an empty one and one with 300 trips and 20
    debits (for the PDF)."""

    from core.db import db
    from core.tenancy import tenant_scope
    from domain.ciot_agregado import services
    from domain.ciot_agregado.schemas import CiotAgregadoCreate, CiotAgregadoDebitoCreate, CiotAgregadoViagemCreate
    from domain.partners import services as partners
    from domain.partners.schemas import PartnerCreate
    from domain.tenancy import services as tenancy
    from tests.fixtures.agregado import agregado_body, debit_body, in_period, trip_body

    with app.app_context():
        db.drop_all()
        db.create_all()
        company = tenancy.create_company(name="Transportes Benchmark Agregados Ltda", cnpj="11444777000161")
        save_seed()
        with tenant_scope(company.id):
            _, key = tenancy.create_api_key(company)
            tac = partners.create_partner(company, PartnerCreate.model_validate({
                "person_kind": "pf", "cpf_cnpj": "52998224725", "legal_name": "João Agregado da Silva",
                "rntrc": "012345678", "rntrc_categoria": "TAC"}))
            save_seed()
            ids = {}
            for name, plate, trips, debits in (("big", "BIG1A11", 1000, 0), ("empty", "EMP1A11", 0, 0),
                                               ("pdf", "PDF1A11", 300, 20)):
                contract_id = services.create_agregado(company, CiotAgregadoCreate.model_validate(
                    agregado_body(tac, placa_cavalo=plate, placas_reboques=[])), actor="bench").id
                save_seed()  # phase 1 of the opening; phase 2 declares it (already done by the inline job)
                services.send_declaration(company, contract_id, str(contract_id), actor="bench")
                for n in range(trips):
                    services.add_viagem(contract_id, CiotAgregadoViagemCreate.model_validate(trip_body(
                        valor=100 + n % 7, destino_municipio_nome=("Niterói", "Rio de Janeiro", "Petrópolis")[n % 3],
                        data_viagem=in_period(n % 28))), actor="bench")
                for n in range(debits):
                    services.add_debito(contract_id, CiotAgregadoDebitoCreate.model_validate(debit_body(
                        valor=10 + n)), actor="bench")
                save_seed()
                ids[name] = str(contract_id)
        return {"company": company.id, "key": key, **ids}


def bench_trips(app, state, rounds: int) -> None:
    from tests.fixtures.agregado import trip_body
    client = app.test_client()
    headers = {"X-API-Key": state["key"]}
    body = trip_body()

    def post(agregado_id):
        def call():
            response = client.post(f"/api/public/v1/ciot-agregado/operations/{agregado_id}/viagens", json=body,
                                   headers=headers)
            assert response.status_code == 201, response.get_data(as_text=True)[:300]
        return call

    big, empty = Times(), Times()
    for _ in range(5):  # warm-up (the empty contract then has 5 trips: "none" means a handful)
        post(state["big"])()
        post(state["empty"])()
    for i in range(rounds):
        pair = ((big, state["big"]), (empty, state["empty"]))
        for times, agregado_id in (pair if i % 2 == 0 else pair[::-1]):
            times.run(post(agregado_id))
    print(f"1. POST /viagens, {rounds} calls each (interleaved, ABBA):")
    print("  " + big.line("contract with 1,000+ trips"))
    print("  " + empty.line("contract with ~0 trips"))
    print(f"  {ratio(big, empty)}   target <= 1.2x")


def bench_pdf(app, state, rounds: int) -> None:
    from xhtml2pdf import pisa

    from core.pdf import RESOURCE_POLICY
    from core.tenancy import tenant_scope
    from domain.ciot_agregado.pdf import render_agregado_html, render_agregado_pdf
    from domain.ciot_agregado.queries import get_agregado
    from domain.tenancy.models import Company

    with app.test_request_context(), tenant_scope(state["company"]):
        from core.db import db
        company = db.session.get(Company, state["company"])
        contract = get_agregado(state["pdf"])
        html = render_agregado_html(contract, company)

        def ours():
            return render_agregado_pdf(contract, company)

        def bare():
            out = io.BytesIO()
            assert not pisa.CreatePDF(html, dest=out, encoding="utf-8", resource_policy=RESOURCE_POLICY).err
            return out.getvalue()

        pdf = ours()
        bare()  # warm-up: fonts parsed, templates compiled, watermark stamp drawn
        a, b = Times(), Times()
        for i in range(rounds):
            for times, fn in (((a, ours), (b, bare)) if i % 2 == 0 else ((b, bare), (a, ours))):
                times.run(fn)
        from pypdf import PdfReader
        pages = len(PdfReader(io.BytesIO(pdf)).pages)
        print(f"2. PDF of a contract with 300 trips and 20 debits ({len(pdf) // 1024} KiB, {pages} pages), "
              f"{rounds} renders each (ABBA):")
        print("  " + a.line("render_agregado_pdf"))
        print("  " + b.line("bare xhtml2pdf, same HTML"))
        print(f"  {ratio(a, b)}   target <= 1.2x")

        def peak(fn) -> int:
            gc.collect()
            tracemalloc.start()
            fn()
            result = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            return result

        def retained(fn, times: int) -> int:
            gc.collect()
            tracemalloc.start()
            for _ in range(times):
                fn()
            gc.collect()
            result = tracemalloc.get_traced_memory()[0]
            tracemalloc.stop()
            return result

        ours_peak, bare_peak = peak(ours), peak(bare)
        print(f"  memory: tracemalloc peak of one render: ours {ours_peak / 2**20:.1f} MiB, bare "
              f"{bare_peak / 2**20:.1f} MiB ({ours_peak / bare_peak:.2f}x)")
        after_1, after_n = retained(ours, 1), retained(ours, 5)
        print(f"  still allocated after 1 render {after_1 / 2**10:.0f} KiB, after 5 renders {after_n / 2**10:.0f} KiB "
              f"({(after_n - after_1) / 4 / 2**10:.0f} KiB per further render)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--pdf-rounds", type=int, default=6)
    args = parser.parse_args()
    app = bench_app()
    state = setup(app)
    bench_trips(app, state, args.rounds)
    bench_pdf(app, state, args.pdf_rounds)


if __name__ == "__main__":
    main()
