"""`AnttPefProvider`: the CiotProvider that talks to the authority's PEF web service (manual DCS PEF v1.1) with
the declaring company's A1 certificate. Select it with CIOT_PROVIDER_HOMOLOG / CIOT_PROVIDER_PRODUCAO=antt_pef.

Exactly once: a declaration (of an operation or of a TAC agregado contract) is keyed by our record's id. The
IdOperacaoTransporte (up to 12 digits, issued by the authority's GerarIdOperacaoTransporte by default) is drawn once
per key and committed before the first send (records.py). A send that
ends without an answer (timeout, 5xx, dropped connection, a worker killed) is ProviderUnavailable: the job retries
later. Before sending a key again, ConsultarCIOTGerado asks whether the authority issued that identifier; if it
did, that CIOT is taken (never a second declaration); if not, the same identifier is sent again, so even a
declaration the consultation missed would be refused as a repeat, not issued twice.
"""
import uuid

import sqlalchemy as sa
from flask import current_app

from core.db import db
from core.errors import Unprocessable
from core.tenancy import cross_tenant
from domain.ciot.clock import now_local
from domain.ciot.pef import payloads, records
from domain.ciot.pef.credentials import issuer_certificate_summary
from domain.ciot.pef.identifiers import IdentifierRequest, generate_identifier
from domain.ciot.pef.settings import pef_settings
from domain.ciot.pef.transport import PefAnswer, PefTransport, transport_for
from domain.ciot.provider import ActionResult, CiotProvider, EmissionResult, Issuer, ProviderUnavailable
from domain.fleet.models import Vehicle

DECLARE, CANCEL, CLOSE, RECTIFY = ("DeclaracaoOperacaoTransporte", "CancelamentoOperacaoTransporte",
                                   "EncerramentoOperacaoTransporte", "RetificacaoOperacaoTransporte")
CONSULT_ISSUED, CONSULT_CARRIER, CONSULT_FLEET, CONSULT_EXCEPTION = (
    "ConsultarCIOTGerado", "ConsultarSituacaoTransportador", "ConsultarFrotaTransportador", "ConsultarExcecao")
# A cancellation or closing the authority already has (the retry of one whose answer was lost) is done, not
# refused. The manual gives no dedicated code for it: the refusal's text says so. To confirm in homologation.
ALREADY_DONE = {CANCEL: ("já cancelad", "ja cancelad"), CLOSE: ("já encerrad", "ja encerrad")}
RECOVERED = "CIOT recuperado na ANTT (ConsultarCIOTGerado): a declaração anterior foi emitida."


