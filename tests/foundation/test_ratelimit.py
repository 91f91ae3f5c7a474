"""core.ratelimit.limit_around: the count's Redis round trip overlaps the block, and the limit holds as if counted
first (429 after the block, replacing its own refusal). The Redis tests need the real Redis of TEST_REDIS_URL (the
app's limiter then counts there); without it the limiter counts in memory (limits' MemoryStorage), before the
block."""
import os

import pytest
from limits import parse
from limits.storage import MemoryStorage

from core.errors import AppError
from core.ratelimit import OutageTolerantRedisStorage, app_limiter, limit_around

LIMIT = "2 per minute"
needs_redis = pytest.mark.skipif(not os.environ.get("TEST_REDIS_URL"), reason="needs TEST_REDIS_URL (real Redis)")


@pytest.fixture
def limited(app, monkeypatch):
    monkeypatch.setitem(app.config, "TEST_LIMIT", LIMIT)

    def run(block=lambda: None, key="k1"):
        with limit_around("TEST_LIMIT", "test-overlap", key, "Limite atingido."):
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


@needs_redis
def test_redis_counts_each_call_once_and_the_third_is_429_after_its_block_ran(limited):
    assert type(storage()) is OutageTolerantRedisStorage
    ran = []
    assert [status_of(lambda: limited(lambda: ran.append(1))) for _ in range(3)] == [200, 200, 429]
    assert len(ran) == 3 and counted() == 3  # the third block ran (overlapped), its answer was refused
    with pytest.raises(AppError) as refused:
        limited()
    assert refused.value.code == "rate_limited" and 1 <= int(refused.value.headers["Retry-After"]) <= 61
    assert status_of(lambda: limited(key="k2")) == 200  # another key, its own count


@needs_redis
def test_over_the_limit_429_replaces_the_blocks_refusal_and_under_it_the_refusal_stands(limited):
    assert status_of(lambda: limited(refuse)) == 422
    limited()
    assert status_of(lambda: limited(refuse)) == 429


@needs_redis
def test_a_block_that_fails_leaves_the_count_right_and_no_answer_on_a_pooled_connection(limited):
    with pytest.raises(RuntimeError):
        limited(fail)
    assert counted() == 1
    assert limited(lambda: "ok") == "ok"
    assert counted() == 2 and storage().storage.ping()  # the pool's connections answer in order
    assert status_of(limited) == 429


@needs_redis
def test_after_redis_forgot_the_script_the_hit_still_counts(limited, monkeypatch):
    # What a Redis restart does (NOSCRIPT for the script's SHA), to this test's calls only: SCRIPT FLUSH would empty
    # the scripts of every client of the server, the other test worker's and other runs' on the machine among them.
    monkeypatch.setattr(storage().lua_incr_expire, "sha", "0" * 40)
    assert limited(lambda: "ok") == "ok" and counted() == 1
    assert status_of(limited) == 200 and status_of(limited) == 429


def test_in_memory_the_hit_is_counted_before_the_block_which_does_not_run_over_the_limit(app, limited, monkeypatch):
    if type(storage()) is OutageTolerantRedisStorage:
        pytest.skip("the app's limiter counts in Redis here (TEST_REDIS_URL)")
    ran = []
    assert [status_of(lambda: limited(lambda: ran.append(1))) for _ in range(3)] == [200, 200, 429]
    assert len(ran) == 2


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


def command_calls(*names) -> int:
    stats = storage().storage.info("commandstats")
    return sum(stats.get(f"cmdstat_{name}", {}).get("calls", 0) for name in names)


@needs_redis
def test_enforce_limit_counts_and_reads_its_window_in_one_round_trip(app, monkeypatch):
    from flask import g

    from core.ratelimit import enforce_limit
    monkeypatch.setitem(app.config, "TEST_LIMIT", LIMIT)
    with app.test_request_context("/"):
        reads = command_calls("get", "ttl")
        enforce_limit("TEST_LIMIT", "test-overlap", "k3", "Limite atingido.")
        assert command_calls("get", "ttl") == reads  # the window came with the count (EVALSHA + PTTL, pipelined)
        limit, remaining, reset = g.rate_limit_window
        assert (limit, remaining) == (2, 1) and 1 <= reset <= 60
        enforce_limit("TEST_LIMIT", "test-overlap", "k3", "Limite atingido.")
        with pytest.raises(AppError) as refused:
            enforce_limit("TEST_LIMIT", "test-overlap", "k3", "Limite atingido.")
    assert refused.value.status == 429 and counted("k3") == 3
