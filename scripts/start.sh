#!/usr/bin/env bash
# Quick start on the embedded default: SQLite under instance/, jobs inline, no Redis.
# Creates .venv, installs, migrates, seeds a demo company (admin login and an API key are printed)
# and serves the app. HOST, PORT and INSTANCE_PATH may be set in the environment.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_venv.sh
ensure_venv ""

flask --app app db upgrade
flask --app app seed-demo
echo "Abra http://${HOST:-127.0.0.1}:${PORT:-5000}/ (Ctrl+C para parar)."
exec flask --app app run --host "${HOST:-127.0.0.1}" --port "${PORT:-5000}"