class AnttPefProvider(CiotProvider):
    name = "antt-pef"
    uses_certificate = True  # the issuer's A1 certificate, not the credentials dict, authenticates it

    # --- readiness (checked by the request, before anything is claimed) ------------------------------------
    def check_ready(self, environment: str, issuer_company) -> None:
        summary = issuer_certificate_summary(issuer_company.id)
        label = f"{issuer_company.legal_name} (CNPJ {issuer_company.cnpj})"
        if summary is None:
            raise Unprocessable(f"Certificado digital A1 não cadastrado para a empresa {label}: envie-o na página "
                                "de integrações antes de declarar à ANTT.", code="missing_credentials",
                                extra={"company_id": str(issuer_company.id)})
        if summary.expired():
            raise Unprocessable(f"O certificado digital A1 da empresa {label} venceu em "
                                f"{summary.not_after:%d/%m/%Y}: envie um certificado válido.",
                                code="missing_credentials", extra={"company_id": str(issuer_company.id)})

    def _transport(self, environment: str, issuer: Issuer) -> PefTransport:
        return transport_for(environment, issuer)

    # --- declarations -----------------------------------------------------------------------------------------
    def emit(self, op, issuer, credentials, *, idempotency_key):
        return self._declare(
            op.environment, issuer, idempotency_key, tipo=payloads.TIPO_OPERACAO[op.tipo_operacao],
            contratado=op.contratado_cpf_cnpj,
            build=lambda id_operacao, moment: payloads.operation_declaration(op, issuer, id_operacao, moment))

    def declare_aggregate(self, contract, issuer, credentials, *, idempotency_key):
        # The composition's axles as declared on the contract, else the fleet register's.
        axles = _fleet_axles(issuer.company_id, contract.placas) | {
            item["placa"]: item["eixos"] for item in getattr(contract, "veiculos", None) or []
            if isinstance(item, dict) and item.get("placa") and item.get("eixos")}
        return self._declare(
            contract.environment, issuer, idempotency_key, tipo=3, contratado=contract.contratado_cpf_cnpj,
            build=lambda id_operacao, moment: payloads.aggregate_declaration(contract, issuer, id_operacao, moment,
                                                                             axles))

    def _declare(self, environment, issuer, key, *, tipo, contratado, build) -> EmissionResult:
        transport = self._transport(environment, issuer)
        sent = records.find(key)
        if sent is not None and sent.answered:
            return _issued(sent, replayed=True, mensagem="CIOT já emitido para esta operação.")
        moment = now_local()
        if sent is not None:  # sent before without a known outcome: did the authority issue it?
            recovered = self._recover(transport, sent)
            if recovered is not None:
                return recovered
        else:
            sent = self._reserve(environment, issuer, key, tipo, contratado, moment)
        answer = transport.post(DECLARE, build(sent.id_operacao, moment))
        if not answer.ok:
            return EmissionResult(ok=False, rejected=True, mensagem=answer.authority_message)
        codigo = (answer.text("CodigoIdentificacaoOperacao") or answer.text("IdOperacaoTransporte")
                  or sent.id_operacao)[:12]
        verificador = answer.text("CodigoVerificador")
        if codigo != sent.id_operacao or not verificador:
            raise ProviderUnavailable(f"ANTT {DECLARE}: resposta de sucesso sem o CIOT enviado ou sem o código "
                                      "verificador.")
        sent.codigo_verificador = verificador.zfill(4)
        sent.protocolo = answer.text("Protocolo")
        sent.aviso_transportador = _notice(answer)
        records.settle(key, codigo_verificador=sent.codigo_verificador, protocolo=sent.protocolo,
                       aviso=sent.aviso_transportador)
        return _issued(sent, replayed=False, mensagem=answer.text("Mensagem"))

    @staticmethod
    def _reserve(environment, issuer, key, tipo, contratado, moment) -> records.SentDeclaration:
        request = IdentifierRequest(environment=environment, issuer_cnpj=issuer.cnpj, tipo_operacao=tipo,
                                    contratado_cpf_cnpj=payloads.digits(contratado), data_declaracao=moment.date(),
                                    idempotency_key=key, issuer_company_id=str(issuer.company_id))
        path = pef_settings(current_app.config, environment).id_generator
        return records.reserve(key, environment=environment, issuer_cnpj=issuer.cnpj,
                               id_operacao=generate_identifier(path, request), ano=moment.year)

    @staticmethod
    def _recover(transport: PefTransport, sent: records.SentDeclaration) -> EmissionResult | None:
        answer = _consult_issued(transport, sent.id_operacao, sent.ano_declaracao)
        full = payloads.digits(answer.text("CodigoIdentificacaoOperacao"))
        if not answer.ok or len(full) != len(sent.id_operacao) + 4 or not full.startswith(sent.id_operacao):
            return None  # not issued: the same identifier is declared again
        sent.codigo_verificador = full[len(sent.id_operacao):]
        sent.protocolo = answer.text("Protocolo")
        # the notice to the carrier must still be shown and printed when the consultation returns it
        sent.aviso_transportador = _notice(answer)
        records.settle(sent.idempotency_key, codigo_verificador=sent.codigo_verificador, protocolo=sent.protocolo,
                       aviso=sent.aviso_transportador)
        return _issued(sent, replayed=True, mensagem=RECOVERED)

    # --- after the declaration -------------------------------------------------------------------------------
    def cancel(self, op, issuer, credentials, *, motivo):
        payload = payloads.cancellation(payloads.ciot_with_code(op.codigo_ciot, op.codigo_verificador), motivo)
        return self._act(op.environment, issuer, CANCEL, payload)

    def close(self, op, issuer, credentials, *, closing):
        payload = payloads.operation_closing(op, payloads.ciot_with_code(op.codigo_ciot, op.codigo_verificador),
                                             closing)
        return self._act(op.environment, issuer, CLOSE, payload)

    def rectify(self, op, issuer, credentials, *, changes):
        payload = payloads.rectification(op, issuer, payloads.ciot_with_code(op.codigo_ciot, op.codigo_verificador),
                                         changes)
        return self._act(op.environment, issuer, RECTIFY, payload)

    def rectify_aggregate(self, contract, issuer, credentials, *, changes):
        payload = payloads.aggregate_rectification(
            contract, payloads.ciot_with_code(contract.codigo_ciot, contract.codigo_verificador), changes)
        return self._act(contract.environment, issuer, RECTIFY, payload)

    def close_aggregate(self, contract, issuer, credentials, *, closing, idempotency_key):
        payload = payloads.aggregate_closing(
            payloads.ciot_with_code(contract.codigo_ciot, contract.codigo_verificador), closing)
        return self._act(contract.environment, issuer, CLOSE, payload)

    def cancel_aggregate(self, contract, issuer, credentials, *, motivo, idempotency_key):
        payload = payloads.cancellation(
            payloads.ciot_with_code(contract.codigo_ciot, contract.codigo_verificador), motivo)
        return self._act(contract.environment, issuer, CANCEL, payload)

    def _act(self, environment, issuer, service, payload) -> ActionResult:
        answer = self._transport(environment, issuer).post(service, payload)
        if answer.ok:
            return ActionResult(ok=True, protocolo=answer.text("Protocolo"), mensagem=answer.text("Mensagem"))
        if _already_done(service, answer):
            return ActionResult(ok=True, protocolo=answer.text("Protocolo"), mensagem=answer.authority_message)
        return ActionResult(ok=False, rejected=True, mensagem=answer.authority_message)

    # --- consultations -----------------------------------------------------------------------------------------
    def consult_issued(self, environment, issuer, *, id_operacao: str, ano: int) -> dict:
        """ConsultarCIOTGerado: {ok, codigo_ciot, codigo_verificador, aviso_transportador, mensagem}."""
        answer = _consult_issued(self._transport(environment, issuer), id_operacao, ano)
        full = payloads.digits(answer.text("CodigoIdentificacaoOperacao"))
        if not answer.ok or not full.startswith(id_operacao):
            return {"ok": False, "mensagem": answer.authority_message}
        return {"ok": True, "codigo_ciot": id_operacao, "codigo_verificador": full[len(id_operacao):],
                "aviso_transportador": _notice(answer), "mensagem": answer.text("Mensagem")}

    def consult_carrier(self, environment, issuer, *, cpf_cnpj: str, rntrc: str) -> dict:
        """ConsultarSituacaoTransportador: {ok, ativo, tipo, equiparado_tac, nome, mensagem}."""
        answer = self._transport(environment, issuer).post(CONSULT_CARRIER, {
            "CpfCnpjInteressado": issuer.cnpj, "CpfCnpjTransportador": payloads.digits(cpf_cnpj),
            "RNTRCTransportador": payloads.normalize_rntrc(rntrc)})
        if not answer.ok:
            return {"ok": False, "mensagem": answer.authority_message}
        return {"ok": True, "ativo": _flag(answer.value("RNTRCAtivo")), "tipo": answer.text("TipoTransportador"),
                "equiparado_tac": _flag(answer.value("EquiparadoTAC")),
                "nome": answer.text("NomeRazaoSocialTransportador"), "mensagem": answer.text("Mensagem")}

    def consult_fleet(self, environment, issuer, *, cpf_cnpj: str, rntrc: str, plates: list[str]) -> dict:
        """ConsultarFrotaTransportador: {ok, ativo, placas: {plate: belongs}, mensagem}."""
        answer = self._transport(environment, issuer).post(CONSULT_FLEET, {
            "CpfCnpjInteressado": issuer.cnpj, "CpfCnpjTransportador": payloads.digits(cpf_cnpj),
            "RNTRCTransportador": payloads.normalize_rntrc(rntrc), "Placas": list(plates)})
        if not answer.ok:
            return {"ok": False, "mensagem": answer.authority_message}
        fleet = {}
        for item in answer.value("Frota") or []:
            lowered = {str(k).lower(): v for k, v in item.items()} if isinstance(item, dict) else {}
            fleet[str(lowered.get("placaveiculo", "")).upper()] = _flag(
                lowered.get("situacaoveiculofrotatransportador"))
        return {"ok": True, "ativo": _flag(answer.value("RNTRCAtivo")),
                "placas": {plate: fleet.get(plate.upper(), False) for plate in plates},
                "mensagem": answer.text("Mensagem")}

    def consult_exception(self, environment, issuer, *, cpf_cnpj: str) -> dict:
        """ConsultarExcecao (GET): whether the carrier is on the list of exceptions; {ok, na_lista, mensagem}."""
        answer = self._transport(environment, issuer).get(CONSULT_EXCEPTION,
                                                          {"CPFCNPJTransportador": payloads.digits(cpf_cnpj)})
        if not answer.ok:
            return {"ok": False, "mensagem": answer.authority_message}
        retorno = answer.value("Retorno")
        flag = retorno.get("Flag") if isinstance(retorno, dict) else None
        return {"ok": True, "na_lista": _flag(flag), "mensagem": answer.text("Mensagem")}


