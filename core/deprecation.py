"""Deprecated operations announce it on every answer (docs/api/versioning.md): `Deprecation` (RFC 9745: `@<Unix
time>` of the day it was deprecated), `Sunset` (RFC 8594: the HTTP date after which it may stop answering, never
sooner than the announced notice) and a `Link` to where the replacement is explained (the OpenAPI document by
default, whose description of the operation names it). The document marks the operation `deprecated: true` and
declares the headers."""
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from email.utils import format_datetime

from flask import request


@dataclass(frozen=True)
class Deprecated:
    since: date
    sunset: date
    replacement: str  # what to call instead, in pt-BR, for the document's description
    link: str = "/api/public/v1/openapi.json"

    def headers(self) -> dict:
        since = datetime.combine(self.since, time(), UTC)
        sunset = datetime.combine(self.sunset, time(), UTC)
        return {"Deprecation": f"@{int(since.timestamp())}", "Sunset": format_datetime(sunset, usegmt=True),
                "Link": f'<{self.link}>; rel="deprecation"'}


DEPRECATED: dict[str, Deprecated] = {}  # Flask endpoint name → its deprecation


def deprecation_headers(response):
    """`app.after_request`: the headers of a deprecated operation, on its every answer (errors included)."""
    found = DEPRECATED.get(request.endpoint or "")
    if found is not None:
        for name, value in found.headers().items():
            response.headers[name] = value
    return response
