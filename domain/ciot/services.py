"""Business actions on CIOT operations: one function per action, taking the company and the actor (an ApiKey, a
User or a label), flushing only; the request, page or job that calls them commits.

Statuses move only through domain.ciot.states.transition (the contract's state table). Validation runs the rules
engine (domain.ciot.rules) over `to_body(op)`, the creation body rebuilt from the record, so creation, PATCH,
/validate, /emit and /retificar all judge the same thing the same way.

Emission is asynchronous: `request_emission` claims an attempt atomically (conditional UPDATE of the operation plus
an `EmissionAttempt` row, at most one in flight per operation) and enqueues `jobs.ciot.emit_operation` after
commit; `run_emission_attempt` (the job) talks to the provider with the operation id as idempotency key;
`wait_for_attempt` lets a request wait for the result. See docs/api/ciot.md.

`Refused` carries an AppError whose side records (timeline event, validation snapshot) must be kept: the caller
commits, then raises `exc.error` (blueprints/api/ciot.py does it in `ciot_action`).
"""
import time
import uuid
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

import sqlalchemy as sa
from flask import current_app
from sqlalchemy.orm.attributes import set_committed_value

from core.db import db, flush_unique, iso, utcnow
from core.errors import AppError, Conflict, FieldError, InvalidBody, InvalidStatus, Unprocessable
from core.pagination import paginate
from core.queue import enqueue_after_commit
from core.tenancy import cross_tenant, get_owned
from domain.ciot import states
from domain.ciot.models import (CiotContratante, CiotCounter, CiotDocument, CiotEvent, CiotOperation, CiotPayment,
                                CiotVehicle, EmissionAttempt)
from domain.ciot.provider import BRT, Issuer, ProviderUnavailable, get_provider
from domain.ciot.schemas import Contratante, Document, OperationCreate, Payment, Vehicle
from domain.ciot.states import record_event, transition
from domain.tenancy.models import Company
from domain.tenancy.services import get_ciot_credentials

EVENTS_IN_RECORD = 50
EMIT_JOB = "jobs.ciot.emit_operation"
EMIT_RETRIES = 3

# Body fields stored 1:1 on the operation (origem/destino are JSON, children are tables).
SCALAR_FIELDS = (
    "external_id", "freight_id", "tipo_operacao", "contratado_cpf_cnpj", "contratado_rntrc", "contratado_tipo",
    "contratado_nome", "equiparado_tac", "distancia_km", "codigo_natureza_carga", "codigo_tipo_carga", "peso_carga",
    "valor_frete", "destinatario_cpf_cnpj", "destinatario_nome", "bank_code", "agency", "account_number",
    "cpf_cnpj_owner", "data_declaracao", "viagem_inicio", "viagem_fim", "chave_pix", "tipo_pagamento",
    "indicador_pagamento", "contingencia", "justificativa_contingencia", "data_emissao_original",
)
LOCATION_FIELDS = ("origem", "destino")
CHILDREN = {
    "contratantes": (CiotContratante, Contratante),
    "vehicles": (CiotVehicle, Vehicle),
    "payments": (CiotPayment, Payment),
    "documents": (CiotDocument, Document),
}
# PATCH: these cannot be cleared (the creation body requires them).
REQUIRED_ON_PATCH = ("tipo_operacao", "contratado_cpf_cnpj", "contratado_rntrc", "contratantes", "vehicles")
PATCHABLE = tuple(f for f in SCALAR_FIELDS if f != "contingencia") + LOCATION_FIELDS + tuple(CHILDREN)
RECTIFIABLE = ("valor_frete", "peso_carga", "data_declaracao", "viagem_inicio", "viagem_fim", "payments",
               "documents")
IMPORT_JUSTIFICATION = "CIOT emitido fora da plataforma, em contingência, e importado."


class Refused(Exception):
    """An action refused after writing records worth keeping (timeline, validation snapshot): commit, then raise
    `.error`."""

    def __init__(self, error: AppError):
        super().__init__(error.message)
        self.error = error


# --- small helpers ----------------------------------------------------------------------------------------------

def actor_label(actor) -> str | None:
    if actor is None:
        return None
    if isinstance(actor, str):
        return actor[:120]
    if getattr(actor, "prefix", None):
        return f"api_key:{actor.prefix}"[:120]
    if getattr(actor, "email", None):
        return f"user:{actor.email}"[:120]
    return str(actor)[:120]


def now_local() -> datetime:
    """Wall-clock time in Brasília (naive), the clock of trip moments and declaration dates."""
    return datetime.now(BRT).replace(tzinfo=None)


def today_local() -> date:
    return now_local().date()


def local_moment(value: datetime | None, field_name: str = "viagem_inicio") -> datetime | None:
    """Trip moments are stored as naive Brasília time: an offset, when sent, is honoured by converting.
    Years outside 1900..2200 are a 400 (they cannot be converted or compared safely)."""
    if value is None:
        return None
    if not 1900 <= value.year <= 2200:
        raise InvalidBody.for_field(field_name, "Data fora do intervalo aceito (anos 1900 a 2200).")
    if value.tzinfo is None:
        return value
    return value.astimezone(BRT).replace(tzinfo=None)


def format_cnpj(value: str | None) -> str:
    v = value or ""
    return f"{v[:2]}.{v[2:5]}.{v[5:8]}/{v[8:12]}-{v[12:]}" if len(v) == 14 else v


def next_code(company_id) -> str:
    """`CIOT-000001`, gapless per company. The counter row is created once (INSERT ... ON CONFLICT DO NOTHING) and
    incremented with `UPDATE ... RETURNING`, which takes the row lock (like SELECT ... FOR UPDATE) on PostgreSQL
    until our transaction ends: concurrent creations queue on it, and a rolled-back creation gives its number back.
    On SQLite the single writer serialises it."""
    table = CiotCounter.__table__
    conn = db.session.connection()
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    conn.execute(insert(table).values(id=uuid.uuid4(), company_id=company_id, last_value=0)
                 .on_conflict_do_nothing(index_elements=["company_id"]))
    value = conn.execute(sa.update(table).where(table.c.company_id == company_id)
                         .values(last_value=table.c.last_value + 1).returning(table.c.last_value)).scalar_one()
    return f"CIOT-{value:06d}"


