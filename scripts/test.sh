#!/usr/bin/env bash
# The whole test suite. SQLite and inline jobs by default; TEST_DATABASE_URL (PostgreSQL) and
# TEST_REDIS_URL (a Redis db the suite may empty) switch to the real services, as CI does.
# Extra arguments go to pytest, e.g. ./scripts/test.sh tests/foundation -k tenancy
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_venv.sh
ensure_venv test

status=0
python -m pytest "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here." >&2
fi
exit "$status"
