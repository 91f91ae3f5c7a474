"""The shown figures add up (docs/simulations.md "Money and rounding"): the components in the subtotal sum to the
subtotal (each within a centavo of its exact value; the centavo a line moves by is the one the subtotal needs: largest
remainder) and the subtotal plus the tax lines to the total, each tax the one its document prints for its base."""
from decimal import ROUND_HALF_UP, Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.simulations.definitions import check_definition
from domain.simulations.simulations import CENTAVO, apportion, price_definition
from domain.simulations.taxes import TAX_REGIMES, TaxContext

STATES = ("SP", "BA", "MG", "SC", "AM", "ES", "RJ")
AMOUNTS = st.decimals(min_value=Decimal("0.001"), max_value=Decimal("99999.999"), places=3)
INPUTS = [{"key": key, "label": key.upper(), "type": "number", "required": True} for key in ("a", "b", "c")]
COMPONENTS = [{"key": f"parte_{key}", "label": key.upper(), "formula": f"{key} * 1.0005", "in_subtotal": True}
              for key in ("a", "b", "c")] + [{"key": "nota", "label": "Nota", "formula": "a / 3",
                                               "in_subtotal": False}]
DEFINITION, _ = check_definition(INPUTS, COMPONENTS)


@settings(max_examples=300, deadline=None)
@given(a=AMOUNTS, b=AMOUNTS, c=AMOUNTS, origin=st.sampled_from(STATES), destination=st.sampled_from(STATES),
       regime=st.sampled_from(TAX_REGIMES), tac=st.booleans(), mode=st.sampled_from(["by_outside", "by_inside"]))
def test_the_shown_lines_add_up_to_the_subtotal_and_the_total(a, b, c, origin, destination, regime, tac, mode):
    result = price_definition(DEFINITION, mode, {"a": a, "b": b, "c": c},
                              TaxContext(origin, destination, tac, regime))
    summed = [line["value"] for line in result.breakdown if line["key"] != "nota"]
    assert sum(summed) == result.subtotal
    assert result.subtotal + sum(line["value"] for line in result.tax_breakdown) == result.total
    for line, exact in zip(summed, (a, b, c), strict=True):
        assert abs(line - exact * Decimal("1.0005")) < CENTAVO
    for tax in result.tax_breakdown:  # both modes: the printed tax of its base (ICMS: the total)
        assert tax["value"] == (tax["base"] * tax["rate"]).quantize(CENTAVO, rounding=ROUND_HALF_UP)
        assert tax["base"] == (result.total if tax["kind"] == "icms" else result.total
                               - next(t["value"] for t in result.tax_breakdown if t["kind"] == "icms"))


@given(st.lists(st.decimals(min_value=Decimal("-9999"), max_value=Decimal("9999"), places=4), max_size=8))
def test_apportion_keeps_the_rounded_sum_and_each_part_within_a_centavo(parts):
    target = sum(parts, Decimal(0)).quantize(CENTAVO, rounding=ROUND_HALF_UP)
    shares = apportion(parts, target)
    assert sum(shares, Decimal(0)) == target
    assert all(abs(share - part) < CENTAVO for share, part in zip(shares, parts, strict=True))


def test_the_centavo_goes_to_the_part_with_the_largest_fraction():
    """Three parts of 0,004: half-up rounds each to 0,00 but the total 0,012 to 0,01; the first takes it."""
    assert apportion([Decimal("0.004")] * 3, Decimal("0.01")) == [Decimal("0.01"), Decimal("0"), Decimal("0")]
    # when the half-up roundings already add up, they are kept (0,006 + 0,006 + 0,003 = 0,015 → 0,02)
    assert apportion([Decimal("0.006"), Decimal("0.006"), Decimal("0.003")], Decimal("0.02")) == [
        Decimal("0.01"), Decimal("0.01"), Decimal("0.00")]


def test_half_up_rounding_one_by_one_would_not_add_up():
    """The failing case the apportioning prevents: lines rounded one by one miss the total by a centavo."""
    parts = [Decimal("0.004")] * 3
    one_by_one = sum(p.quantize(CENTAVO, rounding=ROUND_HALF_UP) for p in parts)
    assert one_by_one != sum(parts).quantize(CENTAVO, rounding=ROUND_HALF_UP)
