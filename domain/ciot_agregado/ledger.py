"""The contract's ledger: trips (credits) and debits. Numbers are gapless per contract under concurrent posts:
each addition locks the contract row (get_agregado(for_update=True)), takes the next number from its counter
column and inserts the line in the same transaction, so a concurrent post waits for the lock and a rolled-back
post gives its number back. No authority call. Cancelling a line keeps it, with who, when and why, and takes it
out of the balance."""
import uuid
from datetime import datetime

from core import formatting
from core.actors import actor_label
from core.clock import brasilia_today
from core.db import db, utcnow
from core.errors import InvalidBody, NotFound, Unprocessable
from domain.ciot.clock import local_moment, now_local
from domain.ciot_agregado.audit import record_event
from domain.ciot_agregado.contracts import ensure_open, status_error
from domain.ciot_agregado.models import CiotAgregado, CiotAgregadoDebito, CiotAgregadoViagem
from domain.ciot_agregado.queries import ATIVA, ATIVO, CANCELADA, CANCELADO, get_agregado
from domain.ciot_agregado.schemas import CiotAgregadoDebitoCreate, CiotAgregadoViagemCreate

TRIP_FIELDS = ("expedidor_cpf_cnpj", "expedidor_nome", "recebedor_cpf_cnpj", "recebedor_nome", "origem_codigo_ibge",
               "origem_uf", "origem_municipio_nome", "destino_codigo_ibge", "destino_uf", "destino_municipio_nome",
               "valor", "peso_carga", "distancia_km", "valor_vale_pedagio")



def _open_for_lines(agregado_id, action: str) -> CiotAgregado:
    """The contract, locked, if it still takes lines: aberto and not past its data_prevista_encerramento (a contract
    whose automatic closing has not happened yet, or was refused, takes nothing more); else 422 status_invalido."""
    contract = get_agregado(agregado_id, for_update=True)
    ensure_open(contract, action)
    if brasilia_today() > contract.data_prevista_encerramento:
        raise status_error(contract, action, past_due=True)
    return contract


def in_period(contract: CiotAgregado, moment: datetime, field_name: str) -> datetime:
    """A trip's or debit's date must fall in the contract's period, data_abertura .. data_prevista_encerramento
    (Brasília days, both included); else 400 naming the field."""
    if not contract.data_abertura <= moment.date() <= contract.data_prevista_encerramento:
        raise InvalidBody.for_field(field_name, (
            f"A data deve estar no período do contrato {contract.code}: de "
            f"{formatting.day(contract.data_abertura)} a {formatting.day(contract.data_prevista_encerramento)}."),
            code="out_of_period")
    return moment


def add_viagem(agregado_id, body: CiotAgregadoViagemCreate, *, actor) -> CiotAgregadoViagem:
    """POST /{id}/viagens: a credit with the next `numero_viagem` (aberto and within the period, else 422
    status_invalido), dated inside the contract's period (else 400 data_viagem)."""
    contract = _open_for_lines(agregado_id, "viagens são lançadas")
    data_viagem = in_period(contract, local_moment(body.data_viagem, "data_viagem"), "data_viagem")
    contract.ultimo_numero_viagem += 1
    trip = CiotAgregadoViagem(id=uuid.uuid4(), company_id=contract.company_id, agregado_id=contract.id,
                              numero_viagem=contract.ultimo_numero_viagem, status=ATIVA, data_viagem=data_viagem,
                              created_at=utcnow(), created_by=actor_label(actor),
                              **{name: getattr(body, name) for name in TRIP_FIELDS})
    db.session.add(trip)
    record_event(contract, "trip_added", f"Viagem {trip.numero_viagem} lançada ({trip.origem_municipio_nome}/"
                 f"{trip.origem_uf} → {trip.destino_municipio_nome}/{trip.destino_uf}).",
                 {"numero_viagem": trip.numero_viagem, "valor": str(trip.valor),
                  "origem_codigo_ibge": trip.origem_codigo_ibge, "destino_codigo_ibge": trip.destino_codigo_ibge,
                  "valor_vale_pedagio": str(trip.valor_vale_pedagio) if trip.valor_vale_pedagio else None},
                 actor=actor)
    db.session.flush()
    return trip


