"""The fuzzer's generated cases each have their own readable id, method + path (tests/fixtures/fuzz.py), so a failure
names its operation; checked on a two-operation schema in a pytest run of its own (the real module is collected only
with --slow)."""
pytest_plugins = ["pytester"]

CASES = '''
import schemathesis

schema = schemathesis.openapi.from_dict({
    "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
    "paths": {"/api/public/v1/me": {"get": {"responses": {"200": {"description": "ok"}}}},
              "/api/public/v1/partners/{partner_id}": {
                  "get": {"parameters": [{"name": "partner_id", "in": "path", "required": True,
                                          "schema": {"type": "string"}}],
                          "responses": {"200": {"description": "ok"}}},
                  "delete": {"parameters": [{"name": "partner_id", "in": "path", "required": True,
                                             "schema": {"type": "string"}}],
                             "responses": {"200": {"description": "ok"}}}}},
})


@schema.parametrize()
def test_api_fuzz(case):
    assert case.operation.method.upper() != "DELETE", "fails on purpose"
'''


def _run(pytester, *args):
    pytester.makepyfile(test_api_fuzz=CASES)
    return pytester.runpytest_inprocess("-p", "tests.fixtures.fuzz", "-p", "no:cacheprovider", "-p", "no:xdist",
                                        "-p", "no:randomly", "-p", "no:playwright", *args)


def test_each_generated_case_has_its_own_id_naming_method_and_path(pytester):
    result = _run(pytester, "--collect-only", "-q")
    ids = [line for line in result.outlines if line.startswith("test_api_fuzz.py::")]
    assert ids == ["test_api_fuzz.py::test_api_fuzz[GET /api/public/v1/me]",
                   "test_api_fuzz.py::test_api_fuzz[GET /api/public/v1/partners/{partner_id}]",
                   "test_api_fuzz.py::test_api_fuzz[DELETE /api/public/v1/partners/{partner_id}]"]


def test_a_failure_names_its_operation(pytester):
    result = _run(pytester, "-q", "--hypothesis-seed=0", "-rfp")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines_random([
        "FAILED test_api_fuzz.py::test_api_fuzz[[]DELETE /api/public/v1/partners/{partner_id}[]]*",
        "PASSED test_api_fuzz.py::test_api_fuzz[[]GET /api/public/v1/me[]]",
        "PASSED test_api_fuzz.py::test_api_fuzz[[]GET /api/public/v1/partners/{partner_id}[]]"])
