"""The public API's plumbing: one decorator that authenticates, authorises, parses, runs and commits.

Every endpoint is declared with `@endpoint(...)`, which also records it for the OpenAPI document, so
the document is generated from the same pydantic models that validate requests and cannot drift.
"""
import hashlib
import json
from dataclasses import dataclass, field
from datetime import timedelta
from functools import wraps
from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request
from sqlalchemy.exc import IntegrityError

from core import apikeys
from core.db import db, utcnow
from core.errors import AppError, FieldError, Forbidden, InvalidBody, Unauthorized
from core.models import IdempotencyRecord
from core.queue import dispatch_ready, end_with_error
from core.schemas import parse_body, parse_query
from core.tenancy import enter_tenant

API_PREFIX = "/api/public/v1"
api_bp = Blueprint("api", __name__, url_prefix=API_PREFIX)

ALWAYS_PROTECTED = ("company_id", "created_by")


@dataclass
class EndpointSpec:
    rule: str
    method: str
    view_name: str
    summary: str
    tags: tuple
    body: Any = None
    query: Any = None
    success: int = 200
    response: Any = None
    response_kind: str = "json"  # json | pdf | zip
    public: bool = False
    scope: str | None = None
    module: str | None = None
    errors: tuple = ()
    idempotent: bool = True


REGISTRY: list[EndpointSpec] = []


@dataclass
class ApiContext:
    company: Any
    api_key: Any
    body: Any = None
    query: Any = None
    raw: dict = field(default_factory=dict)  # the decoded JSON body, for "was this field sent?"


def endpoint(rule: str, method: str = "GET", *, summary: str = "", tags=(), body=None, query=None,
             success: int | None = None, response=None, response_kind: str = "json", module: str | None = None,
             public: bool = False, protected_fields=(), errors=(), idempotent: bool = True, blueprint=None):
    """Declare a public API endpoint. `blueprint` mounts it elsewhere than the public API (then it is
    left out of the OpenAPI document); tests use it to exercise the pipeline on their own routes."""
    method = method.upper()
    scope = None if public else ("read" if method in ("GET", "HEAD") else "write")
    success = success or (201 if method == "POST" and body is not None and not errors else 200)

    def decorator(view):
        spec = EndpointSpec(rule, method, f"{view.__module__}.{view.__name__}", summary or view.__doc__ or "",
                            tuple(tags), body, query, success, response, response_kind, public, scope, module,
                            tuple(errors), idempotent)
        if blueprint is None:
            REGISTRY.append(spec)

        @wraps(view)
        def wrapper(**path_args):
            ctx = ApiContext(company=None, api_key=None)
            if not public:
                ctx.api_key, ctx.company = authenticate(scope, module)
            if method in ("POST", "PATCH", "PUT"):
                ctx.raw = read_json_body(body is not None, protected_fields)
            if body is not None:
                ctx.body = parse_body(body, ctx.raw)
            if query is not None:
                ctx.query = parse_query(query, request.args)
            # The key is claimed only after validation: a rejected body leaves it free, so the client can
            # correct the body and resend with the same key.
            if method == "POST" and idempotent and not public and request.headers.get("Idempotency-Key"):
                return run_idempotent(ctx, lambda: to_response(view(ctx, **path_args), success))
            try:
                response_obj = to_response(view(ctx, **path_args), success)
            except AppError as exc:
                end_with_error(exc)  # a refusal keeps its records; anything else is rolled back
                raise
            db.session.commit()
            dispatch_ready()
            return response_obj

        wrapper.__name__ = f"{view.__name__}_{method.lower()}"
        (blueprint or api_bp).add_url_rule(rule, endpoint=f"{view.__module__.rsplit('.', 1)[-1]}_{view.__name__}",
                                           view_func=wrapper, methods=[method])
        return wrapper

    return decorator


def to_response(result, success: int) -> Response:
    if isinstance(result, Response):
        return result
    status = success
    if isinstance(result, tuple):
        result, status = result
    response_obj = jsonify(result)
    response_obj.status_code = status
    return response_obj


# --- Authentication ----------------------------------------------------------------------------

def presented_key() -> str | None:
    for header in ("X-API-Key", "X-Service-Key"):
        value = request.headers.get(header)
        if value:
            return value.strip()
    auth = request.headers.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return None


def authenticate(scope: str | None, module: str | None):
    from domain.tenancy.services import lookup_api_key  # the tenancy area owns keys

    raw = presented_key()
    if not raw:
        raise Unauthorized("Chave de API ausente: envie X-API-Key, X-Service-Key ou Authorization: Bearer.")
    found = lookup_api_key(raw)
    if found is None:
        raise Unauthorized("Chave de API inválida ou revogada.")
    key, secret = found
    check_signature(key, secret)
    if scope and scope not in (key.scopes or []):
        raise Forbidden(f"A chave não tem o escopo '{scope}'.", code="insufficient_scope")
    company = key.company
    if module and not company.has_module(module):
        raise Forbidden(f"O módulo '{module}' não está habilitado para a empresa.", code="module_disabled")
    enter_tenant(company.id)
    touch_last_use(key)
    g.api_key, g.company = key, company
    return key, company


def check_signature(key, secret: str) -> None:
    signature = request.headers.get("X-Service-Signature")
    if not signature:
        if key.require_signature:
            raise Unauthorized("Esta chave exige assinatura HMAC (X-Service-Signature).", code="signature_required")
        return
    try:
        apikeys.verify_signature(secret, request.get_data(cache=True), signature,
                                 request.headers.get("X-Service-Timestamp"),
                                 current_app.config["SIGNATURE_TOLERANCE_SECONDS"])
    except apikeys.SignatureError as exc:
        raise Unauthorized(str(exc), code="invalid_signature")


