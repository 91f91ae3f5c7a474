"""scripts/backup_restore.sh on the suite's PostgreSQL database: dump, restore into a fresh database, the smoke
checks pass on it (same rows, secrets readable); with the wrong ENCRYPTION_KEY the checks fail."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from core.tenancy import tenant_scope
from domain.tenancy import services as tenancy
from tests.fixtures.committing import commit

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL") or not shutil.which("pg_dump"),
                                reason="needs PostgreSQL (TEST_DATABASE_URL) and pg_dump/pg_restore")


def run_script(app, tmp_path, **env):
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    return subprocess.run(
        [str(ROOT / "scripts/backup_restore.sh"), "--drop-after"], cwd=ROOT, capture_output=True, text=True,
        timeout=300, check=False,
        env={**os.environ, "DATABASE_URL": url, "RESTORE_DATABASE": url.rsplit("/", 1)[1] + "_restore",
             "BACKUP_DIR": str(tmp_path), "SECRET_KEY": app.config["SECRET_KEY"], "STRICT_COUNTS": "1",
             "PYTHON": sys.executable, **env})


@pytest.fixture
def some_data(company, make_user, make_api_key):
    make_user(company)
    make_api_key(company)
    with tenant_scope(company.id):
        tenancy.set_ciot_credentials(company, "homolog", {"usuario": "u", "senha": "s"})
        commit()


def test_dump_restore_and_smoke_checks_pass(app, tmp_path, some_data, migrated):
    result = run_script(app, tmp_path, ENCRYPTION_KEY="")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "checked: OK" in result.stdout
    assert "3 passed" in result.stdout
    assert "companies: 1 / 1" in result.stdout and "api_keys: 1 / 1" in result.stdout
    assert list(tmp_path.glob("*.dump"))


def test_the_checks_fail_when_the_restored_secrets_cannot_be_read(app, tmp_path, some_data, migrated):
    result = run_script(app, tmp_path, ENCRYPTION_KEY=Fernet.generate_key().decode())
    assert result.returncode != 0
    assert "FAILED its checks" in result.stderr
    assert "test_stored_secrets_read_with_the_configured_key" in result.stdout
