"""OpenAPI 3.1 document built from the endpoint registry and the same pydantic models that validate requests and
type answers (core/responses.py). Rules every operation follows are in docs/api/README.md.

What an operation documents:
- its success statuses only, each typed by the envelope model the endpoint declares (`response=`, `responses=`);
  PDF/ZIP downloads as binary with Content-Disposition; `response_kind="text"` as text/plain;
- its errors: those the pipeline can produce for this operation (auth, body, query, path, idempotency, 500, 503)
  plus the area's own `errors=` codes, grouped by status, each code with an example;
- the optional signature headers and, on POST, Idempotency-Key; response headers (X-Request-Id,
  Idempotent-Replayed, Content-Disposition, Retry-After, WWW-Authenticate);
- request and response examples recorded by the API tests (blueprints/api/examples.json).
"""
import copy
import json
import re
import uuid
from datetime import datetime
from functools import cache
from typing import Literal

from pydantic import Field, create_model
from pydantic.json_schema import models_json_schema

from core.api import API_PREFIX, REGISTRY, TAGS
from core.responses import CURSOR_PATTERN, WEBHOOK_EVENTS, ErrorCode, ResponseModel, error_models
from core.schemas import ListQuery

TITLE = "Fretes Public API"
VERSION = "1.3.0"  # moves with docs/api/changelog.md (docs/api/versioning.md)

# --- The pipeline's own errors (core/api.py, blueprints/errors.py) -----------------------------------------------

MISSING_KEY = ErrorCode(401, "unauthorized", "Chave de API ausente: envie X-API-Key, X-Service-Key ou "
                                             "Authorization: Bearer.")
SIGNATURE_REQUIRED = ErrorCode(401, "signature_required", "Esta chave exige assinatura HMAC (X-Service-Signature).")
INVALID_SIGNATURE = ErrorCode(401, "invalid_signature", "Assinatura HMAC inválida.")
INSUFFICIENT_SCOPE = ErrorCode(403, "insufficient_scope", "A chave não tem o escopo 'write'.")
MODULE_DISABLED = ErrorCode(403, "module_disabled", "O módulo 'ciot' não está habilitado para a empresa.")
INVALID_JSON = ErrorCode(400, "invalid_json", "O corpo não é um JSON válido.")
INVALID_BODY = ErrorCode(400, "invalid_body", "Campos inválidos: cpf_cnpj.",
                         details=(("cpf_cnpj", "invalid_check_digit", "CPF inválido (dígito verificador não "
                                                                      "confere)."),))
PROTECTED_FIELD = ErrorCode(400, "invalid_body", "Campos protegidos não podem ser enviados: company_id.",
                            details=(("company_id", "protected_field", "Campo definido pelo serviço; não o envie."),))
TOO_LARGE = ErrorCode(413, "payload_too_large", "Corpo da requisição maior que o limite permitido.")
NOT_JSON = ErrorCode(415, "unsupported_media_type", "Envie o corpo como application/json.")
INVALID_QUERY = ErrorCode(400, "invalid_query", "Campos inválidos: limit.",
                          details=(("limit", "less_than_equal", "Deve ser menor ou igual a 200."),))
INVALID_CURSOR = ErrorCode(400, "invalid_cursor", "Cursor de paginação inválido ou adulterado.",
                           details=(("cursor", "invalid_cursor", "Cursor inválido ou adulterado."),))
NOT_FOUND = ErrorCode(404, "not_found", "Registro não encontrado.")
URI_TOO_LONG = ErrorCode(414, "uri_too_long", "Endereço (URL) longo demais.")
INVALID_IDEMPOTENCY_KEY = ErrorCode(400, "invalid_header", "Idempotency-Key deve ter de 1 a 255 caracteres.",
                                    details=(("Idempotency-Key", "invalid", "De 1 a 255 caracteres."),))
IDEMPOTENCY_IN_PROGRESS = ErrorCode(409, "idempotency_in_progress",
                                    "Uma requisição com esta Idempotency-Key ainda está em andamento.")
