"""A Postman collection (v2.1) generated from the OpenAPI document: one folder per tag, one request per operation,
with the document's recorded request example as the body. Variables `baseUrl` and `apiKey` (sent in X-API-Key).
Usage: python postman_collection.py <openapi.json> <collection.json> (scripts/generate_clients.sh runs it)."""
import json
import re
import sys

SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"


def _url(path: str, parameters: list[dict]) -> dict:
    segments = [re.sub(r"\{(\w+)\}", r":\1", part) for part in path.strip("/").split("/")]
    query = [{"key": p["name"], "value": "", "disabled": True, "description": p.get("description", "")}
             for p in parameters if p.get("in") == "query"]
    variables = [{"key": p["name"], "value": "", "description": p.get("description", "")}
                 for p in parameters if p.get("in") == "path"]
    raw = "{{baseUrl}}/" + "/".join(segments)
    return {"raw": raw, "host": ["{{baseUrl}}"], "path": segments, "query": query, "variable": variables}


def _request(method: str, path: str, operation: dict, document: dict) -> dict:
    shared = document["components"].get("parameters", {})
    parameters = [shared[p["$ref"].rsplit("/", 1)[-1]] if "$ref" in p else p for p in operation.get("parameters", [])]
    headers = [] if operation.get("security") == [] else [{"key": "X-API-Key", "value": "{{apiKey}}"}]
    request = {"method": method.upper(), "header": headers, "url": _url(path, parameters),
               "description": operation.get("description", "")}
    media = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if media is not None:
        request["header"].append({"key": "Content-Type", "value": "application/json"})
        request["body"] = {"mode": "raw", "raw": json.dumps(media.get("example", {}), indent=2, ensure_ascii=False),
                           "options": {"raw": {"language": "json"}}}
    return {"name": f"{operation.get('operationId', '')} — {operation.get('summary', '')}".strip(" —"),
            "request": request}


def collection(document: dict) -> dict:
    folders: dict[str, list] = {tag["name"]: [] for tag in document.get("tags", [])}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if isinstance(operation, dict) and "responses" in operation:
                tag = (operation.get("tags") or ["outros"])[0]
                folders.setdefault(tag, []).append(_request(method, path, operation, document))
    info = document["info"]
    return {"info": {"name": f"{info['title']} {info['version']}", "schema": SCHEMA,
                     "description": "Gerada do documento OpenAPI (scripts/api_clients/postman_collection.py)."},
            "variable": [{"key": "baseUrl", "value": "http://127.0.0.1:5000"}, {"key": "apiKey", "value": ""}],
            "item": [{"name": name, "item": items} for name, items in folders.items() if items]}


def main(doc_path: str, out_path: str) -> None:
    with open(doc_path, encoding="utf-8") as fh:
        document = json.load(fh)
    with open(out_path, "w", encoding="utf-8") as fh:
        json.dump(collection(document), fh, indent=1, ensure_ascii=False)
        fh.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
