"""Small pure helpers shared by the rules: formatting for pt-BR messages and document checks."""
import re
from datetime import datetime

from core import formatting
from core.validators import is_valid_cnpj, is_valid_cpf
from domain.ciot.modality import normalize_doc

KIND_LABEL = {"nfe": "NF-e", "cte": "CT-e", "mdfe": "MDF-e"}
KIND_MODEL = {"nfe": "55", "cte": "57", "mdfe": "58"}
MODEL_LABEL = {"55": "NF-e", "57": "CT-e", "58": "MDF-e", "65": "NFC-e", "67": "CT-e OS"}
BANK_TYPES = ("conta_corrente", "conta_poupanca", "conta_pagamento")
MOTORISED = ("automotor", "cavalo_trator")


# Messages print amounts, numbers and dates like the pages and PDFs do (core.formatting, half-up).
money = formatting.money  # R$ 1.234,56
date_br = formatting.wall_clock  # dd/mm/aaaa, with HH:MM when a date-time has a time of day


def number(value) -> str:
    """Decimal in pt-BR without trailing zeros: 30, 32,5"""
    return formatting.decimal(value, 6)


def nth(index: int) -> str:
    """Masculine ordinal of a 0-based index: 1º (documento, veículo, contratante)."""
    return f"{index + 1}º"


def nth_f(index: int) -> str:
    """Feminine ordinal of a 0-based index: 1ª (parcela)."""
    return f"{index + 1}ª"


def repeats(values):
    """(index, index of its first occurrence) of every value already seen; empty values are skipped."""
    seen: dict = {}
    for index, value in enumerate(values):
        if not value:
            continue
        if value in seen:
            yield index, seen[value]
        else:
            seen[value] = index


def text(value) -> str | None:
    if value is None:
        return None
    result = str(value).strip()
    return result or None


def doc_problem(value) -> str | None:
    """None when `value` is a valid CPF or CNPJ (alphanumeric CNPJ included), else why not (pt-BR)."""
    doc = normalize_doc(value) or ""
    if len(doc) == 11:
        if not re.fullmatch(r"\d{11}", doc):
            return "o CPF deve ter apenas dígitos"
        return None if is_valid_cpf(doc) else "dígito verificador do CPF não confere"
    if len(doc) == 14:
        if not re.fullmatch(r"[0-9A-Z]{12}\d{2}", doc):
            return "o CNPJ deve ter 12 caracteres alfanuméricos seguidos de 2 dígitos"
        return None if is_valid_cnpj(doc) else "dígito verificador do CNPJ não confere"
    return f"informe CPF com 11 dígitos ou CNPJ com 14 caracteres (recebidos {len(doc)})"


def naive(moment: datetime | None) -> datetime | None:
    """Trip moments compared on the wall clock as sent (an offset, when given, is dropped)."""
    if moment is None:
        return None
    return moment.replace(tzinfo=None) if moment.tzinfo else moment
