#!/usr/bin/env bash
# Backup and a tested restore (docs/deploy.md "Backups and restore"):
#   1. pg_dump of DATABASE_URL (custom format, compressed) into BACKUP_DIR (default ./backups), named by the time;
#   2. restore of that file into a fresh database on the same server (RESTORE_DATABASE, default <db>_restore:
#      dropped first if it exists), with pg_restore --no-owner --exit-on-error;
#   3. the test suite's smoke checks against the restored database (pytest -m smoke tests/smoke): schema at the
#      migrations' head, /readyz answering 200 on it, every table readable, every stored secret readable with the
#      configured ENCRYPTION_KEY, and the row counts of each table printed beside the source's (equal ones required
#      with STRICT_COUNTS=1: use it when nothing writes to the source during the run).
# Usage: DATABASE_URL=postgresql://user@host:5432/fretes [SECRET_KEY=… ENCRYPTION_KEY=…] scripts/backup_restore.sh
#        [--dump-only FILE | --restore-only FILE] [--drop-after]
# Exit status 0 only when the dump, the restore and every check passed. The restored database is kept for a look
# unless --drop-after is given.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-$( [ -x .venv/bin/python ] && echo .venv/bin/python || command -v python3 )}

url=${DATABASE_URL:?set DATABASE_URL to the PostgreSQL database to back up}
url=${url/postgresql+psycopg:/postgresql:}   # SQLAlchemy's driver name is not libpq's
url=${url/postgres:/postgresql:}
base=${url%%\?*}                               # without query parameters
query=${url#"$base"}
source_db=${base##*/}
server=${base%/*}
restore_db=${RESTORE_DATABASE:-${source_db}_restore}
restore_url="$server/$restore_db$query"
admin_url="$server/postgres$query"
backup_dir=${BACKUP_DIR:-backups}
mode=all file="" drop_after=0
while [ $# -gt 0 ]; do
  case $1 in
    --dump-only) mode=dump; file=${2:-}; shift ;;
    --restore-only) mode=restore; file=${2:?--restore-only needs the dump file}; shift ;;
    --drop-after) drop_after=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ "$restore_db" != "$source_db" ] || { echo "RESTORE_DATABASE must differ from the source database" >&2; exit 2; }

if [ "$mode" != restore ]; then
  mkdir -p "$backup_dir"
  file=${file:-$backup_dir/$source_db-$(date -u +%Y%m%dT%H%M%SZ).dump}
  echo "== dump $source_db -> $file"
  pg_dump --format=custom --no-owner --no-privileges --file="$file" "$url"
  [ "$mode" = dump ] && exit 0
fi

echo "== restore $file -> $restore_db (fresh)"
PGOPTIONS="-c client_min_messages=warning" psql -q -v ON_ERROR_STOP=1 "$admin_url" -c "DROP DATABASE IF EXISTS \"$restore_db\" WITH (FORCE)" \
  -c "CREATE DATABASE \"$restore_db\""
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$restore_url" "$file"

echo "== smoke checks on $restore_db"
status=0
# The suite's own database settings are not passed on: the checks read only the two URLs below.
env -u TEST_DATABASE_URL -u TEST_REDIS_URL -u PYTEST_XDIST_WORKER RESTORED_DATABASE_URL="$restore_url" \
  SOURCE_DATABASE_URL="$url" "$PYTHON" -m pytest -p no:xdist -q -s -m smoke tests/smoke || status=$?
if [ "$drop_after" = 1 ]; then
  psql -q "$admin_url" -c "DROP DATABASE IF EXISTS \"$restore_db\" WITH (FORCE)"
fi
[ $status -eq 0 ] && echo "== restore of $file checked: OK" || echo "== restore of $file FAILED its checks" >&2
exit $status