def _issued(sent: records.SentDeclaration, *, replayed: bool, mensagem: str | None) -> EmissionResult:
    return EmissionResult(ok=True, codigo_ciot=sent.id_operacao, codigo_verificador=sent.codigo_verificador,
                          protocolo=sent.protocolo, mensagem=mensagem, replayed=replayed,
                          aviso_transportador=sent.aviso_transportador)


def _consult_issued(transport: PefTransport, id_operacao: str, ano: int) -> PefAnswer:
    return transport.post(CONSULT_ISSUED, {"CodigoIdentificacaoOperacao": id_operacao, "AnoDeclaracao": ano})


def _notice(answer: PefAnswer) -> str | None:
    """AvisoTransportador: the authority's notice to the carrier (None when absent or blank)."""
    return (answer.text("AvisoTransportador") or "").strip() or None


def _already_done(service: str, answer: PefAnswer) -> bool:
    text = (answer.text("Mensagem") or "").lower()
    return any(marker in text for marker in ALREADY_DONE.get(service, ()))


def _flag(value) -> bool:
    """The manual writes flags as booleans, 0/1 or "true"/"false": a plain bool("false") would be True."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0
    return str(value or "").strip().lower() in ("true", "1", "s", "sim")


def _fleet_axles(company_id, plates: list[str]) -> dict:
    """Axles of the contract's plates from the company's fleet register (NumeroEixos is optional when unknown)."""
    company_id = company_id if isinstance(company_id, uuid.UUID) else uuid.UUID(str(company_id))
    rows = db.session.execute(cross_tenant(sa.select(Vehicle.plate, Vehicle.axles).where(
        Vehicle.company_id == company_id, Vehicle.plate.in_(plates)))).all()
    return {plate: axles for plate, axles in rows if axles}
