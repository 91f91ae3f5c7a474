"""Migration h29a1d2e3f4b5: CIOT operations that hold a freight_id no freight of their company has (stored verbatim
before the API checked it) lose it, each one logged; a real link is kept."""
import json
import uuid

import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from app import create_app
from core.db import db
from domain.tenancy import services
from tests.fixtures.ciot import ciot_body
from tests.fixtures.core import API, unique_cnpj
from tests.fixtures.freights import freight_body
from tests.test_migrations import empty_database_url  # noqa: F401  the fixture

BEFORE = "c7e1a9d3f5b2"


def _company_and_key(name: str):
    company = services.create_company(name=name, cnpj=unique_cnpj())
    db.session.commit()
    from core.tenancy import tenant_scope
    with tenant_scope(company.id):
        _, full = services.create_api_key(company, scopes=("read", "write"))
        db.session.commit()
    return company, full


def _post(client, key, path, body) -> str:
    response = client.post(API + path, data=json.dumps(body), content_type="application/json",
                           headers={"X-API-Key": key})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]["id"]


def test_dangling_freight_ids_are_cleared_and_logged(empty_database_url, tmp_path, capsys):  # noqa: F811
    application = create_app({"SQLALCHEMY_DATABASE_URI": empty_database_url, "INSTANCE_PATH": str(tmp_path)})
    with application.app_context():
        upgrade()
        client = application.test_client()
        _, mine = _company_and_key("Nossa Ltda")
        _, theirs = _company_and_key("Outra Ltda")
        my_freight = _post(client, mine, "/freights", freight_body())
        their_freight = _post(client, theirs, "/freights", freight_body())
        linked = _post(client, mine, "/ciot/operations", ciot_body(freight_id=my_freight))
        borrowed = _post(client, mine, "/ciot/operations", ciot_body())
        invented = _post(client, mine, "/ciot/operations", ciot_body())
        unlinked = _post(client, mine, "/ciot/operations", ciot_body())
        nowhere = uuid.uuid4()
        operations = sa.table("ciot_operations", sa.column("id", sa.Uuid), sa.column("freight_id", sa.Uuid))
        with db.engine.begin() as conn:  # what the API stored before it checked the id
            for op_id, freight_id in ((borrowed, their_freight), (invented, str(nowhere))):
                conn.execute(operations.update().where(operations.c.id == uuid.UUID(op_id))
                             .values(freight_id=uuid.UUID(freight_id)))
        downgrade(revision=BEFORE)
        capsys.readouterr()
        upgrade()  # alembic.ini's logging config replaces every handler: its console (stderr) is where the log goes
        log = capsys.readouterr().err
        with db.engine.connect() as conn:
            stored = dict(conn.execute(sa.select(operations.c.id, operations.c.freight_id)).all())
        db.engine.dispose()
    assert stored == {uuid.UUID(linked): uuid.UUID(my_freight), uuid.UUID(borrowed): None,
                      uuid.UUID(invented): None, uuid.UUID(unlinked): None}
    cleared = [line for line in log.splitlines() if "is not a freight of the company" in line]
    assert len(cleared) == 2
    assert any(borrowed in line and their_freight in line for line in cleared)
    assert any(invented in line and str(nowhere) in line for line in cleared)
