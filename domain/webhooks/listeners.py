"""What the webhooks area does when other areas announce something (core.signals)."""
from core.queue import enqueue_after_commit
from core.signals import event_emitted
from domain.webhooks.jobs import dispatch_event


@event_emitted.connect
def fan_out_after_commit(event) -> None:
    """An outbox event (core.events.emit_event) is fanned out to the company's endpoints by a job, after the commit
    of the change that emitted it."""
    enqueue_after_commit(dispatch_event, str(event.company_id), str(event.id), queue="webhooks")