def touch_last_use(key) -> None:
    # At most one write a minute per key: "last use" is for humans, not an audit log.
    now = utcnow()
    if key.last_used_at is None or now - key.last_used_at > timedelta(seconds=60):
        key.last_used_at = now


# --- Body --------------------------------------------------------------------------------------

def read_json_body(expects_body: bool, protected_fields) -> dict:
    raw = request.get_data(cache=True)
    if not raw.strip():
        return {}
    mimetype = (request.mimetype or "").lower()
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        raise AppError("Envie o corpo como application/json.", code="unsupported_media_type", status=415)
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise AppError("O corpo não é um JSON válido.", code="invalid_json", status=400)
    if not isinstance(data, dict):
        raise InvalidBody("O corpo deve ser um objeto JSON.", details=[FieldError("body", "dict_type", "Deve ser um objeto.")])
    reject_protected(data, protected_fields)
    return data


def reject_protected(data: dict, extra_fields=()) -> None:
    found = [f for f in extra_fields if f in data]
    found += _find_keys(data, ALWAYS_PROTECTED, "")
    if found:
        details = [FieldError(f, "protected_field", "Campo definido pelo serviço; não o envie.") for f in found]
        raise InvalidBody(f"Campos protegidos não podem ser enviados: {', '.join(found)}.", details=details)


def _find_keys(node, names, path: str) -> list[str]:
    hits = []
    if isinstance(node, dict):
        for k, v in node.items():
            here = f"{path}.{k}" if path else k
            if k in names:
                hits.append(here)
            hits += _find_keys(v, names, here)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            hits += _find_keys(v, names, f"{path}[{i}]")
    return hits


# --- Idempotency -------------------------------------------------------------------------------

STALE_RUNNING = timedelta(minutes=5)


def run_idempotent(ctx: ApiContext, run) -> Response:
    key = request.headers["Idempotency-Key"].strip()
    if not key or len(key) > 255:
        raise AppError("Idempotency-Key deve ter de 1 a 255 caracteres.", code="invalid_header", status=400,
                       details=[FieldError("Idempotency-Key", "invalid", "De 1 a 255 caracteres.")])
    fingerprint = hashlib.sha256(
        request.method.encode() + b" " + request.path.encode() + b"\n" + request.get_data(cache=True)
    ).hexdigest()
    record = claim_idempotency_key(ctx.company.id, key, fingerprint)
    if isinstance(record, Response):
        return record
    record_id = record.id
    try:
        response_obj = run()
    except AppError as exc:
        end_with_error(exc)
        response_obj = to_response(error_body(exc), exc.status)
        _store_response(record_id, response_obj)
        db.session.commit()
        return response_obj
    except Exception:
        db.session.rollback()
        _release(record_id)
        raise
    # The work and the stored response commit together: a replay can never describe work that was lost.
    if response_obj.is_json:
        _store_response(record_id, response_obj)
    else:  # a file download is not stored; the next call with this key renders it again
        db.session.delete(db.session.get(IdempotencyRecord, record_id))
    db.session.commit()
    dispatch_ready()
    return response_obj


def claim_idempotency_key(company_id, key: str, fingerprint: str):
    now = utcnow()
    ttl = timedelta(hours=current_app.config["IDEMPOTENCY_TTL_HOURS"])
    existing = _find_record(key)
    if existing is not None and existing.expires_at < now:
        db.session.delete(existing)
        db.session.flush()
        existing = None
    if existing is None:
        record = IdempotencyRecord(company_id=company_id, key=key, request_hash=fingerprint, state="running",
                                   created_at=now, expires_at=now + ttl)
        db.session.add(record)
        try:
            db.session.commit()
            return record
        except IntegrityError:
            db.session.rollback()
            existing = _find_record(key)
            if existing is None:
                raise
    if existing.request_hash != fingerprint:
        raise AppError("Idempotency-Key já usada com outra requisição.", code="idempotency_key_reused", status=422)
    if existing.state == "running":
        if now - existing.created_at > STALE_RUNNING:
            existing.created_at = now
            db.session.commit()
            return existing
        raise AppError("Uma requisição com esta Idempotency-Key ainda está em andamento.",
                       code="idempotency_in_progress", status=409)
    replay = Response(existing.response_body, status=existing.response_status,
                      mimetype=existing.response_mimetype or "application/json")
    replay.headers["Idempotent-Replayed"] = "true"
    return replay


def _find_record(key: str):
    return db.session.execute(db.select(IdempotencyRecord).where(IdempotencyRecord.key == key)).scalar_one_or_none()


def _store_response(record_id, response_obj: Response) -> None:
    record = db.session.get(IdempotencyRecord, record_id)
    record.state = "done"
    record.response_status = response_obj.status_code
    record.response_mimetype = response_obj.mimetype
    record.response_body = response_obj.get_data(as_text=True)


def _release(record_id) -> None:
    record = db.session.get(IdempotencyRecord, record_id)
    if record is not None:
        db.session.delete(record)
        db.session.commit()


def error_body(exc: AppError) -> dict:
    """The error envelope; CIOT action errors also carry top-level ok/reason/mensagem (decisions §1)."""
    body = exc.as_body()
    if exc.extra.get("_ciot_action"):
        body["error"].pop("_ciot_action", None)
        body.update({"ok": False, "reason": exc.code, "mensagem": exc.message})
    return body
