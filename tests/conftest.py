"""Test setup: PostgreSQL and real Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set (CI), else SQLite
and fakeredis (the quick path). Tables are emptied after each test: tests exercise real commits,
concurrent requests and a browser in another thread, which a rolled-back outer transaction would hide."""
pytest_plugins = [
    "tests.fixtures.core",
    "tests.fixtures.partners",
    "tests.fixtures.ciot",
]


def pytest_sessionfinish(session, exitstatus):
    from tests.fixtures.contract import write_examples
    write_examples()  # only with RECORD_API_EXAMPLES=1
