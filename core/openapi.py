"""OpenAPI 3.1 document built from the endpoint registry and the same pydantic models that validate."""
import re

from pydantic.json_schema import models_json_schema

from core.api import API_PREFIX, REGISTRY

ERROR_SCHEMA = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message", "details"],
            "properties": {
                "code": {"type": "string"},
                "message": {"type": "string"},
                "details": {"type": "array", "items": {"type": "object", "properties": {
                    "field": {"type": "string"}, "code": {"type": "string"}, "message": {"type": "string"}}}},
            },
        }
    },
}

IDEMPOTENCY_HEADER = {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "description": "Repetir a chamada com a mesma chave (por 24 h) devolve a resposta original "
                   "(cabeçalho Idempotent-Replayed: true); outro corpo com a mesma chave é 422.",
    "schema": {"type": "string", "minLength": 1, "maxLength": 255},
}

COMMON_ERRORS = {
    "400": "Requisição inválida (invalid_json, invalid_body, invalid_query, invalid_cursor)",
    "401": "Chave ausente ou inválida, assinatura ausente ou inválida",
    "403": "Escopo insuficiente ou módulo desabilitado",
    "404": "Não encontrado (inclui registros de outra empresa)",
    "405": "Método não permitido",
    "409": "Conflito",
    "413": "Corpo maior que o limite",
    "415": "Content-Type não é application/json",
    "422": "Regra de negócio impede a ação",
}


def _path(rule: str) -> str:
    return API_PREFIX + re.sub(r"<(?:[a-z]+:)?([a-zA-Z_]+)>", r"{\1}", rule).rstrip("/")


def _query_parameters(model) -> list[dict]:
    schema = model.model_json_schema()
    required = set(schema.get("required", []))
    params = []
    for name, prop in schema.get("properties", {}).items():
        params.append({"name": name, "in": "query", "required": name in required, "schema": prop})
    return params


def build_document(base_url: str = "") -> dict:
    models = []
    for spec in REGISTRY:
        for model in (spec.body, spec.response):
            if model is not None and (model, "validation") not in models:
                models.append((model, "validation"))
    _, defs = models_json_schema(models, ref_template="#/components/schemas/{model}")
    schemas = dict(defs.get("$defs", {}))
    schemas["Error"] = ERROR_SCHEMA
    paths: dict = {}
    for spec in REGISTRY:
        path = _path(spec.rule)
        params = [{"name": n, "in": "path", "required": True, "schema": {"type": "string"}}
                  for n in re.findall(r"{([a-zA-Z_]+)}", path)]
        if spec.query is not None:
            params += _query_parameters(spec.query)
        if spec.method == "POST" and spec.idempotent and not spec.public:
            params.append(IDEMPOTENCY_HEADER)
        operation = {
            "operationId": spec.view_name.replace(".", "_"),
            "summary": spec.summary.strip().splitlines()[0] if spec.summary else "",
            "tags": list(spec.tags),
            "parameters": params,
            "responses": _responses(spec),
        }
        if not spec.public:
            operation["security"] = [{"ApiKey": []}, {"ServiceKey": []}, {"Bearer": []}]
        if spec.body is not None:
            operation["requestBody"] = {"required": True, "content": {"application/json": {
                "schema": {"$ref": f"#/components/schemas/{spec.body.__name__}"}}}}
        paths.setdefault(path, {})[spec.method.lower()] = operation
    return {
        "openapi": "3.1.0",
        "info": {"title": "Fretes — API pública", "version": "1.0.0",
                 "description": (
                     "API pública v1. Autenticação: X-API-Key, X-Service-Key ou Authorization: Bearer. "
                     "Assinatura opcional (ou exigida pela chave): X-Service-Signature = HMAC-SHA256 hex do corpo "
                     "com o segredo da chave (com ou sem 'sha256='); com X-Service-Timestamp (Unix ms, até 300 s "
                     "de diferença) assina-se '<timestamp>.<corpo>'. Erros no envelope "
                     "{error:{code,message,details}}.")},
        "servers": [{"url": base_url or "/"}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "ApiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
                "ServiceKey": {"type": "apiKey", "in": "header", "name": "X-Service-Key"},
                "Bearer": {"type": "http", "scheme": "bearer"},
            },
        },
    }


def _responses(spec) -> dict:
    if spec.response_kind == "pdf":
        ok = {"description": "PDF", "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}}
    elif spec.response_kind == "zip":
        ok = {"description": "ZIP", "content": {"application/zip": {"schema": {"type": "string", "format": "binary"}}}}
    elif spec.response is not None:
        ok = {"description": "OK", "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/{spec.response.__name__}"}}}}
    else:
        ok = {"description": "OK", "content": {"application/json": {"schema": {"type": "object"}}}}
    responses = {str(spec.success): ok}
    if spec.success == 201 or spec.method == "POST":
        any_object = {"application/json": {"schema": {"type": "object"}}}
        responses.setdefault("200", {"description": "OK (replay ou ação)", "content": any_object})
        responses.setdefault("202", {"description": "Aceito, ainda em processamento", "content": any_object})
    for status, description in COMMON_ERRORS.items():
        responses[status] = {"description": description,
                             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    responses["429"] = {"description": "Muitas requisições",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    return responses
