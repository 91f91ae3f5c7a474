"""Test setup: PostgreSQL and real Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set (CI), else SQLite
and fakeredis (the quick path). Tables are emptied after each test: tests exercise real commits,
concurrent requests and a browser in another thread, which a rolled-back outer transaction would hide.
Under pytest-xdist each worker has its own database and Redis db (tests/fixtures/workers.py).
Tests marked `slow` (the fuzzers) run only with --slow, or when selected with -m; CI passes --slow."""
import pytest

pytest_plugins = [
    "tests.fixtures.workers",
    "tests.fixtures.core",
    "tests.fixtures.partners",
    "tests.fixtures.ciot",
    "tests.fixtures.agregado",
    "tests.fixtures.freights",
    "tests.fixtures.providers",
    "tests.fixtures.pef_server",
    "tests.fixtures.redis_server",
    "tests.fixtures.fuzz",
]


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", help="also run the tests marked slow (fuzzers); CI does")


# Modules holding only slow tests whose collection itself is costly: not even imported unless slow tests run.
SLOW_ONLY_MODULES = ("foundation/test_api_fuzz.py",)


def _runs_slow(config) -> bool:
    return config.getoption("--slow") or "slow" in (config.getoption("markexpr") or "")


def pytest_ignore_collect(collection_path, config):
    if not _runs_slow(config) and collection_path.as_posix().endswith(SLOW_ONLY_MODULES):
        return True
    return None


def pytest_collection_modifyitems(config, items):
    if _runs_slow(config):
        return
    skip = pytest.mark.skip(reason="slow: run with ./scripts/test.sh --slow (CI does)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def pytest_sessionfinish(session, exitstatus):
    from tests.fixtures.contract import write_examples
    write_examples()  # only with RECORD_API_EXAMPLES=1
