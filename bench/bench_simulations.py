"""Cost of a price simulation: POST /api/public/v1/simulations against a bare endpoint doing one SELECT, and
formula evaluations per second.

    python bench/bench_simulations.py [iterations]     (default 1000; DATABASE_URL to use PostgreSQL,
                                                        REDIS_URL to count the rate limit in Redis)

Both endpoints run in the same process through the same WSGI test client, interleaved call by call:
  simulation  the real endpoint with the "Custo por km + tonelada + fixo" starter methodology (save=false): key
              lookup with the methodology's current version (one statement, in the request's transaction), body
              validation, the rate limit (Redis with REDIS_URL, its round trip overlapping the pricing; else in
              memory), input checks, five formulas, ICMS/PIS/COFINS from the tax table, the JSON answer;
  bare        a hand-written POST that parses the same JSON body, does one SELECT (the methodology's current
              version row, on a raw DBAPI connection opened once) and answers jsonify() — the baseline of the
              target (simulation p50 <= 2x bare).
Then the compiled methodology is evaluated in a loop (inputs checked, five components): evaluations per second.
"""
import os
import sys
import time

from _common import bench_app, held_raw_connection, report, save_seed

VERSION_SQL = ("SELECT v.version, v.inputs, v.components, v.tax_mode FROM methodology_versions v "
               "JOIN methodologies m ON m.id = v.methodology_id AND v.version = m.current_version "
               "WHERE m.id = {p}")
INPUTS = {"distancia_km": 430, "peso_t": 24, "valor_km": 4.5, "valor_tonelada": 35, "custos_fixos": 150,
          "margem": 15, "pedagio": 120}


def bare_view(app):
    from flask import jsonify, request

    held, raw = held_raw_connection(app)  # the pool's handle kept for the whole run (see bench/_common.py)
    sql = VERSION_SQL.format(p="%s" if raw.__class__.__module__.startswith("psycopg") else "?")

    def view():
        body = request.get_json()
        key = body["methodology_id"]
        if not raw.__class__.__module__.startswith("psycopg"):
            key = key.replace("-", "")  # SQLite stores uuids as 32 hex digits
        row = raw.execute(sql, (key,)).fetchone()
        return jsonify({"data": {"methodology_id": body["methodology_id"], "methodology_version": row[0]}})
    view.held_connection = held
    return view


def evaluations_per_second(app, company_id, methodology_id, seconds: float = 2.0) -> float:
    from core.tenancy import tenant_scope
    from domain.simulations.definitions import check_inputs, evaluate_components
    from domain.simulations.methodologies import compiled, find_methodology, find_version

    with app.app_context(), tenant_scope(company_id):
        definition = compiled(find_version(find_methodology(methodology_id)))
        count, clock = 0, time.perf_counter
        start = clock()
        while clock() - start < seconds:
            values, _ = check_inputs(definition, INPUTS)
            evaluate_components(definition, values)
            count += 1
        return count / (clock() - start)


def main(iterations: int) -> None:
    from core.db import db
    from core.tenancy import cross_tenant, tenant_scope
    from core.validators import cnpj_check_digits
    from domain.simulations.models import Methodology, MethodologyVersion
    from domain.tenancy import services
    from domain.tenancy.models import ApiKey, Company

    # The limit is counted where production counts it: Redis when REDIS_URL is given, else the app's default (one
    # process's memory, core.ratelimit.LazyMemoryStorage).
    app = bench_app({"RATELIMIT_STORAGE_URI": os.environ["REDIS_URL"]} if os.environ.get("REDIS_URL") else None)
    app.config["SIMULATION_RATE_LIMIT"] = "100000000 per minute"  # the limit's storage is counted, never reached
    from core.extensions import csrf
    bare = bare_view(app)
    csrf.exempt(bare)  # an API-style POST, like the real one (the API blueprint is exempt)
    app.add_url_rule("/bench/simulation", "bench_simulation", bare, methods=["POST"])
    with app.app_context():
        base = f"{int(time.time() * 1000) % 10**12:012d}"
        company = services.create_company(name="Bench Simulações Ltda", cnpj=base + cnpj_check_digits(base),
                                          tax_state="SP")
        db.session.flush()
        with tenant_scope(company.id):
            _, key = services.create_api_key(company, scopes=["read", "write"])
            methodology_id = str(db.session.execute(db.select(Methodology.id)
                                                    .where(Methodology.template == "cost_model")).scalar_one())
        save_seed()
        company_id = company.id

    client = app.test_client()
    headers = {"X-API-Key": key}
    body = {"methodology_id": methodology_id, "inputs": INPUTS,
            "tax_context": {"origin_state": "SP", "destination_state": "BA"}}
    calls = {"simulation": "/api/public/v1/simulations", "bare": "/bench/simulation"}
    for _ in range(50):  # warm up caches (the compiled methodology, the tax table) and the pool
        for path in calls.values():
            answer = client.post(path, json=body, headers=headers)
            assert answer.status_code == 200, (path, answer.get_data(as_text=True)[-300:])
    samples = {name: [] for name in calls}
    clock = time.perf_counter
    for i in range(iterations):
        for name in (("simulation", "bare") if i % 2 else ("bare", "simulation")):
            start = clock()
            client.post(calls[name], json=body, headers=headers)
            samples[name].append(clock() - start)

    print(f"POST /api/public/v1/simulations vs a bare one-SELECT endpoint, {iterations} calls each "
          f"({app.config['SQLALCHEMY_DATABASE_URI'].split(':')[0]})")
    report("simulation", samples["simulation"], "bare", samples["bare"])
    print(f"formula evaluations (inputs checked + 5 components): "
          f"{evaluations_per_second(app, company_id, methodology_id):,.0f} per second")

    with app.app_context():  # leave a shared DATABASE_URL as it was
        for model in (MethodologyVersion, Methodology, ApiKey):
            db.session.execute(cross_tenant(db.delete(model).where(model.company_id == company_id)))
        db.session.execute(db.delete(Company).where(Company.id == company_id))
        save_seed()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
