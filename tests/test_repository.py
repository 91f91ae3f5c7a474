"""The repository's own rules: dependencies bounded and locked, the lint hook on the locked ruff."""
import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^\s;\\]+)", re.MULTILINE)


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lock: str) -> dict[str, str]:
    return {normalize(name): version for name, version in PIN.findall((ROOT / lock).read_text(encoding="utf-8"))}


def requirements(extra: str | None = None) -> list[Requirement]:
    project = PYPROJECT["project"]
    listed = project["optional-dependencies"][extra] if extra else project["dependencies"]
    return [Requirement(line) for line in listed]


@pytest.mark.parametrize("requirement", requirements(), ids=lambda r: r.name)
def test_every_runtime_dependency_has_a_lower_and_an_upper_bound(requirement):
    operators = {spec.operator for spec in requirement.specifier}
    assert ">=" in operators and "<" in operators, f"{requirement}: give it >=lower,<upper"


def test_an_unbounded_dependency_is_caught():
    """Guards the guard: a requirement without an upper bound has no `<` operator."""
    assert "<" not in {spec.operator for spec in Requirement("flask>=3.1").specifier}


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
    """`rq cron jobs/cron_config.py` works on what rq brings: every entry gets its next run time."""
    from datetime import UTC, datetime

    from fakeredis import FakeStrictRedis
    from rq.cron import CronScheduler
    scheduler = CronScheduler(connection=FakeStrictRedis())
    scheduler.load_config_from_file(str(ROOT / "jobs" / "cron_config.py"))
    jobs = scheduler.get_jobs()
    assert {job.func_name for job in jobs} >= {"jobs.maintenance.purge_expired_idempotency_keys"}
    assert all(job.get_next_enqueue_time() > datetime.now(UTC) for job in jobs)
