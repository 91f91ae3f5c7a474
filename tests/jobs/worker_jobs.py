"""Jobs for tests/jobs/test_worker.py: each one records what it saw in `SEEN`, in the process that runs it."""
import time

import sqlalchemy as sa
from flask import has_app_context

from core.db import db
from core.jobs import job_context
from core.tenancy import cross_tenant, current_company_id, enter_tenant
from domain.tenancy.models import Company

SEEN: list[dict] = []
LEAKED: list = []  # connections a job kept, closed by the test


def scope_without_leaving(company_id: str) -> None:
    """A job that enters a tenant scope and never leaves it (as `enter_tenant` in a request handler would)."""
    enter_tenant(company_id)
    SEEN.append({"company": current_company_id()})


def look_around(name: str) -> None:
    """What a job finds when it starts: the tenant scope, an app context, rows named `name`, its session."""
    seen = {"company": current_company_id(), "app_context": has_app_context()}
    with job_context():
        seen["session"] = db.session()
        seen["rows"] = db.session.execute(cross_tenant(sa.select(sa.func.count()).select_from(Company).where(
            Company.legal_name == name))).scalar_one()
    SEEN.append(seen)


def write_then_fail(company_id: str, name: str, cnpj: str) -> None:
    """Adds a company and flushes it, then the job fails: its unit of work (job_context) rolls the row back."""
    with job_context(company_id):
        db.session.add(Company(legal_name=name, cnpj=cnpj))
        db.session.flush()
        SEEN.append({"session": db.session()})
        raise RuntimeError("the job failed after its flush")


def keep_a_connection() -> None:
    with job_context():
        LEAKED.append(db.engine.connect())
        LEAKED[-1].execute(sa.text("SELECT 1"))


def sleep(seconds: float) -> None:
    time.sleep(seconds)
    SEEN.append({"slept": seconds})


def hold_until_released(started: str, release: str, done: str) -> str:
    """A job that says it started (creates `started`), runs until the test creates `release` (bounded: 120 s), then
    says it is done (creates `done`): the test stops Redis in between (tests/hardening/test_worker_faults.py)."""
    import pathlib
    pathlib.Path(started).touch()
    deadline = time.monotonic() + 120
    while not pathlib.Path(release).exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    pathlib.Path(done).touch()
    return "released"