TOLL_IS_THE_SHIPPERS = ("O vale-pedágio é custo do embarcador (Lei 10.209/2001), pago à parte do frete, e não pode "
                       "ser descontado do transportador: informe-o na viagem (valor_vale_pedagio), onde fica numa "
                       "linha própria que não reduz o saldo.")


def check_debit_kind(tipo: str) -> None:
    """A toll is never a debit of the carrier (Lei 10.209/2001): 400 naming `tipo` with the reason."""
    if tipo == "pedagio":
        raise InvalidBody.for_field("tipo", TOLL_IS_THE_SHIPPERS, code="pedagio_do_embarcador")


def add_debito(agregado_id, body: CiotAgregadoDebitoCreate, *, actor) -> CiotAgregadoDebito:
    """POST /{id}/debitos: a debit with the next `numero_debito` (aberto and within the period, else 422
    status_invalido), dated inside the contract's period (else 400 data_debito; default: now); never of kind
    `pedagio` (400 tipo, check_debit_kind)."""
    check_debit_kind(body.tipo)
    contract = _open_for_lines(agregado_id, "débitos são lançados")
    data_debito = in_period(contract, local_moment(body.data_debito, "data_debito") or now_local(), "data_debito")
    contract.ultimo_numero_debito += 1
    debit = CiotAgregadoDebito(id=uuid.uuid4(), company_id=contract.company_id, agregado_id=contract.id,
                               numero_debito=contract.ultimo_numero_debito, status=ATIVO, tipo=body.tipo,
                               valor=body.valor, motivo=body.motivo, data_debito=data_debito,
                               created_at=utcnow(), created_by=actor_label(actor))
    db.session.add(debit)
    record_event(contract, "debit_added", f"Débito {debit.numero_debito} lançado ({debit.tipo}): {debit.motivo}",
                 {"numero_debito": debit.numero_debito, "valor": str(debit.valor), "tipo": debit.tipo}, actor=actor)
    db.session.flush()
    return debit


def _line(model, contract: CiotAgregado, line_id):
    """A line of this contract (404 for an unknown id, another contract's line or another company's)."""
    try:
        line = db.session.get(model, uuid.UUID(str(line_id)))
    except ValueError:
        line = None
    if line is None or line.agregado_id != contract.id:
        raise NotFound("Lançamento não encontrado neste contrato.")
    return line


def _cancel_line(model, agregado_id, line_id, *, motivo: str, actor, cancelled: str, what: str):
    contract = get_agregado(agregado_id, for_update=True)
    line = _line(model, contract, line_id)
    ensure_open(contract, "lançamentos são cancelados")
    if line.status == cancelled:
        raise Unprocessable(f"{what} já está cancelado(a).", code="status_invalido", extra={"status": line.status})
    line.status = cancelled
    line.cancelado_at = utcnow()
    line.cancelado_por = actor_label(actor)
    line.cancel_motivo = motivo
    return contract, line


def cancel_viagem(agregado_id, viagem_id, *, motivo: str, actor) -> CiotAgregadoViagem:
    """POST /{id}/viagens/{viagemId}/cancel: the credit leaves the balance; audited with the reason."""
    contract, trip = _cancel_line(CiotAgregadoViagem, agregado_id, viagem_id, motivo=motivo, actor=actor,
                                  cancelled=CANCELADA, what="A viagem")
    record_event(contract, "trip_cancelled", f"Viagem {trip.numero_viagem} cancelada. Motivo: {motivo}",
                 {"numero_viagem": trip.numero_viagem, "valor": str(trip.valor), "motivo": motivo}, actor=actor)
    db.session.flush()
    return trip


def cancel_debito(agregado_id, debito_id, *, motivo: str, actor) -> CiotAgregadoDebito:
    """POST /{id}/debitos/{debitoId}/cancel: the debit leaves the balance; audited with the reason."""
    contract, debit = _cancel_line(CiotAgregadoDebito, agregado_id, debito_id, motivo=motivo, actor=actor,
                                   cancelled=CANCELADO, what="O débito")
    record_event(contract, "debit_cancelled", f"Débito {debit.numero_debito} cancelado. Motivo: {motivo}",
                 {"numero_debito": debit.numero_debito, "valor": str(debit.valor), "motivo": motivo}, actor=actor)
    db.session.flush()
    return debit
