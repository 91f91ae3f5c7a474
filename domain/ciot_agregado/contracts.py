"""The contract's life: opening (declared to the authority) and cancellation; the closing, in two phases, is in
closing.py. Statuses: aberto → em_encerramento → encerrado, or aberto → cancelado. Services flush only; the API,
the pages and the jobs commit."""
import uuid
from datetime import timedelta

from core import formatting
from core.actors import actor_label
from core.counters import next_counter_value
from core.db import db, flush_unique, utcnow
from core.errors import AppError, Conflict, InvalidBody, Unprocessable
from domain.ciot.clock import today_local
from domain.ciot.issuer import provider_and_credentials
from domain.ciot.provider import Issuer
from domain.ciot_agregado.audit import record_event
from domain.ciot_agregado.models import (
    ABERTO,
    CANCELADO,
    CiotAgregado,
    CiotAgregadoCounter,
)
from domain.ciot_agregado.queries import active_movements, get_agregado, open_for_composition
from domain.ciot_agregado.schemas import CiotAgregadoCreate
from domain.partners.models import Partner

DURATION = timedelta(days=30)
AGGREGATE_CATEGORIES = ("TAC", "TAC_EQUIPARADO")
EXPIRY_MOTIVO = "expiracao_automatica_30_dias"


def next_code(company_id) -> str:
    """`AGR-000001`, gapless per company (core.counters)."""
    return f"AGR-{next_counter_value(CiotAgregadoCounter.__table__, company_id):06d}"


def composition_key(placa_cavalo: str, placas_reboques: list[str]) -> str:
    """The composition's identity: the tractor, then the trailers in any order."""
    return "|".join([placa_cavalo, "+".join(sorted(placas_reboques))])


def status_error(contract: CiotAgregado, action: str, *, past_due: bool = False) -> Unprocessable:
    """422 status_invalido: not aberto, or (`past_due`) aberto but past its data_prevista_encerramento."""
    if not past_due:
        return Unprocessable(f"O contrato {contract.code} está '{contract.status}': {action} só com o contrato "
                             "aberto.", code="status_invalido", extra={"status": contract.status})
    due = contract.data_prevista_encerramento
    return Unprocessable(f"O período do contrato {contract.code} terminou em {formatting.day(due)} e ele aguarda "
                         f"o encerramento: {action} só dentro do período.", code="status_invalido",
                         extra={"status": contract.status, "data_prevista_encerramento": due.isoformat()})


def ensure_open(contract: CiotAgregado, action: str) -> None:
    if contract.status != ABERTO:
        raise status_error(contract, action)


class ExistingAgregado(Conflict):
    """409 existing_agregado: the open contract of the composition travels under `data` (filled by the API)."""

    def __init__(self, contract: CiotAgregado):
        super().__init__(f"Já existe um contrato de agregado aberto para esta composição: {contract.code}.",
                         code="existing_agregado", extra={"existing_id": str(contract.id)})
        self.contract = contract


def _carrier(partner_id) -> Partner:
    partner = db.session.get(Partner, partner_id)
    if partner is None:
        raise InvalidBody.for_field("partner_id", "Parceiro não encontrado nesta empresa.")
    if partner.rntrc_categoria not in AGGREGATE_CATEGORIES:
        category = partner.rntrc_categoria or "sem categoria"
        raise Unprocessable(f"O parceiro {partner.legal_name} ({category}) não pode ser agregado: o contrato de "
                            "agregado é só para transportadores com categoria RNTRC TAC ou TAC_EQUIPARADO.",
                            code="invalid_modalidade", extra={"rntrc_categoria": partner.rntrc_categoria})
    return partner


def ask_authority(contract: CiotAgregado, company, method: str, **kwargs):
    """Send `method` (declare_aggregate, close_aggregate, cancel_aggregate) to the provider of the contract's
    environment in the company's name; 422 not_supported / missing_credentials when it cannot be sent."""
    provider, credentials = provider_and_credentials(contract, company)
    return getattr(provider, method)(contract, Issuer.from_company(company), credentials, **kwargs)


def _declare(contract: CiotAgregado, company) -> None:
    """The opening, declared through the provider of the contract's environment (it answers the CIOT code)."""
    answer = ask_authority(contract, company, "declare_aggregate", idempotency_key=str(contract.id))
    if not answer.ok:
        raise AppError(f"Abertura rejeitada pela ANTT: {answer.mensagem}", code="rejected", status=422,
                       extra={"mensagem_antt": answer.mensagem})
    contract.codigo_ciot = answer.codigo_ciot
    contract.codigo_verificador = answer.codigo_verificador
    contract.protocolo = answer.protocolo


