"""The verification snippets of docs/api/webhooks.md, run against a real delivery (Python and Node)."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.webhooks.test_delivery import emit

DOC = Path(__file__).resolve().parents[2] / "docs" / "api" / "webhooks.md"


def snippet(language: str) -> str:
    [code] = re.findall(rf"```{language}\n(.*?)```", DOC.read_text(), re.S)
    return code


@pytest.fixture
def delivered(company, receiver, make_endpoint):
    _, secret = make_endpoint(company, receiver.url)
    emit(company)
    [request] = receiver.wait_for(1)
    return secret, request


def test_python_snippet_verifies_a_delivery(delivered):
    secret, request = delivered
    namespace = {}
    exec(snippet("python"), namespace)  # noqa: S102  the documented code, as a reader would paste it
    verify = namespace["verify_webhook"]
    assert verify(secret, request["headers"], request["body"])
    assert not verify(secret, request["headers"], request["body"] + b" ")
    assert not verify("whsec_outro", request["headers"], request["body"])
    old = {**request["headers"], "Webhook-Timestamp": str(int(request["headers"]["Webhook-Timestamp"]) - 3600)}
    assert not verify(secret, old, request["body"])


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_node_snippet_verifies_a_delivery(delivered, tmp_path):
    secret, request = delivered
    (tmp_path / "verify.js").write_text(snippet("js"))
    (tmp_path / "check.js").write_text(
        "const { verifyWebhook } = require('./verify.js');\n"
        "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
        "const body = Buffer.from(input.body, 'base64');\n"
        "console.log(JSON.stringify([verifyWebhook(input.secret, input.headers, body),\n"
        "  verifyWebhook(input.secret, input.headers, Buffer.concat([body, Buffer.from(' ')])),\n"
        "  verifyWebhook('whsec_outro', input.headers, body)]));\n")
    import base64
    headers = {name.lower(): value for name, value in request["headers"].items()}
    payload = json.dumps({"secret": secret, "headers": headers, "body": base64.b64encode(request["body"]).decode()})
    result = subprocess.run(
       [shutil.which("node"), str(tmp_path / "check.js")], input=payload, capture_output=True, text=True,
                            timeout=60, check=True)
    assert json.loads(result.stdout) == [True, False, False]
