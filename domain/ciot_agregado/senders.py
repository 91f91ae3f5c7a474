"""The aggregate messages' senders, by the pending request they send (models.PENDENCIA_*): each module that sends
one to the authority (declaration.py, cancellation.py, closing.py, rectification.py) registers its `send_*` here
when it is imported, and the jobs that send them (jobs.py) and the pending sweep (periodic_jobs.py) find it here.
Those modules enqueue the jobs, so jobs.py cannot import them (no import cycle); the area's services import all
four, so any process that can enqueue one (the API, the pages, a worker's app) has them all."""
from collections.abc import Callable

SENDERS: dict[str, Callable[..., str]] = {}


def register_sender(name: str, send: Callable[..., str]) -> None:
    SENDERS[name] = send


def sender(name: str) -> Callable[..., str]:
    try:
        return SENDERS[name]
    except KeyError:
        raise LookupError(f"no aggregate sender for {name!r}: domain.ciot_agregado.services was not imported") from None
