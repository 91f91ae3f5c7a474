"""Brazilian document and field validators. Each returns the normalised value or raises FieldInvalid.

They are plain functions (used by services, forms, spreadsheet import and CIOT rules) and are also
exposed as pydantic annotated types in core.schemas.
"""
import csv
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import email_validator
import phonenumbers

from core.errors import InvalidBody

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

UFS = ("AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB", "PR", "PE",
       "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO")


class FieldInvalid(ValueError):
    def __init__(self, message: str, code: str = "invalid"):
        super().__init__(message)
        self.code = code
        self.message = message


def strip_punctuation(value: str) -> str:
    return re.sub(r"[\s.\-/]", "", value or "")


# --- CPF ---------------------------------------------------------------------------------------

def _cpf_digit(digits: str) -> int:
    weight = len(digits) + 1
    total = sum(int(d) * (weight - i) for i, d in enumerate(digits))
    rest = (total * 10) % 11
    return 0 if rest == 10 else rest


def cpf_check_digits(base9: str) -> str:
    """The two check digits completing the 9 digits `base9` into a CPF (the test data and the benchmarks' generated
    drivers are made with it)."""
    first = _cpf_digit(base9)
    return f"{first}{_cpf_digit(base9 + str(first))}"


def is_valid_cpf(value: str) -> bool:
    if not re.fullmatch(r"\d{11}", value or "") or len(set(value)) == 1:
        return False
    return _cpf_digit(value[:9]) == int(value[9]) and _cpf_digit(value[:10]) == int(value[10])


# --- CNPJ (numeric and the 2026 alphanumeric form) ---------------------------------------------

