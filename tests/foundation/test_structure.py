"""Structure guards (docs/CONTRIBUTING.md): small files, and the transaction rule — one owner: only the unit of work
(core/transaction.py: the request's, a job's, a command's, and `commit_phase`) commits; pages and services never
end a transaction themselves."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 500
SKIPPED_DIRS = {"tests", "migrations", ".venv", "node_modules", "instance", ".git", "__pycache__",
                "fretes_api_client"}  # the last: the generated SDK (clients/python, scripts/generate_clients.sh)
NO_TRANSACTION_END = ("blueprints/web", "domain")
ENDS = {"commit", "rollback"}


def source_files(root: Path):
    """The project's own Python files: not tests or migrations, and nothing under a hidden folder (.venv, the lock
    tools' .venv-lock, the OpenAPI checks' .tools, caches), which holds other people's code."""
    for path in root.rglob("*.py"):
        folders = path.relative_to(root).parts[:-1]
        if not SKIPPED_DIRS.intersection(folders) and not any(part.startswith(".") for part in folders):
            yield path


def long_files(root: Path) -> dict[str, int]:
    lengths = {str(p.relative_to(root)): len(p.read_text(encoding="utf-8").splitlines()) for p in source_files(root)}
    return {name: n for name, n in lengths.items() if n > MAX_LINES}


