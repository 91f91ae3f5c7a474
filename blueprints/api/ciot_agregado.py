"""Public API: CIOT aggregate contracts (TAC agregado) — reference docs/api/ciot-agregado.md, rules
docs/ciot-agregado.md. Same keys, signature and scopes as the CIOT operations (read for GET, write for POST)."""
from flask import Response, url_for

from core.api import endpoint, interim_response, tag
from core.responses import ErrorCode
from domain.ciot_agregado import pdf, serializers, services
from domain.ciot_agregado.models import CANCELADO
from domain.ciot_agregado.schemas import (
    CiotAgregadoCancel,
    CiotAgregadoCancelMovement,
    CiotAgregadoClose,
    CiotAgregadoCreate,
    CiotAgregadoDebitoCreate,
    CiotAgregadoListQuery,
    CiotAgregadoRetificar,
    CiotAgregadoViagemCreate,
)
from domain.ciot_agregado.serializers import (
    CiotAgregadoDebitoResponse,
    CiotAgregadoList,
    CiotAgregadoRecord,
    CiotAgregadoResponse,
    CiotAgregadoViagemResponse,
)

TAGS = (tag("ciot-agregado", "Contratos de agregado (TAC agregado): um CIOT de até 30 dias por composição, com "
                             "extrato de viagens (créditos) e débitos, encerramento com rotas consolidadas e PDF."),)
BASE = "/ciot-agregado/operations"
ONE = BASE + "/<agregado_id>"
EXAMPLE_ID = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"

EXISTING = ErrorCode(409, "existing_agregado", "Já existe um contrato de agregado aberto para esta composição: "
                     "AGR-000001.", schema="CiotAgregadoExistingError", extra={"existing_id": EXAMPLE_ID},
                     top_level={"data": {
                         "id": EXAMPLE_ID, "code": "AGR-000001", "status": "aberto", "environment": "homolog",
                         "codigo_ciot": "123456789012", "codigo_verificador": "4821",
                         "protocolo": "HML20261123120000000001",
                         "data_abertura": "2026-11-23", "data_prevista_encerramento": "2026-12-23",
                         "partner_id": "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
                         "contratado_cpf_cnpj": "52998224725", "contratado_nome": "João da Silva",
                         "contratado_rntrc": "012345678", "contratado_categoria": "TAC", "placa_cavalo": "ABC1D23",
                         "placas_reboques": ["DEF4G56"], "valor_contratado": 15000.0, "origem_uf": "SP",
                         "origem_municipio_nome": "São Paulo", "destino_uf": "RJ",
                         "destino_municipio_nome": "Rio de Janeiro", "mensagem_antt": None,
                         "aviso_transportador": None, "encerrado_at": None,
                         "encerramento_motivo": None, "peso_carga_final": None, "cancelado_at": None,
                         "cancel_motivo": None, "pendencia": None, "bloqueios": [],
                         "veiculos": [{"placa": "ABC1D23", "tipo_veiculo": "cavalo_trator", "eixos": 3,
                                       "eixos_origem": "frota"},
                                      {"placa": "DEF4G56", "tipo_veiculo": "implemento", "eixos": 3,
                                       "eixos_origem": "informado"}],
                         "pagamento": {"tipo_pagamento": "pix", "chave_pix": "joao@exemplo.com.br",
                                       "tipo_chave_pix": "email", "banco": None, "agencia": None, "conta": None,
                                       "cpf_cnpj_owner": None, "titular_parentesco": None},
                         "retificacoes": 0, "retificado_at": None, "created_at": "2026-11-23T15:00:00Z",
                         "updated_at": "2026-11-23T15:00:00Z"}})
INVALID_MODALIDADE = ErrorCode(422, "invalid_modalidade", "O parceiro Transportes X Ltda (ETC) não pode ser agregado: "
                               "o contrato de agregado é só para transportadores com categoria RNTRC TAC ou "
                               "TAC_EQUIPARADO.", extra={"rntrc_categoria": "ETC"})


