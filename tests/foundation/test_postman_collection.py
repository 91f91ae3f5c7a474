"""The Postman collection generated from the document (scripts/api_clients/postman_collection.py): every operation
once, in its tag's folder, keyed calls with X-API-Key, the recorded request example as the body."""
import json
import sys
from pathlib import Path

from core.openapi import build_document

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "api_clients"))
from postman_collection import collection


def test_every_operation_is_a_request_of_its_tag():
    from blueprints.api.docs import load_examples
    document = build_document(load_examples())
    built = collection(document)
    operations = {(m.upper(), p): op for p, ops in document["paths"].items() for m, op in ops.items()
                  if isinstance(op, dict) and "responses" in op}
    requests = [(folder["name"], item) for folder in built["item"] for item in folder["item"]]
    assert len(requests) == len(operations)
    by_id = {item["name"].split(" — ")[0]: (folder, item) for folder, item in requests}
    create_partner = by_id["createPartner"][1]["request"]
    assert by_id["createPartner"][0] == "parceiros" and create_partner["method"] == "POST"
    assert create_partner["url"]["raw"] == "{{baseUrl}}/api/public/v1/partners"
    assert {"key": "X-API-Key", "value": "{{apiKey}}"} in create_partner["header"]
    assert json.loads(create_partner["body"]["raw"])["legal_name"]
    public = by_id["createMarketplaceLead"][1]["request"]
    assert all(h["key"] != "X-API-Key" for h in public["header"])
    assert by_id["getPartner"][1]["request"]["url"]["path"][-1] == ":partner_id"
