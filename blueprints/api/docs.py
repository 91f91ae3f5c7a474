"""The OpenAPI document, with the request/response examples the API tests recorded (examples.json)."""
import json
from functools import lru_cache
from pathlib import Path

from flask import jsonify

from core.api import api_bp

EXAMPLES = Path(__file__).with_name("examples.json")


@lru_cache(maxsize=1)
def load_examples() -> dict:
    return json.loads(EXAMPLES.read_text(encoding="utf-8")) if EXAMPLES.exists() else {}


@lru_cache(maxsize=1)
def document() -> dict:
    from core.openapi import build_document
    return build_document(load_examples())


@api_bp.get("/openapi.json")
def openapi_document():
    return jsonify(document())
