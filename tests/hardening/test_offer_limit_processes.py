"""The public offer form's per-IP limit is counted in Redis, so two web processes share it: two apps (each with its
own limiter storage, as two gunicorn workers have) on the real Redis of TEST_REDIS_URL; the sixth offer from one IP
is 429 whichever answers, and only five are stored."""
import pytest

from core.db import db
from core.tenancy import cross_tenant
from domain.freights.models import Offer
from tests.fixtures.core import another_app, csrf_from

SHARED = ("TESTING", "SQLALCHEMY_DATABASE_URI", "INSTANCE_PATH", "SECRET_KEY", "JOBS_INLINE", "WTF_CSRF_ENABLED",
          "PASSWORD_HASH_METHOD", "REDIS_URL")
OFFER = {"price": "4.200,00", "carrier_name": "José Transportes", "carrier_phone": "(11) 98888-7777"}


@pytest.fixture
def second_process(app, redis_url):
    with another_app({k: app.config[k] for k in SHARED}) as other:
        yield other


def send_offer(application, slug: str, client_ip: str):
    client = application.test_client()
    page = client.get(f"/f/{slug}", environ_base={"REMOTE_ADDR": client_ip})
    return client.post(f"/f/{slug}/oferta", data={"csrf_token": csrf_from(page.get_data(as_text=True)), **OFFER},
                       environ_base={"REMOTE_ADDR": client_ip})


def test_the_offer_limit_is_shared_by_two_processes(app, second_process, make_freight):
    assert app.extensions["rate_limiter"].storage is not second_process.extensions["rate_limiter"].storage
    slug = make_freight(visibility="publico", status="published").public_slug
    answers = [send_offer(app if n % 2 else second_process, slug, "203.0.113.7").status_code for n in range(6)]
    assert answers == [302] * 5 + [429]
    assert send_offer(app, slug, "203.0.113.7").status_code == 429  # from the other one as well
    assert send_offer(second_process, slug, "203.0.113.8").status_code == 302  # per client IP
    assert len(db.session.execute(cross_tenant(db.select(Offer))).scalars().all()) == 6
