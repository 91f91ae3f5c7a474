"""Taxes on a freight price, from versioned tables in data/ (docs/simulations.md): ICMS by origin and destination
UF (the internal rate when both are the same), PIS and COFINS by the carrier's tax regime, computed inside the price
as the law does (`gross_up`); a TAC's withholdings (INSS, SEST/SENAT, IRRF) on the freight (`tac_withholdings`).

`data/tax_tables.csv` lists the table versions with their validity dates and the files each one reads; a new
version is a new row (and new files), never an edit, so a saved simulation (which keeps its `tax_table`) can always
be explained with the rates that priced it.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from pathlib import Path

from core.errors import AppError, FieldError
from domain.tenancy.models import TAX_REGIMES  # noqa: F401  re-exported: the regimes the tax table prices

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
TAX_REGIME_LABELS = {"lucro_real": "Lucro real", "lucro_presumido": "Lucro presumido",
                     "simples_nacional": "Simples Nacional"}
PERCENT = Decimal(100)
CENTAVO = Decimal("0.01")


@dataclass(frozen=True)
class TaxTable:
    version: str
    valid_from: date
    valid_to: date | None
    icms_internal: dict      # UF -> fraction
    icms_interstate: dict    # (origin UF, destination UF) -> fraction
    pis_cofins: dict         # regime -> (pis fraction, cofins fraction)
    tac: TacRules

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
    base: Decimal   # the centavo base the rate applies to
    value: Decimal  # centavos, as the CT-e (ICMS) or the tax return (PIS/COFINS) carries it
    mode: str


@dataclass(frozen=True)
class Withholding:
    """What the contracting company withholds from a TAC's freight payment (docs/simulations.md)."""
    kind: str       # inss, sest, senat, irrf
    rate: Decimal   # fraction (IRRF: the bracket's rate)
    base: Decimal
    value: Decimal


@dataclass(frozen=True)
class TacRules:
    inss_base: Decimal        # fraction of the gross freight
    inss_rate: Decimal
    inss_ceiling: Decimal     # limit of the contribution salary (R$ per month)
    sest_rate: Decimal
    senat_rate: Decimal
    irrf_base: Decimal        # fraction of the gross freight
    irrf_simplified: Decimal  # monthly simplified discount, used instead of the INSS when larger
    irrf_brackets: tuple      # (upper bound or None, rate fraction, deduction)
    reduction_exempt_to: Decimal
    reduction_max: Decimal
    reduction_band_to: Decimal
    reduction_constant: Decimal
    reduction_factor: Decimal


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
            tac=_tac_rules(row["tac_withholdings"], row["irrf"]),
        ))
    return tuple(sorted(tables, key=lambda t: t.valid_from))


def _tac_rules(withholdings: str, irrf: str) -> TacRules:
    items = {r["item"]: Decimal(r["valor"]) for r in _read(withholdings)}
    brackets = tuple((Decimal(r["ate"]) if r["ate"] else None, _fraction(r["aliquota"]), Decimal(r["deducao"]))
                     for r in _read(irrf))
    return TacRules(
        inss_base=items["inss_base_percentual"] / PERCENT, inss_rate=items["inss_aliquota"] / PERCENT,
        inss_ceiling=items["inss_teto"], sest_rate=items["sest_aliquota"] / PERCENT,
        senat_rate=items["senat_aliquota"] / PERCENT, irrf_base=items["irrf_base_percentual"] / PERCENT,
        irrf_simplified=items["irrf_desconto_simplificado"],
        irrf_brackets=brackets, reduction_exempt_to=items["irrf_reducao_isencao_ate"],
        reduction_max=items["irrf_reducao_maxima"], reduction_band_to=items["irrf_reducao_faixa_ate"],
        reduction_constant=items["irrf_reducao_constante"], reduction_factor=items["irrf_reducao_fator"])


def table_in_force(on: date) -> TaxTable:
    """The version valid on the date; before the first one, the first (the oldest rates we have)."""
    tables = tax_tables()
    for table in reversed(tables):
        if table.valid_from <= on and (table.valid_to is None or on <= table.valid_to):
            return table
    return tables[0]


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


def rates(context: TaxContext, table: TaxTable) -> tuple[Decimal, Decimal, Decimal]:
    """ICMS, PIS and COFINS fractions of the context. A TAC (autonomous carrier, a natural person) owes no
    PIS/COFINS (taxes on legal entities' revenue); ICMS stays (collected by the tomador)."""
    icms = table.icms_rate(context.origin_state, context.destination_state)
    if context.tac_autonomo:
        return icms, Decimal(0), Decimal(0)
    pis, cofins = table.pis_cofins[context.tax_regime]
    return icms, pis, cofins


