"""The IdOperacaoTransporte: the identifier (up to 12 digits) a declaration carries, which becomes the CIOT code.

The authority issues it: `AuthorityGenerator` (the default with the PEF provider) asks the web service's
GerarIdOperacaoTransporte in the declaring company's name (its `CpfCnpj` in; `IdOperacaoTransporte`, `Codigo`,
`Mensagem` out), over the same mutual-TLS transport and certificate as the declaration. The generator stays
pluggable: CIOT_PEF_ID_GENERATOR may name another class (dotted path) with

    class MyGenerator:
        def generate(self, request: IdentifierRequest) -> str:  # up to 12 digits

called once per declaration (never per retry: the identifier is committed with the declaration record before the
first send, domain/ciot/pef/records.py). It may raise any exception: the declaration is then a technical failure
(ProviderUnavailable, or ProviderConfigurationError when the authority refused our certificate) and is tried again
later.

`TestDoubleGenerator` draws 12 random digits: for tests and the local test server only (the startup check refuses
it in production).
"""
import secrets
from dataclasses import dataclass
from datetime import date

from domain.ciot.pef.transport import transport_for
from domain.ciot.provider import Issuer, ProviderUnavailable
from domain.ciot.provider_settings import load_class

GENERATE = "GerarIdOperacaoTransporte"
MAX_DIGITS = 12


@dataclass(frozen=True)
class IdentifierRequest:
    environment: str  # homolog | producao
    issuer_cnpj: str  # the declaring company (the certificate's holder)
    tipo_operacao: int  # 1 lotação, 2 fracionada, 3 TAC agregado
    contratado_cpf_cnpj: str
    data_declaracao: date
    idempotency_key: str  # our operation's or contract's id
    issuer_company_id: str = ""  # the declaring company's id among ours (whose certificate authenticates)


class AuthorityGenerator:
    """GerarIdOperacaoTransporte: the authority issues the identifier to the declaring company."""

    def generate(self, request: IdentifierRequest) -> str:
        issuer = Issuer(request.issuer_company_id, request.issuer_cnpj, "", None)
        answer = transport_for(request.environment, issuer).post(GENERATE, {"CpfCnpj": request.issuer_cnpj})
        if not answer.ok:
            raise ProviderUnavailable(f"ANTT {GENERATE} recusou: {answer.authority_message}")
        return answer.text("IdOperacaoTransporte") or _nested_ciot(answer.value("Dados")) or ""


def _nested_ciot(dados) -> str | None:
    """The other answer shape seen in the wild: {"Sucesso": true, "Dados": {"CIOT": "560000142776", ...}}."""
    if not isinstance(dados, dict):
        return None
    return next((str(value) for key, value in dados.items() if key.lower() == "ciot" and value), None)


class TestDoubleGenerator:
    """12 random digits (not the authority's)."""
    __test__ = False  # not a pytest class

    def generate(self, request: IdentifierRequest) -> str:
        return f"{secrets.randbelow(10**12):012d}"


def generate_identifier(path: str, request: IdentifierRequest) -> str:
    try:
        value = str(load_class(path)().generate(request)).strip()
    except ProviderUnavailable:
        raise
    except Exception as exc:
        raise ProviderUnavailable(f"Gerador do IdOperacaoTransporte falhou ({type(exc).__name__}: {exc}).") from exc
    if not (value.isdigit() and 1 <= len(value) <= MAX_DIGITS):
        raise ProviderUnavailable(f"Gerador do IdOperacaoTransporte devolveu '{value}' (esperados até "
                                  f"{MAX_DIGITS} dígitos).")
    return value