IDEMPOTENCY_REUSED = ErrorCode(422, "idempotency_key_reused", "Idempotency-Key já usada com outra requisição.")
INTERNAL = ErrorCode(500, "internal_error", "Erro interno. Informe o código 3f2a9c1d0b7e4a65 ao suporte.",
                     schema="ServerError", extra={"request_id": "3f2a9c1d0b7e4a65"})
UNAVAILABLE = ErrorCode(503, "service_unavailable", "Serviço temporariamente indisponível. Tente novamente em "
                                                    "instantes.", schema="ServerError",
                        extra={"request_id": "3f2a9c1d0b7e4a65"})

STATUS_TEXT = {400: "Requisição inválida", 401: "Não autenticado", 403: "Sem permissão", 404: "Não encontrado",
               409: "Conflito", 413: "Corpo grande demais", 414: "Endereço longo demais",
               415: "Tipo de conteúdo não suportado",
               422: "Regra de negócio impede a ação", 500: "Erro interno", 503: "Serviço indisponível"}


def pipeline_errors(spec) -> list[ErrorCode]:
    """The errors core.api's pipeline can answer for this operation, from what it declares."""
    errors = [INTERNAL, UNAVAILABLE, URI_TOO_LONG]
    if not spec.public:
        errors += [MISSING_KEY, SIGNATURE_REQUIRED, INVALID_SIGNATURE, INSUFFICIENT_SCOPE]
        if spec.module:
            errors.append(MODULE_DISABLED)
    if spec.method in ("POST", "PATCH", "PUT"):
        errors += [INVALID_JSON, INVALID_BODY if spec.body is not None else PROTECTED_FIELD, TOO_LARGE, NOT_JSON]
    if spec.query is not None:
        errors.append(INVALID_QUERY)
        if issubclass(spec.query, ListQuery):
            errors.append(INVALID_CURSOR)
    if "<" in spec.rule:
        errors.append(NOT_FOUND)
    errors += [reference_not_found(name) for name in reference_fields(spec)]
    if _idempotent(spec):
        errors += [INVALID_IDEMPOTENCY_KEY, IDEMPOTENCY_IN_PROGRESS, IDEMPOTENCY_REUSED]
    return errors


# Body and query fields named `*_id` that are not references to the company's records.
NOT_REFERENCES = frozenset({"external_id"})


def reference_fields(spec) -> list[str]:
    """The top-level body and query fields that name one of the company's records (`*_id`, `*_ids`): another
    company's id there is 404 `not_found` naming the field, like a missing one (docs/api/README.md, "Ids")."""
    names = []
    for model in (spec.body, spec.query):
        if model is not None:
            names += [name for name in model.model_fields
                      if name.endswith(("_id", "_ids")) and name not in NOT_REFERENCES]
    return names


def reference_not_found(field: str) -> ErrorCode:
    message = f"Registro não encontrado: {field} não é um registro da empresa."
    return ErrorCode(404, "not_found", message, details=((field, "not_found", message),))


def _idempotent(spec) -> bool:
    return spec.method == "POST" and spec.idempotent and not spec.public


# --- Reusable parts ----------------------------------------------------------------------------------------------

SIGNING_RULE = ("Assinatura (opcional; obrigatória para chaves com require_signature, senão 401 "
                "signature_required): X-Service-Signature = HMAC-SHA256 em hexadecimal, com a parte secreta da chave "
                "(depois do ponto) como chave, sobre o corpo cru da requisição (vazio em GET/DELETE), com ou sem o "
                "prefixo `sha256=`. Com X-Service-Timestamp (Unix em milissegundos, até 300 s de diferença do "
                "relógio do servidor) assina-se `<timestamp>.<corpo>`. Receitas em Python e JavaScript: "
                "docs/api/signing.md.")

