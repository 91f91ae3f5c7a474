"""Logs: plain text by default (the embedded default), one JSON object per line with LOG_FORMAT=json.

Every request writes one line (`fretes.request`) and every job run by a worker one line (`fretes.job`), with the
request id (X-Request-Id, accepted from the client or the proxy and sent back, and carried into the jobs the
request enqueues), the company, the user or API key id, the route template, the status and the duration.

What is never logged: bodies, query strings, headers and raw paths are not part of those lines (the route template
is: `/api/public/v1/drivers/<driver_id>`). Every message of every logger also goes through `Scrub`, which masks
what looks like a CPF or CNPJ, an e-mail address, a Brazilian phone number, an API key (`flk_….…`), a bearer token or
a `password=`/`senha=`/`secret=` value, in case some other line (a library's, an exception's text) carries one; the
fields passed with `extra=` go through it too (texts only: numbers such as durations are written as they are).
"""
import json
import logging
import os
import re
import uuid
from datetime import UTC, datetime

from flask import g, has_request_context, request
from sqlalchemy import inspect

from core.tenancy import current_company_id

REQUEST_ID_HEADER = "X-Request-Id"
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")

_SECRETS = (
    (re.compile(r"flk_[0-9a-f]+\.[A-Za-z0-9_\-]+"), "flk_***"),
    (re.compile(r"(?i)(bearer\s+)[^\s\"',]+"), r"\1***"),
    (re.compile(r"(?i)((?:password|senha|secret|token|api[_-]?key)[\"']?\s*[:=]\s*[\"']?)[^\s\"'&,}]+"), r"\1***"),
    # CNPJ and CPF, formatted or bare (14 or 11 digits not inside a longer number)
    (re.compile(r"\b\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}\b|(?<![0-9A-Za-z])\d{14}(?![0-9A-Za-z])"), "<cnpj>"),
    (re.compile(r"\b\d{3}\.\d{3}\.\d{3}-\d{2}\b|(?<![0-9A-Za-z])\d{11}(?![0-9A-Za-z])"), "<cpf>"),
    # E-mail addresses (a domain ending in letters: `postgres@127.0.0.1` in a database URL is not one)
    (re.compile(r"[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"), "<email>"),
    # Brazilian phones: `+55 11 98765-4321`, `(11) 98765-4321`, `98765-4321`, `3456 7890`, or bare with the country
    # code (`+5511987654321`, `5511987654321`). A bare 10-digit number is left alone (Unix timestamps), a bare
    # 11-digit one is already masked as a CPF; groups glued to a letter, `-`, `.` or `:` (UUIDs, dates, times,
    # request ids, durations) are not phones.
    (re.compile(r"(?<![\w+.:/-])(?:\+?55[ .-]?)?(?:\(\d{2}\) ?|\d{2}[ .-]?)?9?\d{4}[ -]\d{4}(?![\w.:/-])"
                r"|(?<![\w+.:/-])\+?55\d{10,11}(?![\w.:/-])"), "<phone>"),
)


def scrub(text: str) -> str:
    for pattern, replacement in _SECRETS:
        text = pattern.sub(replacement, text)
    return text