def contracted_partner(cpf_cnpj: str | None):
    """The company's partner with this CPF/CNPJ (domain.partners), or None — also when that area is absent."""
    if not cpf_cnpj:
        return None
    try:
        from domain.partners.models import Partner
    except ImportError:  # pragma: no cover - partners area not installed
        return None
    if not hasattr(Partner, "cpf_cnpj"):  # pragma: no cover
        return None
    return db.session.execute(sa.select(Partner).where(Partner.cpf_cnpj == cpf_cnpj).limit(1)).scalars().first()


def platform_company(cnpj: str | None) -> Company | None:
    """A company registered on the platform with this CNPJ (cross-tenant, platform-level lookup)."""
    if not cnpj or len(cnpj) != 14:
        return None
    return db.session.execute(cross_tenant(sa.select(Company).where(Company.cnpj == cnpj))).scalar_one_or_none()


def issuer_info(company: Company):
    from domain.ciot.rules import IssuerInfo
    return IssuerInfo(cnpj=company.cnpj, state_registration=company.state_registration,
                      has_credentials={env: company.has_ciot_credentials(env) for env in ("homolog", "producao")})


# --- the record as a creation body ------------------------------------------------------------------------------

def _child_values(row, schema) -> dict:
    return {name: getattr(row, name) for name in schema.model_fields}


def to_body(op: CiotOperation, **overrides) -> OperationCreate:
    """The creation body rebuilt from the record (the rules engine's input). `overrides` replace fields (used by
    /retificar to validate the rectified operation before changing anything)."""
    data = {name: getattr(op, name) for name in SCALAR_FIELDS}
    data["environment"] = op.environment
    for name in LOCATION_FIELDS:
        data[name] = getattr(op, name)
    for name, (_, schema) in CHILDREN.items():
        data[name] = [_child_values(row, schema) for row in getattr(op, name)]
    if op.mode == "imported":
        data["codigo_ciot"] = op.codigo_ciot
    data.update({"auto_validate": True, "auto_emit": False})
    for name, value in overrides.items():
        if isinstance(value, list):
            value = [item.model_dump() if hasattr(item, "model_dump") else item for item in value]
        data[name] = value
    return OperationCreate.model_validate(data)


def _store_scalar(op: CiotOperation, name: str, value) -> None:
    if name in ("viagem_inicio", "viagem_fim"):
        value = local_moment(value, name)
    elif name in LOCATION_FIELDS:
        value = value.model_dump(mode="json", exclude_none=True) if value is not None else None
    setattr(op, name, value)


def _store_children(op: CiotOperation, name: str, items) -> None:
    model, schema = CHILDREN[name]
    rows = []
    for position, item in enumerate(items or []):
        values = item.model_dump() if hasattr(item, "model_dump") else dict(item)
        values = {k: values.get(k) for k in schema.model_fields}
        if name == "contratantes" and position == 0 and not values.get("papel"):
            values["papel"] = "principal"  # "default: the first is principal"
        rows.append(model(id=uuid.uuid4(), company_id=op.company_id, operation_id=op.id, position=position,
                          **values))
    setattr(op, name, rows)


# --- validation --------------------------------------------------------------------------------------------------

def rule_context(op: CiotOperation, company: Company, body: OperationCreate | None = None):
    from domain.ciot.rules import RuleContext
    body = body or to_body(op)
    partner = contracted_partner(body.contratado_cpf_cnpj)
    etc = platform_company(body.contratado_cpf_cnpj)
    return RuleContext(data=body, environment=op.environment, company=issuer_info(company),
                       contratado_categoria=getattr(partner, "rntrc_categoria", None),
                       contratado_etc_company=issuer_info(etc) if etc is not None else None,
                       today=today_local(), max_advance_percent=company.ciot_max_advance_percent)


def _check(op, company, body=None):
    from domain.ciot.rules import validate_operation
    ctx = rule_context(op, company, body)
    return ctx, validate_operation(ctx)


def _summary_text(result) -> str:
    if not result.items:
        return "Validação sem pendências."
    return f"Validação: {result.blockers} bloqueio(s), {result.warnings} alerta(s)."


def _snapshot(op: CiotOperation, result) -> None:
    op.validation_items = [item.as_dict() for item in result.items]
    op.validation_summary = result.summary()
    op.validated_at = utcnow()


def run_validation(op: CiotOperation, company: Company, *, actor, set_status: bool = True):
    """Run the rules, keep the snapshot, write the timeline event and (set_status) move the status per the result:
    any blocker → com_divergencia, warnings only → validado, nothing → pronto_emissao."""
    _, result = _check(op, company)
    _snapshot(op, result)
    data = {**result.summary(), "codes": result.codes}
    target = states.status_for_validation(result)
    if set_status and target != op.status:
        transition(op, target, event=("validated", _summary_text(result), data), actor=actor_label(actor))
    else:
        record_event(op, "validated", _summary_text(result), data, actor=actor_label(actor))
    return result


def validation_body(op: CiotOperation) -> dict | None:
    if op.validation_summary is None:
        return None
    return {"items": op.validation_items or [], "summary": op.validation_summary}


def _blocked_error(op: CiotOperation, result) -> AppError:
    blockers = [item for item in result.items if item.severity == "blocker"]
    codes = ", ".join(dict.fromkeys(item.code for item in blockers))
    return AppError(f"Emissão bloqueada pela validação ({result.blockers} bloqueio(s): {codes}). Corrija e tente "
                    "novamente.", code="validation_blocked", status=422,
                    details=[FieldError(item.field or "body", item.code, item.message) for item in blockers],
                    extra={"status": op.status, "validation": result.as_dict()})


# --- creation ----------------------------------------------------------------------------------------------------

@dataclass
class CreateResult:
    op: CiotOperation
    validation: object | None = None  # ValidationResult when validation ran
    emission: "EmissionRequest | None" = None

    @property
    def imported(self) -> bool:
        return self.op.mode == "imported"