PARAMETERS = {
    "IdempotencyKey": {
        "name": "Idempotency-Key", "in": "header", "required": False,
        "description": "Executa o POST uma única vez por empresa e chave durante 24 h: repetir a chamada devolve a "
                       "resposta guardada com `Idempotent-Replayed: true`; a mesma chave com outro corpo é 422 "
                       "idempotency_key_reused; enquanto a primeira roda, 409 idempotency_in_progress.",
        "schema": {"type": "string", "minLength": 1, "maxLength": 255}, "example": "pedido-4711-criar"},
    "ServiceSignature": {
        "name": "X-Service-Signature", "in": "header", "required": False, "description": SIGNING_RULE,
        "schema": {"type": "string", "pattern": "^(sha256=)?[0-9a-fA-F]{64}$"},
        "example": "sha256=5d41402abc4b2a76b9719d911017c592ae2c6e2f3d1f0e8b1f3f9c2a4b6d8e0f"},
    "ServiceSignatureVersion": {
        "name": "X-Service-Signature-Version", "in": "header", "required": False,
        "description": "Esquema da assinatura. Ausente ou `1`: o do X-Service-Signature acima. `2`: HMAC-SHA256 em "
                       "hexadecimal de `v2\\n<MÉTODO>\\n<caminho>\\n<query string como enviada>\\n<timestamp>"
                       "\\n<corpo>`, com X-Service-Timestamp obrigatório: cobre método, caminho e query "
                       "(docs/api/signing.md).",
        "schema": {"type": "string", "enum": ["1", "2"]}, "example": "2"},
    "ServiceTimestamp": {
        "name": "X-Service-Timestamp", "in": "header", "required": False,
        "description": "Unix em milissegundos; quando enviado entra na assinatura (`<timestamp>.<corpo>`) e deve "
                       "estar a até 300 s do relógio do servidor (senão 401 invalid_signature); uma assinatura com "
                       "horário vale uma única vez. Obrigatório para chaves criadas exigindo assinatura (uma "
                       "assinatura sem horário valeria para sempre: 401 invalid_signature) e na versão 2.",
        "schema": {"type": "string", "pattern": "^[0-9]{10,16}$"}, "example": "1763870400000"},
}

HEADERS = {
    "XRequestId": {"description": "Identificador da requisição (o enviado em X-Request-Id, ou um gerado); "
                                  "informe-o ao suporte.", "schema": {"type": "string", "maxLength": 64}},
    "IdempotentReplayed": {"description": "`true` quando a resposta é a repetição guardada de um POST com a mesma "
                                          "Idempotency-Key.", "schema": {"type": "string", "enum": ["true"]}},
    "ContentDisposition": {"description": "`attachment; filename=\"<nome>\"`: o nome sugerido do arquivo.",
                           "schema": {"type": "string"}},
    "RetryAfter": {"description": "Segundos a esperar antes de tentar de novo.",
                   "schema": {"type": "integer", "minimum": 0}},
    "WWWAuthenticate": {"description": "Esquema de autenticação esperado.", "schema": {"type": "string"}},
    # The IETF draft "RateLimit header fields for HTTP", on every answer of a limited operation (docs/api/README.md).
    "RateLimitLimit": {"description": "Chamadas permitidas na janela do limite.",
                       "schema": {"type": "integer", "minimum": 1}},
    "RateLimitRemaining": {"description": "Chamadas que ainda cabem na janela atual.",
                           "schema": {"type": "integer", "minimum": 0}},
    "RateLimitReset": {"description": "Segundos até a janela atual terminar (a contagem recomeça).",
                       "schema": {"type": "integer", "minimum": 0}},
}
DEPRECATION_HEADERS = {
    "Deprecation": {"description": "RFC 9745: `@<Unix>` do dia em que a operação foi descontinuada.",
                    "schema": {"type": "string"}},
    "Sunset": {"description": "RFC 8594: data (HTTP-date) depois da qual a operação pode deixar de responder.",
               "schema": {"type": "string"}},
    "Link": {"description": "`<…>; rel=\"deprecation\"`: o aviso no changelog.", "schema": {"type": "string"}},
}
RATE_LIMIT_HEADERS = {"RateLimit-Limit": {"$ref": "#/components/headers/RateLimitLimit"},
                      "RateLimit-Remaining": {"$ref": "#/components/headers/RateLimitRemaining"},
                      "RateLimit-Reset": {"$ref": "#/components/headers/RateLimitReset"}}


