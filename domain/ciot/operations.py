"""The operation's life before the authority: creation (or import of a CIOT issued elsewhere in contingency),
PATCH, POST /validate and DELETE. Statuses move only through domain.ciot.states.transition."""
import uuid
from dataclasses import dataclass

import sqlalchemy as sa

from core.clock import brasilia_today
from core.counters import CIOT, next_counter_value
from core.db import db, flush_unique, utcnow
from core.errors import AppError, Conflict, FieldError, InvalidBody, InvalidStatus
from core.tenancy import get_referenced
from domain.ciot import states
from domain.ciot.derivations import derive_for_company, read_path, top_field, write_path
from domain.ciot.emission import EmissionOutcome, EmissionRequest, request_emission_of, settle_emission
from domain.ciot.field_names import field_names
from domain.ciot.mapping import (
    CHILDREN,
    LOCATION_FIELDS,
    SCALAR_FIELDS,
    date_text,
    store_children,
    store_scalar,
    to_body,
)
from domain.ciot.models import CiotOperation
from domain.ciot.presentation import ENVIRONMENT_LABELS
from domain.ciot.queries import get_operation
from domain.ciot.schemas import OperationCreate
from domain.ciot.states import actor_label, record_event, transition
from domain.ciot.validation import run_validation
from domain.freights.models import Freight
from domain.tenancy.models import Company

# PATCH: these cannot be cleared (the creation body requires them).
REQUIRED_ON_PATCH = ("tipo_operacao", "contratado_cpf_cnpj", "contratado_rntrc", "contratantes", "vehicles")
PATCHABLE = tuple(f for f in SCALAR_FIELDS if f != "contingencia") + LOCATION_FIELDS + tuple(CHILDREN)
IMPORT_JUSTIFICATION = "CIOT emitido fora da plataforma, em contingência, e importado."


def next_code(company_id) -> str:
    """`CIOT-000001`, gapless per company (core.counters)."""
    return f"CIOT-{next_counter_value(CIOT, company_id):06d}"


@dataclass
class CreateResult:
    op: CiotOperation
    validation: object | None = None  # ValidationResult when validation ran
    emission: "EmissionRequest | None" = None
    outcome: "EmissionOutcome | None" = None  # auto_emit: the emission's outcome as known after the short wait

    @property
    def imported(self) -> bool:
        return self.op.mode == "imported"


def create_operation(company: Company, body: OperationCreate, *, actor, interim=None) -> CreateResult:
    """POST /ciot/operations. With `codigo_ciot`: import of a CIOT issued elsewhere in contingency (mode imported,
    rascunho, contingencia=true, nothing sent, auto flags ignored; duplicate in the company → 409). Otherwise the
    operation is validated when auto_validate (or auto_emit) and emission is requested when auto_emit (the
    creation and the claim are then committed here, and the outcome waited for briefly: `outcome`); emission
    problems never fail the creation: they are reported in the result's `emission` and `outcome`."""
    label = actor_label(actor)
    check_freight_reference(body.freight_id)
    imported = body.codigo_ciot is not None
    if imported:
        existing = db.session.execute(sa.select(CiotOperation.id).where(
            CiotOperation.codigo_ciot == body.codigo_ciot)).scalar_one_or_none()
        if existing is not None:
            raise _duplicate_ciot(body.codigo_ciot, existing)
    derivation = None if imported else derive_for_company(body)
    if derivation is not None:
        body = derivation.body  # the explicit values, and what the platform filled where the body says nothing
    op = CiotOperation(id=uuid.uuid4(), company_id=company.id, code=next_code(company.id),
                       environment=body.environment or company.ciot_environment,
                       mode="imported" if imported else "normal", status=states.RASCUNHO, created_by=label,
                       retificacoes=0, contingencia=False)
    for name in SCALAR_FIELDS + LOCATION_FIELDS:
        store_scalar(op, name, getattr(body, name))
    if op.data_declaracao is None:
        op.data_declaracao = brasilia_today()  # "default today"
    for name in CHILDREN:
        store_children(op, name, getattr(body, name))
    if derivation is not None:
        op.campos_derivados = derivation.derived or None
        op.distancia_origem = derivation.distance_method
    elif body.distancia_km is not None:
        op.distancia_origem = "informada"
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
                                                  "data_emissao_original": date_text(op.data_emissao_original)},
                     actor=label)
        return CreateResult(op)
    record_event(op, "created", f"Operação {op.code} criada em "
                 f"{ENVIRONMENT_LABELS.get(op.environment, op.environment).lower()}.",
                 {"environment": op.environment, "external_id": op.external_id}, actor=label)
    result = CreateResult(op)
    if body.auto_validate or body.auto_emit:
        result.validation = run_validation(op, company, actor=actor)
    if body.auto_emit:
        try:
            result.emission = request_emission_of(company, op, actor=actor, validation=result.validation)
        except AppError as exc:  # reported in the result; the creation (and any refusal's records) is kept
            result.emission = EmissionRequest(op, error=exc)
    db.session.flush()
    if result.emission is not None:
        # the claim committed, the outcome waited for briefly; `interim(result)` declares the answer before that commit
        result.outcome = settle_emission(result.emission, interim=(lambda _: interim(result)) if interim else None)
        result.op = result.outcome.op
    return result


