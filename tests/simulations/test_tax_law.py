"""Taxes inside the price, as the law computes them (docs/simulations.md "Taxes"): six routes worked out by hand
from the formulas and the shipped table (data/tax_tables.csv version 2026.1), the CT-e block a carrier prints, a
TAC's withholdings, and the property that the gross-up nets the subtotal to the centavo.

Every hand case nets R$ 1.000,00: the cost model with 100 km × 4,50 = 450, 10 t × 35 = 350, fixed 150, margin 0 and
tolls 50. The price P solves P − ICMS − PIS − COFINS = 1.000, with ICMS = P × i (LC 87/1996 art. 13 § 1º I: ICMS in
its own base) and PIS/COFINS = (P − ICMS) × rate (STF Tema 69, RE 574.706: ICMS out of their base), so
P = 1.000 ÷ ((1 − i)(1 − pis − cofins)). The CT-e prints vBC = P and vICMS = P × i rounded half-up; when the rounded
taxes leave 999,99 the price takes one centavo more (docs: "the printed taxes leave the subtotal exactly")."""
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.db import db
from domain.simulations.taxes import (
    TAX_REGIMES,
    TaxContext,
    gross_up,
    printed_taxes,
    rates,
    table_in_force,
    tac_withholdings,
)
from domain.tenancy import services as tenancy

NET_1000 = {"margem": 0, "pedagio": 50}


def set_regime(company, regime):
    tenancy.update_company(company, tax_regime=regime)
    db.session.commit()


def lines(body):
    return {line["kind"]: (line["rate"], line["base"], line["value"]) for line in body["tax_breakdown"]}


def test_sp_to_mg_lucro_presumido(simulate):
    # SP → MG: both in the S/SE block → 12 % (Res. SF 22/1989); presumido: PIS 0,65 %, COFINS 3 % (cumulative).
    # P = 1.000 ÷ (0,88 × 0,9635) = 1.000 ÷ 0,84788 = 1.179,4122 → 1.179,41:
    #   ICMS 1.179,41 × 0,12 = 141,5292 → 141,53; base PIS/COFINS 1.179,41 − 141,53 = 1.037,88;
    #   PIS 1.037,88 × 0,0065 = 6,74622 → 6,75; COFINS × 0,03 = 31,1364 → 31,14; net 999,99: one centavo short.
    # P = 1.179,42: ICMS 141,5304 → 141,53; base 1.037,89; PIS 6,746285 → 6,75; COFINS 31,1367 → 31,14;
    #   net 1.179,42 − 179,42 = 1.000,00.
    body = simulate("SP", "MG", inputs=NET_1000).get_json()["data"]
    assert body["subtotal"] == 1000.00 and body["total"] == 1179.42
    assert lines(body) == {"icms": (0.12, 1179.42, 141.53), "pis": (0.0065, 1037.89, 6.75),
                           "cofins": (0.03, 1037.89, 31.14)}
    assert body["cte"] == {"valor_prestacao": 1179.42, "base_calculo": 1179.42, "aliquota_icms": 0.12,
                           "valor_icms": 141.53}
    assert body["effective_tax_rate"] == 0.17942  # 179,42 / 1.000
    assert body["tac_withholdings"] is None


def test_mg_to_sp_lucro_real_non_cumulative(simulate, company):
    set_regime(company, "lucro_real")
    # MG → SP: 12 %; lucro real: PIS 1,65 %, COFINS 7,6 % at the full non-cumulative rates, no credits (assumption).
    # P = 1.000 ÷ (0,88 × 0,9075) = 1.000 ÷ 0,7986 = 1.252,1913 → 1.252,19:
    #   ICMS 150,2628 → 150,26; base 1.101,93; PIS 18,181845 → 18,18; COFINS 83,74668 → 83,75;
    #   net 1.252,19 − 252,19 = 1.000,00.
    body = simulate("MG", "SP", inputs=NET_1000).get_json()["data"]
    assert body["total"] == 1252.19
    assert lines(body) == {"icms": (0.12, 1252.19, 150.26), "pis": (0.0165, 1101.93, 18.18),
                           "cofins": (0.076, 1101.93, 83.75)}


def test_sp_to_sp_internal_rate(simulate):
    # SP → SP: SP's internal rate for transport, 12 % (RICMS/SP art. 56); presumido. Same rates as SP → MG, so the
    # same figures: P 1.179,42, ICMS 141,53, PIS 6,75, COFINS 31,14.
    body = simulate("SP", "SP", inputs=NET_1000).get_json()["data"]
    assert body["total"] == 1179.42 and lines(body)["icms"] == (0.12, 1179.42, 141.53)


def test_ba_to_sp_simples_nacional(simulate, company):
    set_regime(company, "simples_nacional")
    # BA → SP: from the Northeast → 12 %; Simples: PIS/COFINS inside the DAS, no line.
    # P = 1.000 ÷ 0,88 = 1.136,3636 → 1.136,36; ICMS 136,3632 → 136,36; net 1.000,00.
    body = simulate("BA", "SP", inputs=NET_1000).get_json()["data"]
    assert body["total"] == 1136.36 and lines(body) == {"icms": (0.12, 1136.36, 136.36)}


