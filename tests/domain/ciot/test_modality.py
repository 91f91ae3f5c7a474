"""Modality derivation table, own fleet / issuer, and the bank-data fallback (domain/ciot/modality.py)."""
from types import SimpleNamespace

import pytest

from domain.ciot.modality import (
    Modality,
    bank_data_source,
    derive_modality,
    effective_bank_data,
    is_own_fleet,
    issued_by_contratado,
)
from domain.ciot.schemas import OperationCreate
from tests.domain.ciot.baseline import (
    CALLER_CNPJ,
    CONTRATADO_CPF,
    ETC_CNPJ,
    NO_ROOT_BANK,
    OTHER_CPF,
    D,
    M,
    S,
    baseline_body,
    fmt_cnpj,
    fmt_cpf,
)

CPF, CNPJ = fmt_cpf(CONTRATADO_CPF), ETC_CNPJ


def body(**fields):
    """An ORM-like object: the functions only read attributes."""
    values = {"contratado_cpf_cnpj": CNPJ, "contratado_tipo": None, "equiparado_tac": None, "payments": [],
              "bank_code": None, "agency": None, "account_number": None, "cpf_cnpj_owner": None}
    values.update(fields)
    return SimpleNamespace(**values)


@pytest.mark.parametrize("categoria, tipo, equiparado_tac, doc, expected", [
    # the partner's RNTRC category wins; body contratado_tipo / equiparado_tac are ignored
    ("TAC", "ETC", True, CPF, Modality("TAC", True, False, "partner")),
    ("ETC", "TAC", True, CNPJ, Modality("ETC", False, False, "partner")),
    ("CTC", None, None, CNPJ, Modality("CTC", False, False, "partner")),
    ("TAC_EQUIPARADO", None, False, CNPJ, Modality("ETC", True, True, "partner")),
    ("TAC_EQUIPARADO", "TAC", None, CNPJ, Modality("ETC", True, True, "partner")),
    (" tac_equiparado ", None, None, CNPJ, Modality("ETC", True, True, "partner")),
    # without a (known) category: the body
    ("OUTRA", "TAC", None, CPF, Modality("TAC", True, False, "body")),
    ("", "CTC", None, CNPJ, Modality("CTC", False, False, "body")),
    (None, "TAC", None, CPF, Modality("TAC", True, False, "body")),
    (None, "TAC", True, CPF, Modality("TAC", True, False, "body")),     # TR06 blocks the flag
    (None, "ETC", True, CNPJ, Modality("ETC", True, True, "body")),
    (None, "ETC", False, CNPJ, Modality("ETC", False, False, "body")),
    (None, "ETC", None, CNPJ, Modality("ETC", False, False, "body")),
    (None, "CTC", True, CNPJ, Modality("CTC", False, False, "body")),   # TR06 blocks the flag
    (None, None, None, CPF, Modality("TAC", True, False, "body")),      # a CPF can only be a TAC
    (None, None, True, CNPJ, Modality(None, False, False, "body")),     # undetermined: MOD02 (and TR06)
])
def test_derive_modality(categoria, tipo, equiparado_tac, doc, expected):
    data = body(contratado_tipo=tipo, equiparado_tac=equiparado_tac, contratado_cpf_cnpj=doc)
    assert derive_modality(data, categoria) == expected


def test_derive_modality_on_the_creation_body():
    data = OperationCreate.model_validate(baseline_body())
    assert derive_modality(data, None) == Modality("TAC", True, False, "body")
    assert derive_modality(data, "ETC") == Modality("ETC", False, False, "partner")


@pytest.mark.parametrize("contratado, company, own", [
    (fmt_cnpj(CALLER_CNPJ), CALLER_CNPJ, True),
    (CALLER_CNPJ, fmt_cnpj(CALLER_CNPJ), True),
    (ETC_CNPJ, CALLER_CNPJ, False),
    (CONTRATADO_CPF, CALLER_CNPJ, False),
    (CALLER_CNPJ, None, False),
])
def test_own_fleet_is_the_caller_as_contracted_party(contratado, company, own):
    assert is_own_fleet(body(contratado_cpf_cnpj=contratado), company) is own