def check_freight_reference(freight_id) -> None:
    """`freight_id` (optional) must be one of the company's freights: another company's or a missing one is 404
    naming the field, never stored verbatim (an operation once pointed at ids nobody could open)."""
    if freight_id is not None:
        get_referenced(Freight, freight_id, "freight_id", "Frete")


def _duplicate_ciot(codigo: str, existing_id) -> Conflict:
    return Conflict(f"Já existe uma operação com o codigo_ciot {codigo} nesta empresa.", code="codigo_ciot_exists",
                    details=[FieldError("codigo_ciot", "duplicate", "CIOT já importado ou emitido nesta empresa.")],
                    extra={"existing_id": str(existing_id) if existing_id else None})


def update_operation(company: Company, operation_id, body, sent, *, actor):
    """PATCH: only before emission (rascunho, validado, com_divergencia, pronto_emissao, rejeitado; not while
    emitindo) else 422 invalid_status. `sent` = the top-level keys the client sent; child lists sent replace the
    stored ones. An operation that had been validated (validado, com_divergencia, pronto_emissao) is validated again
    and its status follows the result (the /validate row of the state table); a rascunho stays rascunho and a
    rejeitado stays rejeitado (/emit validates anyway). Returns (op, validation result or None)."""
    op = get_operation(operation_id, for_update=True)
    if op.status not in states.EDITABLE:
        raise InvalidStatus(f"A operação está em '{op.status}': alterações só são aceitas antes da emissão "
                            "(rascunho, validado, com_divergencia, pronto_emissao ou rejeitado).",
                            extra={"status": op.status})
    fields = [name for name in PATCHABLE if name in sent]
    if "freight_id" in fields:
        check_freight_reference(body.freight_id)
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
            store_children(op, name, value or [])
            changed.append(name)
            continue
        before = getattr(op, name)
        store_scalar(op, name, value)
        if getattr(op, name) != before:
            changed.append(name)
    if not changed:
        return op, None
    if op.mode != "imported":
        rederive(op, set(fields))
    op.updated_at = utcnow()
    record_event(op, "updated", f"Operação alterada: {field_names(changed)}.", {"fields": changed},
                 actor=actor_label(actor))
    db.session.flush()
    result = None
    if op.status in states.VALIDATION_RESULTS:
        result = run_validation(op, company, actor=actor)
    db.session.flush()
    return op, result


def rederive(op: CiotOperation, sent: set) -> None:
    """Fill again what the platform derived (domain/ciot/derivations.py), from the operation's current data: a
    derived value the client did not send now is recomputed (the key, the plates or the route may have changed);
    an explicit value is never touched. Also fills what an operation saved before a derivation existed lacks."""
    stale = [path for path in (op.campos_derivados or []) if top_field(path) not in sent]
    data = to_body(op).model_dump()
    for path in stale:
        write_path(data, path, None)
    derivation = derive_for_company(OperationCreate.model_validate(data))
    for path in stale:
        if path not in derivation.derived:
            write_path(op, path, None)  # no longer derivable (a plate left the registry): back to empty
    for path in derivation.derived:
        write_path(op, path, read_path(derivation.body, path))
    op.campos_derivados = derivation.derived or None
    op.distancia_origem = derivation.distance_method


def validate_operation_service(company: Company, operation_id, *, actor):
    """Rerun the validations; status per result. Only rascunho, validado, com_divergencia, pronto_emissao."""
    op = get_operation(operation_id, for_update=True)
    if op.status not in states.VALIDATABLE:
        raise InvalidStatus(f"A operação está em '{op.status}': a validação só pode ser refeita em rascunho, "
                            "validado, com_divergencia ou pronto_emissao.", extra={"status": op.status})
    if op.mode != "imported":
        rederive(op, set())
    result = run_validation(op, company, actor=actor)
    db.session.flush()
    return op, result


def delete_operation(operation_id, *, actor) -> CiotOperation:
    """DELETE: an operation not yet emitted (rascunho, validado, com_divergencia, pronto_emissao) → cancelado;
    nothing is sent to the authority. Else 422 invalid_status."""
    op = get_operation(operation_id, for_update=True)
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
