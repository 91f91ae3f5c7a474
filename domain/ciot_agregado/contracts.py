"""The contract's opening (phase 1: committed before the authority is asked, declaration.py sends it) and the rules
every action shares (the contract takes actions only while aberto with nothing pending at the authority). The
cancellation is in cancellation.py and the closing in closing.py, both in two phases (authority.py). Statuses:
aberto → em_encerramento → encerrado, or aberto → cancelado. Services flush only; the API, the pages and the jobs
commit."""
import uuid
from datetime import timedelta

from core import formatting
from core.actors import actor_label
from core.clock import brasilia_today
from core.counters import CIOT_AGREGADO, next_counter_value
from core.db import db, flush_unique
from core.errors import AppError, Conflict, Unprocessable
from core.queue import enqueue_after_commit
from core.tenancy import get_referenced
from domain.ciot.issuer import provider_and_credentials
from domain.ciot_agregado import jobs
from domain.ciot_agregado.audit import record_event
from domain.ciot_agregado.authority import REFUSED_WITHOUT_REASON
from domain.ciot_agregado.declaration_data import composition, declaration_gaps, holder_note, payment_values
from domain.ciot_agregado.models import (
    ABERTO,
    PENDENCIA_CANCELAMENTO,
    PENDENCIA_DECLARACAO,
    PENDENCIA_RETIFICACAO,
    CiotAgregado,
)
from domain.ciot_agregado.queries import open_for_composition
from domain.ciot_agregado.schemas import CiotAgregadoCreate
from domain.partners.models import Partner

DURATION = timedelta(days=30)
AGGREGATE_CATEGORIES = ("TAC", "TAC_EQUIPARADO")
EXPIRY_MOTIVO = "expiracao_automatica_30_dias"
SEND_RETRIES = 3
WAITING = {PENDENCIA_DECLARACAO: "aguarda a resposta da ANTT à declaração da abertura (ainda sem código CIOT)",
           PENDENCIA_CANCELAMENTO: "aguarda a resposta da ANTT ao cancelamento já enviado",
           PENDENCIA_RETIFICACAO: "aguarda a resposta da ANTT à retificação já enviada"}


def next_code(company_id) -> str:
    """`AGR-000001`, gapless per company (core.counters)."""
    return f"AGR-{next_counter_value(CIOT_AGREGADO, company_id):06d}"


def composition_key(placa_cavalo: str, placas_reboques: list[str]) -> str:
    """The composition's identity: the tractor, then the trailers in any order."""
    return "|".join([placa_cavalo, "+".join(sorted(placas_reboques))])


def status_error(contract: CiotAgregado, action: str, *, past_due: bool = False) -> Unprocessable:
    """422 status_invalido: not aberto, aberto but waiting for the authority (its declaration or cancellation), or
    (`past_due`) aberto but past its data_prevista_encerramento."""
    waiting = WAITING.get(contract.pendencia)
    if waiting is not None:
        return Unprocessable(f"O contrato {contract.code} {waiting}: {action} só depois dela.",
                             code="status_invalido", extra={"status": contract.status})
    if not past_due:
        return Unprocessable(f"O contrato {contract.code} está '{contract.status}': {action} só com o contrato "
                             "aberto.", code="status_invalido", extra={"status": contract.status})
    due = contract.data_prevista_encerramento
    return Unprocessable(f"O período do contrato {contract.code} terminou em {formatting.day(due)} e ele aguarda "
                         f"o encerramento: {action} só dentro do período.", code="status_invalido",
                         extra={"status": contract.status, "data_prevista_encerramento": due.isoformat()})


def ensure_open(contract: CiotAgregado, action: str) -> None:
    """Aberto, declared, with nothing pending at the authority, else 422 status_invalido."""
    if contract.retido:
        raise Unprocessable(f"O contrato {contract.code} está retido, sem declaração na ANTT, até que os dados "
                            f"faltantes sejam informados em retificar ({held_summary(contract)}): {action} só "
                            "depois da declaração.", code="status_invalido",
                            extra={"status": contract.status, "bloqueios": contract.bloqueios})
    if contract.status != ABERTO or contract.pendencia is not None:
        raise status_error(contract, action)


class ExistingAgregado(Conflict):
    """409 existing_agregado: the open contract of the composition travels under `data` (filled by the API)."""

    def __init__(self, contract: CiotAgregado):
        super().__init__(f"Já existe um contrato de agregado aberto para esta composição: {contract.code}.",
                         code="existing_agregado", extra={"existing_id": str(contract.id)})
        self.contract = contract


def _carrier(partner_id) -> Partner:
    partner = get_referenced(Partner, partner_id, "partner_id", "Parceiro")
    if partner.rntrc_categoria not in AGGREGATE_CATEGORIES:
        category = partner.rntrc_categoria or "sem categoria"
        raise Unprocessable(f"O parceiro {partner.legal_name} ({category}) não pode ser agregado: o contrato de "
                            "agregado é só para transportadores com categoria RNTRC TAC ou TAC_EQUIPARADO.",
                            code="invalid_modalidade", extra={"rntrc_categoria": partner.rntrc_categoria})
    return partner


