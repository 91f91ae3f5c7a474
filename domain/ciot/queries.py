"""Reading CIOT operations: one operation (404 for another company's id), the list, the timeline, the attempt in
flight and the modality as derived now."""
import re
from datetime import datetime, timedelta

import sqlalchemy as sa

from core.db import db
from core.pagination import paginate
from core.tenancy import get_owned
from domain.ciot.models import CiotEvent, CiotOperation, EmissionAttempt
from domain.ciot.validation import contracted_partner

EVENTS_IN_RECORD = 50
# What a list row shows (the API's summary, the page's table and its floor badge): plain columns read as rows, none of
# the four child tables an operation loads with itself.
LIST_COLUMNS = (
    CiotOperation.id, CiotOperation.code, CiotOperation.status, CiotOperation.mode, CiotOperation.environment,
    CiotOperation.tipo_operacao, CiotOperation.external_id, CiotOperation.contratado_cpf_cnpj,
    CiotOperation.contratado_nome, CiotOperation.contratado_rntrc, CiotOperation.valor_frete,
    CiotOperation.codigo_ciot, CiotOperation.protocolo, CiotOperation.contingencia, CiotOperation.emitted_at,
    CiotOperation.created_at, CiotOperation.updated_at, CiotOperation.validation_items,
)
# An operation's own code as typed (`CIOT-000123`) and a CIOT number (12 digits): found through the unique
# (company_id, code) and (company_id, codigo_ciot) indexes.
OPERATION_CODE = re.compile(r"CIOT-\d{6,}")
CIOT_NUMBER = re.compile(r"\d{12}")


def get_operation(operation_id, *, for_update: bool = False) -> CiotOperation:
    """The current company's operation (the tenant scope filters it), or 404 not_found: another company's id looks
    missing."""
    return get_owned(CiotOperation, operation_id, for_update=for_update)


def list_operations(*, status=None, tipo_operacao=None, date_from=None, date_to=None, limit: int = 50,
                    cursor: str | None = None, q: str | None = None):
    """Newest first, as rows of LIST_COLUMNS; `status` a list of statuses; dates bound `created_at` (UTC days,
    inclusive); `q` (the pages' text search) see `_matching`."""
    stmt = sa.select(*LIST_COLUMNS)  # the tenant scope adds the company
    if q and q.strip():
        stmt = stmt.where(_matching(q.strip()[:100]))
    if status:
        stmt = stmt.where(CiotOperation.status.in_(list(status)))
    if tipo_operacao:
        stmt = stmt.where(CiotOperation.tipo_operacao == tipo_operacao)
    if date_from:
        stmt = stmt.where(CiotOperation.created_at >= datetime.combine(date_from, datetime.min.time()))
    if date_to:
        stmt = stmt.where(CiotOperation.created_at < datetime.combine(date_to + timedelta(days=1),
                                                                      datetime.min.time()))
    return paginate(stmt, model=CiotOperation, limit=limit, cursor=cursor, rows=True)


def _matching(text: str):
    """The search `q`: a whole operation code (`ciot-000123` too) is that operation; a CIOT number that one or a
    contracted party's CPF/CNPJ containing it; anything else a part of the code, CIOT number, external id or
    contracted party's name, or of the CPF/CNPJ by its digits (ix_ciot_operations_search_trgm on PostgreSQL)."""
    if OPERATION_CODE.fullmatch(text.upper()):
        return CiotOperation.code == text.upper()
    digits = "".join(ch for ch in text if ch.isalnum()).upper()
    if CIOT_NUMBER.fullmatch(text):
        return sa.or_(CiotOperation.codigo_ciot == text, CiotOperation.contratado_cpf_cnpj.like(f"%{digits}%"))
    term = f"%{text}%"
    found = [CiotOperation.code.ilike(term), CiotOperation.codigo_ciot.ilike(term),
             CiotOperation.external_id.ilike(term), CiotOperation.contratado_nome.ilike(term)]
    if len(digits) >= 3 and any(ch.isdigit() for ch in digits):
        found.append(CiotOperation.contratado_cpf_cnpj.like(f"%{digits}%"))
    return sa.or_(*found)


def recent_events(op: CiotOperation, limit: int = EVENTS_IN_RECORD) -> list[CiotEvent]:
    return list(db.session.execute(
        sa.select(CiotEvent).where(CiotEvent.operation_id == op.id)
        .order_by(CiotEvent.created_at.desc(), CiotEvent.id.desc()).limit(limit)).scalars())


def in_flight_attempt(op: CiotOperation) -> EmissionAttempt | None:
    return db.session.execute(sa.select(EmissionAttempt).where(
        EmissionAttempt.operation_id == op.id, EmissionAttempt.state == "claimed")).scalar_one_or_none()


def last_authority_request(op: CiotOperation) -> EmissionAttempt | None:
    """The operation's latest request to the authority (domain/ciot/protocol.py), whatever its state."""
    return db.session.execute(sa.select(EmissionAttempt).where(EmissionAttempt.operation_id == op.id)
                              .order_by(EmissionAttempt.attempt_number.desc()).limit(1)).scalar_one_or_none()


def operation_modality(op: CiotOperation) -> dict:
    from domain.ciot.modality import derive_modality
    partner = contracted_partner(op.contratado_cpf_cnpj)
    modality = derive_modality(op, getattr(partner, "rntrc_categoria", None))
    return {"contratado_tipo": modality.contratado_tipo, "tac_or_equated": modality.tac_or_equated,
            "equiparado": modality.equiparado, "source": modality.source}
