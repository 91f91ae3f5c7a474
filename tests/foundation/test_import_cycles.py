"""Import structure (docs/CONTRIBUTING.md, "Layers, checked"): no import cycle anywhere in the application code,
counting imports made inside functions too, and no import inside a function without its reason.

import-linter (`lint-imports`, tests/test_repository.py) checks the layers and the cycles between the modules of
every package; this scan adds what it cannot see: a package's `__init__` in a cycle with its own modules, and the
app and CLI modules (`app.py`, `commands.py`), which are no package."""
import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("core", "domain", "blueprints", "jobs", "app.py", "commands.py")
# An import inside a function says why on its line or in the comment right above it (above the first import of a
# run of imports, for the whole run). Reasons that hold (docs/CONTRIBUTING.md, "Imports at the top"): a heavy
# dependency only one path needs, a library only some processes use, a module that must not load before something
# is set up, a cycle through a third-party import. A cycle between our own modules is not one: test_no_import_cycles
# sees imports inside functions too.
REASON_MARKER = "# import here:"


def python_files(root: Path, scanned=SCANNED) -> list[Path]:
    files = []
    for entry in scanned:
        path = root / entry
        files.extend([path] if path.is_file() else sorted(path.rglob("*.py")))
    return files


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dotted names an import statement asks for, relative imports resolved: `from a import b` gives `a.b`
    (the module `a.b` if there is one, else a name in `a`: `edges` keeps the longest known prefix)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        anchor = package[:len(package) - node.level + 1]
        base = ".".join(anchor + ([base] if base else []))
    return [f"{base}.{alias.name}" if alias.name != "*" else base for alias in node.names]


def known_prefix(name: str, modules: set[str]) -> str | None:
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if (candidate := ".".join(parts[:end])) in modules:
            return candidate
    return None


def import_graph(root: Path, scanned=SCANNED) -> dict[str, set[str]]:
    """module -> the project modules it imports, at module level or inside a function (third-party ones left out)."""
    files = {module_name(root, path): path for path in python_files(root, scanned)}
    graph = {name: set() for name in files}
    for name, path in files.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for wanted in imported_names(name, path.name == "__init__.py", node):
                    target = known_prefix(wanted, set(files))
                    if target and target != name:
                        graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative), each sorted."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def describe(component: list[str], graph: dict[str, set[str]]) -> str:
    members = set(component)
    return "; ".join(f"{module} -> {', '.join(sorted(graph[module] & members))}" for module in component)


def statement_lists(node: ast.AST):
    for field in ("body", "orelse", "finalbody", "handlers"):
        block = getattr(node, field, None)
        if isinstance(block, list) and block and isinstance(block[0], ast.AST):
            yield block


def function_import_runs(tree: ast.Module):
    """Runs of consecutive import statements inside functions (nested blocks included), each run once."""
    seen = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            for block in statement_lists(node):
                run = []
                for statement in [*block, None]:
                    if isinstance(statement, (ast.Import, ast.ImportFrom)):
                        run.append(statement)
                    elif run:
                        if run[0].lineno not in seen:
                            seen.add(run[0].lineno)
                            yield run
                        run = []


def has_reason(lines: list[str], run: list[ast.stmt]) -> bool:
    """The marker on a line of the run or in the comment lines right above it."""
    text = lines[run[0].lineno - 1:run[-1].end_lineno]
    above = run[0].lineno - 2
    while above >= 0 and lines[above].strip().startswith("#"):
        text.append(lines[above])
        above -= 1
    return any(REASON_MARKER in line for line in text)