def _status(action: str) -> ErrorCode:
    return ErrorCode(422, "status_invalido", f"O contrato AGR-000001 está 'encerrado': {action} só com o contrato "
                                             "aberto.", extra={"status": "encerrado"})


SALDO_PENDENTE = ErrorCode(422, "saldo_pendente", "O contrato AGR-000001 tem 2 viagem(ns) e 1 débito(s) ativos: "
                           "cancele-os antes de cancelar o contrato.", extra={"viagens_ativas": 2, "debitos_ativos": 1})
REJECTED = ErrorCode(422, "rejected", "Encerramento rejeitado pela ANTT: Encerramento não autorizado: transportador "
                     "com RNTRC 012345678 em situação irregular no RNTRC.",
                     extra={"status": "aberto", "mensagem_antt": "Encerramento não autorizado: transportador com "
                                                                 "RNTRC 012345678 em situação irregular no RNTRC."})
CANCEL_REJECTED = ErrorCode(422, "rejected", "Cancelamento rejeitado pela ANTT: CIOT 123456789012 não está ativo no "
                            "ambiente de homologação.", extra={"status": "aberto", "mensagem_antt": "CIOT 123456789012 "
                                                               "não está ativo no ambiente de homologação."})
OPEN_REJECTED = ErrorCode(422, "rejected", "Abertura rejeitada pela ANTT: Transportador com RNTRC 012345678 em "
                          "situação irregular.", extra={"mensagem_antt": "Transportador com RNTRC 012345678 em "
                                                                         "situação irregular."})
NOT_SUPPORTED = ErrorCode(422, "not_supported", "Não há provedor CIOT de produção configurado nesta instalação "
                                                "(CIOT_PROVIDER_PRODUCAO): a operação não pode ser enviada à ANTT.")
MISSING_CREDENTIALS = ErrorCode(422, "missing_credentials", "Credenciais de produção do CIOT não cadastradas para a "
                                "empresa Transportadora Exemplo Ltda.",
                                extra={"company_id": "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b"})
LINE_NOT_FOUND = ErrorCode(404, "not_found", "Lançamento não encontrado neste contrato.")
AUTHORITY = (NOT_SUPPORTED, MISSING_CREDENTIALS)


DISTANCE_UNAVAILABLE = ErrorCode(422, "distancia_indisponivel", "Não foi possível calcular a distância da rota "
                                 "Adamantina/SP → Niterói/RJ (mesmo município, ou sede sem coordenadas): informe-a no "
                                 "encerramento (rotas: origem_codigo_ibge, destino_codigo_ibge, distancia_km).",
                                 extra={"origem_codigo_ibge": "3500105", "destino_codigo_ibge": "3303302"})

def _pending(contract) -> None:
    """What a request to the authority answers if anything fails after its phase 1 was committed: 202 pending."""
    interim_response({"data": serializers.agregado_dict(contract)}, 202)


def _pending_record(contract) -> None:
    interim_response(serializers.record_dict(contract), 202)


def _answer(contract, outcome, body: dict, done: int = 200):
    """The answer of a request to the authority: `done` with `body`, or 202 with it and a `Location` to poll while
    the authority's outcome is not known yet."""
    if outcome == services.PENDING:
        return body, 202, {"Location": url_for("api.ciot_agregado_get_agregado", agregado_id=str(contract.id))}
    return body, done


@endpoint(BASE, "POST", body=CiotAgregadoCreate, tags=TAGS, response=CiotAgregadoResponse,
          responses={202: CiotAgregadoResponse}, operation_id="createCiotAgregado",
          errors=(EXISTING, INVALID_MODALIDADE, OPEN_REJECTED, *AUTHORITY),
          summary="Abre um contrato de agregado (30 dias) e o declara na ANTT: 201 declarado, ou retido (aberto "
                  "com `bloqueios`, nada enviado); 409 com o contrato aberto da mesma composição em `data`; 202 "
                  "aberto sem codigo_ciot enquanto a resposta da ANTT não chega (declarado automaticamente).")
