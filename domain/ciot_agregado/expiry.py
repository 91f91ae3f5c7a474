"""Automatic closing of contracts whose last day (`data_prevista_encerramento`) has ended in Brasília time (the daily
job, domain/ciot_agregado/jobs.py): the last day belongs to the contract, so its trips can be recorded until
23:59:59, and the closing comes only once the next day has begun in Brasília.

Safe when two schedulers fire: each contract is put into closing under its row lock and only while still aberto and
due, so the second run finds it em_encerramento (or encerrado) and does nothing. The closing itself is the two-phase
one of closing.py."""
from datetime import date

import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db
from core.tenancy import cross_tenant
from domain.ciot_agregado.authority import locked_for_the_outcome
from domain.ciot_agregado.closing import closing_distances, mark_closing
from domain.ciot_agregado.contracts import EXPIRY_MOTIVO
from domain.ciot_agregado.models import ABERTO, CiotAgregado
from domain.ciot_agregado.queries import active_weight, get_agregado


def last_day_ended(last_day: date, today: date | None = None) -> bool:
    """True once `last_day` is over in Brasília: `today` (Brasília) is a later day. On the last day itself the
    contract is still in its period (trips and debits of that day are recorded), so it is never closed then."""
    return last_day < (today or brasilia_today())


def due_contracts(today: date | None = None) -> list[tuple]:
    """(id, company_id) of every company's open contract whose last day ended before `today` (Brasília), oldest
    first."""
    today = today or brasilia_today()
    return [tuple(row) for row in db.session.execute(cross_tenant(
        sa.select(CiotAgregado.id, CiotAgregado.company_id)
        .where(CiotAgregado.status == ABERTO, CiotAgregado.data_prevista_encerramento < today)
        .order_by(CiotAgregado.data_prevista_encerramento, CiotAgregado.id))).all()]


def expire_contract(company, agregado_id, today: date | None = None) -> CiotAgregado | None:
    """Phase 1 of the closing of one contract whose last day has ended, with motivo
    `expiracao_automatica_30_dias` and the weight of its active trips; None when it is no longer aberto, its last
    day has not ended (another run got there first, or the clock says so), it waits for the authority (its
    declaration or cancellation: the sweep settles it first, and the next run closes it if it is still aberto), or
    it is held (never declared: nothing to close at the authority; it is completed or cancelled by hand). The routes'
    distances are known before the row is locked (closing.closing_distances: they may be asked remotely), and all
    of this is checked again under the lock."""
    today = today or brasilia_today()
    contract = get_agregado(agregado_id)
    if not _expirable(contract, today):
        return None
    known = closing_distances(company, contract, None)
    locked_for_the_outcome(contract)
    if not _expirable(contract, today):
        return None
    weight = active_weight(contract)
    return mark_closing(contract, known, peso_carga_final=weight or None, motivo=EXPIRY_MOTIVO, actor="cron")


def _expirable(contract: CiotAgregado, today: date) -> bool:
    return contract.status == ABERTO and contract.pendencia is None and not contract.retido \
        and last_day_ended(contract.data_prevista_encerramento, today)
