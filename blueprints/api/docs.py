"""The OpenAPI document, with the request/response examples the API tests recorded (examples.json), and the CIOT
creation example built for the day the document is served (domain/ciot/examples.py: its dates are relative to
today, so the example a client copies reaches `pronto_emissao`)."""
import copy
import json
from datetime import date
from functools import lru_cache
from pathlib import Path

from flask import jsonify

from core.api import api_bp
from core.clock import brasilia_today
from core.openapi import build_document
from domain.ciot.examples import creation_example

EXAMPLES = Path(__file__).with_name("examples.json")


@lru_cache(maxsize=1)
def load_examples() -> dict:
    return json.loads(EXAMPLES.read_text(encoding="utf-8")) if EXAMPLES.exists() else {}


def document() -> dict:
    return document_of(brasilia_today())


@lru_cache(maxsize=2)
def document_of(today: date) -> dict:
    """The document as served on `today` (the generated clients are built from a fixed day's, so that they do not
    change with the calendar: scripts/api_clients/dump_openapi.py)."""
    examples = copy.deepcopy(load_examples())
    examples.setdefault("createCiotOperation", {})["request"] = creation_example(today)
    return build_document(examples)


@api_bp.get("/openapi.json")
def openapi_document():
    return jsonify(document())
