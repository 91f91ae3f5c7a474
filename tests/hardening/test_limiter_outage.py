"""Redis down while someone fails to log in: the attempt is counted in the process's memory for the outage (never a
500, never an unlimited login), and counting goes back to Redis when it answers (docs/hardening.md)."""
import pytest
from redis import Redis

from app import limiter
from tests.fixtures.core import another_app, csrf_from
from tests.fixtures.providers import free_port

SHARED = ("TESTING", "SQLALCHEMY_DATABASE_URI", "INSTANCE_PATH", "SECRET_KEY", "JOBS_INLINE", "WTF_CSRF_ENABLED",
          "PASSWORD_HASH_METHOD")


@pytest.fixture
def app_without_redis(app):
    """An app whose Redis is a port nobody listens on. The limiter extension is global: it is given back to the
    suite's app afterwards, so later tests count where they did before."""
    with another_app({**{k: app.config[k] for k in SHARED},
                      "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"}) as dead:
        yield dead


def attempt(client, email, password="senha-errada-1"):
    token = csrf_from(client.get("/login").get_data(as_text=True))
    return client.post("/login", data={"email": email, "password": password, "csrf_token": token})


def test_failed_logins_with_redis_down_are_counted_in_memory(app_without_redis, make_user, company):
    user = make_user(company)
    for n in range(5):
        failed = attempt(app_without_redis.test_client(), user.email)
        assert failed.status_code == 200, (n, failed.status_code)
        assert "E-mail ou senha incorretos" in failed.get_data(as_text=True)
    blocked = attempt(app_without_redis.test_client(), user.email, user.plain_password)
    assert blocked.status_code == 429
    assert int(blocked.headers["Retry-After"]) > 0
    assert limiter.storage.outage  # the process knows it is counting on its own


def test_a_good_login_with_redis_down_still_gets_in(app_without_redis, make_user, company):
    user = make_user(company)
    assert attempt(app_without_redis.test_client(), user.email, user.plain_password).status_code == 302


@pytest.fixture
def app_on_private_redis(app, private_redis):
    with another_app({**{k: app.config[k] for k in SHARED}, "REDIS_URL": private_redis.url}) as own:
        yield own


def test_counting_moves_to_memory_when_redis_stops_and_back_when_it_returns(app_on_private_redis, private_redis,
                                                                           make_user, company):
    user = make_user(company)
    client = app_on_private_redis.test_client
    for _ in range(2):
        assert attempt(client(), user.email).status_code == 200
    keys = Redis.from_url(private_redis.url).keys("*")
    assert keys, "the attempts were counted in Redis while it answered"

    private_redis.stop()
    for _ in range(5):  # the process's own count, from zero: five failures pass, the sixth attempt is refused
        assert attempt(client(), user.email).status_code == 200
    assert limiter.storage.outage
    assert attempt(client(), user.email).status_code == 429

    private_redis.start()  # empty: no persistence
    assert attempt(client(), user.email).status_code == 200
    assert not limiter.storage.outage
    assert Redis.from_url(private_redis.url).keys("*"), "counting went back to Redis"


def test_leads_with_redis_down_are_counted_in_memory(app_without_redis, make_freight):
    """core.ratelimit's limits (leads, offers, simulations) count through the same outage-tolerant storage."""
    slug = make_freight(visibility="publico", status="published").public_slug
    client = app_without_redis.test_client()
    body = {"slug": slug, "driverName": "Maria Souza", "driverPhone": "41 99999-8888"}
    answers = [client.post("/api/public/v1/marketplace/leads", json=body).status_code for _ in range(6)]
    assert answers == [200] * 5 + [429]
