"""Taxes on a freight price, from versioned tables in data/ (docs/simulations.md): ICMS by origin and destination
UF (the internal rate when both are the same), PIS and COFINS by the carrier's tax regime.

`data/tax_tables.csv` lists the table versions with their validity dates and the files each one reads; a new
version is a new row (and new files), never an edit, so a saved simulation (which keeps its `tax_table`) can always
be explained with the rates that priced it.
"""
import csv
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path

from core.errors import AppError, FieldError
from domain.tenancy.models import TAX_REGIMES  # noqa: F401  re-exported: the regimes the tax table prices

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
TAX_REGIME_LABELS = {"lucro_real": "Lucro real", "lucro_presumido": "Lucro presumido",
                     "simples_nacional": "Simples Nacional"}
PERCENT = Decimal(100)


@dataclass(frozen=True)
class TaxTable:
    version: str
    valid_from: date
    valid_to: date | None
    icms_internal: dict      # UF -> fraction
    icms_interstate: dict    # (origin UF, destination UF) -> fraction
    pis_cofins: dict         # regime -> (pis fraction, cofins fraction)

    def icms_rate(self, origin: str, destination: str) -> Decimal:
        if origin == destination:
            return self.icms_internal[origin]
        return self.icms_interstate[(origin, destination)]


@dataclass(frozen=True)
class TaxContext:
    origin_state: str
    destination_state: str
    tac_autonomo: bool
    tax_regime: str

    def as_dict(self) -> dict:
        return {"origin_state": self.origin_state, "destination_state": self.destination_state,
                "tac_autonomo": self.tac_autonomo, "tax_regime": self.tax_regime}


@dataclass(frozen=True)
class TaxLine:
    kind: str
    rate: Decimal
    value: Decimal  # exact
    mode: str


def _read(name: str) -> list[dict]:
    with open(DATA_DIR / name, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def _fraction(percent: str) -> Decimal:
    return Decimal(percent) / PERCENT


@cache
def tax_tables() -> tuple[TaxTable, ...]:
    """Every version, oldest first (read once per process: the files never change under a version)."""
    tables = []
    for row in _read("tax_tables.csv"):
        tables.append(TaxTable(
            version=row["version"], valid_from=date.fromisoformat(row["valid_from"]),
            valid_to=date.fromisoformat(row["valid_to"]) if row["valid_to"] else None,
            icms_internal={r["uf"]: _fraction(r["aliquota_interna"]) for r in _read(row["icms_internal"])},
            icms_interstate={(r["uf_origem"], r["uf_destino"]): _fraction(r["aliquota_interestadual"])
                             for r in _read(row["icms_interstate"])},
            pis_cofins={r["regime"]: (_fraction(r["pis"]), _fraction(r["cofins"])) for r in _read(row["pis_cofins"])},
        ))
    return tuple(sorted(tables, key=lambda t: t.valid_from))


def table_in_force(on: date) -> TaxTable:
    """The version valid on the date; before the first one, the first (the oldest rates we have)."""
    tables = tax_tables()
    for table in reversed(tables):
        if table.valid_from <= on and (table.valid_to is None or on <= table.valid_to):
            return table
    return tables[0]


def table_by_version(version: str) -> TaxTable:
    return next(t for t in tax_tables() if t.version == version)


def resolve_context(sent: dict | None, *, company_state: str | None, company_regime: str) -> TaxContext:
    """The request's tax_context with the company defaults for what it leaves out: both states default to the
    company's state; tac_autonomo to false; the regime is always the company's. No state anywhere → 422."""
    sent = sent or {}
    origin = sent.get("origin_state") or company_state
    destination = sent.get("destination_state") or company_state
    missing = [name for name, value in (("origin_state", origin), ("destination_state", destination)) if not value]
    if missing:
        raise AppError("A empresa não tem UF padrão cadastrada: informe tax_context.origin_state e "
                       "tax_context.destination_state.", code="tax_context_required", status=422,
                       details=[FieldError(f"tax_context.{name}", "required", "Informe a UF.") for name in missing])
    return TaxContext(origin, destination, bool(sent.get("tac_autonomo")), company_regime)


def tax_lines(subtotal: Decimal, context: TaxContext, mode: str, table: TaxTable) -> list[TaxLine]:
    """The taxes on the subtotal, exact. `by_outside`: each tax = subtotal × rate, added on top. `by_inside`
    (gross-up): the total T is such that T − Σ taxes = subtotal, T = subtotal / (1 − Σ rates), each tax = T × rate.
    A TAC (autonomous carrier, a natural person) owes no PIS/COFINS; ICMS stays (collected by the tomador)."""
    rates = [("icms", table.icms_rate(context.origin_state, context.destination_state))]
    if not context.tac_autonomo:
        pis, cofins = table.pis_cofins[context.tax_regime]
        rates += [("pis", pis), ("cofins", cofins)]
    rates = [(kind, rate) for kind, rate in rates if rate]
    base = subtotal if mode == "by_outside" else subtotal / (1 - sum((r for _, r in rates), Decimal(0)))
    return [TaxLine(kind, rate, base * rate, mode) for kind, rate in rates]
