"""domain.payee.checks: PIX key types from the key's format, bank data formats and the account holder rule."""
import pytest

from domain.payee.checks import (
    REFUSED,
    RELATIVE,
    account_problem,
    agency_problem,
    bank_code_problem,
    bank_data_gaps,
    holder_check,
    pix_key_kind,
    pix_key_problem,
)

CARRIER_CPF, SPOUSE_CPF, COMPANY_CNPJ = "11144477735", "52998224725", "11222333000181"


@pytest.mark.parametrize("key, kind", [
    ("111.444.777-35", "cpf"), ("11144477735", "cpf"),
    ("11.222.333/0001-81", "cnpj"), ("12ABC34501DE35", "cnpj"),
    ("motorista@exemplo.com.br", "email"),
    ("+55 (11) 98765-4321", "telefone"), ("+551133334444", "telefone"),
    ("123e4567-e89b-12d3-a456-426614174000", "aleatoria"),
])
def test_the_key_format_says_its_type(key, kind):
    assert pix_key_kind(key) == kind
    assert pix_key_problem(key, kind) is None


@pytest.mark.parametrize("key", ["111.444.777-36", "11222333000180", "+12025550123", "chave qualquer", "", None,
                                 "123e4567-e89b-12d3-a456"])
def test_a_key_that_fits_no_format_has_no_type(key):
    assert pix_key_kind(key) is None


def test_an_explicit_type_is_checked_against_the_key():
    problem = pix_key_problem("motorista@exemplo.com", "telefone")
    assert problem == "não tem o formato de telefone (+55 com DDD e número)"
    assert pix_key_problem("11144477735", "cnpj") == "não é um CNPJ válido"
    assert "desconhecido" in pix_key_problem("11144477735", "cpf_cnpj")


@pytest.mark.parametrize("check, good, bad", [
    (bank_code_problem, "001", "1"), (bank_code_problem, "341", "34A"),
    (agency_problem, "1234", "1234-5"), (account_problem, "12345-6", "12A45"), (account_problem, "98765X", "--"),
])
def test_bank_data_formats(check, good, bad):
    assert check(good) is None
    assert check(bad)
    assert check(None) is None  # absence is the caller's rule (which fields a form needs), not a format problem


def test_bank_data_gaps_lists_the_missing_parts():
    assert bank_data_gaps("001", "1234", "5678-9") == []
    assert bank_data_gaps("001", " ", None) == ["agencia", "conta"]


def test_the_carrier_itself_is_always_accepted():
    assert holder_check(CARRIER_CPF, "111.444.777-35").status == "own"
    assert holder_check(None, CARRIER_CPF).ok


@pytest.mark.parametrize("relationship", ["conjuge", "companheiro", "parente_1_grau", "parente_2_grau"])
def test_a_declared_relative_passes_with_a_reminder_to_keep_the_proof(relationship):
    check = holder_check(SPOUSE_CPF, CARRIER_CPF, relationship)
    assert check.status == RELATIVE and check.ok
    assert "guarde o comprovante" in check.message and "Lei 14.206/2021" in check.message


def test_someone_else_without_a_relationship_is_refused():
    check = holder_check(SPOUSE_CPF, CARRIER_CPF)
    assert check.status == REFUSED and not check.ok
    assert "titular_parentesco" in check.message


def test_a_company_cannot_be_a_relative_and_unknown_relationships_are_refused():
    assert holder_check(COMPANY_CNPJ, CARRIER_CPF, "conjuge").status == REFUSED
    assert holder_check(SPOUSE_CPF, CARRIER_CPF, "vizinho").status == REFUSED
