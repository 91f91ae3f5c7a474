#!/usr/bin/env bash
# The clients generated from the OpenAPI document and committed under clients/ (clients/python/README.md):
#   clients/python/fretes_api_client   openapi-python-client (scripts/api_clients/openapi-python-client.yaml)
#   clients/typescript/fretes-api.d.ts openapi-typescript
#   clients/postman/fretes-api.postman_collection.json  scripts/api_clients/postman_collection.py
# Usage: scripts/generate_clients.sh <openapi.json> [--check]. With --check nothing is written: the script fails
# when the committed clients differ from what the document generates (CI: scripts/check_openapi.sh runs it), so a
# change to the API that is not followed by `scripts/generate_clients.sh <doc>` and a commit fails the build.
# Needs the tools scripts/check_openapi.sh installs in .tools/ (run it once).
set -euo pipefail
cd "$(dirname "$0")/.."
doc="$1"
mode="${2:-write}"
tools="$PWD/.tools"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$tools/venv/bin/openapi-python-client" generate --path "$doc" --meta none \
  --config scripts/api_clients/openapi-python-client.yaml \
  --custom-template-path scripts/api_clients/templates --output-path "$out/fretes_api_client" >"$out/generate.log" 2>&1 \
  || { cat "$out/generate.log" >&2; exit 1; }
touch "$out/fretes_api_client/py.typed"  # PEP 561: the package's annotations are its types (mypy --strict clean)
"$tools/node_modules/.bin/openapi-typescript" "$doc" -o "$out/fretes-api.d.ts" >/dev/null
"$tools/venv/bin/python" scripts/api_clients/postman_collection.py "$doc" "$out/fretes-api.postman_collection.json"

if [ "$mode" = "--check" ]; then
  status=0
  diff -r -q "$out/fretes_api_client" clients/python/fretes_api_client || status=1
  diff -q "$out/fretes-api.d.ts" clients/typescript/fretes-api.d.ts || status=1
  diff -q "$out/fretes-api.postman_collection.json" clients/postman/fretes-api.postman_collection.json || status=1
  if [ "$status" -ne 0 ]; then
    echo "The committed clients are not the ones the document generates: run scripts/generate_clients.sh" >&2
    echo "<openapi.json> (scripts/api_clients/dump_openapi.py writes it) and commit clients/." >&2
    exit 1
  fi
  echo "committed clients match the document"
else
  rm -rf clients/python/fretes_api_client
  cp -r "$out/fretes_api_client" clients/python/fretes_api_client
  cp "$out/fretes-api.d.ts" clients/typescript/fretes-api.d.ts
  mkdir -p clients/postman
  cp "$out/fretes-api.postman_collection.json" clients/postman/fretes-api.postman_collection.json
  echo "clients/ regenerated"
fi
