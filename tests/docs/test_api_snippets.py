"""Every shell and Python snippet of docs/api/*.md, run as a reader pastes it, against a live server.

The server is the test app served over HTTP from a thread, holding the quick start's company (`demo.py`:
the company, its admin and its key, as `seed-demo` makes them), so `KEY` is that key and `BASE` is the live
server's `/api/public/v1`, as the pages define them. What a reader would change when pasting is changed here, and
only that: the pages' server `http://127.0.0.1:5000` (and `https://fretes.example.com`) becomes the live one, and a
quoted placeholder key (`'flk_….…'`, `"flk_0123456789ab.s3cr3t..."`) becomes the demo key.

The pages are walked in order on that one company, as a reader trying them one after the other would (so a page
that creates what an earlier page created gets its 409). Each snippet runs in bash with `set -euo pipefail` (an
unset variable such as `$FIMT18` fails) or in this interpreter, with `BASE`, `KEY` and what its page's setup gives
in the environment: what a snippet needs from earlier work that its page only names (`$ID`, a partner) comes from
PAGE_SETUP, documented there. A snippet passes when it exits 0, made at least one request (unless listed in
MAKES_NO_REQUEST) and every answer it got was below 400.

A fenced block that is not `sh`/`bash`/`python`/`py` is not run: `json` blocks are answers and bodies shown,
every other one is listed in NOT_RUNNABLE with its reason. A new block that is neither runnable nor listed fails
`test_every_block_of_the_api_docs_is_run_or_listed`, and so does a listed one that is gone.
The generated client's snippets (it needs httpx, which this venv lacks) run in their own test with
CLIENT_PYTHON (.tools/venv, made by scripts/check_openapi.sh), which also type-checks the pagination loop with
`mypy --strict`; without that interpreter the test is skipped saying so, and their imports are still checked
against the committed client.
"""
import ast
import json
import os
import re
import subprocess
import sys
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
from werkzeug.serving import make_server

from core.db import db
from demo import seed_demo_company
from domain.tenancy.models import Company
from tests.fixtures.agregado import agregado_body
from tests.fixtures.committing import commit

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "api"
CLIENT = ROOT / "clients" / "python"
PAGES_HOST = "http://127.0.0.1:5000"
EXAMPLE_HOST = "https://fretes.example.com"
API = "/api/public/v1"
SHELL = {"sh", "bash"}
PYTHON = {"python", "py"}
FENCE = re.compile(r"^```(?P<lang>[\w-]*)[ \t]*\n(?P<code>.*?)^```[ \t]*$", re.S | re.M)
PLACEHOLDER_KEY = re.compile(r"""(['"])flk_[^'"\s]*\1""")
SNIPPET_TIMEOUT = 120  # a bound for a hung snippet, not a speed budget
# The generated client needs httpx, which the test venv lacks; scripts/check_openapi.sh makes .tools/venv with it
# and mypy (CI runs it before the tests). SNIPPETS_CLIENT_PYTHON names another interpreter that has both.
CLIENT_PYTHON = Path(os.environ.get("SNIPPETS_CLIENT_PYTHON", ROOT / ".tools" / "venv" / "bin" / "python"))
# Pages whose client snippets say they are `mypy --strict` clean.
MYPY_STRICT_PAGES = ("pagination.md",)

GENERATED_CLIENT = ("the generated client, which needs httpx (not in the test venv): run by "
                    "test_generated_client_snippets_run_and_type_check with CLIENT_PYTHON")