def test_vehicles_own_fleet_flag_does_not_make_own_fleet():
    data = OperationCreate.model_validate(baseline_body())  # every vehicle own_fleet=true, contracted TAC
    assert all(v.own_fleet for v in data.vehicles)
    assert not is_own_fleet(data, CALLER_CNPJ)


@pytest.mark.parametrize("modality, own, expected", [
    (Modality("ETC", False, False, "partner"), False, True),   # contracted ETC: emitted in its name
    (Modality("ETC", False, False, "partner"), True, False),   # own fleet: the caller
    (Modality("ETC", True, True, "partner"), False, False),    # ETC treated as TAC: the caller
    (Modality("TAC", True, False, "body"), False, False),
    (Modality("CTC", False, False, "body"), False, False),
    (Modality(None, False, False, "body"), False, False),
])
def test_issuer(modality, own, expected):
    assert issued_by_contratado(modality, own) is expected


# --- bank-data fallback ----------------------------------------------------------------------------

ITEM = {"banco": "237", "agencia": "0001", "conta": "99-1", "titular_cpf_cnpj": OTHER_CPF}


def item(**fields):
    values = {"banco": None, "agencia": None, "conta": None, "titular_cpf_cnpj": None, "codigo_pagamento": None}
    values.update(fields)
    return SimpleNamespace(**values)


def test_root_values_win():
    data = body(bank_code="001", agency="1234", account_number="5-6", cpf_cnpj_owner=CONTRATADO_CPF,
                payments=[item(**ITEM)])
    assert effective_bank_data(data) == {"bank_code": "001", "agency": "1234", "account_number": "5-6",
                                         "cpf_cnpj_owner": CONTRATADO_CPF}
    assert bank_data_source(data) == "root"


def test_any_root_value_disables_the_fallback():
    data = body(cpf_cnpj_owner=fmt_cpf(CONTRATADO_CPF), payments=[item(**ITEM)])
    assert effective_bank_data(data) == {"bank_code": None, "agency": None, "account_number": None,
                                         "cpf_cnpj_owner": CONTRATADO_CPF}
    assert bank_data_source(data) == "root"


def test_first_item_with_bank_data_is_used():
    data = body(payments=[item(codigo_pagamento="chave@pix.com"), item(**ITEM), item(banco="341")])
    assert effective_bank_data(data) == {"bank_code": "237", "agency": "0001", "account_number": "99-1",
                                         "cpf_cnpj_owner": OTHER_CPF}
    assert bank_data_source(data) == "payments[1]"


def test_the_item_is_taken_whole_not_merged():
    data = body(payments=[item(titular_cpf_cnpj=CONTRATADO_CPF), item(**ITEM)])
    assert effective_bank_data(data) == {"bank_code": None, "agency": None, "account_number": None,
                                         "cpf_cnpj_owner": CONTRATADO_CPF}
    assert bank_data_source(data) == "payments[0]"


def test_blank_root_values_count_as_absent():
    data = body(bank_code="  ", agency="", payments=[item(banco="104")])
    assert effective_bank_data(data)["bank_code"] == "104"


def test_nothing_anywhere():
    data = body(payments=[item(codigo_pagamento="chave")])
    assert effective_bank_data(data) == dict.fromkeys(("bank_code", "agency", "account_number", "cpf_cnpj_owner"))
    assert bank_data_source(data) is None


def test_fallback_on_the_creation_body():
    raw = baseline_body()
    M(NO_ROOT_BANK, S("payments[0].titular_cpf_cnpj", fmt_cpf(OTHER_CPF)), D("payments[0].conta"))(raw)
    data = OperationCreate.model_validate(raw)
    assert effective_bank_data(data) == {"bank_code": "001", "agency": "1234", "account_number": None,
                                         "cpf_cnpj_owner": OTHER_CPF}
