"""The public API's plumbing: one decorator that authenticates, authorises, parses and runs (the app's unit of work,
core/transaction.py, commits or rolls back).

Every endpoint is declared with `@endpoint(...)`, which also records it for the OpenAPI document, so
the document is generated from the same pydantic models that validate requests and cannot drift.
"""
import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import wraps
from typing import Any, Protocol

from flask import Blueprint, Response, current_app, g, has_request_context, jsonify, request
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from core import apikeys
from core.db import db, utcnow
from core.deprecation import DEPRECATED
from core.errors import AppError, FieldError, Forbidden, InvalidBody, Unauthorized, module_disabled
from core.inputs import check_json_tree, reject_protected, too_deep
from core.models import IdempotencyRecord
from core.ratelimit import show_limit
from core.schemas import parse_body, parse_query
from core.tenancy import enter_tenant
from core.transaction import commit_phase

API_PREFIX = "/api/public/v1"
api_bp = Blueprint("api", __name__, url_prefix=API_PREFIX)

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
    response_kind: str = "json"  # json | pdf | zip | text (text/plain, a provider handshake)
    public: bool = False
    scope: str | None = None
    module: str | None = None
    errors: tuple = ()  # core.responses.ErrorCode: the area's own errors (the pipeline's are added by core.openapi)
    idempotent: bool = True
    operation_id: str | None = None  # short camelCase; default: the view name in camelCase
    responses: dict = field(default_factory=dict)  # other success statuses → model, e.g. {202: EmitPending}
    headers: dict = field(default_factory=dict)  # success response headers → description
    extra_scope: str | None = None  # a scope required besides read/write
    deprecated: Any = None  # core.deprecation.Deprecated: Deprecation/Sunset headers, `deprecated` in the document


REGISTRY: list[EndpointSpec] = []
TAGS: dict[str, str] = {}  # tag → description, in declaration order (the document's `tags`)


def tag(name: str, description: str) -> str:
    """Declare a tag of the OpenAPI document (one per area) and return its name for `@endpoint(tags=...)`."""
    TAGS[name] = description
    return name


@dataclass
class ApiContext:
    """`api_key` and `account` are read-only views read with the key (KeyStore.find); `company` is the ORM
    company, loaded on first use (services need it; a read-only list does not)."""
    api_key: Any = None
    account: Any = None
    body: Any = None
    query: Any = None
    raw: dict = field(default_factory=dict)  # the decoded JSON body, for "was this field sent?"
    _company: Any = None

    @property
    def company(self):
        if self._company is None and self.account is not None:
            self._company = key_store().company(self.account.id)
        return self._company


class KeyStore(Protocol):
    """Where API keys live. The tenancy area provides it (app.py registers it): core imports no area."""

    def find(self, raw: str) -> tuple[Any, Any, str] | None:
        """(key, company, secret) for an active key, or None. key: id, prefix, scopes, require_signature,
        last_used_at; company: id, has_module(name)."""

    def touch(self, key, when: datetime) -> None:
        """Record the key's last use."""

    def company(self, company_id) -> Any:
        """The company record services take."""


_key_store: list[KeyStore] = []


def register_key_store(store: KeyStore) -> None:
    _key_store[:] = [store]


def key_store() -> KeyStore:
    if not _key_store:
        raise RuntimeError("no API key store registered (app.py calls core.api.register_key_store)")
    return _key_store[0]