# (page, first line of the block) -> why it is not run. Matched on the first line so a block keeps its entry when
# the page grows around it.
NOT_RUNNABLE = {
    ("signing.md", "X-API-Key: flk_1a2b3c4d5e6f.Zx9…"):
        "the three key headers shown as text, with a placeholder key",
    ("signing.md", "v2"): "the layout of the signed string, not a command",
    ("signing.md", 'import { createHmac } from "node:crypto";'): "JavaScript (no Node runtime in the test venv)",
    ("signing.md", "import hashlib, hmac, time"): GENERATED_CLIENT,
    ("pagination.md", "from fretes_api_client import AuthenticatedClient"): GENERATED_CLIENT,
    ("errors.md", "from fretes_api_client import AuthenticatedClient"): GENERATED_CLIENT,
    ("webhooks.md", "flask --app app webhook create --company <company id> --url https://erp.example.com/hooks \\"):
        "CLI usage with <placeholders> and [optional] parts; the commands are tested in tests/webhooks",
    ("webhooks.md", "POST /hooks HTTP/1.1"): "a delivery shown as text (what the receiver gets)",
    ("webhooks.md", "from standardwebhooks.webhooks import Webhook  # pip install standardwebhooks"):
        "a fragment of a receiver (secret, raw_body and headers come from its web framework); the library is run "
        "against real deliveries by tests/webhooks/test_standard_webhooks.py",
    ("webhooks.md", 'const { Webhook } = require("standardwebhooks"); // npm install standardwebhooks'):
        "JavaScript; run against real deliveries through scripts/api_clients/verify_webhook.js",
    ("webhooks.md", 'const crypto = require("crypto");'): "JavaScript (no Node runtime in the test venv)",
    ("ciot.md", "// POST /api/public/v1/ciot/operations/from-document"):
        "a request and its answer as annotated JSON with … elisions (the CT-e's XML left out); the endpoint is run "
        "with real CT-e samples by tests/api/test_ciot_from_document.py",
}
# Runnable snippets that only define something: (page, first line) -> what checks them instead.
MAKES_NO_REQUEST = {
    ("signing.md", "import hashlib, hmac, time"): "builds a client whose hook signs the calls made with it "
        "(clients/python/examples/erp_flow.py runs the same hook against a key that requires signatures)",
    ("webhooks.md", "import hashlib"): "defines verify_webhook, called by "
        "test_the_webhook_recipe_accepts_a_real_delivery_and_refuses_a_tampered_one",
}


@dataclass(frozen=True)
class Block:
    page: str
    lang: str
    code: str

    @property
    def first_line(self) -> str:
        return next((line.strip() for line in self.code.splitlines() if line.strip()), "")

    @property
    def key(self) -> tuple[str, str]:
        return self.page, self.first_line

    @property
    def runnable(self) -> bool:
        return self.lang in SHELL | PYTHON


def blocks_of(page: Path) -> list[Block]:
    return [Block(page.name, m["lang"].lower(), m["code"]) for m in FENCE.finditer(page.read_text(encoding="utf-8"))]


def all_blocks() -> list[Block]:
    return [block for page in sorted(DOCS.glob("*.md")) for block in blocks_of(page)]


PAGES_WITH_SNIPPETS = sorted({block.page for block in all_blocks() if block.runnable})


# --- The live server -----------------------------------------------------------------------------------------------

class Recorder:
    """WSGI wrapper noting (method, path, status) of every answer, so a snippet is judged by what the server said."""

    def __init__(self, app):
        self.app, self.answers, self.lock = app, [], threading.Lock()

    def __call__(self, environ, start_response):
        def start(status, headers, exc_info=None):
            with self.lock:
                self.answers.append((environ["REQUEST_METHOD"], environ.get("PATH_INFO", ""), int(status[:3])))
            return start_response(status, headers, exc_info)
        return self.app(environ, start)

    def take(self) -> list:
        with self.lock:
            answers, self.answers = self.answers, []
        return answers


@pytest.fixture
def server(app) -> Iterator[tuple[str, Recorder]]:
    recorder = Recorder(app)
    httpd = make_server("127.0.0.1", 0, recorder, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, name="docs-snippets", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}", recorder
    httpd.shutdown()
    thread.join(5)


@pytest.fixture
def demo():
    seeded = seed_demo_company()
    commit()
    return seeded


# --- What a page needs before its snippets (the state the page only names) -------------------------------------------

def _ciot_pdf_setup(make_operation, company) -> dict:
    """ciot-pdf.md: its batch asks for the `emitido` operations since 2026-11-01: one is emitted today."""
    make_operation(company, status="emitido")
    return {}


def _ciot_setup(make_operation, company) -> dict:
    """ciot.md: `$ID` is an operation ready to emit (its first snippet emits it, then cancels it)."""
    return {"ID": str(make_operation(company, status="pronto_emissao").id)}


def _signing_setup(make_operation, company) -> dict:
    """signing.md: its curl recipe cancels `$ID`, an emitted operation."""
    return {"ID": str(make_operation(company, status="emitido").id)}


def _agregado_setup(make_tac, company, base: str, key: str) -> dict:
    """ciot-agregado.md: `$PARTNER_ID` a TAC carrier, and `$ID` a contract held for its missing value (what the
    page's `retificar` completes before it adds a trip), opened through the API on a composition other than the
    page's creation."""
    partner = make_tac(company)
    held = agregado_body(partner, placa_cavalo="GHI2J34", placas_reboques=["JKL5M67"])
    del held["valor_contratado"]
    answer = requests.post(f"{base}/ciot-agregado/operations", json=held, headers={"X-API-Key": key}, timeout=60)
    assert answer.status_code == 201 and answer.json()["data"]["bloqueios"], answer.text
    return {"PARTNER_ID": str(partner.id), "ID": answer.json()["data"]["id"]}


