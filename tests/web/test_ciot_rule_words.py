"""Every CIOT rule message, as a page shows it (the live panel, the form's inline errors): pt-BR labels, never the
body's field names (`titular_cpf_cnpj`), list paths (`contratantes[0]`) or `=true/false`; CPF/CNPJ formatted."""
import re

import pytest

from blueprints.web.ciot_form import field_label, plain_words
from tests.domain.ciot.test_rules import CASES, run

SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
LIST_PATH = re.compile(r"\b[a-z]+\[\d*\]")
BOOLEAN = re.compile(r"=\s*(?:true|false)\b", re.IGNORECASE)
RAW_DOCUMENT = re.compile(r"(?<![\d./-])(?:\d{11}|\d{14}|[0-9A-Z]{12}\d{2})(?![\d./-])")
FIRING = [case for case in CASES if case.values[3]]


def leaks(text: str) -> list[str]:
    return SNAKE.findall(text) + LIST_PATH.findall(text) + BOOLEAN.findall(text) + RAW_DOCUMENT.findall(text)


@pytest.mark.parametrize("code, body, ctx, fires, field", FIRING)
def test_rule_messages_read_in_pt_br_on_the_page(app, code, body, ctx, fires, field):
    items = [item for item in run(body, ctx).items if item.code == code]
    assert items
    for item in items:
        shown = f"{field_label(item.field) if item.field else 'Operação'}: {plain_words(item.message)}"
        assert not leaks(shown), shown


@pytest.mark.parametrize("text", ["informe titular_cpf_cnpj na parcela.", "contratantes[0] sem nome.",
                                  "“ETC equiparada a TAC”=true.", "CPF 12345678909 inválido."])
def test_the_leak_check_sees_internal_words(text):
    assert leaks(text)