def create_operation(company: Company, body: OperationCreate, *, actor) -> CreateResult:
    """POST /ciot/operations. With `codigo_ciot`: import of a CIOT issued elsewhere in contingency (mode imported,
    rascunho, contingencia=true, nothing sent, auto flags ignored; duplicate in the company → 409). Otherwise the
    operation is validated when auto_validate (or auto_emit) and emission is requested when auto_emit; emission
    problems never fail the creation: they are reported in the result's `emission`."""
    label = actor_label(actor)
    imported = body.codigo_ciot is not None
    if imported:
        existing = db.session.execute(sa.select(CiotOperation.id).where(
            CiotOperation.codigo_ciot == body.codigo_ciot)).scalar_one_or_none()
        if existing is not None:
            raise _duplicate_ciot(body.codigo_ciot, existing)
    op = CiotOperation(id=uuid.uuid4(), company_id=company.id, code=next_code(company.id),
                       environment=body.environment or company.ciot_environment,
                       mode="imported" if imported else "normal", status=states.RASCUNHO, created_by=label,
                       retificacoes=0, contingencia=False)
    for name in SCALAR_FIELDS + LOCATION_FIELDS:
        _store_scalar(op, name, getattr(body, name))
    if op.data_declaracao is None:
        op.data_declaracao = today_local()  # "default today"
    for name in CHILDREN:
        _store_children(op, name, getattr(body, name))
    if imported:
        op.codigo_ciot = body.codigo_ciot
        op.contingencia = True
        op.justificativa_contingencia = op.justificativa_contingencia or IMPORT_JUSTIFICATION

    def conflict():
        found = db.session.execute(sa.select(CiotOperation.id).where(
            CiotOperation.codigo_ciot == body.codigo_ciot)).scalar_one_or_none()
        return _duplicate_ciot(body.codigo_ciot, found) if imported else None

    flush_unique(lambda: db.session.add(op), conflict)
    if imported:
        record_event(op, "imported", f"CIOT {op.codigo_ciot} importado (emitido em contingência fora da plataforma); "
                     "nada foi enviado à ANTT.", {"codigo_ciot": op.codigo_ciot,
                                                  "data_emissao_original": _date(op.data_emissao_original)},
                     actor=label)
        return CreateResult(op)
    record_event(op, "created", f"Operação {op.code} criada ({op.environment}).",
                 {"environment": op.environment, "external_id": op.external_id}, actor=label)
    result = CreateResult(op)
    if body.auto_validate or body.auto_emit:
        result.validation = run_validation(op, company, actor=actor)
    if body.auto_emit:
        try:
            result.emission = _request_emission(company, op, actor=actor, validation=result.validation)
        except Refused as refused:
            result.emission = EmissionRequest(op, error=refused.error)
        except AppError as exc:
            result.emission = EmissionRequest(op, error=exc)
    db.session.flush()
    return result


def _duplicate_ciot(codigo: str, existing_id) -> Conflict:
    return Conflict(f"Já existe uma operação com o codigo_ciot {codigo} nesta empresa.", code="codigo_ciot_exists",
                    details=[FieldError("codigo_ciot", "duplicate", "CIOT já importado ou emitido nesta empresa.")],
                    extra={"existing_id": str(existing_id) if existing_id else None})


def _date(value) -> str | None:
    return value.isoformat() if value else None


# --- reading -----------------------------------------------------------------------------------------------------

def get_operation(company: Company, operation_id, *, for_update: bool = False) -> CiotOperation:
    """The company's operation, or 404 not_found (another company's id looks missing)."""
    return get_owned(CiotOperation, operation_id, for_update=for_update)


def list_operations(company: Company, *, status=None, tipo_operacao=None, date_from=None, date_to=None,
                    limit: int = 50, cursor: str | None = None):
    """Newest first; `status` a list of statuses; dates bound `created_at` (UTC days, inclusive)."""
    stmt = sa.select(CiotOperation)
    if status:
        stmt = stmt.where(CiotOperation.status.in_(list(status)))
    if tipo_operacao:
        stmt = stmt.where(CiotOperation.tipo_operacao == tipo_operacao)
    if date_from:
        stmt = stmt.where(CiotOperation.created_at >= datetime.combine(date_from, datetime.min.time()))
    if date_to:
        stmt = stmt.where(CiotOperation.created_at < datetime.combine(date_to + timedelta(days=1),
                                                                      datetime.min.time()))
    return paginate(stmt, model=CiotOperation, limit=limit, cursor=cursor)


def recent_events(op: CiotOperation, limit: int = EVENTS_IN_RECORD) -> list[CiotEvent]:
    return list(db.session.execute(
        sa.select(CiotEvent).where(CiotEvent.operation_id == op.id)
        .order_by(CiotEvent.created_at.desc(), CiotEvent.id.desc()).limit(limit)).scalars())


# --- PATCH -------------------------------------------------------------------------------------------------------

def update_operation(company: Company, operation_id, body, sent, *, actor):
    """PATCH: only before emission (rascunho, validado, com_divergencia, pronto_emissao, rejeitado; not while
    emitindo) else 422 invalid_status. `sent` = the top-level keys the client sent; child lists sent replace the
    stored ones. An operation that had been validated (validado, com_divergencia, pronto_emissao) is validated again
    and its status follows the result (the /validate row of the state table); a rascunho stays rascunho and a
    rejeitado stays rejeitado (/emit validates anyway). Returns (op, validation result or None)."""
    op = get_operation(company, operation_id, for_update=True)
    if op.status not in states.EDITABLE:
        raise InvalidStatus(f"A operação está em '{op.status}': alterações só são aceitas antes da emissão "
                            "(rascunho, validado, com_divergencia, pronto_emissao ou rejeitado).",
                            extra={"status": op.status})
    fields = [name for name in PATCHABLE if name in sent]
    for name in fields:
        if name in REQUIRED_ON_PATCH and getattr(body, name) is None:
            raise InvalidBody.for_field(name, "Campo obrigatório; não pode ser removido.", code="required")
    if op.contingencia and "justificativa_contingencia" in fields and not (body.justificativa_contingencia or ""):
        raise InvalidBody.for_field("justificativa_contingencia", "Obrigatória quando contingencia=true.",
                                    code="required")
    changed = []
    for name in fields:
        value = getattr(body, name)
        if name in CHILDREN:
            _store_children(op, name, value or [])
            changed.append(name)
            continue
        before = getattr(op, name)
        _store_scalar(op, name, value)
        if getattr(op, name) != before:
            changed.append(name)
    if not changed:
        return op, None
    op.updated_at = utcnow()
    record_event(op, "updated", f"Operação alterada: {', '.join(changed)}.", {"fields": changed},
                 actor=actor_label(actor))
    db.session.flush()
    result = None
    if op.status in states.VALIDATION_RESULTS:
        result = run_validation(op, company, actor=actor)
    db.session.flush()
    return op, result


