"""The contract's audit trail (CiotAgregadoEvent): every change writes one line saying who, what and why."""
from core.actors import actor_label
from core.db import db, utcnow
from domain.ciot_agregado.models import CiotAgregado, CiotAgregadoEvent


def record_event(contract: CiotAgregado, kind: str, message: str, data: dict | None = None, *, actor=None):
    event = CiotAgregadoEvent(company_id=contract.company_id, agregado_id=contract.id, type=kind,
                              message=message[:1000], data=data or {}, actor=actor_label(actor), created_at=utcnow())
    db.session.add(event)
    return event