def endpoint(rule: str, method: str = "GET", *, summary: str = "", tags=(), body=None, query=None,
             success: int | None = None, response=None, response_kind: str = "json", module: str | None = None,
             public: bool = False, protected_fields=(), errors=(), idempotent: bool = True, blueprint=None,
             operation_id: str | None = None, responses=None, headers=None,
             extra_scope: str | None = None, deprecated=None, rate_limit=None):
    """Declare a public API endpoint. `blueprint` mounts it elsewhere than the public API (then it is
    left out of the OpenAPI document); tests use it to exercise the pipeline on their own routes.

    Documentation (docs/api/README.md "Adding an endpoint"): `response` is the envelope model of the success
    answer, `responses` other success statuses ({202: Model}), `errors` the area's ErrorCodes this operation
    answers, `headers` success response headers, `operation_id` a short camelCase name.

    `rate_limit`: `(config_name, scope, key_of(ctx))` of the limit the call counts (the view or its service counts
    it): a call refused as malformed (400) is not counted, but its answer carries the window's RateLimit-* headers.

    The call is one unit of work (core/transaction.py): committed when the view answers below 400, rolled back
    otherwise; a GET reads in a read-only transaction."""
    method = method.upper()
    scope = None if public else ("read" if method in ("GET", "HEAD") else "write")
    # `extra_scope`: a scope the key needs besides read/write (`webhooks` for the webhook management API).
    scopes = () if public else (scope, *((extra_scope,) if extra_scope else ()))
    success = success or (201 if method == "POST" and body is not None else 200)

    def decorator(view):
        spec = EndpointSpec(rule, method, f"{view.__module__}.{view.__name__}", summary or view.__doc__ or "",
                            tuple(tags), body, query, success, response, response_kind, public, scope, module,
                            tuple(errors), idempotent, operation_id, dict(responses or {}), dict(headers or {}),
                            extra_scope, deprecated)
        if blueprint is None:
            REGISTRY.append(spec)

        @wraps(view)
        def wrapper(**path_args):
            ctx = ApiContext()
            if not public:
                ctx.api_key, ctx.account = authenticate(scopes, module)
            try:
                if method in ("POST", "PATCH", "PUT"):
                    ctx.raw = read_json_body(body is not None, protected_fields)
                if body is not None:
                    ctx.body = parse_body(body, ctx.raw)
                if query is not None:
                    ctx.query = parse_query(query, request.args)
            except AppError:
                if rate_limit is not None:
                    config_name, limit_scope, key_of = rate_limit
                    show_limit(config_name, limit_scope, key_of(ctx))
                raise
            # The key is claimed only after validation: a rejected body leaves it free, so the client can
            # correct the body and resend with the same key.
            if method == "POST" and idempotent and not public and "Idempotency-Key" in request.headers:
                return run_idempotent(ctx, lambda: to_response(view(ctx, **path_args), success))
            try:
                return to_response(view(ctx, **path_args), success)
            except Exception as exc:
                committed = interim_if_committed(exc)
                if committed is None:
                    raise  # the app's error handlers end the unit of work (a refusal keeps its records)
                return committed

        wrapper.__name__ = f"{view.__name__}_{method.lower()}"
        name = f"{view.__module__.rsplit('.', 1)[-1]}_{view.__name__}"
        (blueprint or api_bp).add_url_rule(rule, endpoint=name, view_func=wrapper, methods=[method])
        if deprecated is not None:
            DEPRECATED[f"{(blueprint or api_bp).name}.{name}"] = deprecated
        return wrapper

    return decorator


def to_response(result, success: int) -> Response:
    if isinstance(result, Response):
        return result
    status, headers = success, {}
    if isinstance(result, tuple):  # (body, status) or (body, status, headers)
        result, status, *rest = result
        headers = rest[0] if rest else {}
    response_obj = jsonify(result)
    response_obj.status_code = status
    response_obj.headers.update(headers)
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


def authenticate(scopes, module: str | None):
    """The caller's (key, company) views; enters the company's tenant scope."""
    raw = presented_key()
    if not raw:
        raise Unauthorized("Chave de API ausente: envie X-API-Key, X-Service-Key ou Authorization: Bearer.")
    store = key_store()
    found = store.find(raw)
    if found is None:
        raise Unauthorized("Chave de API inválida ou revogada.")
    key, company, secret = found
    check_signature(key, secret)
    for scope in ((scopes,) if isinstance(scopes, str) else scopes or ()):
        if scope not in (key.scopes or []):
            raise Forbidden(f"A chave não tem o escopo '{scope}'.", code="insufficient_scope")
    if module and not company.has_module(module):
        raise module_disabled(module)
    enter_tenant(company.id)
    touch_last_use(store, key)
    g.api_key = key
    return key, company


