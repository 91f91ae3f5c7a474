"""Message jobs (queue "messages").

`deliver_message(message_id)` makes one try through the company's channel adapter (`attempt_delivery`,
domain/messages/delivery.py); a transient failure raises so that RQ retries it with backoff
(domain.messages.services.RETRIES), and the last try marks the message `failed` with the provider's reason.
Idempotent: a message already sent is left alone.

The platform's own e-mails about an account, sent after the request that asks for them has answered (the tenancy
area announces it, domain/messages/listeners.py enqueues): a password reset link, and the notice that a session was
ended for guessing the current password. The request's answer must neither wait for the SMTP server nor let its
timing tell whether an e-mail is registered."""
import uuid

import sqlalchemy as sa
from flask import current_app

from core.db import db
from core.jobs import final_try, job_context
from core.public_urls import url_on
from core.tenancy import cross_tenant, tenant_scope
from core.transaction import commit_phase
from domain.messages.channels import TransientError
from domain.messages.delivery import attempt_delivery, find_message
from domain.messages.models import Message
from domain.messages.platform_mail import send_platform_mail
from domain.tenancy.models import User
from domain.tenancy.sessions import GUESSES_NOTICE, password_reset_token, reset_mail_text, user_by_email


def deliver_message(message_id: str) -> str:
    with job_context():
        try:
            key = uuid.UUID(str(message_id))
        except ValueError:
            return "missing"
        company_id = db.session.execute(cross_tenant(sa.select(Message.company_id).where(Message.id == key))
                                        ).scalar_one_or_none()
        if company_id is None:
            return "missing"
        with tenant_scope(company_id):
            try:
                status = attempt_delivery(find_message(key), final_try=final_try())
            except TransientError:
                commit_phase("the attempt count and the last error are kept, then RQ retries")
                raise
            except Exception:
                db.session.rollback()
                raise
            db.session.flush()  # in the company's scope; job_context commits
            return status


def send_password_reset(email: str, base_url: str) -> bool:
    """Mail a reset link to `email` when it is an active user's; nothing (and no trace of it) otherwise."""
    with job_context():
        user = user_by_email(email)
        if user is None:
            return False
        # PUBLIC_BASE_URL wins over the base the request gave (a job queued before it was set, or by a web process
        # configured differently): a link is never built on a client's Host header when the site has an address.
        base = current_app.config.get("PUBLIC_BASE_URL") or base_url
        link = url_on(base, "auth.new_password", token=password_reset_token(user))
        return send_platform_mail(user.email, "Criar uma nova senha", reset_mail_text(link))


def send_guesses_notice(user_id: str) -> bool:
    """Tell a user that a session of theirs was ended for guessing the current password on "Alterar senha"."""
    with job_context():
        user = db.session.execute(cross_tenant(db.select(User).where(User.id == uuid.UUID(user_id)))
                                  ).scalar_one_or_none()
        if user is None:
            return False
        return send_platform_mail(user.email, "Sessão encerrada: tentativas de senha", GUESSES_NOTICE)