def imports_inside_functions(path: Path) -> tuple[int, list[str]]:
    """(how many imports sit inside functions, `line: import` for those without a reason)."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    count, unexplained = 0, []
    for run in function_import_runs(ast.parse(source)):
        count += len(run)
        if not has_reason(lines, run):
            unexplained.extend(run)
    return count, [f"{statement.lineno}: {ast.unparse(statement)}"
                   for statement in sorted(unexplained, key=lambda statement: statement.lineno)]


def test_no_import_cycles():
    graph = import_graph(ROOT)
    assert len(graph) > 100 and graph["app"], "the scan sees the project"
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(describe(component, graph) for component in found)


def test_every_import_inside_a_function_says_why():
    offenders = {}
    for path in python_files(ROOT):
        _, unexplained = imports_inside_functions(path)
        if unexplained:
            offenders[path.relative_to(ROOT).as_posix()] = unexplained
    listing = "\n".join(f"{name}: {line}" for name, lines in offenders.items() for line in lines)
    assert not offenders, f"move these to the top, or say why with '{REASON_MARKER} <reason>':\n{listing}"


def write_package(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_scan_finds_a_cycle_through_a_function_and_a_relative_import(tmp_path):
    write_package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from . import b\n",
        "pkg/b.py": "def f():\n    from pkg.sub import c\n",
        "pkg/sub/__init__.py": "from pkg.sub.c import VALUE\n",
        "pkg/sub/c.py": "from ..a import something\nVALUE = 1\n",
        "pkg/d.py": "import pkg.a\nimport os\n",
        "app.py": "from pkg import d\n",
    })
    graph = import_graph(tmp_path, ("pkg", "app.py"))
    assert graph["pkg.b"] == {"pkg.sub.c"}  # `from pkg.sub import c`: the module, in a function
    assert graph["pkg.sub.c"] == {"pkg.a"}  # `from ..a import something`: a name in pkg.a
    assert graph["pkg.d"] == {"pkg.a"} and graph["app"] == {"pkg.d"}  # os is not ours
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub.c"]]


def test_the_scan_finds_a_package_in_a_cycle_with_its_own_module(tmp_path):
    write_package(tmp_path, {
        "pkg/__init__.py": "from pkg.views import page\nbp = object()\n",
        "pkg/views.py": "from pkg import bp\n",
    })
    assert cycles(import_graph(tmp_path, ("pkg",))) == [["pkg", "pkg.views"]]


def test_the_scan_passes_a_package_without_cycles(tmp_path):
    write_package(tmp_path, {
        "pkg/__init__.py": "from pkg.views import page\n",
        "pkg/views.py": "from pkg.blueprint import bp\n",
        "pkg/blueprint.py": "bp = object()\n",
    })
    assert cycles(import_graph(tmp_path, ("pkg",))) == []


def test_the_reason_check_wants_a_marker_on_the_line_or_above(tmp_path):
    sample = tmp_path / "mod.py"
    sample.write_text(
        "import os\n"
        "def explained():\n"
        "    # import here: heavy, one path needs it\n"
        "    # (a second comment line)\n"
        "    import json\n"
        "    from pathlib import (\n"
        "        Path,\n"
        "    )\n"
        "    return json, Path\n"
        "def inline():\n"
        "    import csv  # import here: optional\n"
        "def bare():\n"
        "    x = 1  # import here: on the statement before, not above the import\n"
        "    import re\n"
        "    if x:\n"
        "        from collections import deque\n"
        "    def inner():\n"
        "        import abc\n",
        encoding="utf-8")
    count, unexplained = imports_inside_functions(sample)
    assert count == 6
    assert unexplained == ["14: import re", "16: from collections import deque", "18: import abc"]


def cycle_contract() -> dict:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = settings["tool"]["importlinter"]["contracts"]
    [contract] = [c for c in contracts if c["type"] == "acyclic_siblings"]
    return contract


def lint_imports(project: Path, contract: dict) -> subprocess.CompletedProcess:
    """lint-imports on `project` (a package `pkg`) with our cycle contract's type and depth, `pkg` as its ancestor."""
    (project / "pyproject.toml").write_text(
        '[tool.importlinter]\nroot_packages = ["pkg"]\n\n[[tool.importlinter.contracts]]\nname = "cycles"\n'
        f'type = "{contract["type"]}"\nancestors = ["pkg"]\ndepth = {contract["depth"]}\n', encoding="utf-8")
    lint = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(lint), "--no-cache"], cwd=project, capture_output=True, text=True, check=False,
                          timeout=120)


def test_the_cycle_contract_covers_every_package_and_every_level(tmp_path):
    """Our contract, applied to a package as deep as domain.ciot.pef: a cycle between two modules of a subpackage
    of an area (through an import inside a function) breaks it; without that import it holds."""
    contract = cycle_contract()
    assert "skip_descendants" not in contract, "no package is left out of the cycle check"
    write_package(tmp_path, {
        "pkg/__init__.py": "", "pkg/area/__init__.py": "", "pkg/area/sub/__init__.py": "",
        "pkg/area/sub/a.py": "from pkg.area.sub import b\n",
        "pkg/area/sub/b.py": "def f():\n    from pkg.area.sub import a\n",
    })
    broken = lint_imports(tmp_path, contract)
    assert broken.returncode != 0 and "No cycles are allowed in pkg.area.sub" in broken.stdout, broken.stdout
    (tmp_path / "pkg/area/sub/b.py").write_text("def f():\n    pass\n", encoding="utf-8")
    kept = lint_imports(tmp_path, contract)
    assert kept.returncode == 0 and "1 kept, 0 broken" in kept.stdout, kept.stdout + kept.stderr
