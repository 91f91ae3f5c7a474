"""Check-digit generators agree with the validators (they make the suite's test data)."""
from datetime import date, datetime

import pytest

from core.clock import brasilia_today
from core.validators import cnpj_check_digits, cpf_check_digits, is_valid_cnpj, is_valid_cpf


@pytest.mark.parametrize("base9, digits", [("529982247", "25"), ("111444777", "35"), ("000000001", "91")])
def test_cpf_check_digits_complete_known_cpfs(base9, digits):
    assert cpf_check_digits(base9) == digits
    assert is_valid_cpf(base9 + digits)


def test_a_wrong_cpf_check_digit_is_rejected():
    assert not is_valid_cpf("529982247" + "26")


def test_alphanumeric_cnpj_check_digits_follow_the_2026_rule():
    assert cnpj_check_digits("12ABC34501DE") == "35"
    assert is_valid_cnpj("12ABC34501DE35") and not is_valid_cnpj("12ABC34501DE36")


# --- Dates people mean are Brasília dates (UTC-3), whatever the server's clock says ------------------------------

def test_brasilia_today_reads_naive_moments_as_utc():
    assert brasilia_today(lambda: datetime(2026, 3, 10, 2, 59)) == date(2026, 3, 9)
    assert brasilia_today(lambda: datetime(2026, 3, 10, 3, 0)) == date(2026, 3, 10)


def test_a_phone_typed_without_the_country_code_is_read_as_brazilian():
    from core.validators import FieldInvalid, phone_as_e164
    assert phone_as_e164("(41) 99999-8888") == "+5541999998888"
    assert phone_as_e164("41 3333-4444") == "+554133334444"
    assert phone_as_e164("+351912345678") == "+351912345678"  # with "+": left for the E.164 check
    with pytest.raises(FieldInvalid, match="DDD"):
        phone_as_e164("41999")