def test_sp_to_es_at_seven_percent(simulate):
    # SP → ES: from S/SE (not ES) to ES → 7 %; presumido.
    # P = 1.000 ÷ (0,93 × 0,9635) = 1.000 ÷ 0,896055 = 1.116,0029 → 1.116,00:
    #   ICMS 78,12 (78,12); base 1.037,88; PIS 6,75; COFINS 31,14; net 999,99: one centavo short.
    # P = 1.116,01: ICMS 78,1207 → 78,12; base 1.037,89; PIS 6,746285 → 6,75; COFINS 31,1367 → 31,14; net 1.000,00.
    body = simulate("SP", "ES", inputs=NET_1000).get_json()["data"]
    assert body["total"] == 1116.01
    assert lines(body) == {"icms": (0.07, 1116.01, 78.12), "pis": (0.0065, 1037.89, 6.75),
                           "cofins": (0.03, 1037.89, 31.14)}


def test_mg_to_ba_tac_with_withholdings(simulate):
    # MG → BA: from S/SE to NE → 7 %; a TAC owes no PIS/COFINS. P = 1.000 ÷ 0,93 = 1.075,2688 → 1.075,27;
    # ICMS 75,2689 → 75,27; net 1.000,00.
    # Withholdings on the gross freight 1.075,27 (table 2026.1):
    #   contribution base 20 % = 215,054 → 215,05 (Decreto 3.048/1999 art. 201 § 4º), below the ceiling;
    #   INSS 11 % = 23,6555 → 23,66; SEST 1,5 % = 3,22575 → 3,23; SENAT 1,0 % = 2,1505 → 2,15;
    #   IRRF: taxable 10 % = 107,53, less the larger of INSS 23,66 and the simplified discount 607,20 → base 0,
    #   exempt bracket: 0,00. Withheld 29,04; the TAC receives 1.000,00 − 29,04 = 970,96.
    body = simulate("MG", "BA", tac=True, inputs=NET_1000).get_json()["data"]
    assert body["total"] == 1075.27 and lines(body) == {"icms": (0.07, 1075.27, 75.27)}
    withheld = body["tac_withholdings"]
    assert [(w["kind"], w["rate"], w["base"], w["value"]) for w in withheld["lines"]] == [
        ("inss", 0.11, 215.05, 23.66), ("sest", 0.015, 215.05, 3.23), ("senat", 0.01, 215.05, 2.15),
        ("irrf", 0.0, 0.0, 0.0)]
    assert withheld["total"] == 29.04 and withheld["net"] == 970.96


def test_the_issue_example_no_longer_prints_a_wrong_icms(simulate):
    """Before: SP → MG showed ICMS 120,00 on a total of 1.156,50, whose CT-e carries 138,78 (failing case)."""
    body = simulate("SP", "MG", inputs=NET_1000).get_json()["data"]
    assert body["total"] != 1156.50
    assert lines(body)["icms"][2] == float((Decimal(str(body["total"])) * Decimal("0.12")).quantize(Decimal("0.01")))


def test_high_freight_tac_reaches_the_ceiling_and_the_income_tax():
    # 80.000,00 to a TAC: 20 % = 16.000 > ceiling 8.475,55 → INSS 11 % × 8.475,55 = 932,3105 → 932,31;
    # SEST 127,13325 → 127,13; SENAT 84,7555 → 84,76; IRRF: taxable 8.000,00 − 932,31 = 7.067,69 (INSS > 607,20),
    # top bracket: 7.067,69 × 27,5 % − 908,73 = 1.943,614… − 908,73 = 1.034,88; above 7.350 no 2026 reduction.
    rules = table_in_force(date(2026, 11, 27)).tac
    got = {w.kind: (w.base, w.value) for w in tac_withholdings(Decimal("80000.00"), rules)}
    assert got == {"inss": (Decimal("8475.55"), Decimal("932.31")), "sest": (Decimal("8475.55"), Decimal("127.13")),
                   "senat": (Decimal("8475.55"), Decimal("84.76")), "irrf": (Decimal("7067.69"), Decimal("1034.88"))}


def test_the_2026_reduction_zeroes_the_tax_up_to_5000_and_shrinks_it_to_7350():
    rules = table_in_force(date(2026, 11, 27)).tac
    # 50.000: taxable 5.000, INSS on the ceiling 932,31 → base 4.067,69: 22,5 % → 239,74; ≤ 5.000 → 0.
    assert tac_withholdings(Decimal("50000.00"), rules)[-1].value == 0
    # 60.000: taxable 6.000 − 932,31 = 5.067,69: 27,5 % − 908,73 = 484,88; reduction 978,62 − 0,133145 × 6.000
    # = 179,75 → 305,13.
    assert tac_withholdings(Decimal("60000.00"), rules)[-1].value == Decimal("305.13")
    # In 2025 (no reduction) the same 60.000 withholds the whole 484,88 (ceiling 8.157,41: INSS 897,32 → base
    # 5.102,68 → 494,51).
    assert tac_withholdings(Decimal("60000.00"), table_in_force(date(2025, 6, 1)).tac)[-1].value == Decimal("494.51")


