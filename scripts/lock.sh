#!/usr/bin/env bash
# Rewrites the lock files from pyproject.toml: requirements.lock (runtime) and requirements-test.lock (runtime +
# the `test` extra, same runtime versions), every package pinned with its hashes. Run it after changing the
# dependencies in pyproject.toml, and commit the two files with that change. `--upgrade` (or `-P pkg`) passes on
# to pip-compile to move pins forward; without it, the versions already locked are kept where they still fit.
# Resolves against PyPI only, ignoring the local pip configuration, so every machine writes the same files.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=${LOCK_TOOLS_VENV:-.venv-lock}
if [ ! -x "$tools/bin/pip-compile" ]; then
  "${PYTHON:-python3}" -m venv "$tools"
  "$tools/bin/python" -m pip install --quiet --disable-pip-version-check 'pip-tools>=7.4,<8'
fi
compile() {  # $1: output file; rest: pip-compile options
  local out=$1
  shift
  env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL -u PIP_INDEX_URL -u PIP_CONSTRAINT PIP_CONFIG_FILE=/dev/null \
    "$tools/bin/pip-compile" --quiet --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url \
    --no-emit-find-links --index-url https://pypi.org/simple --output-file "$out" "$@" pyproject.toml
}
compile requirements-test.lock --extra test "$@"
# The runtime lock starts as a copy of the test lock: pip-compile keeps the pins it finds in its output file and
# drops what the runtime does not need, so both files pin the same runtime versions.
cp requirements-test.lock requirements.lock
compile requirements.lock
echo "Wrote requirements.lock and requirements-test.lock; commit them with pyproject.toml."
