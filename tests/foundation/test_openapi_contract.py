"""The OpenAPI document's examples stay true: every operation has them (recorded from the API tests by
`RECORD_API_EXAMPLES=1`, tests/fixtures/contract.py) and each one matches its schema, strictly for answers (no
undeclared field). The answers themselves are checked on every ApiClient call of the API tests."""
import pytest

from blueprints.api.docs import document
from tests.fixtures.contract import find_operation, schema_errors


def _operations():
    for path, operations in document()["paths"].items():
        for method, operation in operations.items():
            yield pytest.param(path, method, operation, id=operation["operationId"])


@pytest.mark.parametrize("path,method,operation", list(_operations()))
def test_every_operation_has_true_examples(app, path, method, operation):
    body = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if body is not None:
        assert "example" in body, f"{operation['operationId']}: no request example (RECORD_API_EXAMPLES=1)"
        assert not schema_errors(body["schema"], body["example"])
    for status, answer in operation["responses"].items():
        media = answer.get("content", {}).get("application/json")
        if media is None:
            continue
        if status.startswith("2"):
            assert "example" in media, f"{operation['operationId']} {status}: no example (RECORD_API_EXAMPLES=1)"
            assert not schema_errors(media["schema"], media["example"]), schema_errors(media["schema"],
                                                                                         media["example"])
        else:
            assert media["examples"], f"{operation['operationId']} {status}: no error example"
            for name, example in media["examples"].items():
                assert not schema_errors(media["schema"], example["value"]), (name, example["value"])


def test_the_contract_check_refuses_an_undeclared_field_and_status():
    operation = find_operation("GET", "/api/public/v1/me")
    schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
    good = operation["responses"]["200"]["content"]["application/json"]["example"]
    assert schema_errors(schema, good) == []
    extra = {**good, "data": {**good["data"], "surprise": 1}}
    assert any("surprise" in error for error in schema_errors(schema, extra))
    assert "404" not in operation["responses"]
    assert find_operation("GET", "/api/public/v1/drivers/bulk") is None  # only POST there
    assert find_operation("POST", "/api/public/v1/drivers/bulk")["operationId"] == "bulkCreateDrivers"
    assert find_operation("GET", "/api/public/v1/_probe/keys") is None


def test_every_error_code_is_in_the_reference():
    from pathlib import Path
    reference = (Path(__file__).parents[2] / "docs" / "api" / "errors.md").read_text(encoding="utf-8")
    codes = {example["value"]["error"]["code"]
             for operations in document()["paths"].values() for operation in operations.values()
             for answer in operation["responses"].values()
             for example in answer.get("content", {}).get("application/json", {}).get("examples", {}).values()}
    missing = sorted(code for code in codes if f"`{code}`" not in reference)
    assert not missing, f"docs/api/errors.md does not list: {missing}"