def test_floor_shown_for_the_floor_inputs_and_explained_without_them(api, company, methodology_of):
    from domain.antt_floor.calculator import floor_for
    floor = floor_for(on_date=date.today(), table="A", cargo_type="carga_geral", loaded_axles=5, distance_km=300)
    methodology = methodology_of(company, "antt_floor")
    context = {"origin_state": "PR", "destination_state": "PR"}
    at_floor = api.post("/simulations", json={"methodology_id": methodology, "inputs": {
        "distancia_km": 300, "eixos": 5}, "tax_context": context}).get_json()["data"]
    assert at_floor["antt_floor"]["value"] == float(floor.value) and at_floor["antt_floor"]["below"] is False
    # The cost model has a distance but neither axles nor a cargo type: no floor, and the message says why.
    cheap = api.post("/simulations", json={"methodology_id": methodology_of(company), "inputs": {
        "distancia_km": 300, "peso_t": 0, "valor_km": 0.1, "custos_fixos": 0, "margem": 0},
        "tax_context": context}).get_json()["data"]
    assert cheap["antt_floor"] == {"value": None, "below": None, "message": cheap["antt_floor"]["message"]}
    assert cheap["antt_floor"]["message"] == ("Piso ANTT não calculado: a metodologia não informa os eixos "
                                              "carregados nem o tipo de carga.")


def test_floor_below_is_flagged_with_the_figures(app):
    from domain.simulations.antt import floor_against
    values = {"distancia_km": Decimal(300), "eixos": 5, "tipo_carga": "carga_geral", "tabela": "A"}
    with app.app_context():
        above = floor_against(Decimal("99999"), values, date.today())
        below = floor_against(Decimal("10.00"), values, date.today())
    assert above["below"] is False and below["below"] is True
    assert "abaixo do piso mínimo da ANTT" in below["message"] and "5 eixos" in below["message"]


# --- Properties ------------------------------------------------------------------------------------------------------

STATES = ("SP", "BA", "MG", "SC", "AM", "ES", "RJ", "PR")
NETS = st.decimals(min_value=Decimal("0.00"), max_value=Decimal("9999999.99"), places=2)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(net=NETS, origin=st.sampled_from(STATES), destination=st.sampled_from(STATES),
       regime=st.sampled_from(TAX_REGIMES), tac=st.booleans())
def test_the_gross_up_nets_the_subtotal_to_the_centavo(net, origin, destination, regime, tac):
    table = table_in_force(date(2026, 11, 27))
    context = TaxContext(origin, destination, tac, regime)
    price, taxes = gross_up(net, context, "by_inside", table)
    # the printed taxes of that price leave exactly the net ...
    assert price - sum(line.value for line in taxes) == net
    # ... each tax is what the document prints for the price (CT-e vICMS = vBC × pICMS, half-up) ...
    icms, pis, cofins = rates(context, table)
    printed = dict(zip(("icms", "pis", "cofins"), printed_taxes(price, icms, pis, cofins), strict=True))
    assert all(line.value == printed[line.kind] for line in taxes)
    # ... and the price is within two centavos of the exact P = net ÷ ((1 − i)(1 − pis − cofins)).
    assert abs(price - net / ((1 - icms) * (1 - pis - cofins))) <= Decimal("0.02")


def test_the_old_outside_arithmetic_would_break_the_property():
    """The failing case: ICMS = net × rate added on top leaves the carrier less than the net once the CT-e
    computes ICMS on the whole price (1.000 + 120 = 1.120; the CT-e's ICMS 134,40 leaves 985,60)."""
    price = Decimal("1120.00")
    icms, _, _ = printed_taxes(price, Decimal("0.12"), Decimal(0), Decimal(0))
    assert price - icms != Decimal("1000.00")


def test_a_total_below_the_floor_is_priced_and_warned(api):
    """A methodology that names the floor's inputs but prices far below it: 200 with `below: true` and the
    message naming the floor (the failing case of the floor check; the at-floor case is above)."""
    definition = {"name": "Barato", "inputs": [
        {"key": "distancia_km", "label": "Distância", "type": "number", "required": True},
        {"key": "eixos", "label": "Eixos", "type": "integer", "required": True},
        {"key": "tipo_carga", "label": "Tipo", "type": "enum", "options": [{"value": "carga_geral",
                                                                              "label": "Carga geral"}]}],
        "components": [{"key": "preco", "label": "Preço", "formula": "distancia_km * 0.1"}]}
    methodology = api.post("/methodologies", json=definition).get_json()["data"]["id"]
    response = api.post("/simulations", json={"methodology_id": methodology, "inputs": {
        "distancia_km": 300, "eixos": 5, "tipo_carga": "carga_geral"},
        "tax_context": {"origin_state": "PR", "destination_state": "PR"}})
    assert response.status_code == 200
    floor = response.get_json()["data"]["antt_floor"]
    assert floor["below"] is True and floor["value"] > response.get_json()["data"]["total"]
    assert floor["message"].startswith("Total R$") and "abaixo do piso mínimo da ANTT" in floor["message"]