def create_agregado(ctx):
    try:
        contract, outcome = services.open_agregado(ctx.company, ctx.body, actor=ctx.api_key, interim=_pending)
    except services.ExistingAgregado as exc:
        exc.top_level = {"data": serializers.agregado_dict(exc.contract)}
        raise
    if outcome == services.REJECTED:
        raise services.open_rejected_error(contract)
    return _answer(contract, outcome, {"data": serializers.agregado_dict(contract)}, done=201)


@endpoint(BASE, "GET", query=CiotAgregadoListQuery, tags=TAGS, response=CiotAgregadoList,
          operation_id="listCiotAgregados", summary="Lista os contratos de agregado (mais novos primeiro).")
def list_agregados(ctx):
    q = ctx.query
    page = services.list_agregados(status=q.statuses, partner_id=q.partner_id, q=q.q, limit=q.limit, cursor=q.cursor)
    return page.envelope(serializers.agregado_dict)


@endpoint(ONE, "GET", tags=TAGS, response=CiotAgregadoRecord, operation_id="getCiotAgregado",
          summary="O contrato com viagens, débitos, saldo e (encerrado) as rotas consolidadas.")
def get_agregado(ctx, agregado_id):
    return serializers.record_dict(services.get_agregado(agregado_id))


@endpoint(ONE + "/viagens", "POST", body=CiotAgregadoViagemCreate, tags=TAGS, response=CiotAgregadoViagemResponse,
          operation_id="addCiotAgregadoViagem", errors=(_status("viagens são lançadas"),),
          summary="Lança uma viagem (crédito) com o próximo numero_viagem; não chama a ANTT.")
def add_viagem(ctx, agregado_id):
    trip = services.add_viagem(agregado_id, ctx.body, actor=ctx.api_key)
    return {"data": serializers.viagem_dict(trip)}, 201


@endpoint(ONE + "/debitos", "POST", body=CiotAgregadoDebitoCreate, tags=TAGS, response=CiotAgregadoDebitoResponse,
          operation_id="addCiotAgregadoDebito", errors=(_status("débitos são lançados"),),
          summary="Lança um débito, descontado do saldo, com o próximo numero_debito.")
def add_debito(ctx, agregado_id):
    debit = services.add_debito(agregado_id, ctx.body, actor=ctx.api_key)
    return {"data": serializers.debito_dict(debit)}, 201


@endpoint(ONE + "/viagens/<viagem_id>/cancel", "POST", body=CiotAgregadoCancelMovement, tags=TAGS, success=200,
          response=CiotAgregadoViagemResponse, operation_id="cancelCiotAgregadoViagem",
          errors=(_status("lançamentos são cancelados"), LINE_NOT_FOUND),
          summary="Cancela uma viagem (motivo obrigatório, auditado); o crédito sai do saldo.")
def cancel_viagem(ctx, agregado_id, viagem_id):
    trip = services.cancel_viagem(agregado_id, viagem_id, motivo=ctx.body.motivo, actor=ctx.api_key)
    return {"data": serializers.viagem_dict(trip)}


@endpoint(ONE + "/debitos/<debito_id>/cancel", "POST", body=CiotAgregadoCancelMovement, tags=TAGS, success=200,
          response=CiotAgregadoDebitoResponse, operation_id="cancelCiotAgregadoDebito",
          errors=(_status("lançamentos são cancelados"), LINE_NOT_FOUND),
          summary="Cancela um débito (motivo obrigatório, auditado); o débito sai do saldo.")
def cancel_debito(ctx, agregado_id, debito_id):
    debit = services.cancel_debito(agregado_id, debito_id, motivo=ctx.body.motivo, actor=ctx.api_key)
    return {"data": serializers.debito_dict(debit)}


