"""Typing of the API's answers: response models, the two envelopes and the documented error codes.

Rule (docs/api/README.md, docs/CONTRIBUTING.md): an area's response models live in `domain/<area>/serializers.py`,
and each resource has one function that answers it: `dump(Model, source)`, the model filled from an ORM object or a
selected row alike (`from_attributes`) and written as JSON. The list, the detail, the webhook payloads and the pages
use that one function, so a list item and a single record cannot differ. The endpoint declares the envelope model
with `@endpoint(response=...)`; the OpenAPI document is generated from it, and the API tests validate every real
answer against it, so the document and the code cannot drift.
"""
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, create_model
from pydantic.json_schema import WithJsonSchema

from core.db import iso

CURSOR_PATTERN = r"^[A-Za-z0-9_.=-]+$"


class ResponseModel(BaseModel):
    """A response body shape. Every field is required (always present), `X | None` when it may be null. Filled from
    an object's attributes (an ORM object, a selected row) or a dict: `dump`."""
    model_config = ConfigDict(extra="ignore", from_attributes=True)


def dump(model: type[BaseModel], source) -> dict:
    """`source` (an ORM object, a selected row, a dict) as `model` answers it in JSON: the one serialisation of a
    resource, for lists, details, webhook payloads and pages alike. A field with an alias (`from_`) answers under
    it (`from`)."""
    return model.model_validate(source).model_dump(mode="json", by_alias=True)


Uuid = uuid.UUID
Timestamp = Annotated[datetime, Field(description="ISO 8601 em UTC (sufixo Z)."),
                      PlainSerializer(iso, when_used="json")]
Date = date
Money = Annotated[float, Field(description="Valor em reais (número JSON com até 2 casas).")]


def pattern(regex: str, description: str, example: str | None = None):
    """A string documented with the pattern the server enforces (the validation itself stays in core.validators)."""
    schema = {"type": "string", "pattern": regex, "description": description}
    if example is not None:
        schema["examples"] = [example]
    return WithJsonSchema(schema)


CpfCnpjOut = Annotated[str, pattern(r"^(\d{11}|[0-9A-Z]{12}\d{2})$",
                                    "CPF (11 dígitos) ou CNPJ (14 caracteres), sem pontuação.", "11222333000181")]
CpfOut = Annotated[str, pattern(r"^\d{11}$", "CPF, 11 dígitos.", "52998224725")]
PlateOut = Annotated[str, pattern(r"^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$",
                                  "Placa AAA9999 ou Mercosul AAA9A99, maiúsculas, sem hífen.", "ABC1D23")]
IbgeOut = Annotated[str, pattern(r"^\d{7}$", "Código IBGE do município, 7 dígitos.", "3550308")]


class PageInfo(ResponseModel):
    """Where the next page starts: send `next_cursor` as `cursor`; stop when `has_more` is false."""
    next_cursor: Annotated[str | None, Field(json_schema_extra={"pattern": CURSOR_PATTERN},
                                             description="Cursor opaco e assinado da próxima página; "
                                                         "null na última.")]
    has_more: bool


@cache
def data_envelope(model: type[BaseModel], name: str | None = None) -> type[BaseModel]:
    """`{data: <model>}` as its own named schema (`PartnerResponse`)."""
    return create_model(name or f"{model.__name__}Response", __base__=ResponseModel, data=(model, ...))


@cache
def list_envelope(model: type[BaseModel], name: str | None = None) -> type[BaseModel]:
    """`{data: [<model>], page: {next_cursor, has_more}}` (`PartnerList`)."""
    return create_model(name or f"{model.__name__}List", __base__=ResponseModel, data=(list[model], ...),
                        page=(PageInfo, ...))


# --- Documented errors -------------------------------------------------------------------------------------------

class ErrorDetail(ResponseModel):
    field: str = Field(description="Caminho do campo: `a.b[0].c`, `body`, um parâmetro ou um cabeçalho.")
    code: str
    message: str


class ErrorObject(ResponseModel):
    """`error`: code, message (pt-BR) and details; some codes add fields (see each operation)."""
    model_config = ConfigDict(extra="allow")
    code: str
    message: str
    details: list[ErrorDetail]


