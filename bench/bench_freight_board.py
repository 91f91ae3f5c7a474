"""The freight board's card view ("Quadro"), issue 38: one page of BOARD_PAGE cards against the 500 it used to draw,
rendered in the same process on the same data.

    python bench/bench_freight_board.py [requests]     (default 60 of each, alternating)

Builds the real app (throwaway SQLite, or DATABASE_URL: a scratch database), one company with 600 freights, logs in
through the login form and asks GET /fretes-operacao/?view=quadro, alternating the page size between BOARD_PAGE (what
the page draws) and 500 (what it drew, set on the module for that request only). Prints p50/p99 per size, their ratio
and the bytes of each answer.
"""
import re
import sys
import time

from _common import bench_app, report, save_seed

PASSWORD = "bench-board-1"


def seed(app) -> str:
    from core.tenancy import tenant_scope
    from domain.freights import services as freights
    from domain.freights.schemas import FreightCreate
    from domain.tenancy import services as tenancy

    with app.app_context():
        company = tenancy.create_company(name="Quadro Bench Ltda", cnpj="11222333000181")
        user = tenancy.create_user(company, email="quadro@bench.example", password=PASSWORD, role="operador")
        with tenant_scope(company.id):
            for n in range(600):
                freights.create_freight(company, FreightCreate.model_validate({
                    "origin": {"city": "São Paulo", "state": "SP"}, "destination": {"city": "Curitiba", "state": "PR"},
                    "cargo_type": "Carga seca", "weight_kg": 12000, "price": 4500 + n}),
                    status=("draft", "published", "negotiating", "aceito")[n % 4])
        save_seed()
        return user.email


def main(requests: int) -> None:
    import blueprints.web.freights as board

    app = bench_app()
    email = seed(app)
    client = app.test_client()
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/login").get_data(as_text=True)).group(1)
    assert client.post("/login", data={"email": email, "password": PASSWORD, "csrf_token": token}).status_code == 302
    paged, before, sizes = [], [], {}
    for _ in range(requests):
        for size, samples in ((board.BOARD_PAGE, paged), (500, before)):
            board.BOARD_PAGE, kept = size, board.BOARD_PAGE
            try:
                started = time.perf_counter()
                answer = client.get("/fretes-operacao/?view=quadro")
                samples.append(time.perf_counter() - started)
            finally:
                board.BOARD_PAGE = kept
            assert answer.status_code == 200
            sizes[size] = len(answer.data)
    report(f"{board.BOARD_PAGE} cards", paged, "500 cards", before)
    page = board.BOARD_PAGE
    print(f"answer: {sizes[page] // 1024} KB with {page} cards, {sizes[500] // 1024} KB with 500")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
