"""Check-digit generators agree with the validators (they make the suite's test data)."""
import pytest

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
