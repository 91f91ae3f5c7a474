"""CIOT aggregate contracts (TAC agregado): the business actions the API, the pages and the expiry job call.
The work lives in contracts.py (open, cancel), closing.py (the two-phase closing), expiry.py, ledger.py (trips and
debits), queries.py (reads) and pdf.py; docs/ciot-agregado.md explains the rules."""
from domain.ciot_agregado.closing import (  # noqa: F401  (re-exported)
    PENDING,
    closing_error,
    request_closing,
    send_closing,
    stuck_closings,
)
from domain.ciot_agregado.contracts import (  # noqa: F401  (re-exported)
    EXPIRY_MOTIVO,
    ExistingAgregado,
    cancel_agregado,
    create_agregado,
)
from domain.ciot_agregado.expiry import due_contracts, expire_contract  # noqa: F401
from domain.ciot_agregado.ledger import add_debito, add_viagem, cancel_debito, cancel_viagem  # noqa: F401
from domain.ciot_agregado.queries import get_agregado, list_agregados, saldo_of  # noqa: F401

# The pages' name for phase 1: their transaction's commit enqueues phase 2 (jobs.ciot_agregado.send_closing).
close_agregado = request_closing
