"""What the messages area does when other areas announce something (core.signals): the platform's own e-mails
about an account, each sent by a job once the request's answer is out (domain/messages/jobs.py)."""
from core.queue import enqueue_after_commit
from core.signals import password_reset_asked, session_ended_for_guesses
from domain.messages.jobs import send_guesses_notice, send_password_reset


@password_reset_asked.connect
def mail_reset_link(email: str, base_url: str, **_) -> None:
    enqueue_after_commit(send_password_reset, email, base_url, queue="messages", after_response=True)


@session_ended_for_guesses.connect
def mail_guesses_notice(user, **_) -> None:
    enqueue_after_commit(send_guesses_notice, str(user.id), queue="messages", after_response=True)