def is_limited(spec) -> bool:
    """An operation with a rate limit declares its 429 (`rate_limited`)."""
    return any(code.status == 429 for code in spec.errors)

KEY_FORMAT = ("Chave da empresa no formato `<prefixo>.<segredo>` (prefixo `flk_` + 12 hexadecimais; criada em "
              "Administração → Integrações). "
              "Escopo `read` para GET, `write` para POST/PATCH/DELETE (senão 403 insufficient_scope).")
SECURITY_SCHEMES = {
    "ApiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key", "description": KEY_FORMAT},
    "ServiceKey": {"type": "apiKey", "in": "header", "name": "X-Service-Key",
                   "description": KEY_FORMAT + " Mesmo valor de X-API-Key; nome usado pelas integrações CIOT."},
    "Bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "<prefixo>.<segredo>",
               "description": KEY_FORMAT + " Enviada como `Authorization: Bearer <chave>`."},
}

DESCRIPTION = """API pública v1 da Fretes para ERPs e integradores: parceiros, frota, motoristas e operações CIOT.

- **Autenticação**: uma chave da empresa `<prefixo>.<segredo>` em `X-API-Key`, `X-Service-Key` ou
  `Authorization: Bearer`. Escopos `read` (GET) e `write` (POST, PATCH, DELETE).
- **Assinatura** (opcional ou exigida pela chave): veja os parâmetros `X-Service-Signature` e `X-Service-Timestamp`.
- **Respostas**: um registro em `data`; listas em `data` com `page: {next_cursor, has_more}`.
- **Erros**: `{"error": {"code", "message", "details": [{"field", "code", "message"}]}}`; cada operação lista os
  códigos que pode responder.
- **Idempotência**: POST aceita `Idempotency-Key` (24 h).

Referência em português com exemplos: docs/api/README.md no repositório."""


# --- Building ----------------------------------------------------------------------------------------------------

def _path(rule: str) -> str:
    return API_PREFIX + re.sub(r"<(?:[a-z]+:)?([a-zA-Z_]+)>", r"{\1}", rule).rstrip("/")


def operation_id(spec) -> str:
    if spec.operation_id:
        return spec.operation_id
    head, *rest = spec.view_name.rsplit(".", 1)[-1].split("_")
    return head + "".join(part.title() for part in rest)


def _query_parameters(model) -> list[dict]:
    schema = model.model_json_schema()
    required = set(schema.get("required", []))
    params = []
    for name, declared in schema.get("properties", {}).items():
        prop = _without_null_default(dict(declared))
        prop.pop("title", None)
        if name == "cursor":
            prop = {"type": "string", "maxLength": 512, "pattern": CURSOR_PATTERN}
        param = {"name": name, "in": "query", "required": name in required, "schema": prop}
        if prop.get("description"):
            param["description"] = prop["description"]
        elif name == "cursor":
            param["description"] = "O `page.next_cursor` da página anterior (opaco, assinado)."
        elif name == "limit":
            param["description"] = "Itens por página, de 1 a 200 (padrão 50)."
        params.append(param)
    return params


def _path_parameters(path: str) -> list[dict]:
    return [{"name": name, "in": "path", "required": True, "description": "Identificador (uuid).",
             "schema": {"type": "string", "format": "uuid"}, "example": "6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5"}
            for name in re.findall(r"{([a-zA-Z_]+)}", path)]


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _collect_schemas() -> dict:
    models = []
    for spec in REGISTRY:
        for model in (spec.body, spec.response, *spec.responses.values()):
            if model is not None and (model, "validation") not in models:
                models.append((model, "validation"))
    models += [(model, "validation") for model in error_models()]
    models += [(_event_envelope(event_type), "validation") for event_type in WEBHOOK_EVENTS]
    _, defs = models_json_schema(models, ref_template="#/components/schemas/{model}")
    schemas = dict(defs.get("$defs", {}))
    for schema in schemas.values():
        _clean_schema(schema)
    return schemas