def transaction_ends(path: Path) -> list[str]:
    """`line: x.session.commit()` for every `<…session>.commit()` / `.rollback()` call in the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ENDS:
            owner = ast.unparse(node.func.value)
            if owner.split(".")[-1] == "session":
                found.append(f"{node.lineno}: {owner}.{node.func.attr}()")
    return found


def test_no_source_file_exceeds_500_lines():
    assert not long_files(ROOT), f"split these (tests and migrations excepted): {long_files(ROOT)}"


def test_the_length_check_counts_lines_and_skips_tests(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    (tmp_path / "tests" / "test_long.py").write_text("x = 1\n" * 900, encoding="utf-8")
    (tmp_path / ".venv-lock" / "lib").mkdir(parents=True)  # a tools venv made by scripts/lock.sh: not ours
    (tmp_path / ".venv-lock" / "lib" / "vendored.py").write_text("x = 1\n" * 900, encoding="utf-8")
    assert long_files(tmp_path) == {str(Path("pkg/long.py")): MAX_LINES + 1}


def transaction_owner(path: Path) -> bool:
    """A command-line command (`domain/<area>/cli.py`) and a job (`domain/<area>/jobs.py`) are entry points: each
    owns its transaction (a job's is its `job_context`)."""
    return path.name in ("cli.py", "jobs.py") or path.name.endswith("_jobs.py")


def test_pages_and_domain_never_commit_or_roll_back():
    offenders = {str(path.relative_to(ROOT)): ends for folder in NO_TRANSACTION_END
                 for path in source_files(ROOT / folder)
                 if not transaction_owner(path) and (ends := transaction_ends(path))}
    assert not offenders, "flush only: the request's unit of work commits (core/transaction.py): " + repr(offenders)


def test_the_transaction_scan_sees_commit_and_rollback(tmp_path):
    sample = tmp_path / "view.py"
    sample.write_text("def v():\n    db.session.flush()\n    db.session.commit()\n    session.rollback()\n"
                      "    transaction.commit()\n", encoding="utf-8")
    assert transaction_ends(sample) == ["3: db.session.commit()", "4: session.rollback()"]


TRANSACTION_OWNER = "core/transaction.py"


def commit_calls(path: Path) -> list[str]:
    """`line: call` for every call of a function or method named `commit` (`db.session.commit()`, `commit()`,
    `conn.commit()`), whoever owns it."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "commit":
            found.append(f"{node.lineno}: {ast.unparse(node.func)}()")
    return found


def test_only_the_unit_of_work_commits():
    """One owner: views, services, pages, jobs, commands and scripts commit through the unit of work (the request's,
    `core.jobs.job_context`, the commands' wrapper, `unit_of_work()`) or name a phase (`commit_phase`)."""
    offenders = {name: calls for path in source_files(ROOT)
                 if (name := path.relative_to(ROOT).as_posix()) != TRANSACTION_OWNER and (calls := commit_calls(path))}
    assert not offenders, "commit through core.transaction (unit_of_work, commit_phase): " + repr(offenders)
    assert commit_calls(ROOT / TRANSACTION_OWNER), "the unit of work commits somewhere"


def commit_phase_calls(path: Path) -> list[str]:
    """`line: call` for every call of `commit_phase` (however it was imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    return [f"{node.lineno}: {ast.unparse(node.func)}()" for node in calls
            if getattr(node.func, "id", getattr(node.func, "attr", None)) == "commit_phase"]


def test_no_view_in_blueprints_calls_commit_phase():
    """Views call one domain function per action and never commit a phase: a phase (a request to the authority
    committed before it is asked, a job's row before the page shows it) is the domain's to commit."""
    offenders = {name: calls for path in source_files(ROOT / "blueprints")
                 if (calls := commit_phase_calls(path)) and (name := path.relative_to(ROOT).as_posix())}
    assert not offenders, "commit_phase belongs to the domain function the view calls: " + repr(offenders)


def test_the_commit_phase_scan_finds_every_spelling(tmp_path):
    sample = tmp_path / "view.py"
    sample.write_text("def v():\n    commit_phase('a')\n    transaction.commit_phase('b')\n    phase('c')\n",
                      encoding="utf-8")
    assert commit_phase_calls(sample) == ["2: commit_phase()", "3: transaction.commit_phase()"]


def test_the_commit_scan_sees_every_kind_of_commit(tmp_path):
    sample = tmp_path / "job.py"
    sample.write_text("def j():\n    db.session.commit()\n    commit()\n    conn.commit()\n    commit_phase('x')\n",
                      encoding="utf-8")
    assert commit_calls(sample) == ["2: db.session.commit()", "3: commit()", "4: conn.commit()"]


REMOVED_TRANSACTION_OPTIONS = {"page_transaction", "reads_when", "commits_itself_when", "take_transaction",
                               "in_autocommit", "read_without_transaction"}


def identifiers(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            names.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.alias):
            names.add(node.name.rsplit(".", 1)[-1])
    return names


def test_the_former_transaction_options_are_gone():
    """Each of these was a second owner of some transaction (a page block, an autocommit read, a self-committing
    write): the unit of work replaced them all."""
    offenders = {path.relative_to(ROOT).as_posix(): sorted(found) for path in source_files(ROOT)
                 if (found := identifiers(path) & REMOVED_TRANSACTION_OPTIONS)}
    assert not offenders, offenders


def callers(name: str) -> set[str]:
    """Files (outside tests) that call the function `name`."""
    found = set()
    for path in source_files(ROOT):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == name:
                found.add(str(path.relative_to(ROOT)))
    return found


def test_progress_advance_commits_only_for_jobs():
    """core.progress.advance() commits a phase (commit_phase), so a polling page sees each step of a job. It is a
    job's phase (the job's unit of work owns it), so only jobs (and progress.finish/fail, which jobs call) may use
    it — never a page or a service, whose work would be committed half-way."""
    def a_job(path: str) -> bool:
        return path.startswith("jobs/") or Path(path).name.endswith("jobs.py")  # domain/<area>/[*_]jobs.py
    assert {path for path in callers("advance") if not a_job(path)} == {"core/progress.py"}


# --- One form approach for the pages (docs/pages.md, "Inputs") ------------------------------------------------
# A page form declares fields and labels; the rules are the domain's (schema or service), which the API and the
# CLI use too. The only validators a page form may declare:
MARKERS = {"Required"}  # ciot_form.Required: sets the `required` flag (label asterisk), never raises
LOGIN_FORM = "blueprints.web.auth.LoginForm"
LOGIN_VALIDATORS = {"DataRequired", "Length"}
# The login is no record's create/edit: it checks credentials, and no domain schema or service owns its inputs
# (`authenticate_user` answers only "right or wrong", the same for an empty and a wrong password, so nobody learns
# which e-mails exist). Its presence checks say "Informe o e-mail." before anything is looked up; `Length` bounds
# what is hashed.


def page_modules():
    import importlib
    import pkgutil

    import blueprints.web as package
    names = [info.name for info in pkgutil.iter_modules(package.__path__)]
    return [importlib.import_module(f"{package.__name__}.{name}") for name in names]


def declared_validators(modules) -> dict[str, set[str]]:
    """`module.Class.field` → the names of the validators it declares, for every WTForms form class defined in
    `modules` (a validator is given as `validators=` or as the field's second positional argument)."""
    from wtforms import Form
    from wtforms.fields.core import UnboundField

    found = {}
    for module in modules:
        for cls in vars(module).values():
            if not (isinstance(cls, type) and issubclass(cls, Form) and cls.__module__ == module.__name__):
                continue
            for name, unbound in vars(cls).items():
                if isinstance(unbound, UnboundField):
                    given = unbound.kwargs.get("validators") or (unbound.args[1] if len(unbound.args) > 1 else ())
                    if given:
                        found[f"{module.__name__}.{cls.__name__}.{name}"] = {type(v).__name__ for v in given}
    return found


def forbidden_validators(found: dict[str, set[str]]) -> dict[str, set[str]]:
    def allowed(field: str) -> set[str]:
        return MARKERS | (LOGIN_VALIDATORS if field.rsplit(".", 1)[0] == LOGIN_FORM else set())
    return {field: extra for field, names in found.items() if (extra := names - allowed(field))}


def test_page_forms_declare_no_validators_of_their_own():
    found = declared_validators(page_modules())
    assert any(field.startswith("blueprints.web.ciot_form.") for field in found), "the scan sees the CIOT markers"
    assert not forbidden_validators(found), ("put the rule in the domain schema or service and place its errors "
                                             f"with attach_errors: {forbidden_validators(found)}")


def test_the_validator_scan_flags_a_page_form_with_its_own_rules():
    import types

    from wtforms import StringField
    from wtforms.validators import DataRequired, Length

    from blueprints.web.ciot_form import REQUIRED
    from blueprints.web.record_pages import PlainForm

    sample = types.ModuleType("blueprints.web.sample")
    sample.SampleForm = type("SampleForm", (PlainForm,), {
        "__module__": sample.__name__, "name": StringField("Nome", [Length(max=5)]),
        "email": StringField("E-mail", validators=[DataRequired()]), "plate": StringField("Placa", validators=REQUIRED),
        "note": StringField("Nota")})
    found = declared_validators([sample])
    assert found == {"blueprints.web.sample.SampleForm.name": {"Length"},
                     "blueprints.web.sample.SampleForm.email": {"DataRequired"},
                     "blueprints.web.sample.SampleForm.plate": {"Required"}}
    assert forbidden_validators(found) == {"blueprints.web.sample.SampleForm.name": {"Length"},
                                           "blueprints.web.sample.SampleForm.email": {"DataRequired"}}
    assert forbidden_validators({f"{LOGIN_FORM}.email": {"DataRequired"}}) == {}


def import_sources(tree: ast.Module) -> dict[str, str]:
    """Each name a module imports with `from x import name` (top level), and the module it comes from."""
    return {alias.asname or alias.name: node.module for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module for alias in node.names}


def area_of(module: str) -> str | None:
    """`domain.freights.queries` → `freights`; `domain.common`, `core.db` → None (shared, no area)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "domain" else None


def borrowed_helpers(root: Path) -> list[str]:
    """`domain/freights/queries.py: like_pattern via domain.partners.queries (from domain.common)` for every name an
    area's module imports from another area's module that is not that area's own, but a shared helper it imported
    itself (domain.common, core). An area's facade re-exporting its own submodules' names is fine."""
    found = []
    for path in source_files(root / "domain"):
        area = area_of(".".join(path.relative_to(root).with_suffix("").parts))
        for name, module in import_sources(ast.parse(path.read_text(encoding="utf-8"))).items():
            if area is None or area_of(module) in (None, area):
                continue
            target = root / Path(*module.split(".")).with_suffix(".py")
            if not target.exists():  # a package's __init__ or a missing module: nothing borrowed through it
                continue
            origin = import_sources(ast.parse(target.read_text(encoding="utf-8"))).get(name)
            if origin is not None and area_of(origin) != area_of(module):
                found.append(f"{path.relative_to(root)}: {name} via {module} (from {origin})")
    return found


def test_no_area_borrows_a_shared_helper_through_another_area():
    """Shared domain helpers (like_pattern, actor_user_id…) live in domain/common.py and are imported from there,
    never through another area's queries or services module (which could drop or change them)."""
    assert not borrowed_helpers(ROOT), "import these from where they live: " + repr(borrowed_helpers(ROOT))


def test_the_import_check_finds_a_helper_borrowed_through_another_area(tmp_path):
    files = {"domain/common.py": "def like_pattern(t):\n    return t\n",
             "domain/partners/queries.py": "from domain.common import like_pattern\n"
                                           "from domain.partners.rows import row\ndef find():\n    pass\n",
             "domain/freights/queries.py": "from domain.partners.queries import like_pattern, find, row\n",
             "domain/fleet/queries.py": "from domain.common import like_pattern\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert borrowed_helpers(tmp_path) == [
        f"{Path('domain/freights/queries.py')}: like_pattern via domain.partners.queries (from domain.common)"]


# --- Jobs: named by their function, each listed once in jobs/registry.py -------------------------------------------

JOB_REGISTRY = "jobs/registry.py"


def job_path_prefixes() -> tuple[str, ...]:
    """How a job's dotted path starts: `jobs.` (the former paths, the housekeeping jobs) or the module of a registered
    job (`domain.ciot.jobs.`, `core.queue.` for the failure callback)."""
    from core.queue import job_path
    from jobs.registry import every_job
    return ("jobs.", *sorted({job_path(func).rpartition(".")[0] + "." for func in every_job()}))


def job_path_strings(path: Path, prefixes: tuple[str, ...]) -> list[str]:
    """`line: text` for every string literal (f-string pieces included, docstrings not: they are prose) that starts
    like a job's dotted path."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, documented) and ast.get_docstring(node, clean=False) is not None}
    return [f"{node.lineno}: {node.value}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            and node.value.startswith(prefixes)]


def test_jobs_are_named_by_their_function_not_by_a_string():
    """`enqueue_after_commit(send_declaration, …)`, never `enqueue_after_commit("jobs.ciot_agregado.send_…", …)`: a
    string is invisible to the import contracts and to a rename. Only the registry may spell a path."""
    prefixes = job_path_prefixes()
    offenders = {name: found for path in source_files(ROOT)
                 if (name := path.relative_to(ROOT).as_posix()) != JOB_REGISTRY
                 and (found := job_path_strings(path, prefixes))}
    assert not offenders, "name the job by its function (jobs/registry.py lists them): " + repr(offenders)


def test_the_job_path_scan_flags_a_path_and_spares_the_function_and_the_prose(tmp_path):
    sample = tmp_path / "services.py"
    sample.write_text('''"""Enqueues jobs.ciot.ask_authority (prose)."""
from domain.ciot.jobs import ask_authority


def enqueue(op_id, kind):
    """The job domain.ciot.jobs.ask_authority, by its function."""
    enqueue_after_commit(ask_authority, op_id, queue="emission")
    enqueue_after_commit("jobs.ciot.ask_authority", op_id)
    enqueue_after_commit("domain.ciot.jobs.ask_authority", op_id)
    enqueue_after_commit(f"domain.ciot.jobs.{kind}", op_id)
    return "domain.ciot.models"
''', encoding="utf-8")
    assert job_path_strings(sample, job_path_prefixes()) == [
        "8: jobs.ciot.ask_authority", "9: domain.ciot.jobs.ask_authority", "10: domain.ciot.jobs."]


def area_job_functions(root: Path) -> dict[str, set[str]]:
    """The public functions of each area's jobs modules (`domain/<area>/jobs.py`, and `<what>_jobs.py` where a job
    calls a module that enqueues the others), by dotted path."""
    found = {}
    for path in sorted((root / "domain").glob("*/*jobs.py")):
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found[module] = {f"{module}.{node.name}" for node in tree.body
                         if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")}
    return found


def test_every_area_job_is_in_the_registry_once():
    from core.queue import job_path
    from jobs.registry import every_job
    registered = [job_path(func) for func in every_job()]
    assert len(registered) == len(set(registered)), "a job listed twice in jobs/registry.py"
    missing = {module: sorted(paths - set(registered)) for module, paths in area_job_functions(ROOT).items()
               if paths - set(registered)}
    assert not missing, "list these in jobs/registry.py (or make them private helpers): " + repr(missing)


def test_the_registry_check_sees_an_unlisted_job(tmp_path):
    (tmp_path / "domain" / "fleet").mkdir(parents=True)
    (tmp_path / "domain" / "fleet" / "jobs.py").write_text(
        "def recount_vehicles(company_id):\n    pass\n\n\ndef _helper():\n    pass\n", encoding="utf-8")
    assert area_job_functions(tmp_path) == {"domain.fleet.jobs": {"domain.fleet.jobs.recount_vehicles"}}


def test_jobs_queued_under_their_former_paths_still_find_their_function():
    """The modules at the former paths (jobs/<module>.py) only re-export registered jobs, kept through the next
    release for jobs already queued (RQ, the job outbox, a progress row's retry) before the move."""
    import jobs.account_mail
    import jobs.billing_xml
    import jobs.ciot
    import jobs.ciot_agregado
    import jobs.ciot_pdf
    import jobs.failures
    import jobs.freights
    import jobs.marketplace
    import jobs.messages
    import jobs.webhooks
    from jobs.registry import every_job
    former = (jobs.account_mail, jobs.billing_xml, jobs.ciot, jobs.ciot_agregado, jobs.ciot_pdf, jobs.failures,
              jobs.freights, jobs.marketplace, jobs.messages, jobs.webhooks)
    exported = {f"{module.__name__}.{name}": getattr(module, name) for module in former for name in module.__all__}
    assert len(exported) == 21 and all(func in every_job() for func in exported.values())
    assert exported["jobs.ciot.emit_operation"] is exported["jobs.ciot.ask_authority"]  # the oldest name
