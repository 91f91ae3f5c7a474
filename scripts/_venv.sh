# Sourced by start.sh and test.sh: create .venv on first use and (re)install when the lock file or
# pyproject.toml changed since the last install. Needs only Python >= 3.11 with pip.
# Dependencies come from the lock (exact versions, hashes checked), then the project itself without
# dependencies: requirements.lock for the app, requirements-test.lock for the tests (scripts/lock.sh writes both).

ensure_venv() {  # $1: pip extras ("" or "test")
  local python="${PYTHON:-python3}" extras="$1" lock=requirements.lock stamp want
  if [ ! -x .venv/bin/python ]; then
    "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
      echo "Python 3.11 or newer is needed (found: $("$python" --version 2>&1)). Set PYTHON=/path/to/python3.11." >&2
      return 1
    }
    echo "Creating the virtual environment in .venv ..."
    if ! "$python" -m venv .venv 2>/dev/null; then
      # Some distributions ship Python without ensurepip (Debian: python3-venv); virtualenv needs only pip.
      rm -rf .venv
      "$python" -m pip install --quiet --user virtualenv && "$python" -m virtualenv --quiet .venv || {
        echo "Could not create a virtual environment: install python3-venv (Debian/Ubuntu) or virtualenv." >&2
        return 1
      }
    fi
  fi
  [ -n "$extras" ] && lock="requirements-$extras.lock"
  stamp=".venv/.installed-${extras:-base}"
  want=$(cat "$lock" pyproject.toml | .venv/bin/python -c 'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "Installing the dependencies from $lock and the project (a few minutes the first time) ..."
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r "$lock"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
    echo "$want" >"$stamp"
  fi
  export PATH="$PWD/.venv/bin:$PATH"
}
