"""One transaction owner (core/transaction.py, docs/CONTRIBUTING.md "Transactions (one rule)"): the request's unit of
work commits after a view answered below 400, rolls back otherwise; a GET reads read-only; a refusal that keeps its
records is kept; `commit_phase` commits a claim, and an API call failing after it answers the interim 202. Probe
routes on their own app (the real hooks, the test database); rows are written to a platform table (no tenant)."""
import os
import uuid

import pytest
import sqlalchemy as sa
from flask import Blueprint

from core.api import API_PREFIX, endpoint, interim_response
from core.db import db
from core.errors import AppError
from core.extensions import csrf
from core.transaction import _begin_request, commit_phase, read_only_violation
from domain.ciot.models import IrregularCarrier
from tests.fixtures.core import app_with_blueprint

pages = Blueprint("uow_probe", __name__, url_prefix="/_uow")
csrf.exempt(pages)
api_probe = Blueprint("uow_api_probe", __name__, url_prefix=API_PREFIX + "/_uow")
csrf.exempt(api_probe)


def add(rntrc: str) -> None:
    db.session.add(IrregularCarrier(rntrc=rntrc, reason="probe"))
    db.session.flush()


@pages.get("/flush-then-raise")
def get_flush_then_raise():
    add("111")
    raise RuntimeError("the service failed after its flush")


@pages.post("/flush-then-raise")
def post_flush_then_raise():
    add("112")
    raise RuntimeError("the service failed after its flush")


@pages.post("/store")
def store():  # no transaction code at all: the unit of work commits it
    add("200")
    return "", 302, {"Location": "/_uow/done"}


@pages.post("/answer-422")
def answer_422():
    add("422")
    return "formulário com erros", 422


@pages.post("/refusal")
def refusal():
    add("400")
    raise AppError("Recusado.", code="rejected", status=422)


@pages.post("/refusal-caught-then-redirect")
def refusal_caught_then_redirect():
    try:
        raise AppError("Recusado.", code="rejected", status=422)
    except AppError:
        pass
    add("302")
    return "", 302, {"Location": "/_uow/done"}


@pages.post("/kept-refusal")
def kept_refusal():
    add("501")
    raise AppError("Recusado pela ANTT.", code="rejected", status=422, keep_records=True)


@pages.post("/kept-refusal-rendered")
def kept_refusal_rendered():
    try:
        add("502")
        raise AppError("Recusado pela ANTT.", code="rejected", status=422, keep_records=True)
    except AppError as exc:
        return exc.message, 422  # the page renders the refusal itself


@pages.post("/phase-then-fail")
def phase_then_fail():
    add("601")
    commit_phase("the claim another process must see")
    add("602")
    raise RuntimeError("the wait after the claim failed")


def failing_job() -> None:
    """An inline job that fails inside its own unit of work (core.jobs.job_context)."""
    from core.jobs import job_context
    with job_context():
        add("666")
        raise RuntimeError("the job failed")


@pages.post("/phase-with-a-failing-inline-job")
def phase_with_a_failing_inline_job():
    from core.queue import enqueue_after_commit
    add("611")
    enqueue_after_commit(f"{__name__}.failing_job")
    commit_phase("the claim; inline, its job runs (and fails) here")
    add("612")
    return "", 302, {"Location": "/_uow/done"}


@endpoint("/claim", "POST", blueprint=api_probe)
def api_claim_then_fail(ctx):
    add("701")
    interim_response({"data": {"state": "claimed"}}, 202)
    commit_phase("the claim the worker must see")
    add("702")
    raise RuntimeError("the wait after the claim failed")


@pages.get("/read")
def read():
    # The same statement on every call, its value bound: psycopg prepares it on the server after its fifth run on a
    # connection (prepare_threshold), unless a ROLLBACK made it forget its prepared statements.
    found = db.session.execute(sa.select(IrregularCarrier.rntrc).where(
        IrregularCarrier.rntrc == sa.bindparam("rntrc")), {"rntrc": "000"}).all()
    return str(len(found))


def _transaction_state():
    """Whether the connection the view read on is inside a transaction once its statement has run: psycopg's
    status, IDLE when no BEGIN was sent (autocommit), INTRANS inside one."""
    db.session.execute(sa.select(1))
    return db.session.connection().connection.dbapi_connection.info.transaction_status.name


@pages.get("/transaction-state")
def get_transaction_state():
    return _transaction_state()


@pages.post("/transaction-state")
def post_transaction_state():
    return _transaction_state()


@pages.get("/prepared")
def prepared():
    return str(db.session.execute(sa.text("SELECT count(*) FROM pg_prepared_statements")).scalar())


@endpoint("/write-on-read", "GET", blueprint=api_probe)
def api_write_on_read(ctx):
    add("801")
    return {"data": {}}


@pytest.fixture(scope="module")
def probe_app(app):
    for application in app_with_blueprint(app, pages):
        application.register_blueprint(api_probe)
        yield application


