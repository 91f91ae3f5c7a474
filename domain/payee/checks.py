"""Checks of a carrier's payment data, pure and reusable outside the CIOT operations (each returns None when the
value is fine, else why not, in pt-BR):

    pix_key_kind("123.456.789-09")            # "cpf"   (the type a key's own format says, or None)
    pix_key_problem("a@b.com", "telefone")     # "não tem o formato de telefone (+55 com DDD e número)"
    bank_code_problem("1")                     # "informe o código COMPE de 3 dígitos (ex.: 001, 237, 341)"
    holder_check(holder, contratado, "conjuge")  # HolderCheck(status="relative", message=...)

PIX key types: `cpf`, `cnpj` (valid check digits, alphanumeric CNPJ included), `email`, `telefone` (+55 with area
code) and `aleatoria` (the random EVP key, a UUID). The format of a key is read the way the partners area reads it
(domain.partners.schemas.pix_key_type), and a phone key must be Brazilian (+55): the PIX directory holds no other.

The holder of the account (Lei 11.442/2007, art. 5º-A, § 1º, as amended by Lei 14.206/2021): the freight of an
autonomous carrier (TAC) is paid into an account of the TAC, of the TAC's spouse or companion, or of a relative up to
the second degree. `holder_check` accepts a declared relationship (`titular_parentesco`) with a reminder to keep the
proof, and refuses a holder who is none of these.
"""
import re
from dataclasses import dataclass

from core.validators import FieldInvalid, is_valid_cnpj, is_valid_cpf, strip_punctuation
from domain.partners.schemas import pix_key_type  # the partners area's reading of a key (one place for it)

PIX_KEY_KINDS = ("cpf", "cnpj", "email", "telefone", "aleatoria")
PIX_KEY_LABEL = {"cpf": "CPF", "cnpj": "CNPJ", "email": "e-mail", "telefone": "telefone",
                 "aleatoria": "chave aleatória"}
PIX_KEY_FORMAT = {"email": re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+"), "telefone": re.compile(r"\+55\d{10,11}"),
                  "aleatoria": re.compile(r"[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")}
PIX_KEY_HINT = {"email": "nome@dominio", "telefone": "+55 com DDD e número", "aleatoria": "UUID de 36 caracteres"}

# The relationships the law accepts besides the carrier itself (values of `titular_parentesco`).
HOLDER_RELATIONSHIPS = {
    "conjuge": "cônjuge",
    "companheiro": "companheiro(a)",
    "parente_1_grau": "parente de 1º grau (pai, mãe, filho ou filha)",
    "parente_2_grau": "parente de 2º grau (irmão, irmã, avô, avó, neto ou neta)",
}
HOLDER_LAW = "Lei 11.442/2007, art. 5º-A, § 1º (redação da Lei 14.206/2021)"


def _doc(value) -> str:
    return strip_punctuation(str(value or "")).upper()


def _document_ok(doc: str) -> bool:
    if len(doc) == 11:
        return doc.isdigit() and is_valid_cpf(doc)
    if len(doc) == 14:
        return bool(re.fullmatch(r"[0-9A-Z]{12}\d{2}", doc)) and is_valid_cnpj(doc)
    return False


# --- PIX -----------------------------------------------------------------------------------------------------

def pix_key_kind(key) -> str | None:
    """The PIX key type the key's own format says (`cpf`, `cnpj`, `email`, `telefone`, `aleatoria`), or None when it
    fits none: a CPF or CNPJ with wrong check digits, a phone outside Brazil, free text."""
    raw = str(key or "").strip()
    if not raw:
        return None
    if raw.startswith("+"):  # a phone key, typed with or without spaces, parentheses and hyphens
        return "telefone" if pix_key_problem(raw, "telefone") is None else None
    try:
        _, kind = pix_key_type(raw)
    except FieldInvalid:
        return None
    return kind if pix_key_problem(raw, kind) is None else None


