"""The platform's own e-mails about an account (queue "messages"), sent after the request that asks for them has
answered: a password reset link, and the notice that a session was ended for guessing the current password. The
request's answer must neither wait for the SMTP server nor let its timing tell whether an e-mail is registered."""
from flask import current_app, url_for

from jobs.context import job_context


def send_password_reset(email: str, base_url: str) -> bool:
    """Mail a reset link to `email` when it is an active user's; nothing (and no trace of it) otherwise."""
    from domain.messages.platform_mail import send_platform_mail
    from domain.tenancy.sessions import password_reset_token, reset_mail_text, user_by_email

    with job_context():
        user = user_by_email(email)
        if user is None:
            return False
        with current_app.test_request_context(base_url=base_url):  # the link names the host the user asked on
            link = url_for("auth.new_password", token=password_reset_token(user), _external=True)
        return send_platform_mail(user.email, "Criar uma nova senha", reset_mail_text(link))


def send_guesses_notice(user_id: str) -> bool:
    """Tell a user that a session of theirs was ended for guessing the current password on "Alterar senha"."""
    import uuid

    from core.db import db
    from core.tenancy import cross_tenant
    from domain.messages.platform_mail import send_platform_mail
    from domain.tenancy.models import User
    from domain.tenancy.sessions import GUESSES_NOTICE

    with job_context():
        user = db.session.execute(cross_tenant(db.select(User).where(User.id == uuid.UUID(user_id)))
                                  ).scalar_one_or_none()
        if user is None:
            return False
        return send_platform_mail(user.email, "Sessão encerrada: tentativas de senha", GUESSES_NOTICE)