@pytest.fixture
def client(probe_app):
    return probe_app.test_client()


def stored() -> list[str]:
    db.session.rollback()  # only what was committed
    return sorted(db.session.execute(sa.select(IrregularCarrier.rntrc)).scalars())


def test_a_get_whose_service_flushes_then_raises_is_a_500_and_commits_nothing(client):
    assert client.get("/_uow/flush-then-raise").status_code == 500
    assert stored() == []


def test_a_post_whose_service_flushes_then_raises_is_a_500_and_commits_nothing(client):
    assert client.post("/_uow/flush-then-raise").status_code == 500
    assert stored() == []


def test_a_post_page_view_without_transaction_code_stores_its_row(client):
    response = client.post("/_uow/store")
    assert response.status_code == 302 and stored() == ["200"]


def test_an_answer_of_422_rolls_back(client):
    assert client.post("/_uow/answer-422").status_code == 422
    assert stored() == []


def test_a_refusal_rolls_back(client):
    assert client.post("/_uow/refusal").status_code == 422
    assert stored() == []


def test_a_refusal_caught_by_the_view_then_a_redirect_commits_what_followed(client):
    """The answer decides: a view that recovers from a refusal and answers 302 commits (its refusal kept nothing)."""
    assert client.post("/_uow/refusal-caught-then-redirect").status_code == 302
    assert stored() == ["302"]


def test_a_refusal_that_keeps_its_records_is_committed_with_the_error(client):
    response = client.post("/_uow/kept-refusal")
    assert response.status_code == 422 and stored() == ["501"]


def test_a_kept_refusal_rendered_by_the_page_itself_still_keeps_its_records(client):
    response = client.post("/_uow/kept-refusal-rendered")
    assert response.status_code == 422 and stored() == ["502"]


def test_a_committed_phase_stays_when_the_rest_fails(client):
    assert client.post("/_uow/phase-then-fail").status_code == 500
    assert stored() == ["601"]


def test_an_inline_job_failing_at_a_phase_leaves_the_request_its_own_commit(client):
    """The job's unit of work rolls back the job's work only: the request goes on and commits what followed."""
    assert client.post("/_uow/phase-with-a-failing-inline-job").status_code == 302
    assert stored() == ["611", "612"]


def test_an_api_call_failing_after_its_committed_claim_answers_the_interim_202(client, company, make_api_key):
    _, key = make_api_key(company)
    response = client.post(API_PREFIX + "/_uow/claim", json={}, headers={"X-API-Key": key})
    assert response.status_code == 202 and response.get_json() == {"data": {"state": "claimed"}}
    assert stored() == ["701"]


def test_with_an_idempotency_key_the_interim_answer_is_stored_with_the_claim(client, company, make_api_key):
    _, key = make_api_key(company)
    headers = {"X-API-Key": key, "Idempotency-Key": "uow-claim-1"}
    first = client.post(API_PREFIX + "/_uow/claim", json={}, headers=headers)
    again = client.post(API_PREFIX + "/_uow/claim", json={}, headers=headers)
    assert first.status_code == again.status_code == 202
    assert again.headers.get("Idempotent-Replayed") == "true" and again.get_json() == first.get_json()
    assert stored() == ["701"]  # the replay ran nothing


def test_an_api_get_that_writes_is_refused_and_commits_nothing(client, company, make_api_key):
    _, key = make_api_key(company)
    response = client.get(API_PREFIX + "/_uow/write-on-read", headers={"X-API-Key": key})
    assert response.status_code == 500 and response.get_json()["error"]["code"] == "internal_error"
    assert stored() == []


# --- Reads cannot write (SQLite: PRAGMA query_only; PostgreSQL: autocommit on read-only connections) ---------------

def test_a_get_request_transaction_refuses_a_write(probe_app):
    with probe_app.test_request_context("/_uow/anything", method="GET"):
        _begin_request()
        db.session.execute(sa.select(1))
        with pytest.raises(sa.exc.DBAPIError) as refused:
            db.session.execute(sa.insert(IrregularCarrier.__table__).values(id=uuid.uuid4(), rntrc="900", reason="",
                                                                         created_at=sa.func.now()))
        assert read_only_violation(refused.value), refused.value
        db.session.rollback()
        db.session.remove()


def test_a_post_request_transaction_writes(probe_app):
    """Breaking case of the above: the same statement in a POST's transaction is written."""
    with probe_app.test_request_context("/_uow/anything", method="POST"):
        _begin_request()
        add("901")
        db.session.commit()
        db.session.remove()
    assert stored() == ["901"]


def test_the_connection_a_read_used_is_writable_again_for_the_next_request(client, probe_app):
    """The read-only mark lives on the pooled connection until it is checked in: then it is set back. Hammer the
    same few pooled connections with reads, then write through them."""
    for _ in range(5):
        assert client.get("/_uow/flush-then-raise").status_code == 500
    for number in range(5):
        with probe_app.app_context():
            add(f"95{number}")
            db.session.commit()
    assert stored() == [f"95{n}" for n in range(5)]