_CNPJ_W1 = (5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
_CNPJ_W2 = (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)


def _cnpj_digit(chars: str, weights) -> int:
    # Each character counts as its ASCII code minus 48, so digits keep their value (IN RFB 2.229/2024).
    rest = sum((ord(c) - 48) * w for c, w in zip(chars, weights, strict=False)) % 11
    return 0 if rest < 2 else 11 - rest


def cnpj_check_digits(base12: str) -> str:
    first = _cnpj_digit(base12, _CNPJ_W1)
    second = _cnpj_digit(base12 + str(first), _CNPJ_W2)
    return f"{first}{second}"


def is_valid_cnpj(value: str) -> bool:
    if not re.fullmatch(r"[0-9A-Z]{12}\d{2}", value or "") or len(set(value)) == 1:
        return False
    return cnpj_check_digits(value[:12]) == value[12:]


def clean_cpf(value: str, *, allow_punctuation: bool = True) -> str:
    raw = (value or "").strip()
    digits = strip_punctuation(raw) if allow_punctuation else raw
    if not re.fullmatch(r"\d{11}", digits):
        raise FieldInvalid("CPF deve ter 11 dígitos.", "invalid_format")
    if not is_valid_cpf(digits):
        raise FieldInvalid("CPF inválido (dígito verificador não confere).", "invalid_check_digit")
    return digits


def clean_cnpj(value: str, *, allow_punctuation: bool = True) -> str:
    raw = (value or "").strip().upper()
    chars = strip_punctuation(raw) if allow_punctuation else raw
    if not re.fullmatch(r"[0-9A-Z]{12}\d{2}", chars):
        raise FieldInvalid("CNPJ deve ter 14 caracteres (12 alfanuméricos e 2 dígitos).", "invalid_format")
    if not is_valid_cnpj(chars):
        raise FieldInvalid("CNPJ inválido (dígito verificador não confere).", "invalid_check_digit")
    return chars


def clean_cpf_cnpj(value: str, *, allow_punctuation: bool = True) -> str:
    raw = (value or "").strip().upper()
    if not allow_punctuation and re.search(r"[^0-9A-Z]", raw):
        raise FieldInvalid("Informe apenas dígitos, sem pontuação.", "invalid_format")
    chars = strip_punctuation(raw)
    if len(chars) == 11:
        return clean_cpf(chars)
    if len(chars) == 14:
        return clean_cnpj(chars)
    raise FieldInvalid("CPF deve ter 11 dígitos ou CNPJ 14 caracteres.", "invalid_format")


def normalize_cnpj(value: str, *, field: str) -> str:
    """For service code outside pydantic: raise the API's InvalidBody naming the field."""
    try:
        return clean_cnpj(value)
    except FieldInvalid as exc:
        raise InvalidBody.for_field(field, exc.message, exc.code) from exc


# --- Vehicles, carriers ------------------------------------------------------------------------

PLATE_RE = re.compile(r"^[A-Z]{3}\d[A-Z0-9]\d{2}$")


def clean_plate(value: str) -> str:
    plate = re.sub(r"[\s\-]", "", (value or "")).upper()
    if not PLATE_RE.fullmatch(plate):
        raise FieldInvalid("Placa inválida: use AAA9999 ou o padrão Mercosul AAA9A99.", "invalid_plate")
    return plate


def clean_rntrc(value: str) -> str:
    digits = strip_punctuation(str(value or ""))
    if not re.fullmatch(r"\d{8,9}", digits):
        raise FieldInvalid("RNTRC deve ter 9 dígitos (ou 8, completados com zero à esquerda).", "invalid_rntrc")
    return digits.zfill(9)


RNTRC_CATEGORIES = ("ETC", "TAC", "CTC", "TAC_EQUIPARADO")
CNH_CATEGORIES = ("A", "B", "C", "D", "E", "AB", "AC", "AD", "AE")


# --- Addresses ---------------------------------------------------------------------------------

def clean_uf(value: str) -> str:
    uf = (value or "").strip().upper()
    if uf not in UFS:
        raise FieldInvalid("UF inválida: use a sigla de um dos 27 estados.", "invalid_uf")
    return uf


def clean_cep(value: str) -> str:
    digits = strip_punctuation(value)
    if not re.fullmatch(r"\d{8}", digits):
        raise FieldInvalid("CEP deve ter 8 dígitos.", "invalid_cep")
    return digits


@lru_cache(maxsize=1)
def municipalities() -> dict[str, tuple[str, str]]:
    """IBGE code -> (name, UF), from data/municipios_ibge.csv (5,571 rows)."""
    with open(DATA_DIR / "municipios_ibge.csv", encoding="utf-8") as fh:
        return {row["codigo_ibge"]: (row["nome"], row["uf"]) for row in csv.DictReader(fh)}


def fold(text: str) -> str:
    """Lower-case, accent-free, single-spaced: "São  Paulo" and "sao paulo" compare equal."""
    text = unicodedata.normalize("NFKD", text or "")
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return re.sub(r"\s+", " ", text).strip()


@lru_cache(maxsize=1)
def _municipality_by_name() -> dict[tuple[str, str], str]:
    return {(uf, fold(name)): code for code, (name, uf) in municipalities().items()}


@lru_cache(maxsize=1)
def _folded_municipalities() -> tuple[tuple[str, str, str, str], ...]:
    """(folded name, code, name, UF) of every municipality, by name: what a name search scans."""
    return tuple(sorted((fold(name), code, name, uf) for code, (name, uf) in municipalities().items()))


def search_municipalities(query: str, limit: int = 8) -> list[tuple[str, str, str]]:
    """(code, name, UF) of the municipalities whose name holds `query` (accents and case aside), names that start
    with it first; a UF at the end ("curitiba pr", "Curitiba/PR", "Curitiba - PR") narrows to that state."""
    words = fold(re.sub(r"[/,\-]", " ", query or "")).split()
    uf = words[-1].upper() if len(words) > 1 and words[-1].upper() in UFS else None
    text = " ".join(words[:-1] if uf else words)
    if len(text) < 2:
        return []
    found = [(not folded.startswith(text), folded, code, name, state)
             for folded, code, name, state in _folded_municipalities()
             if text in folded and (uf is None or state == uf)]
    return [(code, name, state) for _, _, code, name, state in sorted(found)[:limit]]


def resolve_ibge_code(city: str, uf: str) -> str | None:
    """The IBGE code of the municipality named `city` in `uf` (accents and case aside), or None."""
    return _municipality_by_name().get(((uf or "").upper(), fold(city)))


def municipality_name(city: str, uf: str) -> str:
    """The IBGE name of the municipality `city` in `uf` ("sao  paulo" → "São Paulo"); FieldInvalid when the list
    (data/municipios_ibge.csv) has no such municipality in that UF."""
    code = resolve_ibge_code(city, uf)
    if code is None:
        raise FieldInvalid(f"Município '{city}' não encontrado em {(uf or '').upper()} na lista do IBGE: informe o "
                           "nome de um município da UF.", "unknown_municipality")
    return municipalities()[code][0]


def clean_ibge_code(value, uf: str | None = None) -> str:
    code = str(value or "").strip()
    if not re.fullmatch(r"\d{7}", code):
        raise FieldInvalid("Código IBGE do município deve ter 7 dígitos.", "invalid_format")
    found = municipalities().get(code)
    if found is None:
        raise FieldInvalid("Código IBGE de município desconhecido.", "unknown_municipality")
    if uf and found[1] != uf.upper():
        raise FieldInvalid(f"O município {found[0]} pertence a {found[1]}, não a {uf.upper()}.",
                           "municipality_uf_mismatch")
    return code


# --- Contacts ----------------------------------------------------------------------------------

def clean_phone(value: str) -> str:
    """Any Brazilian or international phone, returned in E.164."""
    raw = (value or "").strip()
    if not raw or len(raw) > 30:
        raise FieldInvalid("Telefone inválido.", "invalid_phone")
    try:
        parsed = phonenumbers.parse(raw, "BR")
    except phonenumbers.NumberParseException:
        raise FieldInvalid("Telefone inválido.", "invalid_phone") from None
    if not phonenumbers.is_valid_number(parsed):
        raise FieldInvalid("Telefone inválido: informe DDD e número (ex.: +5511987654321).", "invalid_phone")
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)


