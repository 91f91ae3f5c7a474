"""Closing a contract, in two phases, so that our record and the authority's never disagree for good.

1. `request_closing` (POST /encerrar, the page, the daily expiry job): aberto → em_encerramento with the closing's
   motivo, peso_carga_final and a new idempotency key; the owner commits this before the authority is asked, and
   the commit enqueues `domain.ciot_agregado.jobs.send_closing`.
2. `send_closing` (that job, or the periodic sweep; the API and the page wait for it briefly): asks the
   authority with the key, then encerrado, or aberto again with the reason on a refusal. It acts only while the
   contract is still em_encerramento with that key, so whichever of them comes second finds it settled.

If the authority accepted and our commit then failed (a crash, a lost connection), the contract is still
em_encerramento on record: the sweep (`retry_stuck_agregados`, jobs/cron_config.py) sends the same key again, and
the authority answers with the closing it already has. The opening and the cancellation follow the same pattern
(authority.py). Services flush only; the request or job commits."""
import uuid
from decimal import Decimal

import sqlalchemy as sa

from core import formatting
from core.db import db, utcnow
from core.errors import AppError
from core.queue import enqueue_after_commit
from core.tenancy import cross_tenant
from domain.ciot.issuer import provider_and_credentials
from domain.ciot_agregado import jobs
from domain.ciot_agregado.audit import record_event
from domain.ciot_agregado.authority import (
    REJECTED,
    authority_answer,
    locked_for_the_outcome,
    request_outcome,
    stale_after,
)
from domain.ciot_agregado.contracts import SEND_RETRIES, ensure_open, record_refusal, rejected_error
from domain.ciot_agregado.models import ABERTO, EM_ENCERRAMENTO, ENCERRADO, PENDENCIA_ENCERRAMENTO, CiotAgregado
from domain.ciot_agregado.presentation import motivo_label
from domain.ciot_agregado.queries import active_trips, consolidated_routes, get_agregado
from domain.ciot_agregado.routes import trip_key
from domain.ciot_agregado.senders import register_sender
from domain.geo.distance import INFORMED

ENCERRADO_OUTCOME = "encerrado"


def request_closing(company, agregado_id, *, peso_carga_final: Decimal | None, motivo: str, actor,
                    distancias: dict | None = None) -> CiotAgregado:
    """Phase 1: aberto only (422 status_invalido); 422 missing_credentials / not_supported, 422
    distancia_indisponivel (a route no trip, no `distancias` entry and no computation gives a distance) before
    anything changes. `distancias`: {(origem_codigo_ibge, destino_codigo_ibge): km} for routes whose trips gave
    none, kept on those trips so phase 2 consolidates the same. The contract is em_encerramento (it takes no more
    lines) once the owner commits."""
    contract = get_agregado(agregado_id)  # not locked yet: the routes' distances may be asked remotely
    known = closing_distances(company, contract, distancias)
    locked_for_the_outcome(contract)
    return mark_closing(contract, known, peso_carga_final=peso_carga_final, motivo=motivo, actor=actor,
                        distancias=distancias)


def closing_distances(company, contract: CiotAgregado, distancias: dict | None) -> dict:
    """Phase 1's checks made WITHOUT the contract's row lock, because consolidating the routes may ask a routing
    engine (OSRM) for the distance of a route no trip gave one (routes.route_distance), and a remote call never holds
    a lock (authority.locked_for_the_outcome): aberto, the provider and credentials, every route's distance (422
    distancia_indisponivel). Returns the distances known besides the trips' own, by (origin, destination) code: the
    given ones and those computed, for mark_closing's check under the lock. A trip's own distance is not among them:
    that trip may be cancelled meanwhile, and its route must then be checked without it."""
    ensure_open(contract, "encerrar")
    provider_and_credentials(contract, company)
    routes = consolidated_routes(contract, distancias)
    computed = {(r["origem_codigo_ibge"], r["destino_codigo_ibge"]): Decimal(r["distancia_km"])
                for r in routes if r["distancia_metodo"] != INFORMED}
    return (distancias or {}) | computed


def mark_closing(contract: CiotAgregado, known: dict, *, peso_carga_final: Decimal | None, motivo: str, actor,
                 distancias: dict | None = None) -> CiotAgregado:
    """Phase 1 on the contract locked and re-read after closing_distances (`known`): still aberto (another closing
    may have come first), its routes checked again, then em_encerramento and the job enqueued at the commit."""
    ensure_open(contract, "encerrar")
    # The routes again under the lock (a trip may have been added or cancelled since closing_distances), with the
    # distances known from then: nothing is asked remotely, except for a route a trip added in that moment brought
    # without a distance. That rare route is computed here, under the lock, rather than refused (a refusal the API
    # never gave) or asked after the lock is released (a service cannot release it: its caller commits); it may still
    # be 422 distancia_indisponivel, before anything changes. Phase 2 consolidates again, unlocked, for the authority.
    consolidated_routes(contract, known)
    _keep_given_distances(contract, distancias or {})
    contract.status = EM_ENCERRAMENTO
    contract.encerramento_motivo = motivo
    contract.peso_carga_final = peso_carga_final
    contract.encerramento_chave = str(uuid.uuid4())
    contract.encerramento_solicitado_at = utcnow()
    record_event(contract, "closing", f"Encerramento solicitado. Motivo: {motivo_label(motivo)}",
                 {"motivo": motivo, "from": ABERTO, "to": EM_ENCERRAMENTO,
                  "idempotency_key": contract.encerramento_chave,
                  "distancias": [{"origem_codigo_ibge": o, "destino_codigo_ibge": d, "distancia_km": str(km)}
                                 for (o, d), km in (distancias or {}).items()]}, actor=actor)
    enqueue_after_commit(jobs.send_closing, str(contract.id), contract.encerramento_chave, queue="emission",
                         job_id=f"agregado-close-{contract.encerramento_chave}", retries=SEND_RETRIES)
    db.session.flush()
    return contract