@cache
def _event_envelope(event_type: str):
    """`{id, type, created_at, data}` of one event type, `data` its registered payload model (schema
    `WebhookEvent<Type>`, e.g. `WebhookEventFreightStatusChanged`)."""
    model, _ = WEBHOOK_EVENTS[event_type]
    name = "WebhookEvent" + "".join(part.capitalize() for part in re.split(r"[._]", event_type))
    return create_model(name, __base__=ResponseModel, __doc__=f"Evento `{event_type}` (corpo da entrega).",
                        id=(uuid.UUID, Field(description="Id do evento; igual ao cabeçalho Webhook-Id.")),
                        type=(Literal[event_type], ...),
                        created_at=(datetime, Field(description="ISO 8601 em UTC (sufixo Z).")),
                        data=(model, ...))


WEBHOOK_HEADERS = {
    "Webhook-Id": "Id do evento (o mesmo em cada tentativa): deduplique por ele.",
    "Webhook-Timestamp": "Momento desta tentativa, em segundos Unix.",
    "Webhook-Signature": "Standard Webhooks: `v1,<base64 HMAC-SHA256 de \"<id>.<timestamp>.<corpo>\">` com a parte "
                         "decodificada (base64) do segredo `whsec_…`, uma por segredo em vigor, separadas por espaço; "
                         "depois `,sha256=<hex>` do formato anterior (docs/api/webhooks.md).",
}


def _webhooks() -> dict:
    """The document's `webhooks` section: one POST per event type the platform sends, its body typed."""
    section = {}
    for event_type, (_, summary) in WEBHOOK_EVENTS.items():
        section[event_type] = {"post": {
            "operationId": "webhook" + _event_envelope(event_type).__name__.removeprefix("WebhookEvent"),
            "summary": summary, "tags": ["webhooks"],
            # The platform calls the receiver: no API key; the receiver checks Webhook-Signature instead.
            "security": [],
            "parameters": [{"name": name, "in": "header", "required": True, "description": text,
                            "schema": {"type": "string"}} for name, text in WEBHOOK_HEADERS.items()],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": _ref(_event_envelope(event_type).__name__)}}},
            "responses": {"2XX": {"description": "Recebido (responda em até 10 s). 410 desativa o endpoint; "
                                                 "qualquer outra resposta é tentada de novo."}},
        }}
    return section


def _clean_schema(node) -> None:
    """Defaults are said in words, not as `default`: TypeScript generators make every property with a default
    required, so an optional request field would become mandatory in the client. (And `default: null` on a PATCH
    field that may be omitted but not cleared was simply wrong.)"""
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            for prop in properties.values():
                if isinstance(prop, dict) and "default" in prop:
                    default = prop.pop("default")
                    if default is not None and default != []:
                        text = json.dumps(default, ensure_ascii=False)
                        prop["description"] = (prop.get("description", "") + f" Padrão: {text}.").strip()
        for value in node.values():
            _clean_schema(value)
    elif isinstance(node, list):
        for value in node:
            _clean_schema(value)


def _without_null_default(schema: dict) -> dict:
    if "default" in schema and schema["default"] is None and not _nullable(schema):
        del schema["default"]
    return schema


def _nullable(schema: dict) -> bool:
    kinds = schema.get("type")
    if kinds == "null" or (isinstance(kinds, list) and "null" in kinds):
        return True
    return any(_nullable(option) for option in schema.get("anyOf", []) + schema.get("oneOf", []))