# --- POST /validate ----------------------------------------------------------------------------------------------

def validate_operation_service(company: Company, operation_id, *, actor):
    """Rerun the validations; status per result. Only rascunho, validado, com_divergencia, pronto_emissao."""
    op = get_operation(company, operation_id, for_update=True)
    if op.status not in states.VALIDATABLE:
        raise InvalidStatus(f"A operação está em '{op.status}': a validação só pode ser refeita em rascunho, "
                            "validado, com_divergencia ou pronto_emissao.", extra={"status": op.status})
    result = run_validation(op, company, actor=actor)
    db.session.flush()
    return op, result


# --- emission ------------------------------------------------------------------------------------------------------

@dataclass
class EmissionRequest:
    op: CiotOperation
    attempt_id: uuid.UUID | None = None
    validation: object | None = None
    error: AppError | None = None  # the request was refused (no attempt in flight)
    joined: bool = False  # an attempt was already in flight: nothing new was claimed


def resolve_issuer(op: CiotOperation, company: Company, ctx=None) -> Company | None:
    """Who declares the operation: the contracted ETC (other than the caller, registered on the platform with
    credentials for the environment) or the caller (own fleet, TAC, ETC treated as TAC, CTC). None when the
    operation must be issued by an ETC that cannot (the rules EMISSOR_ETC_* say why)."""
    ctx = ctx or rule_context(op, company)
    if not ctx.issued_by_contratado:
        return company
    etc = platform_company(op.contratado_cpf_cnpj)
    if etc is None or not etc.has_ciot_credentials(op.environment) or not etc.state_registration:
        return None
    return etc


def _environment_label(environment: str) -> str:
    return "produção" if environment == "producao" else "homologação"


def provider_and_credentials(op: CiotOperation, issuer: Company):
    """The provider for the operation's environment and the issuer's credentials, or 422: producao without the
    issuer's production credentials → `missing_credentials` naming the company; no provider → `not_supported`."""
    credentials = get_ciot_credentials(issuer, op.environment)
    if op.environment == "producao" and not credentials:
        raise Unprocessable(f"Credenciais de produção do CIOT não cadastradas para a empresa {issuer.legal_name} "
                            f"(CNPJ {format_cnpj(issuer.cnpj)}). Cadastre-as antes de emitir em produção.",
                            code="missing_credentials", extra={"company_id": str(issuer.id)})
    provider = get_provider(op.environment)
    if provider is None:
        raise Unprocessable(f"Não há provedor CIOT de {_environment_label(op.environment)} configurado nesta "
                            f"instalação (CIOT_PROVIDER_{op.environment.upper()}): a operação não pode ser "
                            "enviada à ANTT.", code="not_supported")
    return provider, credentials


def request_emission(company: Company, operation_id, *, actor) -> EmissionRequest:
    """POST /emit: validate and claim an emission attempt; the job is enqueued after commit. Raises 422
    invalid_status (emitido, encerrado, cancelado, imported CIOT), missing_credentials, not_supported; raises
    `Refused(validation_blocked)` when validation blocks (status unchanged, snapshot and events kept). While an
    attempt is in flight, joins it (a stale one is enqueued again) instead of claiming another."""
    op = get_operation(company, operation_id, for_update=True)
    return _request_emission(company, op, actor=actor)


def _request_emission(company: Company, op: CiotOperation, *, actor, validation=None) -> EmissionRequest:
    if op.status == states.EMITINDO:
        return _join_in_flight(op, actor=actor)
    if op.codigo_ciot is not None:
        reason = ("a operação foi importada com um CIOT emitido em contingência" if op.mode == "imported"
                  else f"a operação já tem o CIOT {op.codigo_ciot}")
        raise InvalidStatus(f"Emissão não permitida: {reason}.", extra={"status": op.status})
    if op.status not in states.EMITTABLE:
        raise InvalidStatus(f"A operação está em '{op.status}' e não pode ser emitida.", extra={"status": op.status})
    ctx = rule_context(op, company)
    issuer = resolve_issuer(op, company, ctx)
    if issuer is not None:
        provider_and_credentials(op, issuer)  # 422 before anything changes
    if validation is None:
        before = op.status
        validation = run_validation(op, company, actor=actor, set_status=False)  # "validation blocks: unchanged"
        assert op.status == before
    if validation.blockers:
        record_event(op, "emission_blocked", "Emissão não enviada: a validação tem bloqueios.",
                     {"codes": validation.codes}, actor=actor_label(actor))
        raise Refused(_blocked_error(op, validation))
    if issuer is None:  # the rules should have blocked it; never emit in the wrong name
        raise Unprocessable("A ETC contratada não pode emitir este CIOT (cadastro ou credenciais ausentes).",
                            code="validation_blocked")
    attempt = _claim(op, issuer, actor=actor)
    if attempt is None:
        return _join_in_flight(op, actor=actor)
    return EmissionRequest(op, attempt_id=attempt.id, validation=validation)