def scrub_value(value):
    """A field passed with `extra=`: texts are scrubbed (in lists, tuples and dicts too), numbers kept as they are."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {key: scrub_value(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [scrub_value(item) for item in value]
    if value is None or isinstance(value, bool | int | float):
        return value
    return scrub(str(value))


class Scrub(logging.Filter):
    """Masks secrets and personal data in the final message (arguments merged), in the fields passed with `extra=`
    (which both formatters write) and in the exception text."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.__dict__.get(CLEAN):  # built from values scrub leaves alone (log_request)
            return True
        message = record.getMessage()
        cleaned = scrub(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        for key, value in extra_fields(record):
            if isinstance(value, str | dict | list | tuple) and (cleaned := scrub_value(value)) != value:
                setattr(record, key, cleaned)  # other objects are left to the formatters (which scrub their text)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = scrub(record.exc_text)
        return True


# Attributes every LogRecord has: anything else was passed with `extra=` and is a field of the JSON line.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


def extra_fields(record: logging.LogRecord) -> list[tuple[str, object]]:
    return [(key, value) for key, value in vars(record).items() if key not in _STANDARD and not key.startswith("_")]


class JsonFormatter(logging.Formatter):
    """One JSON object per line. Its text and `extra=` fields are scrubbed again here, so a handler set up without
    the `Scrub` filter (a library's, a test's) does not write them raw either."""

    def format(self, record: logging.LogRecord) -> str:
        clean = record.__dict__.get(CLEAN, False)
        message = record.getMessage()
        line = {"ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
                .replace("+00:00", "Z"),
                "level": record.levelname, "logger": record.name, "msg": message if clean else scrub(message)}
        for key, value in extra_fields(record):
            line[key] = value if clean else scrub_value(value)
        if record.exc_info or record.exc_text:
            line["exc"] = scrub(record.exc_text or self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)


class PlainFormatter(logging.Formatter):
    """The default: `LEVEL logger: message key=value …` (the same fields as the JSON line)."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        clean = record.__dict__.get(CLEAN, False)
        fields = " ".join(f"{k}={v if clean else scrub_value(v)}" for k, v in extra_fields(record))
        return f"{text} {fields}" if fields else text


def configure_logging(log_format: str, level: str) -> None:
    """One handler on the root logger, made once per process; a second app (tests) only changes its format."""
    root = logging.getLogger()
    handler = next((h for h in root.handlers if getattr(h, "fretes", False)), None)
    if handler is None:
        handler = logging.StreamHandler()
        handler.fretes = True
        handler.addFilter(Scrub())
        root.addHandler(handler)
    handler.setFormatter(JsonFormatter() if log_format == "json" else
                         PlainFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.setLevel(level)


def request_id_from_headers() -> str:
    """The caller's X-Request-Id when it is a sane token (letters, digits, `._:-`, up to 64), else a new one: 16
    hex digits, which scrub leaves alone (no separator, no `@`, no keyword, too long for a bare CPF, CNPJ or phone)."""
    sent = request.headers.get(REQUEST_ID_HEADER, "")
    return sent if sent and _REQUEST_ID.fullmatch(sent) else os.urandom(8).hex()


def loaded_id(record):
    """A loaded record's id without a query: after the request's commit its attributes are expired, and reading `id`
    would SELECT the row again just for the log line."""
    state = inspect(record, raiseerr=False)
    if state is not None and state.identity:
        return state.identity[0]
    return record.id


def request_actor() -> dict:
    """Who the current request acts for, as ids only (never a name or an e-mail): the company, and the logged-in
    user or the API key. Read from what the request loaded: logging never loads a user."""
    key = g.get("api_key")
    user = g.get("_login_user")
    return {"company_id": str(current_company_id() or "") or None,
            "user_id": str(loaded_id(user)) if getattr(user, "is_authenticated", False) else None,
            "api_key_id": str(key.id) if key is not None else None}


def job_meta() -> dict | None:
    """What a job enqueued by this request carries for its log line: the request id and the actor's ids."""
    if not has_request_context():
        return None
    meta = {"request_id": g.get("request_id"), **request_actor()}
    return {name: value for name, value in meta.items() if value} or None


# Set on a record whose message and `extra=` fields were built only from values scrub leaves alone: the `Scrub` filter
# and both formatters then skip their regular expressions for it (they cost ≈ 80 µs a request line).
CLEAN = "_clean"
_REQUEST_LOG = logging.getLogger("fretes.request")
_LOG_REQUEST_LINE = 0  # set below: the line of log_request, as findCaller would have given it


def quiet_request_line() -> None:
    """The view's answer, when it is a 200, writes no request log line (its metrics still count it): for answers that
    carry no user, key or company and are polled so often that their lines would say nothing the metrics do not
    (the sidebar badge answered from its token, blueprints/web/marketplace.py). Any other status is logged."""
    g.quiet_request_line = True


def _clean_id(value) -> str | None:
    """An actor's id as the line writes it: a UUID as is (scrub never changes one), anything else scrubbed."""
    if value is None:
        return None
    return str(value) if isinstance(value, uuid.UUID) else scrub(str(value))


def log_request(status: int, seconds: float, route: str, method: str) -> None:
    """The request's line (`fretes.request`, INFO), made only when it will be written: not when the logger is off
    for INFO or the view asked for no line (quiet_request_line) on a 200. Every field is scrubbed where it can carry
    text from the caller (a sent request id, an unknown method) and known clean otherwise (route templates, UUIDs,
    numbers: tests/ops/test_logs.py checks scrub leaves each kind alone), so the record is marked CLEAN."""
    if (status == 200 and g.get("quiet_request_line")) or not _REQUEST_LOG.isEnabledFor(logging.INFO):
        return
    request_id = g.get("request_id", "")
    if request.headers.get(REQUEST_ID_HEADER):  # the caller's own token: it may carry anything that fits the charset
        request_id = scrub(request_id)
    if method not in _KNOWN_METHODS:
        method = scrub(method)
    user, key = g.get("_login_user"), g.get("api_key")
    record = _REQUEST_LOG.makeRecord(_REQUEST_LOG.name, logging.INFO, __file__, _LOG_REQUEST_LINE, "%s %s %s",
                                     (method, route, status), None, "log_request")
    record.__dict__.update(
        request_id=request_id, method=method, route=route, status=status, duration_ms=round(seconds * 1000, 2),
        company_id=_clean_id(current_company_id()),
        user_id=_clean_id(loaded_id(user)) if getattr(user, "is_authenticated", False) else None,
        api_key_id=_clean_id(key.id) if key is not None else None)
    record.__dict__[CLEAN] = True
    _REQUEST_LOG.handle(record)


_LOG_REQUEST_LINE = log_request.__code__.co_firstlineno
_KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def log_job(job, queue: str, ok: bool, seconds: float, company_id) -> None:
    """The job's line: its own ids, and the request id and actor (user or API key, company) of the request that
    enqueued it (None for jobs of the scheduler or of the outbox's later sends)."""
    meta = job.meta or {}
    company = company_id or meta.get("company_id")
    logging.getLogger("fretes.job").log(
        logging.INFO if ok else logging.WARNING, "%s %s %s", queue, job.func_name, "ok" if ok else "failed",
        extra={"request_id": meta.get("request_id"), "job_id": job.id, "queue": queue,
               "job": job.func_name, "status": "ok" if ok else "failed", "duration_ms": round(seconds * 1000, 2),
               "company_id": str(company) if company else None,
               "user_id": meta.get("user_id"), "api_key_id": meta.get("api_key_id")})