def exact_price(net: Decimal, icms: Decimal, pis: Decimal, cofins: Decimal) -> Decimal:
    """The price P whose taxes leave `net`: ICMS is inside its own base (LC 87/1996 art. 13 § 1º I: ICMS = P × icms)
    and ICMS is outside the PIS/COFINS base (STF Tema 69, RE 574.706: PIS/COFINS = (P − ICMS) × rate), so
    P − ICMS − PIS − COFINS = P (1 − icms)(1 − pis − cofins) = net."""
    return net / ((1 - icms) * (1 - pis - cofins))


def printed_taxes(price: Decimal, icms: Decimal, pis: Decimal, cofins: Decimal) -> tuple[Decimal, Decimal, Decimal]:
    """The taxes of a centavo price as documents carry them, each rounded half-up to the centavo: the CT-e's vICMS
    = vBC × pICMS with vBC = the price; PIS and COFINS on the price less that ICMS."""
    icms_value = money(price * icms)
    pis_cofins_base = price - icms_value
    return icms_value, money(pis_cofins_base * pis), money(pis_cofins_base * cofins)


def gross_up(net: Decimal, context: TaxContext, mode: str, table: TaxTable) -> tuple[Decimal, list[TaxLine]]:
    """The centavo price whose printed taxes leave exactly the centavo `net`, and those taxes (zero rates left out).

    Both modes price this way: the old `by_outside` arithmetic (ICMS = net × rate added on top) gave a price whose
    CT-e carries more ICMS than the line shown, so no real use needs it and it is kept only as a name (docs).
    The search starts from the exact price rounded: one centavo more on the price moves the net by −1, 0 or +1
    centavo (each rate is below one half), so stepping up from a price that nets less reaches `net` exactly."""
    icms, pis, cofins = rates(context, table)
    price = money(exact_price(net, icms, pis, cofins))
    while _net_of(price, icms, pis, cofins) > net:
        price -= CENTAVO
    while _net_of(price, icms, pis, cofins) < net:
        price += CENTAVO
    icms_value, pis_value, cofins_value = printed_taxes(price, icms, pis, cofins)
    lines = [TaxLine("icms", icms, price, icms_value, mode),
             TaxLine("pis", pis, price - icms_value, pis_value, mode),
             TaxLine("cofins", cofins, price - icms_value, cofins_value, mode)]
    return price, [line for line in lines if line.rate]


def _net_of(price: Decimal, icms: Decimal, pis: Decimal, cofins: Decimal) -> Decimal:
    return price - sum(printed_taxes(price, icms, pis, cofins), Decimal(0))


def tac_withholdings(freight: Decimal, rules: TacRules) -> list[Withholding]:
    """What the contracting company withholds from a TAC's gross freight (the price): INSS 11 % and SEST 1,5 % +
    SENAT 1,0 % on 20 % of the freight (up to the contribution ceiling), IRRF by the monthly table on 10 % of the
    freight less the INSS withheld (Lei 9.250/1995 art. 4º IV) or the simplified monthly discount when larger, as if
    it were the month's only payment to him, without dependants; less the 2026 reduction (Lei 15.270/2025).
    Sources: data/tac_retencoes_*.csv, docs/simulations.md."""
    contribution_base = min(money(freight * rules.inss_base), rules.inss_ceiling)
    inss = money(contribution_base * rules.inss_rate)
    lines = [Withholding("inss", rules.inss_rate, contribution_base, inss),
             Withholding("sest", rules.sest_rate, contribution_base, money(contribution_base * rules.sest_rate)),
             Withholding("senat", rules.senat_rate, contribution_base, money(contribution_base * rules.senat_rate))]
    taxable = money(freight * rules.irrf_base)
    irrf_base = max(taxable - max(inss, rules.irrf_simplified), Decimal(0))
    rate, tax = monthly_income_tax(irrf_base, rules)
    reduction = income_tax_reduction(taxable, rules)
    lines.append(Withholding("irrf", rate, irrf_base, max(tax - reduction, Decimal(0))))
    return lines


def monthly_income_tax(base: Decimal, rules: TacRules) -> tuple[Decimal, Decimal]:
    """The bracket's rate and base × rate − deduction, to the centavo."""
    for upper, rate, deduction in rules.irrf_brackets:
        if upper is None or base <= upper:
            return rate, max(money(base * rate - deduction), Decimal(0))
    raise ValueError("IRRF table without an open last bracket")


def income_tax_reduction(taxable: Decimal, rules: TacRules) -> Decimal:
    """Lei 15.270/2025 (from 2026): the whole tax (up to R$ 312,89, the tax on R$ 5.000,00 with the simplified
    discount) for taxable income up to R$ 5.000,00; R$ 978,62 − 0,133145 × income up to R$ 7.350,00; nothing
    above. Zero in the tables without it (reduction_exempt_to = 0)."""
    if taxable <= rules.reduction_exempt_to:
        return Decimal("1e12")  # the tax, whatever it is, to zero
    if taxable <= rules.reduction_band_to:
        return max(money(rules.reduction_constant - rules.reduction_factor * taxable), Decimal(0))
    return Decimal(0)


def money(value: Decimal) -> Decimal:
    return value.quantize(CENTAVO, rounding=ROUND_HALF_UP)
