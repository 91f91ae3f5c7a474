"""JSON over HTTPS with mutual TLS to the PEF web service.

Answers: success carries `Codigo` 110 ("Dados inseridos com sucesso!") or 111 ("Consulta realizada com
sucesso!"); any other `Codigo` with its `Mensagem` is the authority's refusal, kept as received (both may come as
lists). Everything else is a technical failure, raised as ProviderUnavailable so the caller retries: a refused
or failed TLS handshake (wrong or expired certificate), a connection error, a timeout, an HTTP 5xx, a body that is
not a JSON object. An HTTP 401/403 without `Codigo` (the gateway refused the certificate or the company is not
enrolled) is ProviderConfigurationError: asking again changes nothing until the configuration is fixed.
"""
import contextlib
import http.client
import json
import logging
import ssl
from contextvars import ContextVar
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from flask import current_app

from domain.ciot.pef.certificates import client_context
from domain.ciot.pef.credentials import issuer_certificate
from domain.ciot.pef.settings import PefSettings, pef_settings
from domain.ciot.provider import Issuer, ProviderConfigurationError, ProviderUnavailable

SUCCESS_CODES = ("110", "111")
UNSPECIFIED_REFUSAL = "999"  # a refusal that came without a code of its own
# The gateway in front of the services answers these before any service reads the request: who we are was refused.
REFUSED_CLIENT = (401, 403)
log = logging.getLogger("fretes.ciot.pef")
# When set (recording()), every exchange is appended to it as sent and as answered: the homologation report's
# evidence. Unset in normal operation.
_recorded: ContextVar[list | None] = ContextVar("pef_recorded_exchanges", default=None)


@contextlib.contextmanager
def recording():
    """Collect the exchanges made inside the block: [{service, method, request, status, answer, error}]."""
    exchanges: list = []
    token = _recorded.set(exchanges)
    try:
        yield exchanges
    finally:
        _recorded.reset(token)


@dataclass
class PefAnswer:
    service: str
    status: int
    body: dict

    def _first(self, name: str):
        for key, value in self.body.items():
            if key.lower() == name.lower():
                return value
        return None

    def text(self, name: str) -> str | None:
        value = self._first(name)
        if isinstance(value, list):
            value = " | ".join(str(item) for item in value) if value else None
        if value is None or isinstance(value, dict):
            return None
        return str(value)

    def value(self, name: str):
        return self._first(name)

    @property
    def codigo(self) -> str | None:
        value = self._first("Codigo")
        if isinstance(value, list):
            value = value[0] if value else None
        if value is None and isinstance(self._first("Sucesso"), bool):
            # the identifier generator's answer as observed by a public client: {Sucesso, Mensagem, Dados, Erros}
            return SUCCESS_CODES[0] if self._first("Sucesso") else UNSPECIFIED_REFUSAL
        return None if value is None else str(value)

    @property
    def ok(self) -> bool:
        return self.codigo in SUCCESS_CODES

    @property
    def authority_message(self) -> str:
        """The refusal as the authority wrote it, with its code: `[Codigo] Mensagem`."""
        mensagem = self.text("Mensagem") or "Operação rejeitada pela ANTT sem mensagem."
        return f"[{self.codigo}] {mensagem}" if self.codigo else mensagem


class PefTransport:
    def __init__(self, settings: PefSettings, context: ssl.SSLContext):
        self.settings, self.context = settings, context

    def post(self, service: str, payload: dict) -> PefAnswer:
        return self._recorded_send("POST", service, payload, None)

    def get(self, service: str, query: dict) -> PefAnswer:
        return self._recorded_send("GET", service, None, query)

    def _recorded_send(self, method: str, service: str, payload: dict | None, query: dict | None) -> PefAnswer:
        exchanges = _recorded.get()
        body = None if payload is None else json.dumps(payload, ensure_ascii=False).encode()
        if exchanges is None:
            return self._send(method, service, body, query)
        entry = {"service": service, "method": method, "request": payload if payload is not None else query,
                 "status": None, "answer": None, "error": None}
        exchanges.append(entry)
        try:
            answer = self._send(method, service, body, query)
        except ProviderUnavailable as exc:
            entry["error"] = str(exc)
            raise
        entry.update(status=answer.status, answer=answer.body)
        return answer

    def _send(self, method: str, service: str, body: bytes | None, query: dict | None) -> PefAnswer:
        url = urlsplit(self.settings.url_of(service))
        path = url.path + (f"?{urlencode(query)}" if query else "")
        connection = http.client.HTTPSConnection(url.hostname, url.port or 443, context=self.context,
                                                 timeout=self.settings.connect_timeout)
        try:
            connection.connect()
            connection.sock.settimeout(self.settings.timeout)
            headers = {"Accept": "application/json"}
            if body is not None:
                headers["Content-Type"] = "application/json; charset=utf-8"
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            raw = response.read()
            status = response.status
        except ssl.SSLError as exc:
            raise ProviderUnavailable(f"ANTT {service}: falha no TLS mútuo ({exc.reason or exc}); confira o "
                                      "certificado A1 e a cadeia do servidor.") from exc
        except TimeoutError as exc:
            raise ProviderUnavailable(f"ANTT {service}: sem resposta no tempo limite.") from exc
        except (OSError, http.client.HTTPException) as exc:
            raise ProviderUnavailable(f"ANTT {service}: falha de conexão ({type(exc).__name__}: {exc}).") from exc
        finally:
            connection.close()
        log.info("pef call", extra={"service": service, "status": status})
        return self._answer(service, status, raw)

    @staticmethod
    def _answer(service: str, status: int, raw: bytes) -> PefAnswer:
        if status >= 500:
            raise ProviderUnavailable(f"ANTT {service}: erro do servidor (HTTP {status}).")
        try:
            body = json.loads(raw.decode("utf-8")) if raw.strip() else None
        except (UnicodeDecodeError, ValueError):
            body = None
        answer = PefAnswer(service, status, body) if isinstance(body, dict) else None
        if status in REFUSED_CLIENT and (answer is None or answer.codigo is None):
            raise ProviderConfigurationError(
                f"ANTT {service}: acesso recusado (HTTP {status}), sem código da ANTT. Confira o certificado digital "
                "A1 da empresa (validade, CNPJ) e o credenciamento dela no web service PEF da ANTT neste ambiente: "
                "tentar de novo não resolve.")
        if answer is None:
            raise ProviderUnavailable(f"ANTT {service}: resposta não JSON (HTTP {status}).")
        if answer.codigo is None:
            raise ProviderUnavailable(f"ANTT {service}: resposta sem Codigo (HTTP {status}).")
        return answer


def transport_for(environment: str, issuer: Issuer) -> PefTransport:
    """The mutual-TLS transport to the environment's PEF web service with the issuer's A1 certificate."""
    settings = pef_settings(current_app.config, environment)
    if not settings.base_url:
        raise ProviderUnavailable(f"CIOT_PEF_URL_{environment.upper()} não configurado.")
    client = issuer_certificate(issuer.company_id)
    if client is None:
        raise ProviderUnavailable(f"Certificado A1 da empresa {issuer.cnpj} não cadastrado.")
    return PefTransport(settings, client_context(client, ca_file=settings.ca_file))
