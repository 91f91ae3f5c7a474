# Sourced by start.sh and test.sh: create .venv on first use and (re)install the project when
# pyproject.toml changed since the last install. Needs only Python >= 3.11 with pip.

ensure_venv() {  # $1: pip extras ("" or "test")
  local python="${PYTHON:-python3}" extras="$1" spec="." stamp want
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
  [ -n "$extras" ] && spec=".[$extras]"
  stamp=".venv/.installed-${extras:-base}"
  want=$(.venv/bin/python -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "Installing the project ($spec) ..."
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec"
    echo "$want" >"$stamp"
  fi
  export PATH="$PWD/.venv/bin:$PATH"
}
