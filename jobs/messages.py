"""Message delivery (queue "messages"). `deliver_message(message_id)` makes one try through the company's channel
adapter; a transient failure raises so that RQ retries it with backoff (domain.messages.services.RETRIES), and the
last try marks the message `failed` with the provider's reason. Idempotent: a message already sent is left alone."""
import uuid

import sqlalchemy as sa

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from core.transaction import commit_phase
from jobs.context import final_try, job_context


def deliver_message(message_id: str) -> str:
    from domain.messages.channels import TransientError
    from domain.messages.models import Message
    from domain.messages.services import attempt_delivery, find_message

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
