"""Public API: a CIOT operation prefilled from the trip's CT-e or NF-e (docs/api/ciot.md, "Operação a partir do
CT-e ou da NF-e"). The work is domain.ciot.from_document.create_from_documents, which the page calls too."""
from blueprints.api.ciot import BASE, TAGS
from core.api import endpoint
from core.responses import ErrorCode, ResponseModel
from domain.ciot import serializers
from domain.ciot.from_document import FromDocumentBody, FromDocumentResult, create_from_documents
from domain.ciot.serializers import CiotCreated, CiotValidation

KEY = "35261211222333000181570010000012341000012342"
DOCUMENT_ERRORS = (
    ErrorCode(409, "document_in_use", f"O documento de chave {KEY} já está na operação CIOT-000012: cada documento "
              "é declarado uma vez (cancele aquela operação antes, se for o caso).", schema="ConflictError",
              extra={"chave": KEY, "existing_id": "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a"},
              details=(("documents[0].xml", "in_use", "Documento já declarado na operação CIOT-000012."),)),
    ErrorCode(422, "document_cancelled", f"O documento de chave {KEY} foi cancelado na SEFAZ (protocolo "
              "135260000001299): não pode ser declarado.", extra={"chave": KEY},
              details=(("documents[0].xml", "cancelled", "Documento cancelado."),)),
    ErrorCode(422, "document_other_company", f"O documento de chave {KEY} não é desta empresa: o CNPJ "
              "11222333000181 não é o emitente, o tomador nem o transportador.", extra={"chave": KEY},
              details=(("documents[0].xml", "other_company", f"Documento de outra empresa (chave {KEY})."),)),
    ErrorCode(422, "contratado_required", "O documento não nomeia o transportador contratado (é da própria "
              "empresa): informe contratado_cpf_cnpj.",
              details=(("contratado_cpf_cnpj", "required", "Escolha o contratado."),)),
    ErrorCode(422, "documents_other_trip", "Os documentos têm transportadores diferentes: uma operação CIOT declara "
              "um contratado (envie os documentos de cada viagem separados).",
              details=(("documents", "several_carriers", "Transportadores: 11222333000181, 33000167000101."),)),
    ErrorCode(422, "document_incomplete", "Os documentos não trazem tudo o que a operação exige: "
              "contratado_rntrc: Field required", details=(("contratado_rntrc", "missing", "Field required"),)),
    ErrorCode(404, "not_found", "Documento não encontrado: documents[0].billing_document_id não é um registro da "
              "empresa.", details=(("documents[0].billing_document_id", "not_found", "Documento não encontrado: "
                                    "documents[0].billing_document_id não é um registro da empresa."),)),
    ErrorCode(422, "document_without_xml", "O documento da caixa de entrada não tem o XML guardado (foi lançado à "
              "mão).", details=(("documents[0].billing_document_id", "no_xml", "Documento sem XML."),)),
)


class CiotDerivedField(ResponseModel):
    campo: str
    origem: str


class CiotUnknownContratado(ResponseModel):
    """The document's carrier is not a partner yet: register it (POST /partners) to fill its bank data next time."""
    cpf_cnpj: str
    nome: str | None
    rntrc: str | None


class CiotFromDocumentResult(ResponseModel):
    """The new operation (as POST /ciot/operations answers it), the documents read and where each value came from."""
    data: CiotCreated
    validation: CiotValidation | None
    emission: None
    documentos: list[str]
    derivados: list[CiotDerivedField]
    contratado_nao_cadastrado: CiotUnknownContratado | None


def from_document_dict(result: FromDocumentResult) -> dict:
    answer = serializers.created_dict(result.op, result.created.validation, None)
    return {**answer, "documentos": [d.key for d in result.documents],
            "derivados": [{"campo": name, "origem": source} for name, source in result.derived],
            "contratado_nao_cadastrado": result.unknown_contratado}


@endpoint(BASE + "/from-document", "POST", body=FromDocumentBody, tags=TAGS, response=CiotFromDocumentResult,
          operation_id="createCiotFromDocument", errors=DOCUMENT_ERRORS,
          summary="Cria uma operação CIOT preenchida a partir do CT-e (ou da NF-e) da viagem; vários documentos "
                  "formam uma viagem fracionada.")
def create_from_document(ctx):
    result = create_from_documents(ctx.company, ctx.body, actor=ctx.api_key)
    return from_document_dict(result), 201
