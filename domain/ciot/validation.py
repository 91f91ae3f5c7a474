"""Validation of an operation: the rules engine (domain.ciot.rules) over `to_body(op)` with what the rules need
to know about the parties (the contracted partner's RNTRC category, an ETC registered on the platform), the
snapshot kept on the record and the status that follows from the result."""
import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db, utcnow
from core.errors import AppError, FieldError
from core.tenancy import cross_tenant
from domain.antt_floor.services import check_price_against_floor
from domain.ciot import states
from domain.ciot.mapping import to_body
from domain.ciot.models import CiotOperation
from domain.ciot.pef.credentials import declaring_environments
from domain.ciot.rules import IssuerInfo, RuleContext, validate_operation
from domain.ciot.schemas import OperationCreate
from domain.ciot.states import actor_label, record_event, transition
from domain.partners.models import Partner
from domain.tenancy.models import Company


def contracted_partner(cpf_cnpj: str | None):
    """The company's partner with this CPF/CNPJ (domain.partners): its RNTRC category and name, the two facts the
    rules, the answer's modality and the PDF read (a row, not the whole partner: this runs on every create, validate
    and answer of an operation), or None."""
    if not cpf_cnpj:
        return None
    return db.session.execute(sa.select(Partner.rntrc_categoria, Partner.legal_name)
                              .where(Partner.cpf_cnpj == cpf_cnpj).limit(1)).first()


def platform_company(cnpj: str | None) -> Company | None:
    """A company registered on the platform with this CNPJ (cross-tenant, platform-level lookup)."""
    if not cnpj or len(cnpj) != 14:
        return None
    return db.session.execute(cross_tenant(sa.select(Company).where(Company.cnpj == cnpj))).scalar_one_or_none()


def issuer_info(company: Company):
    return IssuerInfo(cnpj=company.cnpj, state_registration=company.state_registration,
                      has_credentials=declaring_environments(company, ("homolog", "producao")))


def rule_context(op: CiotOperation, company: Company, body: OperationCreate | None = None):
    body = body or to_body(op)
    partner = contracted_partner(body.contratado_cpf_cnpj)
    etc = platform_company(body.contratado_cpf_cnpj)
    return RuleContext(data=body, environment=op.environment, company=issuer_info(company),
                       contratado_categoria=getattr(partner, "rntrc_categoria", None),
                       contratado_etc_company=issuer_info(etc) if etc is not None else None,
                       today=brasilia_today(), max_advance_percent=company.ciot_max_advance_percent,
                       floor_check=check_price_against_floor,
                       derived=tuple(getattr(op, "campos_derivados", None) or ()),
                       distance_method=getattr(op, "distancia_origem", None))


def check_rules(op, company, body=None):
    ctx = rule_context(op, company, body)
    return ctx, validate_operation(ctx)


def _summary_text(result) -> str:
    if not result.items:
        return "Validação sem pendências."
    return f"Validação: {result.blockers} bloqueio(s), {result.warnings} alerta(s)."


def snapshot(op: CiotOperation, result) -> None:
    op.validation_items = [item.as_dict() for item in result.items]
    op.validation_summary = result.summary()
    op.validated_at = utcnow()


def run_validation(op: CiotOperation, company: Company, *, actor):
    """Run the rules, keep the snapshot, write the timeline event and move the status per the result:
    any blocker → com_divergencia, warnings only → validado, nothing → pronto_emissao."""
    _, result = check_rules(op, company)
    snapshot(op, result)
    data = {**result.summary(), "codes": result.codes}
    target = states.status_for_validation(result)
    if target != op.status:
        transition(op, target, event=("validated", _summary_text(result), data), actor=actor_label(actor))
    else:
        record_event(op, "validated", _summary_text(result), data, actor=actor_label(actor))
    return result


def recheck_before_emission(op: CiotOperation, company: Company, *, actor):
    """The rules again just before an emission (the date, the registry or the credentials may have moved since the
    last validation); the status is left alone. The timeline gets a "validated" event only when this is a new
    outcome: an operation never validated, or one whose findings changed since its snapshot. Re-confirming the
    snapshot the dispatcher already saw is not another validation (creation + emission logged it twice)."""
    _, result = check_rules(op, company)
    unchanged = op.validated_at is not None and op.validation_items == [item.as_dict() for item in result.items]
    snapshot(op, result)
    if not unchanged:
        record_event(op, "validated", _summary_text(result), {**result.summary(), "codes": result.codes},
                     actor=actor_label(actor))
    return result


def blocked_error(op: CiotOperation, result, *, keep_records: bool = False) -> AppError:
    blockers = [item for item in result.items if item.severity == "blocker"]
    codes = ", ".join(dict.fromkeys(item.code for item in blockers))
    return AppError(f"Emissão bloqueada pela validação ({result.blockers} bloqueio(s): {codes}). Corrija e tente "
                    "novamente.", code="validation_blocked", status=422,
                    details=[FieldError(item.field or "body", item.code, item.message) for item in blockers],
                    extra={"status": op.status, "validation": result.as_dict()}, keep_records=keep_records)
