"""Reading CIOT operations: one operation (404 for another company's id), the list, the timeline, the attempt in
flight and the modality as derived now."""
from datetime import datetime, timedelta

import sqlalchemy as sa

from core.db import db
from core.pagination import paginate
from core.tenancy import get_owned
from domain.ciot.models import CiotEvent, CiotOperation, EmissionAttempt
from domain.ciot.validation import contracted_partner

EVENTS_IN_RECORD = 50


def get_operation(operation_id, *, for_update: bool = False) -> CiotOperation:
    """The current company's operation (the tenant scope filters it), or 404 not_found: another company's id looks
    missing."""
    return get_owned(CiotOperation, operation_id, for_update=for_update)


def list_operations(*, status=None, tipo_operacao=None, date_from=None, date_to=None, limit: int = 50,
                    cursor: str | None = None, q: str | None = None):
    """Newest first; `status` a list of statuses; dates bound `created_at` (UTC days, inclusive); `q` (the pages'
    text search) matches the code, CIOT number, external id, contracted party's name or CPF/CNPJ digits."""
    stmt = sa.select(CiotOperation)
    if q and q.strip():
        term = f"%{q.strip()[:100]}%"
        found = [CiotOperation.code.ilike(term), CiotOperation.codigo_ciot.ilike(term),
                 CiotOperation.external_id.ilike(term), CiotOperation.contratado_nome.ilike(term)]
        digits = "".join(ch for ch in q if ch.isalnum()).upper()
        if len(digits) >= 3 and any(ch.isdigit() for ch in digits):
            found.append(CiotOperation.contratado_cpf_cnpj.like(f"%{digits}%"))
        stmt = stmt.where(sa.or_(*found))
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


def in_flight_attempt(op: CiotOperation) -> EmissionAttempt | None:
    return db.session.execute(sa.select(EmissionAttempt).where(
        EmissionAttempt.operation_id == op.id, EmissionAttempt.state == "claimed")).scalar_one_or_none()


def operation_modality(op: CiotOperation) -> dict:
    from domain.ciot.modality import derive_modality
    partner = contracted_partner(op.contratado_cpf_cnpj)
    modality = derive_modality(op, getattr(partner, "rntrc_categoria", None))
    return {"contratado_tipo": modality.contratado_tipo, "tac_or_equated": modality.tac_or_equated,
            "equiparado": modality.equiparado, "source": modality.source}
