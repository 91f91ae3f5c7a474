"""The platform's own e-mail (a password reset link): sent over SMTP with the deployment's settings (MAIL_HOST,
MAIL_PORT, MAIL_FROM, MAIL_USERNAME, MAIL_PASSWORD, MAIL_STARTTLS), through the messages' SMTP adapter. Never a
company's message channel: the link must not sit in a company's message list for its other users to read."""
import logging
from types import SimpleNamespace

from flask import current_app

from domain.messages.channels import smtp

log = logging.getLogger("fretes.mail")


def send_platform_mail(to: str, subject: str, body: str) -> bool:
    """Send now; False (logged, never raised) when no SMTP is configured or it refuses: the page's answer must not
    tell whether the address exists."""
    config = current_app.config
    if not config.get("MAIL_HOST"):
        log.warning("platform mail not sent: MAIL_HOST is not configured")
        return False
    settings = {"host": config["MAIL_HOST"], "port": config.get("MAIL_PORT", 25),
                "from_address": config.get("MAIL_FROM") or "nao-responda@localhost",
                "username": config.get("MAIL_USERNAME"), "starttls": bool(config.get("MAIL_STARTTLS"))}
    try:
        smtp.send(SimpleNamespace(to=to, subject=subject, body=body), settings, config.get("MAIL_PASSWORD"),
                  operator_host=True)
    except (smtp.TransientError, smtp.PermanentError) as exc:
        log.warning("platform mail not sent: %s", exc)
        return False
    return True