def pix_key_problem(key, kind: str) -> str | None:
    """None when `key` is a PIX key of type `kind`, else what is wrong (pt-BR)."""
    key = str(key or "")
    if kind not in PIX_KEY_KINDS:
        return f"tipo de chave PIX desconhecido ({kind}): use {', '.join(PIX_KEY_KINDS)}"
    if kind in ("cpf", "cnpj"):
        doc = _doc(key)
        if len(doc) != (11 if kind == "cpf" else 14) or not _document_ok(doc):
            return f"não é um {PIX_KEY_LABEL[kind]} válido"
        return None
    compact = re.sub(r"[\s()-]", "", key) if kind == "telefone" else key.strip()
    if not PIX_KEY_FORMAT[kind].fullmatch(compact):
        return f"não tem o formato de {PIX_KEY_LABEL[kind]} ({PIX_KEY_HINT[kind]})"
    return None


# --- Bank data -------------------------------------------------------------------------------------------------

def bank_code_problem(code) -> str | None:
    code = str(code or "").strip()
    if code and not re.fullmatch(r"\d{3}", code):
        return "informe o código COMPE de 3 dígitos (ex.: 001, 237, 341)"
    return None


def agency_problem(agency) -> str | None:
    agency = str(agency or "").strip()
    if agency and not re.fullmatch(r"\d{1,10}", agency):
        return "informe apenas os dígitos da agência, sem o dígito verificador separado por hífen"
    return None


def account_problem(account) -> str | None:
    account = str(account or "").replace(" ", "").replace(".", "").upper()
    if account and not re.fullmatch(r"\d{1,15}(-?[0-9X])?", account):
        return "informe só os dígitos da conta, com o dígito verificador opcional (ex.: 12345-6)"
    return None


def bank_data_gaps(bank, agency, account) -> list[str]:
    """The names (banco, agencia, conta) missing from a bank payment: the three go together."""
    values = {"banco": bank, "agencia": agency, "conta": account}
    return [name for name, value in values.items() if not str(value or "").strip()]


# --- The account holder ----------------------------------------------------------------------------------------

OWN, RELATIVE, REFUSED = "own", "relative", "refused"


@dataclass(frozen=True)
class HolderCheck:
    status: str        # "own" (the carrier itself) | "relative" (accepted, keep the proof) | "refused"
    message: str | None = None  # pt-BR: the warning for "relative", the reason for "refused"

    @property
    def ok(self) -> bool:
        return self.status != REFUSED


def holder_check(holder, carrier, relationship: str | None = None, *, who: str = "TAC") -> HolderCheck:
    """May the freight of `carrier` (a TAC or a company treated as one) be paid into an account of `holder`?
    The carrier itself: yes. Someone else with a relationship the law accepts (`relationship`, a key of
    HOLDER_RELATIONSHIPS): yes, with a warning to keep the proof. A person with no declared relationship, or a
    company: no."""
    holder_doc, carrier_doc = _doc(holder), _doc(carrier)
    if not holder_doc or holder_doc == carrier_doc:
        return HolderCheck(OWN)
    if relationship and relationship not in HOLDER_RELATIONSHIPS:
        return HolderCheck(REFUSED, f"parentesco '{relationship}' desconhecido: use "
                                    f"{', '.join(HOLDER_RELATIONSHIPS)}")
    if relationship and len(holder_doc) != 11:
        return HolderCheck(REFUSED, f"o titular ({holder_doc}) é pessoa jurídica: o parentesco só vale para o "
                                    "cônjuge, o companheiro ou um parente, pessoas físicas (CPF)")
    if relationship:
        return HolderCheck(RELATIVE, f"o titular ({holder_doc}) é {HOLDER_RELATIONSHIPS[relationship]} do "
                                     f"contratado {who} ({carrier_doc}), o que a {HOLDER_LAW} permite: guarde o "
                                     "comprovante do vínculo (certidão de casamento, declaração de união estável ou "
                                     "documento que prove o parentesco) para a fiscalização")
    return HolderCheck(REFUSED, f"o titular ({holder_doc}) não é o contratado {who} ({carrier_doc}): o frete só pode "
                                "ser pago em conta do próprio contratado, do cônjuge ou companheiro, ou de parente até "
                                f"o 2º grau ({HOLDER_LAW}); se for o caso, informe titular_parentesco")
