#!/usr/bin/env bash
# The whole test suite. SQLite and inline jobs by default; TEST_DATABASE_URL (PostgreSQL) and
# TEST_REDIS_URL (a Redis db the suite may empty) switch to the real services, as CI does.
# Runs in parallel: TEST_WORKERS pytest-xdist workers (default: one per CPU; 0 runs in this process), each with
# its own database and Redis db (tests/fixtures/workers.py). The fuzzers (marker `slow`) run only with --slow.
# Extra arguments go to pytest, e.g. ./scripts/test.sh tests/foundation -k tenancy, ./scripts/test.sh --slow
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_venv.sh
ensure_venv test

status=0
python -m pytest -n "${TEST_WORKERS:-auto}" --dist worksteal "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here." >&2
fi
exit "$status"