def create_agregado(company, body: CiotAgregadoCreate, *, actor) -> CiotAgregado:
    """POST /ciot-agregado/operations, phase 1: TAC / TAC_EQUIPARADO carriers only (422 invalid_modalidade); one
    open contract per composition (409 existing_agregado); environment = the company's; 30 days from today; 422
    missing_credentials / not_supported before anything is stored. The contract is aberto without its CIOT code
    (pendencia `declaracao`, taking no actions) once the owner commits; the commit enqueues the declaration
    (declaration.send_declaration, idempotency key: the contract id). A contract whose declaration lacks data
    (declaration_data.declaration_gaps) is opened held instead: `bloqueios` listed, nothing sent, until
    rectification.complete_declaration completes it."""
    partner = _carrier(body.partner_id)
    composicao = composition_key(body.placa_cavalo, body.placas_reboques)
    existing = open_for_composition(partner.id, composicao)
    if existing is not None:
        raise ExistingAgregado(existing)
    veiculos = composition(body.placa_cavalo, list(body.placas_reboques), body.veiculos)
    opening = brasilia_today()
    contract = CiotAgregado(
        id=uuid.uuid4(), company_id=company.id,
        environment=company.ciot_environment, status=ABERTO, created_by=actor_label(actor),
        partner_id=partner.id, contratado_cpf_cnpj=partner.cpf_cnpj, contratado_nome=partner.legal_name,
        contratado_rntrc=partner.rntrc, contratado_categoria=partner.rntrc_categoria,
        placa_cavalo=body.placa_cavalo, placas_reboques=list(body.placas_reboques), composicao=composicao,
        valor_contratado=body.valor_contratado, origem_uf=body.origem_uf,
        origem_municipio_nome=body.origem_municipio_nome, destino_uf=body.destino_uf,
        destino_municipio_nome=body.destino_municipio_nome, veiculos=veiculos,
        **payment_values(body.pagamento),
        data_abertura=opening, data_prevista_encerramento=opening + DURATION,
        ultimo_numero_viagem=0, ultimo_numero_debito=0, retificacoes=0)
    contract.bloqueios = declaration_gaps(contract)
    provider_and_credentials(contract, company)
    contract.code = next_code(company.id)  # the counter row stays locked only until phase 1 commits

    def conflict():
        found = open_for_composition(partner.id, composicao)
        return ExistingAgregado(found) if found is not None else None

    flush_unique(lambda: db.session.add(contract), conflict)
    if contract.bloqueios:
        record_event(contract, "opening_held", f"Contrato {contract.code} aberto e retido: a declaração não foi "
                     f"enviada à ANTT. Falta: {held_summary(contract)}",
                     {"bloqueios": contract.bloqueios}, actor=actor)
    else:
        record_event(contract, "opening", f"Contrato {contract.code} aberto; declaração enviada à ANTT.",
                     {"idempotency_key": str(contract.id),
                      "data_prevista_encerramento": contract.data_prevista_encerramento.isoformat()}, actor=actor)
        enqueue_declaration(contract)
    note = holder_note(contract)
    if note:
        record_event(contract, "holder_relative", f"Pagamento a parente do TAC: {note}.",
                     {"titular_parentesco": contract.titular_parentesco}, actor=actor)
    db.session.flush()
    return contract


def enqueue_declaration(contract: CiotAgregado) -> None:
    """The declaration's job (phase 2, declaration.send_declaration), enqueued by the owner's commit; the key is the
    contract id."""
    enqueue_after_commit(jobs.send_declaration, str(contract.id), str(contract.id), queue="emission",
                         job_id=f"agregado-declare-{contract.id}", retries=SEND_RETRIES)


def held_summary(contract: CiotAgregado) -> str:
    """The gaps' messages as one text: each is a sentence of its own ("… cadastrados. Informe …")."""
    return " ".join(gap["mensagem"].rstrip(".") + "." for gap in contract.bloqueios or [])


def rejected_error(what: str, mensagem: str) -> AppError:
    """422 rejected with the authority's reason; the contract is aberto again and the refusal's records are kept."""
    return AppError(f"{what} rejeitado pela ANTT: {mensagem}", code="rejected", status=422,
                    extra={"status": ABERTO, "mensagem_antt": mensagem}, keep_records=True)


def record_refusal(contract, kind: str, what: str, mensagem: str | None, *, actor) -> None:
    """The authority said no: the contract is aberto with the reason on it and on its timeline. A refusal always
    leaves a reason (a stand-in when the authority gave none): a settled request reads as refused by it."""
    mensagem = mensagem or REFUSED_WITHOUT_REASON
    contract.status = ABERTO
    contract.mensagem_antt = mensagem
    record_event(contract, f"{kind}_rejected", f"{what} rejeitado pela ANTT: {mensagem}", {"mensagem_antt": mensagem},
                 actor=actor)