def _claim(op: CiotOperation, issuer: Company, *, actor) -> EmissionAttempt | None:
    """Atomic claim: `UPDATE ciot_operations SET status='emitindo' WHERE id=:id AND status IN (...) AND codigo_ciot IS
    NULL`; only the request whose UPDATE changed the row creates the attempt (and the partial unique index allows a
    single `claimed` attempt per operation anyway). None when another request claimed first."""
    before = op.status
    db.session.flush()
    claimed = db.session.execute(
        sa.update(CiotOperation)
        .where(CiotOperation.id == op.id, CiotOperation.company_id == op.company_id,
               CiotOperation.status.in_(states.sources_of(states.EMITINDO)), CiotOperation.codigo_ciot.is_(None))
        .values(status=states.EMITINDO, updated_at=utcnow())
        .execution_options(synchronize_session=False)).rowcount
    if claimed != 1:
        db.session.refresh(op)
        if op.status == states.EMITINDO:
            return None
        raise InvalidStatus(f"A operação está em '{op.status}' e não pode ser emitida.", extra={"status": op.status})
    set_committed_value(op, "status", states.EMITINDO)
    number = (db.session.execute(sa.select(sa.func.max(EmissionAttempt.attempt_number))
                                 .where(EmissionAttempt.operation_id == op.id)).scalar() or 0) + 1
    attempt_id = uuid.uuid4()
    attempt = EmissionAttempt(id=attempt_id, company_id=op.company_id, operation_id=op.id, attempt_number=number,
                              state="claimed", status_before=before, environment=op.environment,
                              issuer_company_id=issuer.id, job_id=f"ciot-emit-{attempt_id}", enqueued_count=1,
                              actor=actor_label(actor), started_at=utcnow(), enqueued_at=utcnow())
    db.session.add(attempt)
    db.session.flush()
    record_event(op, "emission_requested", f"Emissão solicitada (tentativa {number}).",
                 {"attempt_id": str(attempt.id), "attempt_number": number, "from": before, "to": states.EMITINDO,
                  "issuer_company_id": str(issuer.id)}, actor=actor_label(actor))
    _enqueue(op, attempt)
    return attempt


def _enqueue(op: CiotOperation, attempt: EmissionAttempt) -> None:
    enqueue_after_commit(EMIT_JOB, str(op.id), str(attempt.id), queue="emission", job_id=attempt.job_id,
                         retries=EMIT_RETRIES)


def stale_after() -> timedelta:
    return timedelta(seconds=float(current_app.config.get("CIOT_EMIT_STALE_SECONDS", 600)))


def in_flight_attempt(op: CiotOperation) -> EmissionAttempt | None:
    return db.session.execute(sa.select(EmissionAttempt).where(
        EmissionAttempt.operation_id == op.id, EmissionAttempt.state == "claimed")).scalar_one_or_none()


def _join_in_flight(op: CiotOperation, *, actor) -> EmissionRequest:
    attempt = in_flight_attempt(op)
    if attempt is None:  # pragma: no cover - the claim and the attempt commit together
        raise InvalidStatus("Emissão em andamento sem tentativa registrada; tente novamente em instantes.",
                            extra={"status": op.status})
    if utcnow() - attempt.enqueued_at > stale_after():
        requeue_attempt(op, attempt, actor=actor)
    return EmissionRequest(op, attempt_id=attempt.id, joined=True)


def requeue_attempt(op: CiotOperation, attempt: EmissionAttempt, *, actor) -> None:
    """Recovery of a stale attempt (worker killed mid-emission): the same attempt's job runs again; it asks the
    provider with the same idempotency key (the operation id), so an emission that did happen is found, not
    repeated."""
    attempt.enqueued_count += 1
    attempt.enqueued_at = utcnow()
    attempt.job_id = f"ciot-emit-{attempt.id}-{attempt.enqueued_count}"
    record_event(op, "emission_requeued", f"Emissão sem resposta; tentativa {attempt.attempt_number} reenviada ao "
                 "processamento.", {"attempt_id": str(attempt.id), "job_id": attempt.job_id},
                 actor=actor_label(actor))
    _enqueue(op, attempt)


def recover_stale_attempts(*, actor="cli") -> int:
    """Platform-wide: enqueue again every in-flight attempt older than the stale limit (CLI)."""
    from core.tenancy import tenant_scope
    limit = utcnow() - stale_after()
    rows = db.session.execute(cross_tenant(sa.select(EmissionAttempt.id, EmissionAttempt.company_id).where(
        EmissionAttempt.state == "claimed", EmissionAttempt.enqueued_at < limit))).all()
    for attempt_id, company_id in rows:
        with tenant_scope(company_id):
            attempt = db.session.get(EmissionAttempt, attempt_id)
            op = db.session.get(CiotOperation, attempt.operation_id)
            requeue_attempt(op, attempt, actor=actor)
            db.session.flush()
    return len(rows)