def create_agregado(company, body: CiotAgregadoCreate, *, actor) -> CiotAgregado:
    """POST /ciot-agregado/operations: TAC / TAC_EQUIPARADO carriers only (422 invalid_modalidade); one open
    contract per composition (409 existing_agregado); environment = the company's; 30 days from today."""
    partner = _carrier(body.partner_id)
    composicao = composition_key(body.placa_cavalo, body.placas_reboques)
    existing = open_for_composition(partner.id, composicao)
    if existing is not None:
        raise ExistingAgregado(existing)
    opening = today_local()
    pagamento = body.pagamento
    contract = CiotAgregado(
        id=uuid.uuid4(), company_id=company.id, code=next_code(company.id),
        environment=company.ciot_environment, status=ABERTO, created_by=actor_label(actor),
        partner_id=partner.id, contratado_cpf_cnpj=partner.cpf_cnpj, contratado_nome=partner.legal_name,
        contratado_rntrc=partner.rntrc, contratado_categoria=partner.rntrc_categoria,
        placa_cavalo=body.placa_cavalo, placas_reboques=list(body.placas_reboques), composicao=composicao,
        valor_contratado=body.valor_contratado, origem_uf=body.origem_uf,
        origem_municipio_nome=body.origem_municipio_nome, destino_uf=body.destino_uf,
        destino_municipio_nome=body.destino_municipio_nome,
        tipo_pagamento=pagamento.tipo_pagamento if pagamento else None,
        chave_pix=pagamento.chave_pix if pagamento else None,
        cpf_cnpj_owner=pagamento.cpf_cnpj_owner if pagamento else None,
        data_abertura=opening, data_prevista_encerramento=opening + DURATION,
        ultimo_numero_viagem=0, ultimo_numero_debito=0)

    def conflict():
        found = open_for_composition(partner.id, composicao)
        return ExistingAgregado(found) if found is not None else None

    flush_unique(lambda: db.session.add(contract), conflict)
    _declare(contract, company)
    record_event(contract, "opened", f"Contrato {contract.code} aberto; CIOT {contract.codigo_ciot} declarado.",
                 {"codigo_ciot": contract.codigo_ciot, "protocolo": contract.protocolo,
                  "data_prevista_encerramento": contract.data_prevista_encerramento.isoformat()}, actor=actor)
    db.session.flush()
    return contract


def cancel_agregado(company, agregado_id, *, motivo: str | None, actor) -> CiotAgregado:
    """POST /{id}/cancel: aberto only (422 status_invalido), and only with every trip and debit already cancelled
    (422 saldo_pendente naming how many are active); the cancellation is sent to the authority."""
    contract = get_agregado(agregado_id, for_update=True)
    ensure_open(contract, "cancelar")
    trips, debits = active_movements(contract)
    if trips or debits:
        raise Unprocessable(f"O contrato {contract.code} tem {trips} viagem(ns) e {debits} débito(s) ativos: "
                            "cancele-os antes de cancelar o contrato.", code="saldo_pendente",
                            extra={"viagens_ativas": trips, "debitos_ativos": debits})
    answer = ask_authority(contract, company, "cancel_aggregate",
                            motivo=motivo or "Cancelamento do contrato de agregado.")
    if not answer.ok:
        record_refusal(contract, "cancel", "Cancelamento", answer.mensagem, actor=actor)
        raise rejected_error("Cancelamento", answer.mensagem)
    contract.status = CANCELADO
    contract.cancelado_at = utcnow()
    contract.cancel_motivo = motivo
    contract.mensagem_antt = None
    reason = f" Motivo: {motivo}" if motivo else ""
    record_event(contract, "cancelled", f"Contrato {contract.code} cancelado.{reason}",
                 {"motivo": motivo, "protocolo": answer.protocolo}, actor=actor)
    db.session.flush()
    return contract


def rejected_error(what: str, mensagem: str) -> AppError:
    """422 rejected with the authority's reason; the contract is aberto again and the refusal's records are kept."""
    return AppError(f"{what} rejeitado pela ANTT: {mensagem}", code="rejected", status=422,
                    extra={"status": ABERTO, "mensagem_antt": mensagem}, keep_records=True)


def record_refusal(contract, kind: str, what: str, mensagem: str, *, actor) -> None:
    """The authority said no: the contract is aberto with the reason on it and on its timeline."""
    contract.status = ABERTO
    contract.mensagem_antt = mensagem
    record_event(contract, f"{kind}_rejected", f"{what} rejeitado pela ANTT: {mensagem}", {"mensagem_antt": mensagem},
                 actor=actor)
