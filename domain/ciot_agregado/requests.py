"""The contract's requests to the authority as the API and the pages make them, one function per action: the
declaration at opening (or once a held contract is complete), the rectification, the cancellation and the closing.

Each is the same protocol as a CIOT operation's (domain/ciot/protocol.py), with the request kept on the contract
row (its key, when it was asked and what it sends: authority.py): phase 1 checks and records the request under the
contract's short row lock; it is committed here (the commit enqueues the job — inline, the job runs at it); the job
asks the authority holding no lock and records the outcome under a short lock that re-reads the row; this request
waits up to AUTHORITY_WAIT_SECONDS for that outcome and returns it, or `pending` (the caller answers 202 with the
contract and its `pendencia`). Nothing here asks the authority itself: a slow authority holds a queue worker, never
a web worker nor a row."""
import sqlalchemy as sa

from core.db import db
from core.transaction import commit_phase
from domain.ciot.protocol import poll, wait_seconds
from domain.ciot_agregado.authority import PENDING
from domain.ciot_agregado.cancellation import cancellation_outcome, request_cancellation
from domain.ciot_agregado.closing import closing_outcome, request_closing
from domain.ciot_agregado.contracts import create_agregado
from domain.ciot_agregado.declaration import HELD, declaration_outcome
from domain.ciot_agregado.models import CiotAgregado
from domain.ciot_agregado.queries import get_agregado
from domain.ciot_agregado.rectification import COMPLETED, REQUESTED, rectification_outcome, rectify_agregado


def open_agregado(company, body, *, actor, interim=None) -> tuple[CiotAgregado, str]:
    """POST /ciot-agregado/operations and the page's form: the contract opened, then its declaration's outcome
    (`declarado`, `rejected`, `pending`), or `retido` for a held contract (nothing sent: the request's own commit
    keeps it)."""
    contract = create_agregado(company, body, actor=actor)
    if contract.retido:
        return contract, HELD
    return _submit(contract, declaration_outcome, interim)


def rectify(company, agregado_id, body, sent, *, actor, interim=None) -> tuple[CiotAgregado, str]:
    """POST /retificar and the page's form: a declared contract's rectification (`retificado`, `rejected`,
    `pending`); a held contract completed and declared (`declarado`, `rejected`, `pending`) or still held
    (`retido`)."""
    contract, outcome = rectify_agregado(company, agregado_id, body, sent, actor=actor)
    if outcome == COMPLETED:
        return _submit(contract, declaration_outcome, interim)
    if outcome == REQUESTED:
        key = contract.retificacao_chave
        return _submit(contract, lambda fresh: rectification_outcome(fresh, key), interim)
    return contract, outcome


def cancel(company, agregado_id, *, motivo, actor, interim=None) -> tuple[CiotAgregado, str]:
    """POST /cancel and the page's button: `cancelado`, `rejected` or `pending` (a held contract is cancelled
    without asking)."""
    contract = request_cancellation(company, agregado_id, motivo=motivo, actor=actor)
    key = contract.cancelamento_chave
    return _submit(contract, lambda fresh: cancellation_outcome(fresh, key) if key else fresh.status, interim)


def close(company, agregado_id, *, peso_carga_final, motivo, actor, distancias=None,
          interim=None) -> tuple[CiotAgregado, str]:
    """POST /encerrar and the page's form: `encerrado`, `rejected` or `pending` (em_encerramento)."""
    contract = request_closing(company, agregado_id, peso_carga_final=peso_carga_final, motivo=motivo, actor=actor,
                               distancias=distancias)
    key = contract.encerramento_chave
    return _submit(contract, lambda fresh: closing_outcome(fresh, key), interim)


def _submit(contract: CiotAgregado, outcome_of, interim=None) -> tuple[CiotAgregado, str]:
    """Commit phase 1 (its job is enqueued, or runs inline, at this commit), then read the outcome until it is known
    or the wait is over. Each read is a fresh transaction: the job's commit is seen as soon as it is made.
    `interim(contract)`, just before the commit: what the API answers if anything fails after it (202 pending)."""
    agregado_id, environment = contract.id, contract.environment
    if interim is not None:
        interim(contract)
    commit_phase("the request is on record (and the contract unlocked) before the authority is asked")
    fresh = get_agregado(agregado_id)  # inline, the job ran at that commit
    outcome = outcome_of(fresh)
    if outcome != PENDING:
        return fresh, outcome
    # The job records the outcome by changing the row: wait for that, then read it in this session's next
    # transaction (this one read before the job committed).
    row = CiotAgregado.__table__
    seen = fresh.updated_at
    poll(lambda conn: conn.execute(sa.select(row.c.updated_at).where(row.c.id == agregado_id)).scalar(),
         lambda updated: updated != seen, wait_seconds(environment))
    commit_phase("nothing was written since the phase: this ends the read, so the next one sees the job's commit")
    db.session.expire_all()
    fresh = get_agregado(agregado_id)
    return fresh, outcome_of(fresh)