def check_signature(key, secret: str) -> None:
    """The contract's scheme, or version 2 (X-Service-Signature-Version: 2); see core/apikeys.py."""
    signature = request.headers.get("X-Service-Signature")
    if not signature:
        if key.require_signature:
            raise Unauthorized("Esta chave exige assinatura HMAC (X-Service-Signature).", code="signature_required")
        return
    timestamp, tolerance = request.headers.get("X-Service-Timestamp"), current_app.config["SIGNATURE_TOLERANCE_SECONDS"]
    try:
        if timestamp is None and key.require_timestamp:
            raise apikeys.SignatureError("Esta chave exige X-Service-Timestamp na assinatura (uma assinatura sem "
                                         "horário valeria para sempre).", "X-Service-Timestamp")
        version = request.headers.get("X-Service-Signature-Version")
        verified = apikeys.verify_signature(secret, request.get_data(cache=True), signature, timestamp, tolerance,
                                            version=version, method=request.method, path=request.path,
                                            query=request.query_string)  # the digest: replays keyed on it
        if timestamp is not None and not apikeys.claim_signature(key.id, timestamp, verified, 2 * tolerance, version):
            raise apikeys.SignatureError("Esta assinatura já foi usada: assine cada requisição com um novo "
                                         "X-Service-Timestamp.", "X-Service-Signature")
    except apikeys.SignatureError as exc:
        raise Unauthorized(str(exc), code="invalid_signature",
                           details=[FieldError(exc.field, "invalid_signature", str(exc))]) from None


def touch_last_use(store: KeyStore, key) -> None:
    # At most one write a minute per key: "last use" is for humans, not an audit log. Written on a short
    # transaction of its own (KeyStore.touch): a GET reads read-only, and the use stands whatever the call does.
    now = utcnow()
    if key.last_used_at is None or now - key.last_used_at > timedelta(seconds=60):
        store.touch(key, now)


# --- Body --------------------------------------------------------------------------------------

def read_json_body(expects_body: bool, protected_fields) -> dict:
    raw = request.get_data(cache=True)
    if not raw.strip():
        if expects_body and request.method == "PATCH":  # nothing to change: say so, rather than read it as {}
            raise InvalidBody.for_field("body", "Corpo vazio: envie (JSON) os campos a alterar.", code="missing")
        return {}
    mimetype = (request.mimetype or "").lower()
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        raise AppError("Envie o corpo como application/json.", code="unsupported_media_type", status=415)
    data = _decode_json(raw)
    check_json_tree(data)
    if not isinstance(data, dict):
        raise InvalidBody("O corpo deve ser um objeto JSON.",
                          details=[FieldError("body", "dict_type", "Deve ser um objeto.")])
    reject_protected(data, protected_fields)
    return data


def _decode_json(raw: bytes):
    try:
        return json.loads(raw)
    except RecursionError:
        raise too_deep() from None
    except (ValueError, UnicodeDecodeError):
        message = "O corpo não é um JSON válido."
        raise AppError(message, code="invalid_json", status=400,
                       details=[FieldError("body", "invalid_json", message)]) from None


# --- Work that commits before the answer is known ------------------------------------------------

def interim_response(body: dict, status: int = 202) -> None:
    """Declare, before a view commits its work mid-way (an emission claim the worker must see), what the call
    answers if anything after that commit fails (the wait, a lost connection): the work is committed, so the
    answer is "accepted", never a 500 that invites a second try. With an Idempotency-Key the same answer is
    written into the key's record in the same transaction as the work, so a retry replays it."""
    g.interim = (body, status)
    record_id = g.get("idempotency_record_id")
    if record_id is not None:
        _store_response(record_id, to_response(body, status))


def _mark_interim_committed(session) -> None:
    if has_request_context() and g.get("interim") is not None:
        g.interim_committed = True


