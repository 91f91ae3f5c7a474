"""CIOT's business actions, one function per action: what the API, the pages and the jobs call. Each takes the
company and the actor (an ApiKey, a User or a label) and flushes only; the request, page or job that calls it
commits.

The work lives in modules named for what they do; this module is the area's entry point:
  operations.py   creation (and import of a contingency CIOT), PATCH, /validate, DELETE
  emission.py     the emission claim, the job's attempt, waiting for its result
  authority.py    rectify, cancel and close an emitted operation
  queries.py      reading operations, the timeline, the attempt in flight
  validation.py   the rules engine over the record; mapping.py the record ↔ creation body; clock.py Brasília time;
  issuer.py       who declares the operation and through which provider; serializers.py the API's JSON
Statuses move only through domain.ciot.states.transition (the contract's state table).
"""
from domain.ciot.authority import cancel_operation, close_operation, rectify_operation
from domain.ciot.emission import (
                                  EmissionOutcome,
                                  fail_emission_attempt,
                                  recover_stale_attempts,
                                  request_emission,
                                  run_emission_attempt,
                                  settle_emission,
)
from domain.ciot.operations import create_operation, delete_operation, update_operation, validate_operation_service
from domain.ciot.queries import get_operation, list_operations

__all__ = [
    "EmissionOutcome", "cancel_operation", "close_operation", "create_operation", "delete_operation",
    "fail_emission_attempt", "get_operation",
    "list_operations", "recover_stale_attempts", "rectify_operation", "request_emission", "run_emission_attempt",
    "settle_emission", "update_operation", "validate_operation_service",
]
