"""Static files and pages for a phone on a slow link: versioned asset URLs cached for a year, text compressed.

- Every `url_for("static", filename=...)` gains `?v=<content hash>`. An asked version that matches the file's is
  answered with `Cache-Control: public, max-age=31536000, immutable`: the browser never asks again until a deploy
  changes the file, and so its URL. Anything else (no `v`, an old `v`) must revalidate (`no-cache` + ETag).
- Text assets (CSS, JavaScript, SVG, fonts) are gzip-compressed once per file version, in memory, and served so
  to clients that accept gzip; pages (text/html, htmx fragments included) are compressed per response.
  htmx 2 is 51 KB as shipped and 16 KB compressed: on a 50 KB/s link that is the difference that matters.

A reverse proxy may compress too (docs/deploy.md): it leaves an answer that already has a Content-Encoding alone.
Hashes and compressed bodies are kept per (path, mtime, size), so an edited file is seen without a restart.

Not WhiteNoise: its cache header is fixed per file path (the query string is not looked at), so it cannot answer
"immutable" only when the asked version is the file's own, and it compresses nothing itself (it serves the .gz/.br
copies a build step writes beside each file; outside Django it hashes no names either). As WSGI middleware it would
also answer before Flask's hooks, without the security headers every other answer carries.
"""
import gzip
import hashlib
import mimetypes
import os
from dataclasses import dataclass

from flask import Flask, Response, abort, current_app, request
from werkzeug.security import safe_join

VERSIONED_MAX_AGE = 365 * 24 * 3600
COMPRESSIBLE_TYPES = frozenset({"text/css", "text/javascript", "application/javascript", "image/svg+xml",
                                "application/json", "text/plain", "font/ttf", "font/otf"})
MIN_COMPRESSED_SIZE = 1024  # below this, the gzip header and a round trip's worth of CPU buy nothing
PAGE_COMPRESS_LEVEL = 6  # per response: the usual balance of CPU against bytes
ASSET_COMPRESS_LEVEL = 9  # once per file version: the smallest body
mimetypes.add_type("font/ttf", ".ttf")  # the system table may not know it, and then nothing would compress
mimetypes.add_type("font/otf", ".otf")


@dataclass(frozen=True)
class StaticAsset:
    version: str
    mimetype: str
    gzipped: bytes | None  # None: not worth compressing (binary type or tiny)


_assets: dict[str, tuple[tuple[int, int], StaticAsset]] = {}


def static_asset(filename: str) -> StaticAsset | None:
    """The file under the static folder, hashed (and compressed) once per version; None when there is none."""
    path = safe_join(current_app.static_folder, filename)
    try:
        stat = os.stat(path) if path else None
    except OSError:
        stat = None
    if stat is None or not os.path.isfile(path):
        return None
    signature = (stat.st_mtime_ns, stat.st_size)
    cached = _assets.get(path)
    if cached and cached[0] == signature:
        return cached[1]
    with open(path, "rb") as file:
        content = file.read()
    mimetype = _mimetype(filename)
    asset = StaticAsset(version=hashlib.sha256(content).hexdigest()[:12], mimetype=mimetype,
                        gzipped=_compressed(content, mimetype))
    _assets[path] = (signature, asset)
    return asset


def _mimetype(filename: str) -> str:
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def _compressed(content: bytes, mimetype: str) -> bytes | None:
    if mimetype not in COMPRESSIBLE_TYPES or len(content) < MIN_COMPRESSED_SIZE:
        return None
    packed = gzip.compress(content, ASSET_COMPRESS_LEVEL, mtime=0)
    return packed if len(packed) < len(content) else None


def accepts_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0  # the quality; "gzip;q=0" refuses it


def add_static_version(endpoint: str, values: dict) -> None:
    """url_defaults: the content hash on every static URL the app builds."""
    if endpoint != "static" or "v" in values or "filename" not in values:
        return
    asset = static_asset(values["filename"])
    if asset is not None:
        values["v"] = asset.version


def serve_static(filename: str) -> Response:
    """The `static` endpoint: Flask's file answer, with the cache lifetime and the compressed body when they apply."""
    asset = static_asset(filename)
    if asset is None:
        abort(404)
    if asset.gzipped is not None and accepts_gzip():
        response = Response(asset.gzipped, mimetype=asset.mimetype)
        response.headers["Content-Encoding"] = "gzip"
        response.set_etag(f"{asset.version}-gzip")
        response.make_conditional(request)
    else:
        response = current_app.send_static_file(filename)
    if asset.gzipped is not None:
        response.vary.add("Accept-Encoding")
    if request.args.get("v") == asset.version:
        response.cache_control.no_cache = None  # Flask's file answer (no gzip) starts as no-cache: not this one
        response.cache_control.public = True
        response.cache_control.max_age = VERSIONED_MAX_AGE
        response.cache_control.immutable = True
    else:
        response.cache_control.no_cache = True
        response.cache_control.max_age = None
    return response


def compress_page(response: Response) -> Response:
    """after_request: gzip a page or htmx fragment for a client that accepts it."""
    if (response.mimetype != "text/html" or response.status_code != 200 or response.direct_passthrough
            or response.is_streamed or "Content-Encoding" in response.headers):
        return response
    add_vary(response, "Accept-Encoding")
    body = response.get_data()
    if len(body) < MIN_COMPRESSED_SIZE or not accepts_gzip():
        return response
    response.set_data(gzip.compress(body, PAGE_COMPRESS_LEVEL))
    response.headers["Content-Encoding"] = "gzip"
    return response


def add_vary(response: Response, token: str) -> None:
    """`response.vary.add(token)` without building werkzeug's header set (parsed, then written back) per call."""
    current = response.headers.get("Vary")
    if current is None:
        response.headers.add("Vary", token)
    elif token.lower() not in {item.strip().lower() for item in current.split(",")}:
        response.headers["Vary"] = f"{current}, {token}"


def register_static_assets(app: Flask) -> None:
    app.url_defaults(add_static_version)
    app.view_functions["static"] = serve_static
    app.after_request(compress_page)  # registered first, so it runs after every other hook has set the body
