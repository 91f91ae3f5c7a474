"""The OpenAPI document fuzzed with schemathesis against every endpoint that exists (marker `slow`: CI runs it).

This module is collected only when slow tests run (tests/conftest.py, SLOW_ONLY_MODULES): building the 63 hypothesis
tests of `schema.parametrize()` costs seconds per worker, spent for nothing when they are all skipped. Each case's
id names its operation, `test_api_fuzz[GET /api/public/v1/me]` (tests/fixtures/fuzz.py)."""
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

import blueprints.api  # noqa: F401  registers every endpoint
from core.openapi import build_document

# Built from the endpoint registry at collection time, so it covers every endpoint that exists when the
# suite runs (schemathesis' lazy fixture loader breaks on pytest 9); the app is attached in the test.
schema = schemathesis.openapi.from_dict(build_document())

# Left out on purpose: positive_data_acceptance (check digits, IBGE codes and opaque cursors are valid
# by JSON Schema and still rightly 400), negative_data_rejection (lax parsing of "12" as 12 is
# deliberate), and the method checks (a literal segment like /drivers/bulk also matches /drivers/<id>).
CHECKS = [checks.not_a_server_error, checks.status_code_conformance, checks.content_type_conformance,
          checks.response_schema_conformance, checks.ignored_auth]


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_fuzz(case, app, company, make_api_key):
    """Whatever the input, no endpoint answers 5xx, answers match the document, and auth is enforced."""
    case.operation.app = case.operation.schema.app = app  # the test app exists only once fixtures run
    _, full = make_api_key(company)
    case.call_and_validate(headers={"X-API-Key": full}, checks=CHECKS)
