"""CIOT aggregate contracts (TAC agregado): the business actions the API, the pages and the jobs call.
The API and the pages call requests.py for every request to the authority (open, rectify, cancel, close: phase 1,
committed, then the outcome waited for briefly). The work lives in contracts.py (opening, phase 1), declaration.py
(the opening sent to the authority), rectification.py, cancellation.py and closing.py (each in two phases; the
pattern: authority.py), expiry.py, ledger.py (trips and debits), queries.py (reads) and pdf.py;
docs/ciot-agregado.md explains the rules."""
from domain.ciot_agregado.authority import PENDING, REJECTED  # noqa: F401  (re-exported)
from domain.ciot_agregado.cancellation import (  # noqa: F401  (re-exported)
    cancel_error,
    request_cancellation,
    send_cancellation,
    stuck_cancellations,
)
from domain.ciot_agregado.closing import (  # noqa: F401  (re-exported)
    ENCERRADO_OUTCOME,
    closing_error,
    closing_outcome,
    request_closing,
    send_closing,
    stuck_closings,
)
from domain.ciot_agregado.contracts import (  # noqa: F401  (re-exported)
    EXPIRY_MOTIVO,
    ExistingAgregado,
    create_agregado,
)
from domain.ciot_agregado.declaration import (  # noqa: F401  (re-exported)
    HELD,
    open_rejected_error,
    send_declaration,
    stuck_declarations,
)
from domain.ciot_agregado.expiry import due_contracts, expire_contract  # noqa: F401
from domain.ciot_agregado.ledger import add_debito, add_viagem, cancel_debito, cancel_viagem  # noqa: F401
from domain.ciot_agregado.models import (
    PENDENCIA_CANCELAMENTO,
    PENDENCIA_DECLARACAO,
    PENDENCIA_ENCERRAMENTO,
    PENDENCIA_RETIFICACAO,
)
from domain.ciot_agregado.queries import get_agregado, list_agregados, saldo_of  # noqa: F401
from domain.ciot_agregado.rectification import (  # noqa: F401  (re-exported)
    COMPLETED,
    RECTIFIED,
    REQUESTED,
    STILL_HELD,
    rectify_agregado,
    rectify_error,
    send_rectification,
    stuck_rectifications,
)
from domain.ciot_agregado.requests import cancel, close, open_agregado, rectify  # noqa: F401  (re-exported)


def stuck_requests(now=None) -> list[tuple]:
    """(kind, id, company_id, key) of every message to the authority left pending past the stale limit, by kind."""
    return [(kind, *row) for kind, rows in ((PENDENCIA_DECLARACAO, stuck_declarations(now)),
                                            (PENDENCIA_CANCELAMENTO, stuck_cancellations(now)),
                                            (PENDENCIA_RETIFICACAO, stuck_rectifications(now)),
                                            (PENDENCIA_ENCERRAMENTO, stuck_closings(now))) for row in rows]
