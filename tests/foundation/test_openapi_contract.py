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


# Pydantic's own constraint names; JSON Schema says minimum/maximum/exclusive*/multipleOf, with numbers.
PYDANTIC_KEYWORDS = {"decimal_places", "max_digits", "le", "ge", "lt", "gt"}
NUMERIC_KEYWORDS = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}


def non_standard_keywords(node, path="#") -> list[str]:
    """Where a schema in the document carries a keyword JSON Schema does not know, or a numeric bound as a string."""
    found = []
    if isinstance(node, dict):
        is_schema = "type" in node or "anyOf" in node or "$ref" in node
        for key, value in node.items():
            string_bound = key in NUMERIC_KEYWORDS and not isinstance(value, int | float)
            if is_schema and (key in PYDANTIC_KEYWORDS or string_bound):
                found.append(f"{path}/{key}")
            found += non_standard_keywords(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            found += non_standard_keywords(item, f"{path}/{index}")
    return found


def test_schemas_speak_json_schema_not_pydantic(app):
    assert non_standard_keywords(document()) == []
    money = document()["components"]["schemas"]["CiotContratante"]["properties"]["valor_frete"]["anyOf"][0]
    assert money == {"type": "number", "minimum": 0, "maximum": 999999999.99}


def test_the_keyword_check_finds_pydantic_keywords_and_string_bounds():
    leaky = {"properties": {"valor": {"anyOf": [{"type": "number"}], "decimal_places": 2, "le": "9.99"},
                            "peso": {"type": "number", "maximum": "10"}}}
    assert non_standard_keywords(leaky) == ["#/properties/valor/decimal_places", "#/properties/valor/le",
                                            "#/properties/peso/maximum"]
