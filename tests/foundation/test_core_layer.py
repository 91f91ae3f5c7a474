"""core/ is infrastructure: it imports no area (domain/, blueprints/, jobs/); areas register hooks instead."""
import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"
AREAS = ("domain", "blueprints", "jobs")


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_core_imports_no_area():
    offenders = {f"{path.name}: {name}" for path in CORE.glob("*.py") for name in imported_modules(path)
                 if name.split(".")[0] in AREAS}
    assert not offenders


def test_the_check_sees_an_area_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from domain.tenancy.services import lookup_api_key\n", encoding="utf-8")
    assert "domain.tenancy.services" in imported_modules(sample)


def test_action_errors_carry_their_top_level_keys_without_core_knowing_ciot(api):
    response = api.post("/ciot/operations/00000000-0000-0000-0000-000000000000/validate")
    body = response.get_json()
    assert response.status_code == 404
    assert body["ok"] is False and body["reason"] == body["error"]["code"] == "not_found"
    assert body["mensagem"] == body["error"]["message"] and "_ciot_action" not in body["error"]
