"""core.ratelimit.enforce_limit: each call counted once, the one over the limit refused (429) before the work. The
Redis tests need the real Redis of TEST_REDIS_URL (the app's limiter then counts there); without it the limiter
counts in memory (limits' MemoryStorage)."""
import os

import pytest
from limits import parse
from limits.storage import MemoryStorage

from core.errors import AppError
from core.ratelimit import OutageTolerantRedisStorage, app_limiter, enforce_limit

LIMIT = "2 per minute"
needs_redis = pytest.mark.skipif(not os.environ.get("TEST_REDIS_URL"), reason="needs TEST_REDIS_URL (real Redis)")


@pytest.fixture
def limited(app, monkeypatch):
    monkeypatch.setitem(app.config, "TEST_LIMIT", LIMIT)

    def run(block=lambda: None, key="k1"):
        with app.test_request_context("/"):
            enforce_limit("TEST_LIMIT", "test-overlap", key, "Limite atingido.")
            return block()
    return run


def status_of(call) -> int:
    try:
        call()
    except AppError as exc:
        return exc.status
    return 200


def counted(key="k1") -> int:
    return storage().get(parse(LIMIT).key_for("test-overlap", key))


def storage():
    """The storage the app under test counts in (its own, whichever app the process built last)."""
    return app_limiter().storage


def refuse():
    raise AppError("Entrada inválida.", code="invalid_inputs", status=422)


def fail():
    raise RuntimeError("boom")


def test_each_call_counts_once_and_the_third_is_429_before_its_work(limited):
    ran = []
    assert [status_of(lambda: limited(lambda: ran.append(1))) for _ in range(3)] == [200, 200, 429]
    assert len(ran) == 2 and counted() == 3  # the refused call did no work
    with pytest.raises(AppError) as refused:
        limited()
    assert refused.value.code == "rate_limited" and 1 <= int(refused.value.headers["Retry-After"]) <= 61
    assert status_of(lambda: limited(key="k2")) == 200  # another key, its own count


def test_a_refusal_of_the_work_under_the_limit_stands_and_still_counted(limited):
    assert status_of(lambda: limited(refuse)) == 422
    limited()
    assert status_of(lambda: limited(refuse)) == 429


@needs_redis
def test_redis_is_where_the_app_counts_with_test_redis_url(limited):
    assert type(storage()) is OutageTolerantRedisStorage
    limited()
    counter = storage().prefixed_key(parse(LIMIT).key_for("test-overlap", "k1"))
    assert counted() == 1 and storage().storage.ttl(counter) > 0


def test_another_app_built_in_the_process_leaves_this_apps_count_where_it_was(app, limited, tmp_path):
    # Flask-Limiter's one extension object takes the storage of the last app it was given; the app keeps its own.
    from app import create_app
    from core.extensions import limiter

    ours = storage()
    limited()
    create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x", "REDIS_URL": "",
                "INSTANCE_PATH": str(tmp_path)})
    assert limiter.limiter.storage is not ours  # the extension moved on to the new app's memory storage
    assert storage() is ours and counted() == 1
    limited()
    assert status_of(limited) == 429


def test_the_reset_between_tests_clears_this_apps_count_also_after_another_app_was_built(app, limited, tmp_path):
    # tests/fixtures/core.py resets the counts after each test. Resetting the extension's storage alone reset the
    # last app built, and this app's count (Redis in CI) went on to the next test, which then met a 429 early.
    from app import create_app
    from core.extensions import limiter
    from tests.fixtures.core import reset_rate_limits

    limited()
    limited()
    create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x", "REDIS_URL": "",
                "INSTANCE_PATH": str(tmp_path)})
    limiter.reset()
    assert counted() == 2 and status_of(limited) == 429  # the extension's reset missed this app's count
    reset_rate_limits(app)
    assert counted() == 0 and status_of(limited) == 200


# --- Without Redis ---------------------------------------------------------------------------------------------------

def test_without_redis_the_app_counts_in_limits_memory_storage(app):
    if os.environ.get("TEST_REDIS_URL"):
        pytest.skip("the app's limiter counts in Redis here (TEST_REDIS_URL)")
    assert type(storage()) is MemoryStorage


def test_enforce_limit_keeps_its_window_for_the_headers(app, monkeypatch):
    from flask import g
    monkeypatch.setitem(app.config, "TEST_LIMIT", LIMIT)
    with app.test_request_context("/"):
        enforce_limit("TEST_LIMIT", "test-overlap", "k3", "Limite atingido.")
        limit, remaining, reset = g.rate_limit_window
        assert (limit, remaining) == (2, 1) and 1 <= reset <= 60
        enforce_limit("TEST_LIMIT", "test-overlap", "k3", "Limite atingido.")
        with pytest.raises(AppError) as refused:
            enforce_limit("TEST_LIMIT", "test-overlap", "k3", "Limite atingido.")
    assert refused.value.status == 429 and counted("k3") == 3