def interim_if_committed(exc: Exception) -> Response | None:
    """The interim answer when `exc` came after the work committed; None when nothing committed (re-raise)."""
    if isinstance(exc, AppError) or not g.get("interim_committed"):
        return None
    current_app.logger.error("failure after the work committed (request %s); answering as accepted",
                             g.get("request_id"), exc_info=exc)
    db.session.rollback()
    body, status = g.interim
    return to_response(body, status)


# --- Idempotency -------------------------------------------------------------------------------

STALE_RUNNING = timedelta(minutes=5)


def run_idempotent(ctx: ApiContext, run) -> Response:
    key = request.headers["Idempotency-Key"].strip()
    if not key or len(key) > 255:
        raise AppError("Idempotency-Key deve ter de 1 a 255 caracteres.", code="invalid_header", status=400,
                       details=[FieldError("Idempotency-Key", "invalid", "De 1 a 255 caracteres.")])
    record = claim_idempotency_key(ctx.company.id, key, *request_fingerprints(ctx.raw))
    if isinstance(record, Response):
        return record
    record_id = g.idempotency_record_id = record.id
    try:
        response_obj = run()
    except AppError as exc:
        # The refusal is the key's answer: stored and committed with what the refusal keeps (its records), the
        # rest of the work rolled back. The answer is then a 4xx, which the request's unit of work rolls back.
        if not exc.keep_records:
            db.session.rollback()
        response_obj = to_response(error_body(exc), exc.status)
        _store_response(record_id, response_obj)
        commit_phase("the idempotency key's record keeps the refusal, replayed to a retry")
        return response_obj
    except Exception as exc:
        committed = interim_if_committed(exc)
        if committed is not None:  # the record holds this answer already (committed with the work)
            return committed
        db.session.rollback()
        _release(record_id)
        raise
    # The work and the stored response commit together (the request's unit of work): a replay can never describe
    # work that was lost.
    if response_obj.is_json:
        _store_response(record_id, response_obj)
    else:  # a file download is not stored; the next call with this key renders it again
        db.session.delete(db.session.get(IdempotencyRecord, record_id))
    if response_obj.status_code >= 400:  # an error the view answered itself: the unit of work rolls back the rest
        db.session.rollback()
        _store_response(record_id, response_obj)
        commit_phase("the idempotency key's record keeps the error answer, replayed to a retry")
    return response_obj


event.listen(Session, "after_commit", _mark_interim_committed)


def request_fingerprints(parsed: dict) -> tuple[str, str]:
    """(fingerprint, the previous release's) of this request: method, path and the body *as parsed*, so the same JSON
    with its keys in another order or other spacing is the same request (a client's serializer may reorder keys
    between tries). The previous fingerprint (the raw bytes) is still accepted for keys claimed before the change."""
    head = request.method.encode() + b" " + request.path.encode() + b"\n"
    canonical = json.dumps(parsed, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return (hashlib.sha256(head + canonical).hexdigest(),
            hashlib.sha256(head + request.get_data(cache=True)).hexdigest())


def claim_idempotency_key(company_id, key: str, fingerprint: str, legacy_fingerprint: str | None = None):
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
            commit_phase("the idempotency key is claimed: a concurrent call with it answers 409")
            return record
        except IntegrityError:
            db.session.rollback()
            existing = _find_record(key)
            if existing is None:
                raise
    if existing.request_hash not in (fingerprint, legacy_fingerprint):
        raise AppError("Idempotency-Key já usada com outra requisição.", code="idempotency_key_reused", status=422)
    if existing.state == "running":
        if now - existing.created_at > STALE_RUNNING:
            existing.created_at = now
            commit_phase("a stale claim of the idempotency key is taken over")
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
        commit_phase("the idempotency key is released: the failed call can be sent again")


def error_body(exc: AppError) -> dict:
    """The error envelope, with the error's own top-level keys (AppError.top_level) when it has any."""
    return exc.as_body()
