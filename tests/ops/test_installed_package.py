"""`pip install .` gives a package that runs on its own, outside the checkout: the wheel carries the templates,
static files, migrations and reference data the code reads beside itself. Built with pip (as a deployment would),
installed into a folder of its own, then used from another directory with only that folder on the path."""
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow  # builds a wheel (setuptools from the package index, in pip's isolated build)

CHECK_INSTALLED = r"""
import sys, pathlib
import app as app_module
installed = pathlib.Path(sys.argv[1]).resolve()
assert pathlib.Path(app_module.__file__).resolve().parent == installed, app_module.__file__
from app import create_app
from core.validators import clean_ibge_code
from domain.antt_floor.importer import BUNDLED_CSV
application = create_app()
client = application.test_client()
login = client.get("/login")
assert login.status_code == 200 and "Entrar" in login.get_data(as_text=True), login.status_code
css = client.get("/static/css/app.css")
assert css.status_code == 200 and len(css.data) > 1000, css.status_code
spec = client.get("/api/public/v1/openapi.json")
assert spec.status_code == 200 and spec.json["paths"], spec.status_code
assert clean_ibge_code("4106902") == "4106902"  # Curitiba, from data/municipios_ibge.csv
assert BUNDLED_CSV.is_file(), BUNDLED_CSV
docs = client.get("/api/docs")
assert docs.status_code == 200, docs.status_code
for asset in ("swagger-ui.css", "swagger-ui-bundle.js"):
    answer = client.get(f"/static/vendor/swagger-ui-5.35.0/{asset}")
    assert answer.status_code == 200 and len(answer.data) > 10000, (asset, answer.status_code)
print("installed package ok")
"""


GUNICORN_SETTINGS = r"""
from gunicorn.config import Config
from gunicorn.app.base import Application
class Probe(Application):
    def init(self, parser, opts, args): return None
    def load(self): return None
    def load_config(self):
        self.load_config_from_module_name_or_filename("python:core.gunicorn_settings")
probe = Probe()
import core.gunicorn_settings as settings
print(f"socket={probe.cfg.control_socket} gc={settings.GC_THRESHOLDS}")
"""


def run(args: list[str], *, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    done = subprocess.run(args, check=False, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done


def test_the_wheel_installs_and_runs_outside_the_checkout(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "PYTHONPATH")}
    wheels, target, elsewhere = tmp_path / "wheels", tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    source = tmp_path / "source"  # pip builds in the tree it is given (build/, *.egg-info): not in the checkout
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", "instance", ".tools", "node_modules"))
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(wheels), str(source)],
        cwd=tmp_path, env=env)
    wheel = next(wheels.glob("fretes-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for shipped in ("templates/layout.html", "static/css/app.css", "static/vendor/htmx-2.0.8.min.js",
                    "static/vendor/swagger-ui-5.35.0/swagger-ui.css",
                    "static/vendor/swagger-ui-5.35.0/swagger-ui-bundle.js", "core/gunicorn_settings.py",
                    "migrations/env.py", "migrations/alembic.ini", "data/municipios_ibge.csv",
                    "blueprints/api/examples.json"):
        assert shipped in names, f"{shipped} missing from {wheel.name}"
    assert not [name for name in names if name.startswith("tests/") or "__pycache__" in name]

    run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(target), str(wheel)],
        cwd=tmp_path, env=env)
    env.update(PYTHONPATH=str(target), INSTANCE_PATH=str(tmp_path / "instance"),
               DATABASE_URL=f"sqlite:///{tmp_path / 'installed.db'}")
    run([sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"], cwd=elsewhere, env=env)
    checked = run([sys.executable, "-c", CHECK_INSTALLED, str(target)], cwd=elsewhere, env=env)
    assert "installed package ok" in checked.stdout

    # Without INSTANCE_PATH the data goes to the user's data directory, never into the installed code.
    home = tmp_path / "home"
    bare = {k: v for k, v in env.items() if k not in ("INSTANCE_PATH", "DATABASE_URL", "XDG_DATA_HOME")}
    instance = run([sys.executable, "-c", "from app import create_app; print(create_app().instance_path)"],
                   cwd=elsewhere, env=bare | {"HOME": str(home)}).stdout.strip().splitlines()[-1]
    assert instance == str(home / ".local" / "share" / "fretes"), instance
    assert not list(target.glob("**/fretes.db"))

    # The server settings ship with the code: gunicorn started from elsewhere with `-c python:core.gunicorn_settings`
    # gets the per-instance control socket and the GC threshold.
    settings = run([sys.executable, "-c", GUNICORN_SETTINGS], cwd=elsewhere,
                   env=env | {"GC_THRESHOLD": "1000,5,5"}).stdout
    assert f"socket={tmp_path / 'instance' / 'gunicorn.ctl'}" in settings and "gc=(1000, 5, 5)" in settings