def run_emission_attempt(attempt_id, *, final_try: bool = True, actor: str = "worker") -> str:
    """The emission job's work (inside the attempt's tenant scope). Idempotent: an attempt that is no longer
    `claimed` is left alone; an operation that already has a codigo_ciot is never sent again (the attempt is
    reconciled). Provider failures are raised for a retry unless `final_try`, when the attempt fails and the
    operation returns to the state it had before the claim. Returns the attempt's final state."""
    attempt_id = attempt_id if isinstance(attempt_id, uuid.UUID) else uuid.UUID(str(attempt_id))
    operation_id = db.session.execute(sa.select(EmissionAttempt.operation_id)
                                      .where(EmissionAttempt.id == attempt_id)).scalar_one_or_none()
    if operation_id is None:
        return "missing"
    op, attempt = _lock_attempt(operation_id, attempt_id)
    if attempt.state != "claimed":
        return attempt.state
    if op.codigo_ciot is not None:
        _finish(attempt, "succeeded", {"reconciled": True, "codigo_ciot": op.codigo_ciot})
        if op.status == states.EMITINDO:
            transition(op, states.EMITIDO, event=("emission_succeeded", f"CIOT {op.codigo_ciot} confirmado.",
                                                  {"attempt_id": str(attempt.id)}), actor=actor)
        return "succeeded"
    if op.status != states.EMITINDO:
        _finish(attempt, "failed", {"error": f"operação em '{op.status}', não em emissão"})
        return "failed"
    issuer = db.session.get(Company, attempt.issuer_company_id)
    try:
        provider, credentials = provider_and_credentials(op, issuer)
        result = provider.emit(op, Issuer.from_company(issuer), credentials, idempotency_key=str(op.id))
        if not result.ok and not result.rejected:
            raise ProviderUnavailable(result.mensagem or "resposta sem sucesso nem rejeição")
    except Exception as exc:  # provider unreachable, timeout, unexpected answer
        if not final_try:
            raise
        error = getattr(exc, "message", None) or str(exc) or type(exc).__name__
        db.session.rollback()
        op, attempt = _lock_attempt(operation_id, attempt_id)
        if attempt.state != "claimed":
            return attempt.state
        _fail_attempt(op, attempt, error, actor=actor)
        return "failed"
    if result.ok:
        op.codigo_ciot = result.codigo_ciot
        op.codigo_verificador = result.codigo_verificador
        op.protocolo = result.protocolo
        op.mensagem_antt = None
        op.emitted_at = utcnow()
        op.emitter_company_id = issuer.id
        _finish(attempt, "succeeded", result.as_dict())
        transition(op, states.EMITIDO, actor=actor, event=(
            "emission_succeeded", f"CIOT {result.codigo_ciot} emitido ({_environment_label(op.environment)}).",
            {"attempt_id": str(attempt.id), "codigo_ciot": result.codigo_ciot, "protocolo": result.protocolo,
             "issuer_company_id": str(issuer.id), "replayed": result.replayed}))
        return "succeeded"
    op.mensagem_antt = result.mensagem
    _finish(attempt, "rejected", result.as_dict())
    transition(op, states.REJEITADO, actor=actor, event=(
        "emission_rejected", f"Emissão rejeitada pela ANTT: {result.mensagem}",
        {"attempt_id": str(attempt.id), "mensagem_antt": result.mensagem}))
    return "rejected"


def _lock_attempt(operation_id, attempt_id):
    # Lock order: operation, then attempt (as the request does). Concurrent runs of the same attempt queue here.
    op = db.session.execute(sa.select(CiotOperation).where(CiotOperation.id == operation_id).with_for_update()
                            .execution_options(populate_existing=True)).scalar_one()
    attempt = db.session.execute(sa.select(EmissionAttempt).where(EmissionAttempt.id == attempt_id)
                                 .with_for_update().execution_options(populate_existing=True)).scalar_one()
    return op, attempt


def _finish(attempt: EmissionAttempt, state: str, response: dict) -> None:
    attempt.state = state
    attempt.finished_at = utcnow()
    attempt.response = response


def _fail_attempt(op: CiotOperation, attempt: EmissionAttempt, error: str, *, actor) -> None:
    _finish(attempt, "failed", {"error": error})
    transition(op, attempt.status_before, actor=actor, event=(
        "emission_failed", f"Falha técnica na emissão; nada foi emitido. {error}"[:1000],
        {"attempt_id": str(attempt.id), "error": error}))


def wait_for_attempt(attempt_id, timeout: float) -> str | None:
    """Poll the attempt's state through short connections of their own (never the caller's transaction) until it
    is no longer `claimed` or `timeout` seconds pass. Returns the last state seen."""
    table = EmissionAttempt.__table__
    deadline = time.monotonic() + max(float(timeout), 0.0)
    while True:
        with db.engine.connect() as conn:
            state = conn.execute(sa.select(table.c.state).where(table.c.id == attempt_id)).scalar()
        remaining = deadline - time.monotonic()
        if state != "claimed" or remaining <= 0:
            return state
        time.sleep(min(0.1, remaining))


@dataclass
class EmissionOutcome:
    op: CiotOperation
    state: str  # succeeded | rejected | failed | claimed (still running) | refused
    error: AppError | None = None

    @property
    def ok(self) -> bool:
        return self.state == "succeeded"

    @property
    def reason(self) -> str | None:
        if self.error is not None:
            return self.error.code
        return {"succeeded": None, "rejected": "rejected", "failed": "provider_unavailable",
                "claimed": "in_progress"}.get(self.state)

    @property
    def mensagem(self) -> str:
        op = self.op
        if self.error is not None:
            return self.error.message
        if self.state == "succeeded":
            return f"CIOT {op.codigo_ciot} emitido ({_environment_label(op.environment)})."
        if self.state == "rejected":
            return f"Emissão rejeitada pela ANTT: {op.mensagem_antt}"
        if self.state == "failed":
            return "Falha técnica ao falar com o provedor CIOT; nada foi emitido. Tente novamente."
        return f"Emissão em andamento; consulte a operação {op.code} em instantes."

    def as_creation_dict(self) -> dict:
        return {"ok": self.ok, "codigo_ciot": self.op.codigo_ciot, "protocolo": self.op.protocolo,
                "mensagem": self.mensagem, "reason": self.reason}

    def as_error(self) -> AppError | None:
        """The 422/503 an /emit call answers, or None for 200 (succeeded) and 202 (still running)."""
        if self.error is not None:
            return self.error
        if self.state == "rejected":
            return AppError(self.mensagem, code="rejected", status=422,
                            extra={"status": self.op.status, "mensagem_antt": self.op.mensagem_antt})
        if self.state == "failed":
            return AppError(self.mensagem, code="provider_unavailable", status=503, extra={"status": self.op.status})
        return None


def settle_emission(company: Company, request: EmissionRequest, *, timeout: float) -> EmissionOutcome:
    """After the claim was committed (and, inline, the job ran): wait for the attempt and reload the operation."""
    if request.error is not None:
        return EmissionOutcome(request.op, "refused", request.error)
    state = wait_for_attempt(request.attempt_id, timeout)
    db.session.expire_all()
    op = get_operation(company, request.op.id)
    return EmissionOutcome(op, state or "failed")


# --- after emission: rectify, cancel, close -----------------------------------------------------------------------

def issuer_of(op: CiotOperation, company: Company) -> Company:
    """The company that declared (or will declare) the operation: the recorded emitter, else the caller."""
    if op.emitter_company_id and op.emitter_company_id != company.id:
        return db.session.get(Company, op.emitter_company_id) or company
    return company




