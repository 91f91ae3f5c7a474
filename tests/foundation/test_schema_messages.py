"""API 400s speak pt-BR: pydantic's own (English) messages never reach `details` for the common error types,
limits included (digits, decimal places, lengths)."""
from decimal import Decimal
from typing import Annotated

import pytest
from pydantic import Field

from core.errors import InvalidBody
from core.schemas import RequestModel, parse_body


class _Sample(RequestModel):
    valor: Annotated[Decimal, Field(max_digits=14, decimal_places=2)] | None = None
    peso: Annotated[Decimal, Field(max_digits=5, decimal_places=3)] | None = None
    passo: Annotated[int, Field(multiple_of=5)] | None = None
    nome: Annotated[str, Field(max_length=3)] | None = None


@pytest.mark.parametrize("field, value, code, message", [
    ("valor", "1234567890123.5", "decimal_whole_digits", "Deve ter no máximo 12 dígitos antes da vírgula."),
    ("valor", "10.123", "decimal_max_places", "Deve ter no máximo 2 casas decimais."),
    ("peso", "1.2345", "decimal_max_places", "Deve ter no máximo 3 casas decimais."),
    ("peso", "1234.5", "decimal_whole_digits", "Deve ter no máximo 2 dígitos antes da vírgula."),
    ("passo", 7, "multiple_of", "Deve ser múltiplo de 5."),
    ("peso", "123456", "decimal_max_digits", "Deve ter no máximo 5 dígitos no total."),
    ("nome", "abcd", "string_too_long", "Deve ter no máximo 3 caracteres."),
])
def test_limit_errors_are_pt_br_and_quote_the_limit(field, value, code, message):
    with pytest.raises(InvalidBody) as raised:
        parse_body(_Sample, {field: value})
    [detail] = raised.value.details
    assert (detail.field, detail.code, detail.message) == (field, code, message)


def test_an_english_message_is_not_what_a_valid_value_gets():
    """The failing case of the rule above: within the limits, nothing is reported."""
    assert parse_body(_Sample, {"valor": "123456789012.34", "peso": "12.345", "passo": 10, "nome": "abc"}).passo == 10


@pytest.mark.parametrize("kind", ["decimal_max_digits", "decimal_max_places", "decimal_whole_digits", "multiple_of",
                                  "url_parsing", "time_parsing", "timezone_aware", "extra_forbidden",
                                  "int_parsing_size", "date_future", "uuid_version", "none_required"])
def test_common_pydantic_error_types_have_a_pt_br_message(kind):
    from core.schemas import _message_for
    ctx = {"max_digits": 14, "decimal_places": 2, "whole_digits": 12, "multiple_of": 5}
    code, message = _message_for({"type": kind, "ctx": ctx, "msg": "ENGLISH"})
    assert code == kind and message != "ENGLISH" and message.endswith(".")
