"""The API's answer to a rectification, cancellation or closing still waiting for the authority (202): the operation
with its `pendencia`, at the `Location` the client polls (domain/ciot/protocol.py)."""
from typing import Literal

from core.responses import ResponseModel
from domain.ciot.protocol import PENDING_LABELS
from domain.ciot.serializers import CiotOperation, Status, operation_record


class CiotActionPending(ResponseModel):
    """Sent to the authority, whose answer has not come yet: the operation (`pendencia` names the request) is at the
    `Location` header's URL; read it again shortly (the webhook event follows the outcome)."""
    ok: Literal[False]
    status: Status
    reason: Literal["in_progress"]
    pendencia: Literal["emissao", "retificacao", "cancelamento", "encerramento"]
    mensagem: str
    data: CiotOperation


def action_pending(outcome) -> dict:
    """CiotActionPending's body for `outcome` (protocol.AuthorityOutcome, still `claimed`)."""
    return {"ok": False, "status": outcome.op.status, "reason": "in_progress",
            "pendencia": PENDING_LABELS[outcome.action], "mensagem": outcome.mensagem,
            "data": operation_record(outcome.op)}