def _provider_refusal(op: CiotOperation, kind: str, what: str, mensagem: str, *, actor) -> Refused:
    op.mensagem_antt = mensagem
    record_event(op, f"{kind}_rejected", f"{what} rejeitado(a) pela ANTT: {mensagem}", {"mensagem_antt": mensagem},
                 actor=actor_label(actor))
    return Refused(AppError(f"{what} rejeitado(a) pela ANTT: {mensagem}", code="rejected", status=422,
                            extra={"status": op.status, "mensagem_antt": mensagem}))


def rectify_operation(company: Company, operation_id, body, sent, *, actor) -> tuple[CiotOperation, str]:
    """POST /retificar: legacy-flow companies only (else 422 not_supported), emitido only (422 invalid_status),
    never lotação (422 not_supported: the authority's manual forbids it). Changes valor_frete, peso_carga,
    data_declaracao, viagem_inicio, viagem_fim, payments (replace), documents (replace); the rectified operation is
    validated first (blockers → 422 validation_blocked, nothing changes); codigo_ciot is kept."""
    op = get_operation(company, operation_id, for_update=True)
    if company.ciot_flow != "legacy":
        raise Unprocessable("Retificação disponível apenas para empresas no fluxo legado de integração CIOT "
                            "(ciot_flow=legacy).", code="not_supported")
    if op.status != states.EMITIDO:
        raise InvalidStatus(f"Só é possível retificar uma operação emitida (status atual: {op.status}).",
                            extra={"status": op.status})
    if op.tipo_operacao == "lotacao":
        raise Unprocessable("Operações de lotação não podem ser retificadas (manual DCS PEF da ANTT): cancele o "
                            "CIOT, se ainda estiver no prazo de 24 horas do início da viagem, e emita outro.",
                            code="not_supported")
    changes = {name: getattr(body, name) for name in RECTIFIABLE if name in sent}
    for name in ("payments", "documents"):
        if name in changes and changes[name] is None:
            changes[name] = []
    if not changes:
        raise InvalidBody("Informe ao menos um campo a retificar: " + ", ".join(RECTIFIABLE) + ".",
                          details=[FieldError("body", "required", "Nenhum campo retificável enviado.")])
    for name in ("viagem_inicio", "viagem_fim"):
        if name in changes:
            changes[name] = local_moment(changes[name], name)
    rectified = to_body(op, **changes)
    _, result = _check(op, company, rectified)
    if result.blockers:
        raise _blocked_error(op, result)
    issuer = issuer_of(op, company)
    provider, credentials = provider_and_credentials(op, issuer)
    answer = provider.rectify(op, Issuer.from_company(issuer), credentials, changes=changes)
    if not answer.ok:
        raise _provider_refusal(op, "rectify", "Retificação", answer.mensagem, actor=actor)
    diff = {}
    for name, value in changes.items():
        if name in CHILDREN:
            diff[name] = {"from": len(getattr(op, name)), "to": len(value)}
            _store_children(op, name, value)
        else:
            before = getattr(op, name)
            _store_scalar(op, name, value)
            diff[name] = {"from": _jsonable(before), "to": _jsonable(getattr(op, name))}
    op.retificacoes = (op.retificacoes or 0) + 1
    op.retificado_at = utcnow()
    op.mensagem_antt = None
    _snapshot(op, result)
    transition(op, states.EMITIDO, actor=actor_label(actor), event=(
        "rectified", f"Operação retificada ({', '.join(changes)}); CIOT {op.codigo_ciot} mantido.",
        {"changes": diff, "observacoes": body.observacoes, "protocolo": answer.protocolo,
         "retificacao": op.retificacoes}))
    db.session.flush()
    return op, f"Retificação registrada na ANTT; CIOT {op.codigo_ciot} mantido."


def _jsonable(value):
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def cancel_operation(company: Company, operation_id, *, motivo: str, actor) -> tuple[CiotOperation, str]:
    """POST /cancel (emitido → cancelado): sent to the authority with the reason; the simulator refuses after 24 h
    from the trip start (422 rejected with its message)."""
    op = get_operation(company, operation_id, for_update=True)
    if op.status != states.EMITIDO:
        raise InvalidStatus(f"Só é possível cancelar uma operação emitida (status atual: {op.status}). Uma operação "
                            "ainda não emitida é cancelada com DELETE.", extra={"status": op.status})
    issuer = issuer_of(op, company)
    provider, credentials = provider_and_credentials(op, issuer)
    answer = provider.cancel(op, Issuer.from_company(issuer), credentials, motivo=motivo)
    if not answer.ok:
        raise _provider_refusal(op, "cancel", "Cancelamento", answer.mensagem, actor=actor)
    op.cancelado_at = utcnow()
    op.cancel_motivo = motivo
    op.cancel_protocolo = answer.protocolo
    transition(op, states.CANCELADO, actor=actor_label(actor), event=(
        "cancelled", f"CIOT {op.codigo_ciot} cancelado na ANTT. Motivo: {motivo}",
        {"motivo": motivo, "protocolo": answer.protocolo}))
    db.session.flush()
    return op, f"CIOT {op.codigo_ciot} cancelado."


def delete_operation(company: Company, operation_id, *, actor) -> CiotOperation:
    """DELETE: an operation not yet emitted (rascunho, validado, com_divergencia, pronto_emissao) → cancelado;
    nothing is sent to the authority. Else 422 invalid_status."""
    op = get_operation(company, operation_id, for_update=True)
    if op.status not in states.DELETABLE:
        raise InvalidStatus(f"A operação está em '{op.status}': só operações ainda não emitidas (rascunho, validado, "
                            "com_divergencia, pronto_emissao) podem ser excluídas; uma operação emitida é cancelada "
                            "com POST /cancel.", extra={"status": op.status})
    op.cancelado_at = utcnow()
    op.cancel_motivo = "Cancelada antes da emissão (DELETE)."
    transition(op, states.CANCELADO, actor=actor_label(actor), event=(
        "deleted", "Operação cancelada antes da emissão; nada foi enviado à ANTT.", {}))
    db.session.flush()
    return op


