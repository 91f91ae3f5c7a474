"""CIOT modality of an operation: who the contracted party is (TAC, ETC, CTC, ETC treated as TAC),
own fleet, and the bank data that goes to the emission provider.

Pure functions over the creation body (domain.ciot.schemas.OperationCreate). They only read attributes,
so an ORM record with the same field names works too. See docs/ciot-rules.md.

Derivation table (the API contract: contratado_tipo "ignored when a partner with a category
exists"):

| partner RNTRC category | body contratado_tipo / equiparado_tac | effective tipo | TAC or equated | equated | source  |
|------------------------|---------------------------------------|----------------|----------------|---------|---------|
| TAC                    | ignored                               | TAC            | yes            | no      | partner |
| ETC                    | ignored                               | ETC            | no             | no      | partner |
| CTC                    | ignored                               | CTC            | no             | no      | partner |
| TAC_EQUIPARADO         | ignored                               | ETC            | yes            | yes     | partner |
| none / unknown         | TAC                                   | TAC            | yes            | no      | body    |
| none / unknown         | ETC, equiparado_tac=true              | ETC            | yes            | yes     | body    |
| none / unknown         | ETC, equiparado_tac false/absent      | ETC            | no             | no      | body    |
| none / unknown         | CTC                                   | CTC            | no             | no      | body    |
| none / unknown         | absent, contratado is a CPF           | TAC            | yes            | no      | body    |
| none / unknown         | absent, contratado is a CNPJ          | None           | no             | no      | body    |

A CPF can only be a TAC in the RNTRC (ETC and CTC are legal entities), hence the inference in the
next-to-last row. `equiparado_tac=true` with a tipo other than ETC does not make anything "equated": rule
TR06 blocks it.

Own fleet: the contracted party is the caller company itself (contratado_cpf_cnpj == caller CNPJ).
The vehicles' `own_fleet` flag is "own fleet of the contracted party" (vehicle ownership), so it does not
by itself make an operation own fleet and never switches off the TAC protections.
"""
from dataclasses import dataclass

from core.validators import strip_punctuation

CATEGORY_MODALITY = {
    # category: (effective tipo, tac_or_equated, equiparado)
    "TAC": ("TAC", True, False),
    "ETC": ("ETC", False, False),
    "CTC": ("CTC", False, False),
    "TAC_EQUIPARADO": ("ETC", True, True),
}

BANK_FIELDS = ("bank_code", "agency", "account_number", "cpf_cnpj_owner")
# root field -> payment item field (bank-data fallback: docs/ciot-rules.md)
ITEM_BANK_FIELDS = {"bank_code": "banco", "agency": "agencia", "account_number": "conta",
                    "cpf_cnpj_owner": "titular_cpf_cnpj"}


@dataclass(frozen=True)
class Modality:
    contratado_tipo: str | None   # "TAC" | "ETC" | "CTC" | None (effective, derived)
    tac_or_equated: bool          # TAC, or ETC treated as TAC
    equiparado: bool              # ETC treated as TAC
    source: str                   # "partner" | "body"


def normalize_doc(value) -> str | None:
    """CPF/CNPJ as compared by the rules: punctuation stripped, upper-case (alphanumeric CNPJ)."""
    if value is None:
        return None
    text = strip_punctuation(str(value)).upper()
    return text or None


def _text(value) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def normalize_category(value) -> str | None:
    text = (_text(value) or "").upper().replace("-", "_").replace(" ", "_")
    return text if text in CATEGORY_MODALITY else None


def derive_modality(data, contratado_categoria: str | None) -> Modality:
    category = normalize_category(contratado_categoria)
    if category:
        tipo, tac_or_equated, equiparado = CATEGORY_MODALITY[category]
        return Modality(tipo, tac_or_equated, equiparado, "partner")
    tipo = _text(getattr(data, "contratado_tipo", None))
    tipo = tipo.upper() if tipo else None
    if tipo is None and len(normalize_doc(getattr(data, "contratado_cpf_cnpj", None)) or "") == 11:
        tipo = "TAC"  # a natural person can only be a TAC
    equiparado = tipo == "ETC" and getattr(data, "equiparado_tac", None) is True
    return Modality(tipo, tipo == "TAC" or equiparado, equiparado, "body")


def is_own_fleet(data, company_cnpj: str | None) -> bool:
    """The caller transports with its own fleet: it is itself the contracted party."""
    contratado = normalize_doc(getattr(data, "contratado_cpf_cnpj", None))
    return bool(contratado) and contratado == normalize_doc(company_cnpj)


def issued_by_contratado(modality: Modality, own_fleet: bool) -> bool:
    """True when the emission must be done in the name of the contracted ETC (the API contract: "For a contracted
    ETC other than the caller company, the emission is done in the name of that ETC"); own fleet and TAC or
    equated contracting are issued by the caller."""
    return modality.contratado_tipo == "ETC" and not modality.equiparado and not own_fleet


def _root_bank(data) -> dict:
    return {name: _text(getattr(data, name, None)) for name in BANK_FIELDS}


def _item_bank(item) -> dict:
    return {name: _text(getattr(item, ITEM_BANK_FIELDS[name], None)) for name in BANK_FIELDS}


def bank_data_source(data) -> str | None:
    """Where effective_bank_data takes its values: "root", "payments[i]", or None (nothing anywhere)."""
    if any(_root_bank(data).values()):
        return "root"
    for index, item in enumerate(getattr(data, "payments", None) or []):
        if any(_item_bank(item).values()):
            return f"payments[{index}]"
    return None


def effective_bank_data(data) -> dict:
    """{bank_code, agency, account_number, cpf_cnpj_owner}: the root values; when all four are absent at the
    root, the values of the first payment item that has banco, agencia, conta or titular_cpf_cnpj (the
    contract's "Bank-data fallback": the whole item is taken, fields are not merged across items)."""
    source = bank_data_source(data)
    if source is None:
        values = dict.fromkeys(BANK_FIELDS)
    elif source == "root":
        values = _root_bank(data)
    else:
        index = int(source[len("payments["):-1])
        values = _item_bank(data.payments[index])
    values["cpf_cnpj_owner"] = normalize_doc(values["cpf_cnpj_owner"])
    return values
