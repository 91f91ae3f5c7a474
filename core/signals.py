"""Signals an area sends so that other areas can act on it without the sender importing them (blinker, as Flask's
own signals). Receivers run synchronously, in the sender's transaction; they are connected when their module is
imported (domain/registry.py imports every area's listeners)."""
from blinker import Namespace

_signals = Namespace()

# A company was created (domain.tenancy.services.create_company); sent with the Company, flushed, before commit.
company_created = _signals.signal("company-created")

# An outbox event was written (core.events.emit_event); sent with the OutboxEvent, flushed, before commit. The webhooks
# area answers it with the job that fans the event out (domain/webhooks/listeners.py).
event_emitted = _signals.signal("event-emitted")

# RQ gave up on a job: it raised on its last try, timed out, or its worker died (core.queue.job_failed, the on_failure
# callback of every job); sent with the RQ job id and `exc_type`, in the worker's app. core/progress.py fails the
# job's progress row.
job_gave_up = _signals.signal("job-gave-up")

# "Esqueci minha senha" (domain.tenancy.sessions.ask_password_reset); sent with the e-mail as typed (trimmed, lower
# case) and `base_url`, where the link must point. The messages area mails the link after the answer, when the e-mail
# is an active user's (domain/messages/listeners.py).
password_reset_asked = _signals.signal("password-reset-asked")

# A session was ended for guessing the current password (domain.tenancy.sessions); sent with the User. The messages
# area tells the user by e-mail, after the answer.
session_ended_for_guesses = _signals.signal("session-ended-for-guesses")
