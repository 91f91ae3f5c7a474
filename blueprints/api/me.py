"""Who am I: the key's company, scopes and signing requirement. Also serves the OpenAPI document."""
from flask import jsonify, request

from core.api import api_bp, endpoint
from core.schemas import RequestModel


class MeCompany(RequestModel):
    id: str
    cnpj: str
    legal_name: str
    modules: list[str]
    features: list[str]
    ciot_environment: str


class MeKey(RequestModel):
    id: str
    prefix: str
    scopes: list[str]
    require_signature: bool


class MeData(RequestModel):
    company: MeCompany
    api_key: MeKey


class MeResponse(RequestModel):
    data: MeData


@endpoint("/me", "GET", summary="Empresa, escopos e exigência de assinatura da chave usada.", tags=("conta",),
          response=MeResponse)
def me(ctx):
    company, key = ctx.account, ctx.api_key  # read with the key: no further query
    return {"data": {
        "company": {"id": str(company.id), "cnpj": company.cnpj, "legal_name": company.legal_name,
                    "modules": list(company.modules or []), "features": list(company.features or []),
                    "ciot_environment": company.ciot_environment},
        "api_key": {"id": str(key.id), "prefix": key.prefix, "scopes": list(key.scopes or []),
                    "require_signature": key.require_signature},
    }}


@api_bp.get("/openapi.json")
def openapi_document():
    from core.openapi import build_document
    return jsonify(build_document(request.host_url.rstrip("/")))