def _success(spec, status: int, model, examples: dict) -> dict:
    headers = {"X-Request-Id": {"$ref": "#/components/headers/XRequestId"}}
    if spec.response_kind == "text":  # a provider's verification handshake (the WhatsApp webhook's hub.challenge)
        return {"description": "O texto recebido em hub.challenge.", "headers": headers,
                "content": {"text/plain": {"schema": {"type": "string"}, "example": "1158201444"}}}
    if spec.response_kind in ("pdf", "zip") and status != spec.success:  # the asynchronous form (a job)
        headers["Location"] = {"description": "A URL do job.", "schema": {"type": "string"}}
        headers["Preference-Applied"] = {"description": "`respond-async`.", "schema": {"type": "string"}}
        media = {"schema": _ref(model.__name__)}
        if examples.get(str(status)) is not None:
            media["example"] = examples[str(status)]
        return {"description": (model.__doc__ or "Job").strip().splitlines()[0], "headers": headers,
                "content": {"application/json": media}}
    if spec.response_kind in ("pdf", "zip"):
        headers["Content-Disposition"] = {"$ref": "#/components/headers/ContentDisposition"}
        for name, description in spec.headers.items():
            headers[name] = {"description": description, "schema": {"type": "string"}}
        mimetype = "application/pdf" if spec.response_kind == "pdf" else "application/zip"
        return {"description": "PDF" if spec.response_kind == "pdf" else "ZIP", "headers": headers,
                "content": {mimetype: {"schema": {"type": "string", "format": "binary"}}}}
    if _idempotent(spec):
        headers["Idempotent-Replayed"] = {"$ref": "#/components/headers/IdempotentReplayed"}
    for name, description in spec.headers.items():
        headers[name] = {"description": description, "schema": {"type": "string"}}
    if is_limited(spec):
        headers.update(RATE_LIMIT_HEADERS)
    if spec.deprecated is not None:
        headers.update(DEPRECATION_HEADERS)
    media = {"schema": _ref(model.__name__)}
    example = examples.get(str(status))
    if example is not None:
        media["example"] = example
    description = (model.__doc__ or "").strip().splitlines()[0] if model.__doc__ else "OK"
    return {"description": description or "OK", "headers": headers, "content": {"application/json": media}}


def _errors(codes: list[ErrorCode]) -> dict:
    by_status: dict[int, list[ErrorCode]] = {}
    for code in codes:
        by_status.setdefault(code.status, []).append(code)
    responses = {}
    for status in sorted(by_status):
        group = list({(c.code, c.schema): c for c in by_status[status]}.values())
        # The most specific first: a generated client tries them in order, and Error matches every error body.
        schemas = sorted(dict.fromkeys(c.schema for c in group), key=lambda name: name == "Error")
        schema = _ref(schemas[0]) if len(schemas) == 1 else {"anyOf": [_ref(name) for name in schemas]}
        headers = {"X-Request-Id": {"$ref": "#/components/headers/XRequestId"}}
        if status == 503:
            headers["Retry-After"] = {"$ref": "#/components/headers/RetryAfter"}
        if status == 401:
            headers["WWW-Authenticate"] = {"$ref": "#/components/headers/WWWAuthenticate"}
        if status == 429:
            headers["Retry-After"] = {"$ref": "#/components/headers/RetryAfter"}
            headers.update(RATE_LIMIT_HEADERS)
        codes_text = ", ".join(f"`{c.code}`" for c in group)
        responses[str(status)] = {
            "description": f"{STATUS_TEXT.get(status, 'Erro')}: {codes_text}.",
            "headers": headers,
            "content": {"application/json": {
                "schema": schema,
                "examples": _error_examples(group),
            }},
        }
    return responses


def _error_examples(group: list[ErrorCode]) -> dict:
    examples = {}
    for code in group:
        name = code.code if code.code not in examples else f"{code.code}_{len(examples)}"
        examples[name] = {"summary": code.example, "value": code.body()}
    return examples