@endpoint(ONE + "/cancel", "POST", body=CiotAgregadoCancel, tags=TAGS, success=200, response=CiotAgregadoResponse,
          responses={202: CiotAgregadoResponse}, operation_id="cancelCiotAgregado",
          errors=(_status("cancelar"), SALDO_PENDENTE, CANCEL_REJECTED, *AUTHORITY),
          summary="Cancela o contrato (só com todas as viagens e débitos já cancelados); recusa da ANTT: continua "
                  "aberto; ANTT fora do ar: 202 aberto, cancelamento reenviado automaticamente.")
def cancel_agregado(ctx, agregado_id):
    contract, outcome = services.cancel(ctx.company, agregado_id, motivo=ctx.body.motivo, actor=ctx.api_key,
                                        interim=_pending)
    if outcome == services.REJECTED:
        raise services.cancel_error(contract)
    return _answer(contract, outcome, {"data": serializers.agregado_dict(contract)})


@endpoint(ONE + "/encerrar", "POST", body=CiotAgregadoClose, tags=TAGS, success=200, response=CiotAgregadoRecord,
          responses={202: CiotAgregadoRecord},
          operation_id="closeCiotAgregado",
          errors=(_status("encerrar"), REJECTED, DISTANCE_UNAVAILABLE, *AUTHORITY),
          summary="Encerra: consolida as rotas das viagens ativas e informa a ANTT (recusa: volta a aberto; ANTT "
                  "fora do ar: 202 em_encerramento, reenviado automaticamente).")
def close_agregado(ctx, agregado_id):
    contract, outcome = services.close(ctx.company, agregado_id, peso_carga_final=ctx.body.peso_carga_final,
                                       motivo=ctx.body.motivo, actor=ctx.api_key, distancias=ctx.body.distancias,
                                       interim=_pending_record)
    if outcome == services.REJECTED:
        raise services.closing_error(contract)
    return _answer(contract, outcome, serializers.record_dict(contract))


RECTIFY_NOT_SUPPORTED = ErrorCode(422, "not_supported", "Retificação disponível apenas para empresas no fluxo legado "
                                  "de integração CIOT (ciot_flow=legacy).")
RECTIFY_REJECTED = ErrorCode(422, "rejected", "Retificação rejeitada pela ANTT: Retificação não autorizada: "
                             "transportador com RNTRC 012345678 em situação irregular no RNTRC.",
                             extra={"status": "aberto", "mensagem_antt": "Retificação não autorizada: transportador "
                                                                         "com RNTRC 012345678 em situação irregular "
                                                                         "no RNTRC."})
@endpoint(ONE + "/retificar", "POST", body=CiotAgregadoRetificar, tags=TAGS, success=200,
          response=CiotAgregadoResponse, responses={202: CiotAgregadoResponse}, operation_id="rectifyCiotAgregado",
          errors=(_status("retificar"), RECTIFY_NOT_SUPPORTED, RECTIFY_REJECTED, *AUTHORITY),
          summary="Retifica valor, data prevista de encerramento e rota de um contrato declarado (fluxo legado), com "
                  "a resposta da ANTT no histórico; num contrato retido (bloqueios), completa os dados e o declara "
                  "(202 enquanto a resposta da ANTT não chega).")
def rectify_agregado(ctx, agregado_id):
    contract, outcome = services.rectify(ctx.company, agregado_id, ctx.body, set(ctx.raw), actor=ctx.api_key,
                                         interim=_pending)
    if outcome == services.REJECTED:  # the completed declaration refused (cancelado), or the rectification
        raise services.open_rejected_error(contract) if contract.status == CANCELADO \
            else services.rectify_error(contract)
    return _answer(contract, outcome, {"data": serializers.agregado_dict(contract)})


@endpoint(ONE + "/pdf", "GET", tags=TAGS, response_kind="pdf", operation_id="downloadCiotAgregadoPdf",
          summary="PDF do contrato em qualquer status (homologação com marca d'água).")
def agregado_pdf(ctx, agregado_id):
    document = pdf.agregado_pdf(ctx.company, agregado_id)
    return Response(document.content, mimetype="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="{document.filename}"', "Cache-Control": "private, no-store"})