def _pagination_setup(make_partner, company) -> dict:
    """pagination.md: three partners, so a page of two has a next one."""
    for _ in range(3):
        make_partner(company)
    return {}


# page -> f(fixture getter, company, BASE, KEY) -> the variables its snippets use besides BASE and KEY
PAGE_SETUP: dict[str, Callable[..., dict]] = {
    "ciot-pdf.md": lambda f, company, base, key: _ciot_pdf_setup(f("make_operation"), company),
    "ciot.md": lambda f, company, base, key: _ciot_setup(f("make_operation"), company),
    "signing.md": lambda f, company, base, key: _signing_setup(f("make_operation"), company),
    "ciot-agregado.md": lambda f, company, base, key: _agregado_setup(f("make_tac"), company, base, key),
    "pagination.md": lambda f, company, base, key: _pagination_setup(f("make_partner"), company),
}


# --- Running a snippet -----------------------------------------------------------------------------------------------

def as_pasted(code: str, origin: str, key: str) -> str:
    code = code.replace(PAGES_HOST, origin).replace(EXAMPLE_HOST, origin)
    return PLACEHOLDER_KEY.sub(lambda m: f"{m[1]}{key}{m[1]}", code)


def run(block: Block, code: str, env: dict) -> subprocess.CompletedProcess:
    if block.lang in SHELL:
        command = ["bash", "-c", "set -euo pipefail\n" + code]
    else:
        command = [sys.executable, "-c", code]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=SNIPPET_TIMEOUT, check=False)


def failure_of(block: Block, done: subprocess.CompletedProcess, answers: list) -> str | None:
    where = f"{block.page}, snippet starting {block.first_line!r}"
    output = f"{done.stdout}\n{done.stderr}".strip()
    if done.returncode != 0:
        return f"{where} exited {done.returncode}: {output}"
    if not answers and block.key not in MAKES_NO_REQUEST:
        return f"{where} made no request: {output}"
    refused = [answer for answer in answers if answer[2] >= 400]
    return f"{where} got {refused}: {output}" if refused else None


def test_every_snippet_of_the_api_docs_runs_against_a_live_server(server, demo, request):
    origin, recorder = server
    base, key = origin + API, demo["api_key"]
    company = db.session.get(Company, uuid.UUID(demo["company_id"]))
    failures, ran = [], 0
    for page in PAGES_WITH_SNIPPETS:
        extra = PAGE_SETUP[page](request.getfixturevalue, company, base, key) if page in PAGE_SETUP else {}
        env = {**os.environ, "BASE": base, "KEY": key, **extra}
        recorder.take()  # the setup's own calls are not the snippets'
        for block in (b for b in blocks_of(DOCS / page) if b.runnable and b.key not in NOT_RUNNABLE):
            done = run(block, as_pasted(block.code, origin, key), env)
            failures.append(failure_of(block, done, recorder.take()))
            ran += 1
    assert ran >= 12  # every page's snippets were found (a broken fence pattern would find none)
    failed = [failure for failure in failures if failure]
    assert not failed, "\n\n".join(failed)


def test_a_snippet_that_fails_is_reported(server, demo):
    """The breaking cases of the walk: an unset variable, a refused call, a snippet that calls nothing."""
    origin, recorder = server
    env = {**os.environ, "BASE": origin + API, "KEY": demo["api_key"]}
    cases = {'curl -s "$BASE/me" -H "X-API-Key: $KEY" -d "$FIMT18"': "exited 1",
             'curl -s "$BASE/me" -H "X-API-Key: flk_000000000000.errada"': "got [('GET', '/api/public/v1/me', 401)]",
             "echo nada": "made no request"}
    for code, expected in cases.items():
        block = Block("README.md", "sh", code)
        recorder.take()
        assert expected in failure_of(block, run(block, code, env), recorder.take())


def test_the_readme_first_call_shows_what_me_answers(server, demo):
    """README.md's answer to its first call is the quick start company's: its fields, modules and features."""
    origin, _ = server
    shown = json.loads(next(b.code for b in blocks_of(DOCS / "README.md") if b.lang == "json"))["data"]
    live = requests.get(f"{origin}{API}/me", headers={"X-API-Key": demo["api_key"]}, timeout=30).json()["data"]
    assert {part: set(shown[part]) for part in shown} == {part: set(live[part]) for part in live}
    for field in ("cnpj", "legal_name", "modules", "features", "ciot_environment"):
        assert shown["company"][field] == live["company"][field], field
    assert shown["api_key"]["scopes"] == live["api_key"]["scopes"]


