"""Errors rendered once for each door: the JSON envelope under /api, HTML pages elsewhere."""
import logging

from flask import g, jsonify, render_template, request
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from werkzeug.exceptions import HTTPException, SecurityError

from core.api import error_body
from core.errors import AppError
from core.transaction import end_request_with_error, read_only_violation

log = logging.getLogger("fretes.errors")

HTTP_CODES = {
    400: ("bad_request", "Requisição inválida."),
    401: ("unauthorized", "Autenticação necessária."),
    403: ("forbidden", "Acesso negado."),
    404: ("not_found", "Recurso não encontrado."),
    405: ("method_not_allowed", "Método não permitido para este recurso."),
    413: ("payload_too_large", "Corpo da requisição maior que o limite permitido."),
    414: ("uri_too_long", "Endereço (URL) longo demais."),
    415: ("unsupported_media_type", "Tipo de conteúdo não suportado."),
    429: ("rate_limited", "Muitas requisições. Tente novamente em instantes."),
}


# What a person reads on an error page (title, explanation); the API keeps HTTP_CODES.
PAGE_TEXTS = {
    400: ("Requisição inválida", "O pedido não pôde ser entendido. Volte e tente de novo."),
    401: ("Entre para continuar", "Sua sessão terminou. Entre de novo para continuar."),
    403: ("Acesso negado", "Seu papel não permite abrir esta página. Peça acesso a um administrador da empresa."),
    404: ("Página não encontrada", "O endereço não existe ou o registro não pertence à sua empresa."),
    405: ("Ação não permitida", "Esta página não aceita esta ação. Volte e use os botões da página."),
    413: ("Arquivo grande demais", "O envio passou do limite de tamanho. Envie um arquivo menor."),
    415: ("Tipo de conteúdo não suportado", "O formato enviado não é aceito aqui."),
    429: ("Muitas tentativas", "Aguarde alguns instantes e tente de novo."),
}


def wants_json() -> bool:
    return request.path.startswith("/api/")


def _json(body: dict, status: int, headers=None):
    response = jsonify(body)
    response.status_code = status
    for k, v in (headers or {}).items():
        response.headers[k] = v
    return response


def host_refused() -> bool:
    """The request named a host outside TRUSTED_HOSTS: Flask refused it before routing (werkzeug's SecurityError)
    and builds no URL for it, so no page with links can be rendered."""
    return isinstance(request.routing_exception, SecurityError)


HOST_REFUSED = ("Endereço não atendido",
                "Este site não atende pelo endereço usado. Confira o endereço e tente de novo.")


def _html(status: int, title: str, message: str, headers=None):
    if host_refused():  # plain text: a page would need URLs, and none is built on a host the site does not answer
        return f"{title}\n\n{message}\n", status, {"Content-Type": "text/plain; charset=utf-8", **(headers or {})}
    if request.headers.get("HX-Request") == "true":
        # htmx swaps nothing on an error status by default, so the click would seem to do nothing:
        # send the error card into the page's main area instead (static/js/app.js lets it swap).
        html = render_template("errors/_body.html", status=status, title=title, message=message)
        return html, status, {"HX-Retarget": "main.content", "HX-Reswap": "innerHTML", **(headers or {})}
    return render_template("errors/error.html", status=status, title=title, message=message), status, headers or {}


SERVICE_RETRY_AFTER = "30"


def is_service_outage(exc: BaseException) -> bool:
    """The database or Redis cannot be reached (refused, dropped, timed out): a 503, not a bug."""
    if isinstance(exc, (RedisConnectionError, RedisTimeoutError, OperationalError, InterfaceError)):
        return True
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)


def service_unavailable():
    message = "Serviço temporariamente indisponível. Tente novamente em instantes."
    headers = {"Retry-After": SERVICE_RETRY_AFTER}
    if wants_json():
        return _json({"error": {"code": "service_unavailable", "message": message, "details": [],
                                "request_id": g.get("request_id", "")}}, 503, headers)
    return _html(503, "Serviço indisponível", message, headers)


def register_error_handlers(app):
    @app.errorhandler(AppError)
    def handle_app_error(exc: AppError):
        end_request_with_error(exc)  # the unit of work ends here: a refusal keeps its records, anything else rolls back
        if wants_json():
            return _json(error_body(exc), exc.status, exc.headers)
        return _html(exc.status, "Não foi possível concluir", exc.message)

    @app.errorhandler(HTTPException)
    def handle_http_error(exc: HTTPException):
        end_request_with_error(exc)
        status = exc.code or 500
        code, message = HTTP_CODES.get(status, ("http_error", exc.description or "Erro."))
        headers = {}
        if status == 400 and "CSRF" in (exc.description or ""):
            code, message = "csrf_failed", "Sessão expirada ou formulário inválido. Recarregue a página."
            headers["HX-Refresh"] = "true"  # an htmx call reloads the page, which brings a fresh token
        if wants_json():
            allow = {"Allow": ", ".join(exc.valid_methods)} if getattr(exc, "valid_methods", None) else None
            return _json({"error": {"code": code, "message": message, "details": []}}, status, allow)
        title, text = PAGE_TEXTS.get(status, (message, message))
        if host_refused():
            title, text = HOST_REFUSED  # whatever refused the request first (the host, or CSRF before it)
        elif code == "csrf_failed":
            title, text = "Sessão expirada", message
        elif exc.description and exc.description != type(exc).description:
            text = exc.description  # a page's own (pt-BR) explanation
        return _html(status, title, text, headers)

    @app.errorhandler(Exception)
    def handle_unexpected(exc: Exception):
        end_request_with_error(exc)
        if is_service_outage(exc) and not read_only_violation(exc):
            log.error("service unavailable (request %s): %s: %s", g.get("request_id", ""), type(exc).__name__, exc)
            return service_unavailable()
        request_id = g.get("request_id", "")
        log.error("unexpected error (request %s)", request_id, exc_info=exc)
        message = f"Erro interno. Informe o código {request_id} ao suporte."
        if wants_json():
            return _json({"error": {"code": "internal_error", "message": message, "details": [],
                                    "request_id": request_id}}, 500)
        return _html(500, "Erro interno", message)