class Error(ResponseModel):
    """Every error answer: `{"error": {"code", "message", "details"}}`."""
    error: ErrorObject


class ConflictErrorObject(ErrorObject):
    existing_id: Uuid = Field(description="Id do registro que já existe.")


class ConflictError(ResponseModel):
    """409 for a duplicate: `error.existing_id` is the record that already exists."""
    error: ConflictErrorObject


class ServerErrorObject(ErrorObject):
    request_id: str = Field(description="Mesmo valor do cabeçalho X-Request-Id; informe-o ao suporte.")


class ServerError(ResponseModel):
    """500: an unexpected failure; nothing is half-done (the transaction is rolled back)."""
    error: ServerErrorObject


@dataclass(frozen=True)
class ErrorSchema:
    """A component describing an error body: its model, and the top-level keys (beside `error`) its bodies carry,
    built from (code, message). Areas register their own (e.g. the CIOT actions' `ok/reason/mensagem`)."""
    model: type[ResponseModel]
    top_level: Callable[[str, str], dict] | None = None


ERROR_SCHEMAS: dict[str, ErrorSchema] = {}


def register_error_schema(model: type[ResponseModel], top_level: Callable[[str, str], dict] | None = None):
    """Make `model` an error component of the OpenAPI document, usable as `ErrorCode(schema=model.__name__)`;
    `top_level(code, message)` gives the keys its bodies carry beside `error` (e.g. the CIOT actions')."""
    ERROR_SCHEMAS[model.__name__] = ErrorSchema(model, top_level)
    return model


def error_model(model: type[BaseModel]) -> type[BaseModel]:
    """Declare an area's own error body (e.g. a 409 that also returns the existing record under `data`) so the
    document describes it; name it in `ErrorCode(schema=...)`. Usable as a class decorator."""
    return register_error_schema(model)


def error_models() -> tuple[type[ResponseModel], ...]:
    return tuple(schema.model for schema in ERROR_SCHEMAS.values())


for _model in (Error, ConflictError, ServerError):
    register_error_schema(_model)


@dataclass(frozen=True)
class ErrorCode:
    """One error an operation can answer: its status, `error.code`, an example message and example extra fields.
    `schema` names the component that describes the body (Error, ConflictError, ServerError, or one an area
    registered with `register_error_schema`)."""
    status: int
    code: str
    example: str
    schema: str = "Error"
    extra: dict = field(default_factory=dict, hash=False, compare=False)
    details: tuple = ()
    top_level: dict = field(default_factory=dict, hash=False, compare=False)  # keys beside `error` (e.g. `data`)

    def body(self) -> dict:
        error: dict[str, Any] = {"code": self.code, "message": self.example,
                                 "details": [{"field": f, "code": c, "message": m} for f, c, m in self.details]}
        error.update(self.extra)
        schema = ERROR_SCHEMAS.get(self.schema)
        top_level = schema.top_level(self.code, self.example) if schema and schema.top_level else {}
        return {"error": error, **top_level, **self.top_level}


# Webhook events the platform sends: type → (payload model of `data`, summary); areas register them
# (domain/webhooks/payloads.py) and core/openapi.py types each in the document's `webhooks` section.
WEBHOOK_EVENTS: dict[str, tuple[Any, str]] = {}


def webhook_event(event_type: str, summary: str):
    """Class decorator: `model` is the `data` of the event `event_type` in the OpenAPI document."""
    def register(model):
        WEBHOOK_EVENTS[event_type] = (model, summary)
        return model
    return register


__all__ = [
    "CURSOR_PATTERN",
    "ERROR_SCHEMAS",
    "ConflictError",
    "CpfCnpjOut",
    "CpfOut",
    "Date",
    "Error",
    "ErrorCode",
    "ErrorDetail",
    "ErrorObject",
    "ErrorSchema",
    "IbgeOut",
    "Money",
    "PageInfo",
    "PlateOut",
    "ResponseModel",
    "ServerError",
    "Timestamp",
    "Uuid",
    "data_envelope",
    "dump",
    "error_model",
    "error_models",
    "list_envelope",
    "pattern",
    "register_error_schema",
]
