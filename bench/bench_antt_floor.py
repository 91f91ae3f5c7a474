"""The ANTT floor lookup: `floor_for` (the service every area calls) against the same lookup written by hand.

    python bench/bench_antt_floor.py            # 2000 calls each
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/<scratch> python bench/bench_antt_floor.py

- `floor_for`: one prebuilt SELECT (the act in force on the date joined with its coefficient) on the session's
  connection, the Decimal sum rounded once and the explanation pieces formatted pt-BR.
- `bare`: the same SELECT written by hand on a raw DBAPI connection (opened once) and the same Decimal arithmetic
  (empty return of containers included), no pieces. The bench checks both give the same value. Calls are
  interleaved (order rotates), inputs cycle over every table × cargo type × axle count of the latest act.
"""
import sys
import time
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from _common import bench_app, report

SQL = ("SELECT c.ccd, c.cc FROM antt_floor_coefficients c JOIN antt_floor_acts a ON a.id = c.act_id "
       "WHERE a.starts_on = (SELECT MAX(starts_on) FROM antt_floor_acts WHERE starts_on <= {p}) "
       "AND c.table_code = {p} AND c.cargo_type = {p} AND c.axles = {p}")


def main(calls: int) -> None:
    from core.db import db
    from domain.antt_floor.importer import bundled_acts
    from domain.antt_floor.services import floor_for

    app = bench_app()
    latest = bundled_acts()[-1]
    keys = sorted(latest.coefficients)
    day, km = date(2026, 10, 1), Decimal("437.5")
    with app.app_context():
        raw = db.engine.raw_connection()
        param = "%s" if db.engine.dialect.name == "postgresql" else "?"
        sql = SQL.format(p=param)
        cursor = raw.cursor()

        def bare(key):
            table, cargo, axles = key
            cursor.execute(sql, (day.isoformat() if param == "?" else day, table, cargo, axles))
            ccd, cc = (Decimal(str(v)) for v in cursor.fetchone())
            back = Decimal("0.92") * ccd * km if cargo.endswith("conteinerizada") else 0  # the empty return
            return (km * ccd + cc + back).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)

        def service(key):
            table, cargo, axles = key
            return floor_for(on_date=day, table=table, cargo_type=cargo, loaded_axles=axles, distance_km=km).value

        runs = {"floor_for": (service, []), "bare": (bare, [])}
        names = list(runs)
        for i in range(calls):
            key = keys[i % len(keys)]
            values = set()
            for name in names[i % 2:] + names[:i % 2]:
                fn, samples = runs[name]
                start = time.perf_counter()
                values.add(fn(key))
                samples.append(time.perf_counter() - start)
            assert len(values) == 1, (key, values)
            db.session.rollback()
        raw.close()
    report("floor_for", runs["floor_for"][1], "bare", runs["bare"][1])


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
