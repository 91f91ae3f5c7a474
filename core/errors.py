"""One error type, two renderings: the API turns it into the JSON envelope, the pages into messages."""
from dataclasses import dataclass

from flask import g, has_request_context


@dataclass
class FieldError:
    field: str
    code: str
    message: str

    def as_dict(self) -> dict:
        return {"field": self.field, "code": self.code, "message": self.message}


class AppError(Exception):
    status = 400
    code = "bad_request"
    message = "Requisição inválida."
    # A refusal that wrote records worth keeping (e.g. the timeline event saying why): the unit of work
    # (core/transaction.py) commits the pending writes although the answer is an error, instead of rolling them
    # back, even when a page catches the refusal to render it. See docs/CONTRIBUTING.md, "Transactions".
    keep_records = False

    def __init__(self, message: str | None = None, *, code: str | None = None, status: int | None = None,
                 details: list[FieldError] | None = None, extra: dict | None = None, headers: dict | None = None,
                 top_level: dict | None = None, keep_records: bool = False):
        super().__init__(message or self.message)
        self.message = message or self.message
        self.keep_records = keep_records or self.keep_records
        if self.keep_records and has_request_context():
            g.kept_refusal = True  # read by the request's unit of work (core/transaction.py)
        if code:
            self.code = code
        if status:
            self.status = status
        self.details = details or []
        self.extra = extra or {}
        self.headers = headers or {}
        # Keys beside "error" in the JSON envelope (e.g. an action's `ok: false, reason, mensagem`).
        self.top_level = top_level or {}

    def as_body(self) -> dict:
        body = {"code": self.code, "message": self.message, "details": [d.as_dict() for d in self.details]}
        body.update(self.extra)
        return {"error": body, **self.top_level}


class InvalidBody(AppError):
    status, code, message = 400, "invalid_body", "Corpo da requisição inválido."

    @classmethod
    def for_field(cls, field_name: str, message: str, code: str = "invalid") -> "InvalidBody":
        return cls(f"Campo inválido: {field_name}. {message}",
                   details=[FieldError(field_name, code, message)])


class InvalidQuery(AppError):
    status, code, message = 400, "invalid_query", "Parâmetro de consulta inválido."

    @classmethod
    def for_field(cls, field_name: str, message: str, code: str = "invalid") -> "InvalidQuery":
        return cls(f"Parâmetro inválido: {field_name}. {message}",
                   details=[FieldError(field_name, code, message)])


class NotFound(AppError):
    status, code, message = 404, "not_found", "Registro não encontrado."


class Conflict(AppError):
    status, code, message = 409, "conflict", "Conflito com um registro existente."


class Unprocessable(AppError):
    status, code, message = 422, "unprocessable", "Não foi possível processar a requisição."


class InvalidStatus(Unprocessable):
    code, message = "invalid_status", "O status atual não permite esta ação."


class Unauthorized(AppError):
    status, code, message = 401, "unauthorized", "Chave de API ausente ou inválida."

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # RFC 9110: a 401 names the scheme. Keys also go in X-API-Key / X-Service-Key (see the API docs).
        self.headers.setdefault("WWW-Authenticate", f'Bearer realm="fretes-api", error="{self.code}"')


class Forbidden(AppError):
    status, code, message = 403, "forbidden", "Acesso negado."


def module_disabled(module: str) -> Forbidden:
    """403 `module_disabled`: the company lacks `module` (the API and the pages refuse alike)."""
    return Forbidden(f"O módulo '{module}' não está habilitado para a empresa.", code="module_disabled")


class TenancyViolation(RuntimeError):
    """Raised when code queries tenant-owned data without a tenant scope: a programming error."""
