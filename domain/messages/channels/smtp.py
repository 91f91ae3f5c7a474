"""E-mail over SMTP (smtplib). Settings: host, port, from_address, username, starttls (bool); secret: password."""
import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

from domain.messages.channels.results import PermanentError, SendResult, TransientError
from domain.webhooks import ssrf

TIMEOUT_SECONDS = 15


def send(message, settings: dict, secret: str | None, *, operator_host: bool = False) -> SendResult:
    """`operator_host`: the host is the deployment's own (MAIL_HOST, domain/messages/platform_mail.py), which may
    well be localhost or the internal network; a company admin's channel host goes through the SSRF guard."""
    email = EmailMessage()
    email["From"] = settings.get("from_address") or "nao-responda@localhost"
    email["To"] = message.to
    email["Subject"] = message.subject or "Mensagem"
    message_id = make_msgid(domain=(email["From"].split("@")[-1] or "localhost").strip(">"))
    email["Message-ID"] = message_id
    email.set_content(message.body)
    host, port = settings.get("host") or "localhost", int(settings.get("port") or 25)
    try:
        # The webhooks' guard: an admin-typed host must not reach the internal network (development flag aside),
        # checked on the address we then connect to. The operator's own MAIL_HOST is trusted as named.
        address = None if operator_host else ssrf.resolve_host(host, port)
    except ssrf.UnsafeTarget as exc:
        raise PermanentError(f"Servidor SMTP recusado: {exc}") from None
    except OSError as exc:
        raise TransientError(f"Falha de conexão SMTP: {exc}") from None
    try:
        with _PinnedSMTP(address, host=host, port=port, timeout=TIMEOUT_SECONDS) as server:
            if settings.get("starttls"):
                server.starttls()
            if settings.get("username"):
                server.login(settings["username"], secret or "")
            server.send_message(email)
    except smtplib.SMTPResponseException as exc:
        reason = f"SMTP {exc.smtp_code}: {_text(exc.smtp_error)}"
        raise (TransientError if 400 <= exc.smtp_code < 500 else PermanentError)(reason) from None
    except smtplib.SMTPRecipientsRefused as exc:
        code, text = next(iter(exc.recipients.values()))
        raise (TransientError if 400 <= code < 500 else PermanentError)(f"SMTP {code}: {_text(text)}") from None
    except (smtplib.SMTPException, OSError) as exc:
        raise TransientError(f"Falha de conexão SMTP: {exc}") from None
    return SendResult(provider_message_id=message_id)


class _PinnedSMTP(smtplib.SMTP):
    """smtplib's client connected to the address the SSRF guard approved (`pinned`, None: the name as given), while
    the server keeps its name for everything else (STARTTLS's server name). `_get_socket` is the hook smtplib's own
    SMTP_SSL and LMTP override to open the connection their way."""

    def __init__(self, pinned: str | None, **kwargs):
        self.pinned = pinned
        super().__init__(**kwargs)

    def _get_socket(self, host, port, timeout):
        return super()._get_socket(self.pinned or host, port, timeout)


def _text(value) -> str:
    """The server's answer, short: a reason shown to people, not the remote's whole text."""
    text = " ".join((value.decode(errors="replace") if isinstance(value, bytes) else str(value)).split())
    return text if len(text) <= 120 else text[:119] + "…"
