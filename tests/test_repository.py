"""The repository's own rules: it names no document outside itself; dependencies bounded and locked; the lint
hook on the locked ruff."""
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^\s;\\]+)", re.MULTILINE)


# Spelled in pieces so that this file does not name them itself.
OUTSIDE = ("../" + "shared", "shared" + "/spec", "/work" + "/shared", "public-api" + ".md")
MARKDOWN_NAME = re.compile(r"[\w.-]+\.md\b")


def tracked_text_files() -> dict[str, str]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    texts = {}
    for path in filter(None, listed.decode().split("\0")):
        if path.startswith("static/vendor/"):
            continue  # third-party code as published (htmx, Swagger UI): not the project's text
        try:
            texts[path] = (ROOT / path).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # fonts, images; a file deleted but not yet committed
    return texts


def outside_references(texts: dict[str, str]) -> set[str]:
    """Mentions of documents the repository does not hold: the outside inputs by name, and any `*.md` whose
    name no tracked file has."""
    names = {path.rsplit("/", 1)[-1] for path in texts}
    found = set()
    for path, text in texts.items():
        found |= {f"{path}: {word}" for word in OUTSIDE if word in text}
        found |= {f"{path}: {name}" for name in MARKDOWN_NAME.findall(text) if name not in names}
    return found


def test_the_repository_names_no_document_outside_itself():
    """Rules live in the project's own docs/ (docs/decisions.md, docs/api/, docs/ciot-rules.md)."""
    assert outside_references(tracked_text_files()) == set()


def test_an_outside_document_is_caught():
    """Guards the guard."""
    texts = {"docs/ciot-rules.md": "see " + OUTSIDE[3], "core/y.py": "# " + OUTSIDE[0] + "/spec/decisions.md"}
    assert outside_references(texts) == {"docs/ciot-rules.md: " + OUTSIDE[3], "core/y.py: " + OUTSIDE[0],
                                         "core/y.py: " + OUTSIDE[1], "core/y.py: decisions.md"}


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lock: str) -> dict[str, str]:
    return {normalize(name): version for name, version in PIN.findall((ROOT / lock).read_text(encoding="utf-8"))}


def requirements(extra: str | None = None) -> list[Requirement]:
    project = PYPROJECT["project"]
    listed = project["optional-dependencies"][extra] if extra else project["dependencies"]
    return [Requirement(line) for line in listed]


def is_bounded(requirement: Requirement) -> bool:
    """The project's rule for a runtime dependency: a `>=` floor and a `<` ceiling."""
    operators = {spec.operator for spec in requirement.specifier}
    return ">=" in operators and "<" in operators


# "Today in Brasília" is core.clock's (brasilia_today, brasilia_date): no other module names the zone or the offset.
BRASILIA_ZONE = re.compile(r"ZoneInfo\(\s*[\"']America/Sao_Paulo[\"']\s*\)|timedelta\(\s*hours\s*=\s*-\s*3\s*\)")


def brasilia_zone_copies(texts: dict[str, str]) -> set[str]:
    return {f"{path}: {match.group()}" for path, text in texts.items()
            if path.endswith(".py") and not path.startswith("tests/") and path != "core/clock.py"
            for match in BRASILIA_ZONE.finditer(text)}


def test_the_brasilia_clock_is_defined_once():
    assert brasilia_zone_copies(tracked_text_files()) == set()


def test_a_copy_of_the_brasilia_clock_is_caught():
    texts = {"domain/x.py": 'BRASILIA = ZoneInfo("America/Sao_Paulo")', "core/y.py": "tz = timedelta(hours=-3)",
             "core/clock.py": 'BRT = ZoneInfo("America/Sao_Paulo")', "tests/z.py": 'ZoneInfo("America/Sao_Paulo")'}
    assert brasilia_zone_copies(texts) == {'domain/x.py: ZoneInfo("America/Sao_Paulo")',
                                           "core/y.py: timedelta(hours=-3)"}


# pt-BR numbers are written and read by core.formatting (Babel, CLDR pt_BR): no page, PDF, message or reader swaps
# dots and commas or groups thousands with Python's format spec on its own (the bench scripts print for developers).
SEPARATOR_SWAP = re.compile(r"""\.replace\(\s*["'][.,]["']\s*,\s*["'][.,]["']\s*\)|:,(?:\.\d+)?[fd]?\}""")


def separator_swaps(texts: dict[str, str]) -> set[str]:
    return {f"{path}: {match.group()}" for path, text in texts.items()
            if path.endswith((".py", ".html")) and not path.startswith(("tests/", "bench/"))
            for match in SEPARATOR_SWAP.finditer(text)}


def test_numbers_are_formatted_for_people_only_through_core_formatting():
    assert separator_swaps(tracked_text_files()) == set()


def test_a_hand_made_pt_br_number_is_caught():
    texts = {"domain/x.py": 'f"{total:,.2f}".replace(",", "X").replace(".", ",")',
             "templates/y.html": "{{ '{:,}'.format(rows).replace(',', '.') }}", "core/z.py": 'cpf.replace(".", "")',
             "bench/b.py": 'print(f"{rows:,} rows")', "tests/t.py": 'text.replace(",", ".")'}
    assert separator_swaps(texts) == {'domain/x.py: :,.2f}', 'domain/x.py: .replace(".", ",")',
                                      "templates/y.html: :,}", "templates/y.html: .replace(',', '.')"}


