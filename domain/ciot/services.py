"""CIOT's business actions, one function per action: what the API, the pages and the jobs call. Each takes the
company and the actor (an ApiKey, a User or a label) and flushes only; the request, page or job that calls it
commits.

The work lives in modules named for what they do; this module is the area's entry point:
  operations.py   creation (and import of a contingency CIOT), PATCH, /validate, DELETE
  protocol.py     every request to the authority: the claim, the outcome, the short wait; protocol_job.py the
                  job's question to the authority and what it records
  emission.py     the emission's checks and its handler; authority.py the same for rectify, cancel and close
  breaker.py      the circuit breaker in front of the provider
  queries.py      reading operations, the timeline, the attempt in flight
  validation.py   the rules engine over the record; mapping.py the record ↔ creation body; clock.py Brasília time;
  issuer.py       who declares the operation and through which provider; serializers.py the API's JSON
Statuses move only through domain.ciot.states.transition (the contract's state table).
"""
from domain.ciot.authority import cancel_operation, close_operation, rectify_operation
from domain.ciot.emission import EmissionOutcome, emit_operation, request_emission, settle_emission
from domain.ciot.operations import create_operation, delete_operation, update_operation, validate_operation_service
from domain.ciot.protocol import AuthorityOutcome, outage_notices, pending_label, recover_stale_requests
from domain.ciot.protocol_job import fail_request, run_request
from domain.ciot.queries import get_operation, list_operations

__all__ = [
    "AuthorityOutcome", "EmissionOutcome", "cancel_operation", "close_operation", "create_operation",
    "delete_operation", "emit_operation", "fail_request", "get_operation", "list_operations", "outage_notices",
    "pending_label",
    "recover_stale_requests", "rectify_operation", "request_emission", "run_request", "settle_emission",
    "update_operation", "validate_operation_service",
]