def clean_br_mobile(value: str) -> str:
    """A Brazilian mobile number (DDD + 9 digits), in any format; returned in E.164."""
    e164 = clean_phone(value)
    parsed = phonenumbers.parse(e164)
    if phonenumbers.region_code_for_number(parsed) != "BR" or phonenumbers.number_type(parsed) not in (
            phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE):
        raise FieldInvalid("Informe um celular brasileiro com DDD (ex.: (11) 98765-4321).", "invalid_phone")
    return e164


def phone_as_e164(value: str) -> str:
    """A phone as a person types it ("(41) 99999-8888", "41999998888": read as Brazilian, phonenumbers region BR)
    in E.164, for a page whose field takes only E.164; one typed with `+` is left for that field's own check.
    FieldInvalid ("informe DDD e número") when it is no phone."""
    raw = (value or "").strip()
    return clean_phone(raw) if raw and not raw.startswith("+") else raw


def clean_e164(value: str) -> str:
    """Strict E.164 input (`+` and digits), also checked as a real number."""
    raw = (value or "").strip()
    if not re.fullmatch(r"\+[1-9]\d{7,14}", raw):
        raise FieldInvalid("Telefone deve estar no formato E.164 (ex.: +5511987654321).", "invalid_phone")
    return clean_phone(raw)


def clean_email(value: str) -> str:
    """An address by RFC 5322/6531 as email-validator reads it (no DNS look-up: a typed address may be checked
    offline), stored in lower case. Special-use domains (.local, .localhost, .invalid, .test) cannot receive mail."""
    email = (value or "").strip()
    try:
        checked = email_validator.validate_email(email, check_deliverability=False)
    except email_validator.EmailNotValidError:
        raise FieldInvalid("E-mail inválido.", "invalid_email") from None
    return checked.normalized.lower()


# --- Fiscal documents --------------------------------------------------------------------------

ACCESS_KEY = re.compile(r"\d{6}[0-9A-Z]{12}\d{26}")  # cUF, AAMM, CNPJ (alphanumeric since 2026), the rest digits


def access_key_check_digit(first43: str) -> int:
    """Mod-11 check digit of NF-e/CT-e/MDF-e access keys (weights 2..9 from the right). A character counts as its
    ASCII code minus 48, as in the alphanumeric CNPJ (NT 2025.001): a digit is its own value, so numeric keys are
    unchanged."""
    total, weight = 0, 2
    for char in reversed(first43):
        total += (ord(char) - 48) * weight
        weight = 2 if weight == 9 else weight + 1
    rest = total % 11
    return 0 if rest < 2 else 11 - rest


def clean_access_key(value: str) -> str:
    key = re.sub(r"\s", "", value or "").upper()
    if not ACCESS_KEY.fullmatch(key):
        raise FieldInvalid("Chave de acesso deve ter 44 caracteres: dígitos, e letras maiúsculas só no CNPJ "
                           "(posições 7 a 18).", "invalid_format")
    if access_key_check_digit(key[:43]) != int(key[43]):
        raise FieldInvalid("Chave de acesso inválida (dígito verificador não confere).", "invalid_check_digit")
    return key


def access_key_model(key: str) -> str:
    """The document model inside a key: 55 NF-e, 57 CT-e, 58 MDF-e."""
    return key[20:22]
