#!/usr/bin/env bash
# Quick start on the embedded default: SQLite under instance/, jobs inline, no Redis.
# Creates .venv, installs, migrates, seeds a demo company (admin login and an API key are printed)
# and serves the app with gunicorn (one process, four threads: the production server, so no development-server
# warning). HOST, PORT and INSTANCE_PATH may be set in the environment.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_venv.sh
ensure_venv ""
echo "Ambiente pronto: migrando e iniciando."  # .ci/run times the start from here, not the install

flask --app app db upgrade
flask --app app seed-demo
echo "Abra http://${HOST:-127.0.0.1}:${PORT:-5000}/ (Ctrl+C para parar)."
exec gunicorn 'app:create_app()' --bind "${HOST:-127.0.0.1}:${PORT:-5000}" --workers 1 --threads 4 --timeout 120
