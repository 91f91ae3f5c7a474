"""E-mail addresses are read by email-validator (RFC 5322/6531 syntax, no DNS look-up), for every entry point that
takes one: the users, the partners' contacts, the message recipients (core.validators.clean_email)."""
import pytest

from core.validators import FieldInvalid, clean_email


@pytest.mark.parametrize(("typed", "stored"), [
    ("Contato@Exemplo.com.br", "contato@exemplo.com.br"),
    ("  financeiro+boletos@sub.exemplo.com.br ", "financeiro+boletos@sub.exemplo.com.br"),
    ("joão@exemplo.com.br", "joão@exemplo.com.br"),          # internationalised local part (RFC 6531)
    ("vendas@AÇÚCAR.com.br", "vendas@açúcar.com.br"),       # internationalised domain, normalised
])
def test_a_valid_address_is_stored_normalised_in_lower_case(typed, stored):
    assert clean_email(typed) == stored


@pytest.mark.parametrize("typed", [
    "", "sem-arroba.com.br", "@exemplo.com.br", "contato@", "dois..pontos@exemplo.com.br", ".inicio@exemplo.com.br",
    "com espaco@exemplo.com.br", "contato@sem-ponto", "contato@servidor.local", "contato@maquina.localhost",
    "x" * 250 + "@exemplo.com.br", "contato@" + "a" * 64 + ".com.br",
])
def test_an_address_that_cannot_receive_mail_is_refused(typed):
    with pytest.raises(FieldInvalid) as refused:
        clean_email(typed)
    assert refused.value.code == "invalid_email"
