"""A throwaway API server for the client checks: temporary SQLite, inline jobs, one company with two keys (one plain,
one that requires signatures). Writes {"base_url", "key", "signed_key"} to the file given as argument once it
listens, then serves until killed."""
import json
import sys
import tempfile

from werkzeug.serving import make_server

from app import create_app
from core.db import db
from core.tenancy import tenant_scope
from core.transaction import unit_of_work
from domain.tenancy import services


def main(out_path: str) -> None:
    tmp = tempfile.mkdtemp(prefix="fretes-clients-")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/api.db", "INSTANCE_PATH": tmp,
                      "SECRET_KEY": "client-check", "REDIS_URL": "", "JOBS_INLINE": True})
    with app.app_context():
        db.create_all()
        with unit_of_work():
            company = services.create_company(name="Transportadora Cliente Gerado Ltda", cnpj="11222333000181")
            with tenant_scope(company.id):
                _, key = services.create_api_key(company, scopes=("read", "write"))
                _, signed = services.create_api_key(company, scopes=("read", "write"), require_signature=True)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    with open(out_path, "w", encoding="utf-8") as fh:
        json.dump({"base_url": f"http://127.0.0.1:{server.server_port}", "key": key, "signed_key": signed}, fh)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1])