# Libraries are configured through their public API: no name-mangled attribute (`_Class__name`) and no private
# attribute of the rate limiter, the CSRF extension or a limits storage/strategy, read or assigned.
PRIVATE_LIBRARY_ACCESS = re.compile(r"\b_[A-Z]\w*__[a-z]\w*|\b(?:limiter|csrf|storage|strategy)\._[a-z]\w*")


def private_library_accesses(texts: dict[str, str]) -> set[str]:
    """Every match in the application's Python (tests excluded: tests/fixtures/core.py `another_app` puts the
    extension's storage back after a second app, which Flask-Limiter has no public way to do)."""
    return {f"{path}: {match.group()}" for path, text in texts.items()
            if path.endswith(".py") and not path.startswith("tests/")
            for match in PRIVATE_LIBRARY_ACCESS.finditer(text)}


def test_no_private_attribute_of_a_library_is_patched_or_read():
    assert private_library_accesses(tracked_text_files()) == set()


def test_a_private_library_access_is_caught():
    """Guards the guard: the patches this rule removed, and what stays allowed."""
    texts = {"app.py": "limiter._limiter = Wrapper(limiter._limiter)\nhook = Limiter._Limiter__inject_headers",
             "core/r.py": "def _MemoryStorage__schedule_expiry(self):\n    strategy.storage.lua_incr_expire.sha",
             "core/s.py": "self._cached = None\nlimiter.limiter.storage\n__init__ __name__",
             "tests/x.py": "limiter._storage = saved"}
    assert private_library_accesses(texts) == {
        "app.py: limiter._limiter", "app.py: _Limiter__inject_headers", "core/r.py: _MemoryStorage__schedule_expiry"}


@pytest.mark.parametrize("requirement", requirements(), ids=lambda r: r.name)
def test_every_runtime_dependency_has_a_lower_and_an_upper_bound(requirement):
    assert is_bounded(requirement), f"{requirement}: give it >=lower,<upper"


@pytest.mark.parametrize(("line", "bounded"), [("flask>=3.1", False), ("flask<4", False), ("flask", False),
                                               ("flask==3.1.0", False), ("flask>=3.1,<4", True)])
def test_the_bound_check_tells_bad_from_good(line, bounded):
    """Guards the guard: the check the test above applies, on requirements that break and keep the rule."""
    assert is_bounded(Requirement(line)) is bounded


@pytest.mark.parametrize(("lock", "extra"), [("requirements.lock", None), ("requirements-test.lock", "test")])
def test_the_locks_pin_every_dependency_within_its_bounds(lock, extra):
    locked = pins(lock)
    wanted = requirements() + (requirements(extra) if extra else [])
    for requirement in wanted:
        name = normalize(requirement.name)
        assert name in locked, f"{name} is not in {lock}: run scripts/lock.sh"
        assert requirement.specifier.contains(locked[name], prereleases=True), (
            f"{lock} pins {name}=={locked[name]}, outside {requirement.specifier}: run scripts/lock.sh")


def test_both_locks_pin_the_same_runtime_versions():
    runtime, test = pins("requirements.lock"), pins("requirements-test.lock")
    assert {name: test.get(name) for name in runtime} == runtime


def test_removed_dependencies_stay_out():
    """jinja2-fragments was never used; croniter comes with rq, which needs it for `rq cron`."""
    names = {normalize(r.name) for r in requirements() + requirements("test")}
    assert not names & {"jinja2-fragments", "croniter"}


def test_the_pre_commit_hook_runs_the_locked_ruff():
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    hooked = re.search(r"ruff==([0-9.]+)", config).group(1)
    assert hooked == pins("requirements-test.lock")["ruff"]


def test_rq_cron_schedules_the_periodic_table_without_a_croniter_of_ours():
    """`rq cron jobs/cron_config.py` works on what rq brings: every cron entry gets its next run time, and the
    interval entries run as soon as the scheduler starts."""
    from datetime import UTC, datetime

    from fakeredis import FakeStrictRedis
    from rq.cron import CronScheduler
    scheduler = CronScheduler(connection=FakeStrictRedis())
    scheduler.load_config_from_file(str(ROOT / "jobs" / "cron_config.py"))
    from core.queue import job_path
    from jobs.maintenance import sweep_dead_jobs
    from jobs.registry import PERIODIC
    jobs = scheduler.get_jobs()
    assert sorted(job.func_name for job in jobs) == sorted(job_path(periodic.func) for periodic in PERIODIC)
    scheduled = [job for job in jobs if job.cron]
    assert scheduled and all(job.get_next_enqueue_time() > datetime.now(UTC) for job in scheduled)
    every = [job for job in jobs if job.interval]  # sweep_dead_jobs, every SWEEP_SECONDS
    assert {job.func_name for job in every} == {job_path(sweep_dead_jobs)}
    assert all(job.should_run() for job in every)  # an interval job runs at once when rq cron starts


def test_the_layer_contracts_hold():
    """import-linter's contracts in pyproject.toml: blueprints -> domain -> core, jobs on top, nothing below imports
    the app, the CLI module or the demo seed, no import cycles (between areas or inside one)."""
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_the_api_reference_index_lists_every_page():
    pages = {path.name for path in (ROOT / "docs" / "api").glob("*.md")} - {"README.md"}
    index = (ROOT / "docs" / "api" / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"\]\(([\w.-]+\.md)\)", index))
    assert pages - listed == set(), "pages missing from docs/api/README.md"
    assert listed - pages == set(), "docs/api/README.md links pages that do not exist"