def test_every_block_of_the_api_docs_is_run_or_listed():
    blocks = all_blocks()
    unlisted = [b.key for b in blocks if not b.runnable and b.lang != "json" and b.key not in NOT_RUNNABLE]
    assert not unlisted, f"blocks neither runnable (sh, bash, python) nor listed in NOT_RUNNABLE: {unlisted}"
    present = {b.key for b in blocks}
    stale = [key for key in [*NOT_RUNNABLE, *MAKES_NO_REQUEST] if key not in present]
    assert not stale, f"listed blocks no longer in docs/api: {stale}"


def test_the_allow_list_catches_a_new_unrunnable_block(tmp_path):
    """The breaking case of the check above: a TypeScript block nobody listed is reported."""
    page = tmp_path / "README.md"  # a page of that name in another folder
    page.write_text("# Novo\n\n```ts\nconst x: number = 1;\n```\n\n```sh\ncurl -s \"$BASE/me\"\n```\n",
                    encoding="utf-8")
    blocks = blocks_of(page)
    assert [(b.lang, b.runnable) for b in blocks] == [("ts", False), ("sh", True)]
    assert blocks[0].key not in NOT_RUNNABLE


# --- What cannot run here, checked as far as it can be --------------------------------------------------------------

def _client_exports(module: str) -> set[str]:
    """The names a module of the committed generated client defines or re-exports (read from its source)."""
    path = CLIENT.joinpath(*module.split("."))
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    names = {path_.stem for path_ in path.glob("*.py")} if path.is_dir() else set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            names |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {target.id for target in node.targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def client_imports_missing(code: str) -> list[str]:
    missing = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("fretes_api_client"):
            exported = _client_exports(node.module)
            missing += [f"{node.module}.{alias.name}" for alias in node.names if alias.name not in exported]
    return missing


def test_generated_client_snippets_import_what_the_client_has():
    snippets = [b for b in all_blocks() if b.lang in PYTHON and "fretes_api_client" in b.code]
    assert len(snippets) >= 3  # pagination, errors, signing
    for block in snippets:
        assert not client_imports_missing(block.code), (block.page, client_imports_missing(block.code))


def test_generated_client_snippets_run_and_type_check(server, demo, tmp_path):
    if not CLIENT_PYTHON.exists():
        pytest.skip(f"no {CLIENT_PYTHON} (scripts/check_openapi.sh makes it; CI runs it before the tests)")
    origin, recorder = server
    env = {**os.environ, "PYTHONPATH": str(CLIENT), "MYPYPATH": str(CLIENT)}
    snippets = [b for b in all_blocks() if b.lang in PYTHON and "fretes_api_client" in b.code]
    for block in snippets:
        code = as_pasted(block.code, origin, demo["api_key"])
        recorder.take()
        done = subprocess.run([str(CLIENT_PYTHON), "-c", code], env=env, capture_output=True, text=True,
                              timeout=SNIPPET_TIMEOUT, check=False)
        assert failure_of(block, done, recorder.take()) is None
    for block in (b for b in snippets if b.page in MYPY_STRICT_PAGES):
        source = tmp_path / f"{block.page.removesuffix('.md')}.py"
        source.write_text(block.code, encoding="utf-8")
        checked = subprocess.run([str(CLIENT_PYTHON), "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
                                  str(source)], env=env, capture_output=True, text=True, timeout=300, check=False)
        assert checked.returncode == 0, checked.stdout


def test_a_name_the_client_lacks_is_reported():
    assert client_imports_missing("from fretes_api_client.models import ApiError, Error\n") == [
        "fretes_api_client.models.Error"]


def _webhook_recipe() -> Callable[..., bool]:
    block = next(b for b in blocks_of(DOCS / "webhooks.md") if b.key in MAKES_NO_REQUEST)
    namespace: dict = {}
    exec(compile(block.code, "webhooks.md", "exec"), namespace)  # noqa: S102  the page's own recipe
    return namespace["verify_webhook"]


def test_the_webhook_recipe_accepts_a_real_delivery_and_refuses_a_tampered_one():
    import time

    from domain.webhooks.transport import signature_header
    verify_webhook = _webhook_recipe()
    secret, body, timestamp = "whsec_" + "A" * 43 + "=", b'{"type": "webhook.test"}', int(time.time())
    headers = {"Webhook-Timestamp": str(timestamp),
               "Webhook-Signature": signature_header([secret], "msg_1", timestamp, body)}
    assert verify_webhook(secret, headers, body) is True
    assert verify_webhook(secret, headers, body + b" ") is False
    assert verify_webhook("whsec_outro", headers, body) is False