# --- How a read ends (rolled back, nothing to commit; on PostgreSQL nothing is sent) ------------------------------

@pytest.fixture
def transaction_ends(probe_app):
    """The COMMITs and ROLLBACKs the app's connections send (SQLAlchemy's engine events), in order."""
    ends = []
    with probe_app.app_context():
        engine = db.engine
    listeners = {"commit": lambda conn: ends.append("commit"), "rollback": lambda conn: ends.append("rollback")}
    for name, listener in listeners.items():
        sa.event.listen(engine, name, listener)
    yield ends
    for name, listener in listeners.items():
        sa.event.remove(engine, name, listener)


def test_a_read_commits_nothing_whether_it_went_through_or_failed(client, transaction_ends):
    """A read has nothing to commit: its session's transaction is rolled back (on PostgreSQL nothing is sent at all,
    the read ran in autocommit), and a failed one stores nothing."""
    assert client.get("/_uow/read").status_code == 200
    assert client.get("/_uow/flush-then-raise").status_code == 500
    assert "commit" not in transaction_ends and transaction_ends
    assert stored() == []


def test_a_write_that_went_through_ends_with_commit(client, transaction_ends):
    """Breaking case of the above: a POST's unit of work commits."""
    assert client.post("/_uow/store").status_code == 302
    assert transaction_ends == ["commit"]


on_postgresql = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql"),
                                   reason="prepared statements, the read-only default: PostgreSQL only")


@pytest.fixture
def one_connection(probe_app):
    """The pool emptied: requests one after the other then all run on the one connection the first opens."""
    with probe_app.app_context():
        db.engine.dispose()


@on_postgresql
def test_the_statements_reads_prepared_outlive_them(client, one_connection):
    """Six reads in a row on one connection: the sixth runs a statement the server prepared, so the GETs after it
    skip parsing and planning."""
    for _ in range(6):
        assert client.get("/_uow/read").status_code == 200
    assert int(client.get("/_uow/prepared").get_data(as_text=True)) >= 1


@on_postgresql
def test_a_failed_read_keeps_the_prepared_statements_too(client, one_connection):
    """A read sends no BEGIN, so a failed one has no ROLLBACK to send either: what the server prepared stays."""
    for _ in range(6):
        assert client.get("/_uow/read").status_code == 200
    assert client.get("/_uow/flush-then-raise").status_code == 500
    assert int(client.get("/_uow/prepared").get_data(as_text=True)) >= 1


@on_postgresql
def test_a_failed_write_drops_the_prepared_statements(client, one_connection):
    """Breaking case of the above: a POST that fails rolls its transaction back, and psycopg forgets what it had
    prepared (the rollback may have undone a DDL they depend on)."""
    for _ in range(6):
        assert client.get("/_uow/read").status_code == 200
    assert client.post("/_uow/flush-then-raise").status_code == 500
    assert client.get("/_uow/prepared").get_data(as_text=True) == "0"


# --- PostgreSQL: a read is its statements alone; only a unit of work's transaction writes -------------------------

@on_postgresql
def test_a_read_sends_no_begin(client):
    """A GET's statements run in autocommit: no BEGIN before them, no COMMIT after (two round trips a request)."""
    assert client.get("/_uow/transaction-state").get_data(as_text=True) == "IDLE"


@on_postgresql
def test_a_write_runs_in_a_transaction(client):
    """Breaking case of the above: a POST's statements run inside the unit of work's transaction."""
    assert client.post("/_uow/transaction-state").get_data(as_text=True) == "INTRANS"


INSERT_PROBE = sa.insert(IrregularCarrier.__table__).values(id=sa.bindparam("id"), rntrc=sa.bindparam("rntrc"),
                                                             reason="", created_at=sa.func.now())


@on_postgresql
def test_outside_a_transaction_the_app_begins_postgresql_refuses_a_write(probe_app):
    """Every connection of the app starts read-only by default: a write in autocommit (as a read runs) is refused by
    the server itself, whichever code sends it."""
    with probe_app.app_context():
        with (db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn,
              pytest.raises(sa.exc.DBAPIError) as refused):
            conn.execute(INSERT_PROBE, {"id": uuid.uuid4(), "rntrc": "960"})
        assert read_only_violation(refused.value), refused.value
        assert stored() == []


@on_postgresql
def test_a_transaction_the_app_begins_writes(probe_app):
    """Breaking case of the above: the same write in a transaction the app begins (BEGIN READ WRITE) is stored."""
    with probe_app.app_context():
        with db.engine.begin() as conn:
            conn.execute(INSERT_PROBE, {"id": uuid.uuid4(), "rntrc": "961"})
        assert stored() == ["961"]