def _operation(spec, examples: dict) -> dict:
    path = _path(spec.rule)
    recorded = examples.get(operation_id(spec), {})
    params = _path_parameters(path)
    if spec.query is not None:
        params += _query_parameters(spec.query)
    if spec.response_kind in ("pdf", "zip") and 202 in spec.responses:
        params.append({"name": "Prefer", "in": "header", "required": False, "schema": {"type": "string"},
                       "example": "respond-async", "description": "`respond-async` (RFC 7240): 202 com um job em "
                       "vez do arquivo; o progresso e o arquivo ficam na URL de `Location`."})
    if not spec.public:
        params += [{"$ref": "#/components/parameters/ServiceSignature"},
                   {"$ref": "#/components/parameters/ServiceTimestamp"},
                   {"$ref": "#/components/parameters/ServiceSignatureVersion"}]
    if _idempotent(spec):
        params.append({"$ref": "#/components/parameters/IdempotencyKey"})
    summary, _, rest = (spec.summary or "").strip().partition("\n")
    operation = {
        "operationId": operation_id(spec),
        "summary": summary.strip()[:120],
        "description": (rest.strip() or summary.strip()),
        "tags": list(spec.tags),
        "parameters": params,
    }
    if spec.body is not None:
        media = {"schema": _ref(spec.body.__name__)}
        if recorded.get("request") is not None:
            media["example"] = recorded["request"]
        operation["requestBody"] = {"required": True, "content": {"application/json": media}}
    responses = {}
    successes = {spec.success: spec.response, **spec.responses}
    for status, model in sorted(successes.items()):
        if model is None and spec.response_kind == "json":
            raise ValueError(f"{spec.method} {spec.rule}: declare response= (the envelope model of the answer)")
        responses[str(status)] = _success(spec, status, model, recorded.get("responses", {}))
    responses.update(_errors(pipeline_errors(spec) + list(spec.errors)))
    operation["responses"] = responses
    if spec.deprecated is not None:
        operation["deprecated"] = True
        operation["description"] += (f"\n\n**Descontinuada** desde {spec.deprecated.since.isoformat()}; deixa de "
                                     f"responder depois de {spec.deprecated.sunset.isoformat()}. Use "
                                     f"{spec.deprecated.replacement}.")
    if not spec.public:
        # Scopes of an API key are not OpenAPI scopes (those belong to OAuth2): the one needed is said here.
        operation["security"] = [{"ApiKey": []}, {"ServiceKey": []}, {"Bearer": []}]
        operation["x-required-scope"] = spec.scope
        operation["description"] += f"\n\nEscopo da chave: `{spec.scope}`."
        if spec.extra_scope:
            operation["x-required-scopes"] = [spec.scope, spec.extra_scope]
            operation["description"] += f" Também o escopo `{spec.extra_scope}`."
    else:
        operation["security"] = []
    return operation


def build_document(examples: dict | None = None) -> dict:
    examples = examples or {}
    paths: dict = {}
    for spec in REGISTRY:
        paths.setdefault(_path(spec.rule), {})[spec.method.lower()] = _operation(spec, examples)
    used_tags = {name for spec in REGISTRY for name in spec.tags}
    return {
        "openapi": "3.1.0",
        "info": {"title": TITLE, "version": VERSION, "description": DESCRIPTION,
                 "contact": {"name": "Suporte Fretes (Administração → Integrações)"},
                 "license": {"name": "MIT", "identifier": "MIT"}},
        "servers": [{"url": "/", "description": "Este servidor (os caminhos já incluem /api/public/v1)."}],
        "tags": [{"name": name, "description": description} for name, description in TAGS.items()
                 if name in used_tags],
        "paths": paths,
        "webhooks": _webhooks(),
        "components": {
            "schemas": _collect_schemas(),
            "parameters": copy.deepcopy(PARAMETERS),
            "headers": copy.deepcopy(HEADERS),
            "securitySchemes": copy.deepcopy(SECURITY_SCHEMES),
        },
    }
