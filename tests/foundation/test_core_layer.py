"""core/ is infrastructure: it imports no area (domain/, blueprints/, jobs/); areas register hooks instead. Pages
(blueprints/web) import no API module: what both need lives in a domain service."""
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


def area_imports(folder: Path) -> set[str]:
    """`file.py: module` for every import of an area module by a Python file directly in `folder`."""
    return {f"{path.name}: {name}" for path in folder.glob("*.py") for name in imported_modules(path)
            if name.split(".")[0] in AREAS}


def test_core_imports_no_area():
    assert not area_imports(CORE)


def test_the_offender_filter_catches_a_core_to_domain_import(tmp_path):
    clean = "import sqlalchemy\nfrom core.db import db\nimport domainish\n"
    (tmp_path / "clean.py").write_text(clean, encoding="utf-8")
    assert not area_imports(tmp_path)
    (tmp_path / "leaky.py").write_text("def f():\n    from domain.ciot import services\n", encoding="utf-8")
    (tmp_path / "web.py").write_text("import blueprints.web.admin\n", encoding="utf-8")
    assert area_imports(tmp_path) == {"leaky.py: domain.ciot", "web.py: blueprints.web.admin"}


def test_pages_import_no_api_module():
    pages = CORE.parent / "blueprints" / "web"
    offenders = {f"{path.name}: {name}" for path in pages.glob("*.py") for name in imported_modules(path)
                 if name.startswith("blueprints.api")}
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


def test_core_knows_no_ciot_error_model():
    """The CIOT actions' error body is registered by the ciot area (register_error_schema), not written in core."""
    assert not [path.name for path in CORE.glob("*.py") if "CiotAction" in path.read_text(encoding="utf-8")]


def test_a_registered_error_schema_adds_its_top_level_keys():
    from core.responses import ERROR_SCHEMAS, ErrorCode
    from domain.ciot.serializers import CiotActionError
    assert ERROR_SCHEMAS["CiotActionError"].model is CiotActionError
    action = ErrorCode(422, "validation_failed", "Há bloqueios.", schema="CiotActionError").body()
    assert action == {"error": {"code": "validation_failed", "message": "Há bloqueios.", "details": []},
                      "ok": False, "reason": "validation_failed", "mensagem": "Há bloqueios."}
    plain = ErrorCode(422, "validation_failed", "Há bloqueios.").body()
    assert set(plain) == {"error"}
