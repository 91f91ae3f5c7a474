"""Who declares an operation to the authority (the caller or the contracted ETC), and the provider and
credentials that declaration goes through."""
from core.db import db
from core.errors import Unprocessable
from domain.ciot.models import CiotOperation
from domain.ciot.pef.credentials import can_declare
from domain.ciot.provider import get_provider
from domain.ciot.validation import platform_company, rule_context
from domain.tenancy.models import Company
from domain.tenancy.services import get_ciot_credentials


def format_cnpj(value: str | None) -> str:
    v = value or ""
    return f"{v[:2]}.{v[2:5]}.{v[5:8]}/{v[8:12]}-{v[12:]}" if len(v) == 14 else v


def environment_label(environment: str) -> str:
    return "produção" if environment == "producao" else "homologação"


def issuer_of(op: CiotOperation, company: Company) -> Company:
    """The company that declared (or will declare) the operation: the recorded emitter, else the caller."""
    if op.emitter_company_id and op.emitter_company_id != company.id:
        return db.session.get(Company, op.emitter_company_id) or company
    return company


def resolve_issuer(op: CiotOperation, company: Company, ctx=None) -> Company | None:
    """Who declares the operation: the contracted ETC (other than the caller, registered on the platform with
    credentials for the environment) or the caller (own fleet, TAC, ETC treated as TAC, CTC). None when the
    operation must be issued by an ETC that cannot (the rules EMISSOR_ETC_* say why)."""
    ctx = ctx or rule_context(op, company)
    if not ctx.issued_by_contratado:
        return company
    etc = platform_company(op.contratado_cpf_cnpj)
    if etc is None or not can_declare(etc, op.environment) or not etc.state_registration:
        return None
    return etc


def provider_and_credentials(op: CiotOperation, issuer: Company):
    """The provider for the operation's environment and the issuer's credentials, or 422: producao without the
    issuer's production credentials → `missing_credentials` naming the company; no provider → `not_supported`.
    A provider that authenticates by certificate (the ANTT PEF web service) checks instead that the issuer's A1
    certificate is there and valid (`missing_credentials` too)."""
    credentials = get_ciot_credentials(issuer, op.environment)
    provider = get_provider(op.environment)
    if getattr(provider, "uses_certificate", False):
        # The ANTT PEF web service authenticates the issuer by its A1 certificate: that is what must be there.
        provider.check_ready(op.environment, issuer)
        return provider, credentials
    if op.environment == "producao" and not credentials:
        raise Unprocessable(f"Credenciais de produção do CIOT não cadastradas para a empresa {issuer.legal_name} "
                            f"(CNPJ {format_cnpj(issuer.cnpj)}). Cadastre-as antes de emitir em produção.",
                            code="missing_credentials", extra={"company_id": str(issuer.id)})
    if provider is None:
        raise Unprocessable(f"Não há provedor CIOT de {environment_label(op.environment)} configurado nesta "
                            f"instalação (CIOT_PROVIDER_{op.environment.upper()}): a operação não pode ser "
                            "enviada à ANTT.", code="not_supported")
    return provider, credentials