def close_operation(company: Company, operation_id, body, *, actor) -> tuple[CiotOperation, str]:
    """POST /encerrar (emitido → encerrado): peso_carga_final required; distancia defaults to the operation's
    distancia_km, quantidade_viagens to 1, data_encerramento to today (Brasília)."""
    op = get_operation(company, operation_id, for_update=True)
    if op.status != states.EMITIDO:
        raise InvalidStatus(f"Só é possível encerrar uma operação emitida (status atual: {op.status}).",
                            extra={"status": op.status})
    closing = {
        "peso_carga_final": body.peso_carga_final,
        "distancia": body.distancia if body.distancia is not None else op.distancia_km,
        "quantidade_viagens": body.quantidade_viagens,
        "data_encerramento": body.data_encerramento or today_local(),
        "observacoes": body.observacoes,
    }
    issuer = issuer_of(op, company)
    provider, credentials = provider_and_credentials(op, issuer)
    answer = provider.close(op, Issuer.from_company(issuer), credentials, closing=closing)
    if not answer.ok:
        raise _provider_refusal(op, "close", "Encerramento", answer.mensagem, actor=actor)
    op.encerrado_at = utcnow()
    op.peso_carga_final = closing["peso_carga_final"]
    op.distancia_percorrida_km = closing["distancia"]
    op.quantidade_viagens = closing["quantidade_viagens"]
    op.data_encerramento = closing["data_encerramento"]
    op.encerramento_observacoes = closing["observacoes"]
    op.encerramento_protocolo = answer.protocolo
    transition(op, states.ENCERRADO, actor=actor_label(actor), event=(
        "closed", f"CIOT {op.codigo_ciot} encerrado na ANTT.",
        {key: _jsonable(value) for key, value in closing.items()} | {"protocolo": answer.protocolo}))
    db.session.flush()
    return op, f"CIOT {op.codigo_ciot} encerrado."


# --- serialisation (API record; the PDF and the pages read the same fields) -------------------------------------

def _num(value):
    return float(value) if value is not None else None


def trip_moment_out(value: datetime | None) -> str | None:
    """Trip moments are Brasília wall-clock times: rendered with their offset."""
    return value.replace(tzinfo=BRT).isoformat() if value is not None else None


def operation_summary(op: CiotOperation) -> dict:
    return {
        "id": str(op.id), "code": op.code, "status": op.status, "mode": op.mode, "environment": op.environment,
        "tipo_operacao": op.tipo_operacao, "external_id": op.external_id,
        "contratado_cpf_cnpj": op.contratado_cpf_cnpj, "contratado_nome": op.contratado_nome,
        "contratado_rntrc": op.contratado_rntrc, "valor_frete": _num(op.valor_frete),
        "codigo_ciot": op.codigo_ciot, "protocolo": op.protocolo, "contingencia": op.contingencia,
        "emitted_at": iso(op.emitted_at), "created_at": iso(op.created_at), "updated_at": iso(op.updated_at),
    }


def _child_out(row, schema) -> dict:
    out = {}
    for name in schema.model_fields:
        value = getattr(row, name)
        if isinstance(value, date):
            value = value.isoformat()
        elif value is not None and not isinstance(value, (str, int, bool)):
            value = float(value)
        out[name] = value
    return out


def event_out(event: CiotEvent) -> dict:
    return {"id": str(event.id), "type": event.type, "message": event.message, "data": event.data or {},
            "actor": event.actor, "created_at": iso(event.created_at)}


def operation_modality(op: CiotOperation) -> dict:
    from domain.ciot.modality import derive_modality
    partner = contracted_partner(op.contratado_cpf_cnpj)
    modality = derive_modality(op, getattr(partner, "rntrc_categoria", None))
    return {"contratado_tipo": modality.contratado_tipo, "tac_or_equated": modality.tac_or_equated,
            "equiparado": modality.equiparado, "source": modality.source}


def operation_record(op: CiotOperation) -> dict:
    """The full record (GET /{id}, PATCH, DELETE): every body field, children, authority data, last 50 events."""
    from domain.ciot.modality import effective_bank_data
    record = operation_summary(op)
    for name in SCALAR_FIELDS:
        value = getattr(op, name)
        if name in ("viagem_inicio", "viagem_fim"):
            value = trip_moment_out(value)
        elif isinstance(value, date):
            value = value.isoformat()
        elif isinstance(value, uuid.UUID):
            value = str(value)
        elif value is not None and not isinstance(value, (str, int, bool)):
            value = float(value)
        record[name] = value
    record.update({
        "company_id": str(op.company_id),
        "origem": op.origem, "destino": op.destino,
        "codigo_verificador": op.codigo_verificador, "mensagem_antt": op.mensagem_antt,
        "emitter_company_id": str(op.emitter_company_id) if op.emitter_company_id else None,
        "modality": operation_modality(op),
        "bank_data": effective_bank_data(op),
        "validation": None if op.validation_summary is None else {
            "items": op.validation_items or [], "summary": op.validation_summary,
            "validated_at": iso(op.validated_at)},
        "retificacoes": op.retificacoes, "retificado_at": iso(op.retificado_at),
        "cancelamento": None if op.cancelado_at is None else {
            "cancelado_at": iso(op.cancelado_at), "motivo": op.cancel_motivo, "protocolo": op.cancel_protocolo},
        "encerramento": None if op.encerrado_at is None else {
            "encerrado_at": iso(op.encerrado_at), "peso_carga_final": _num(op.peso_carga_final),
            "distancia": _num(op.distancia_percorrida_km), "quantidade_viagens": op.quantidade_viagens,
            "data_encerramento": _date(op.data_encerramento), "observacoes": op.encerramento_observacoes,
            "protocolo": op.encerramento_protocolo},
    })
    for name, (_, schema) in CHILDREN.items():
        record[name] = [_child_out(row, schema) for row in getattr(op, name)]
    record["events"] = [event_out(e) for e in recent_events(op)]
    return record