def _keep_given_distances(contract: CiotAgregado, distancias: dict) -> None:
    """The closing's distances onto the active trips of their route that gave none (their record says where it
    came from: the trip's event is unchanged, the closing's event lists them)."""
    for trip in active_trips(contract):
        key = trip_key(trip)
        if trip.distancia_km is None and key in distancias:
            trip.distancia_km = distancias[key]


def _closing_due(contract, key: str) -> bool:
    return contract.status == EM_ENCERRAMENTO and contract.encerramento_chave == key


def send_closing(company, agregado_id, key: str, *, actor) -> str:
    """Phase 2: the closing of `key` sent to the authority without the row lock, its outcome recorded under it
    (authority.locked_for_the_outcome). Returns `encerrado`,
    `rejected` (aberto again, the reason on the contract and its timeline), or, when the closing of `key` was
    settled by another run, that closing's outcome. A provider that cannot be reached raises ProviderUnavailable
    and nothing changes (the job retries; the sweep tries again later)."""
    contract = get_agregado(agregado_id)  # callers come after a commit: loaded fresh
    if not _closing_due(contract, key):
        return closing_outcome(contract, key)
    routes = consolidated_routes(contract)
    closing = {"peso_carga_final": _text(contract.peso_carga_final), "motivo": contract.encerramento_motivo,
               "rotas": routes, "data_encerramento": _requested_day(contract)}
    answer = authority_answer(contract, company, "close_aggregate", closing=closing, idempotency_key=key)
    locked_for_the_outcome(contract)
    if not _closing_due(contract, key):  # another run recorded it while this one asked
        return closing_outcome(contract, key)
    if not answer.ok:
        return _refused(contract, answer.mensagem, actor=actor)
    contract.status = ENCERRADO
    contract.encerrado_at = utcnow()
    contract.encerramento_protocolo = answer.protocolo
    contract.rotas_consolidadas = routes
    contract.mensagem_antt = None
    record_event(contract, "closed", f"Contrato {contract.code} encerrado na ANTT ({len(routes)} rota(s)).",
                 {"motivo": contract.encerramento_motivo, "protocolo": answer.protocolo, "from": EM_ENCERRAMENTO,
                  "to": ENCERRADO, "idempotency_key": key}, actor=actor)
    db.session.flush()
    return ENCERRADO_OUTCOME


def _text(value) -> str | None:
    return str(value) if value is not None else None


def _requested_day(contract: CiotAgregado) -> str:
    """The closing's date is the day it was asked for (Brasília), also when a retry sends it days later."""
    return formatting.local(contract.encerramento_solicitado_at).date().isoformat()


def _refused(contract: CiotAgregado, mensagem: str, *, actor) -> str:
    record_refusal(contract, "close", "Encerramento", mensagem, actor=actor)
    contract.encerramento_motivo = None
    contract.peso_carga_final = None
    db.session.flush()
    return REJECTED


def closing_outcome(contract: CiotAgregado, key: str) -> str:
    """What became of the closing of `key`: encerrado, rejected (aberto with its reason), pending
    (em_encerramento), or the contract's status when another closing superseded it."""
    return request_outcome(contract, key, contract.encerramento_chave, ENCERRADO,
                           pending=contract.status == EM_ENCERRAMENTO)


def closing_error(contract: CiotAgregado) -> AppError:
    """422 rejected for a closing the authority refused (the API's answer, whichever run asked)."""
    return rejected_error("Encerramento", contract.mensagem_antt or "")


def stuck_closings(now=None) -> list[tuple]:
    """(id, company_id, key) of every company's contract em_encerramento for longer than the stale limit
    (authority.stale_after): its job died, ran out of retries, or its answer was lost."""
    limit = (now or utcnow()) - stale_after()
    return [tuple(row) for row in db.session.execute(cross_tenant(
        sa.select(CiotAgregado.id, CiotAgregado.company_id, CiotAgregado.encerramento_chave)
        .where(CiotAgregado.status == EM_ENCERRAMENTO, CiotAgregado.encerramento_solicitado_at < limit)
        .order_by(CiotAgregado.encerramento_solicitado_at, CiotAgregado.id))).all()]


register_sender(PENDENCIA_ENCERRAMENTO, send_closing)  # for its job (domain/ciot_agregado/jobs.py)
