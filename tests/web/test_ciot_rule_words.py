"""Every CIOT rule message, as a page shows it (the live panel, the form's inline errors): pt-BR labels, never the
body's field names (`titular_cpf_cnpj`), list paths (`contratantes[0]`) or `=true/false`; CPF/CNPJ formatted."""
import re

import pytest

from blueprints.web.ciot_form import field_label, plain_words
from tests.domain.ciot.test_rules import CASES, run

SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
LIST_PATH = re.compile(r"\b[a-z]+\[\d*\]")
BOOLEAN = re.compile(r"=\s*(?:true|false)\b", re.IGNORECASE)
UPPER_SNAKE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")  # a raw enum value: TAC_EQUIPARADO
RAW_DOCUMENT = re.compile(r"(?<![\d./-])(?:\d{11}|\d{14}|[0-9A-Z]{12}\d{2})(?![\d./-])")
# The body's list names in English ("informe-as em payments", "(documents)") and a raw value in quotes ('prazo').
ENGLISH_LIST = re.compile(r"\b(?:vehicles?|payments?|documents?)\b", re.IGNORECASE)
QUOTED_VALUE = re.compile(r"['`][a-z_]+['`]")
FIRING = [case for case in CASES if case.values[3]]


def leaks(text: str) -> list[str]:
    return (SNAKE.findall(text) + UPPER_SNAKE.findall(text) + LIST_PATH.findall(text) + BOOLEAN.findall(text)
            + RAW_DOCUMENT.findall(text) + ENGLISH_LIST.findall(text) + QUOTED_VALUE.findall(text))


@pytest.mark.parametrize("code, body, ctx, fires, field", FIRING)
def test_rule_messages_read_in_pt_br_on_the_page(app, code, body, ctx, fires, field):
    items = [item for item in run(body, ctx).items if item.code == code]
    assert items
    for item in items:
        shown = f"{field_label(item.field) if item.field else 'Operação'}: {plain_words(item.message)}"
        assert not leaks(shown), shown


@pytest.mark.parametrize("text", ["informe titular_cpf_cnpj na parcela.", "contratantes[0] sem nome.",
                                  "“ETC equiparada a TAC”=true.", "CPF 12345678909 inválido.",
                                  "cadastre com a categoria TAC_EQUIPARADO.", "informe-as em payments.",
                                  "informe o CT-e (documents).", "'prazo' exige parcelas"])
def test_the_leak_check_sees_internal_words(text):
    assert leaks(text)


@pytest.mark.parametrize("code", sorted({case.values[0] for case in FIRING}))
def test_rule_titles_read_in_pt_br_on_the_page(app, code):
    """The panels show each rule's title in words, its code only small beside it."""
    from domain.ciot.presentation import rule_title
    assert not leaks(plain_words(rule_title(code))), rule_title(code)


def _mod01_messages(body, ctx) -> list[str]:
    return [plain_words(item.message) for item in run(body, ctx).items if item.code == "MOD01"]


def test_mod01_does_not_ask_for_what_the_partner_already_has(app):
    """A partner registered as an ETC equated to a TAC with the box unticked: the operation goes as equated and the
    message says so (no "cadastre ... equiparada", already done); a plain ETC with the box ticked is told how."""
    from tests.domain.ciot.baseline import AS_EQUATED_BODY, AS_EQUATED_CTX, AS_ETC_BODY, AS_ETC_CTX, M, S
    [equated] = _mod01_messages(M(AS_EQUATED_BODY, S("equiparado_tac", False)), AS_EQUATED_CTX)
    assert "cadastre o parceiro" not in equated and "segue como equiparada" in equated
    assert "mude a categoria RNTRC do parceiro para ETC" in equated
    [plain_etc] = _mod01_messages(M(AS_ETC_BODY, S("equiparado_tac", True)), AS_ETC_CTX)
    assert "cadastre o parceiro com a categoria “ETC equiparada a TAC”" in plain_etc
