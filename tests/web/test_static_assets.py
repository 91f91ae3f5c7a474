"""Static files and pages on a slow link (core/static_assets.py): versioned URLs cached for a year, everything else
revalidated, text compressed for a client that accepts gzip and left alone for one that does not."""
import gzip
import hashlib
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "static"
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture
def client(app):
    return app.test_client()


def versioned_asset_urls(html: str) -> dict[str, str]:
    return dict(re.findall(r'(?:href|src)="/static/([^"?]+)\?v=([0-9a-f]+)"', html))


def test_every_static_url_of_a_page_carries_its_content_hash(client):
    html = client.get("/login").get_data(as_text=True)
    urls = versioned_asset_urls(html)
    assert {"css/app.css", "js/app.js", "vendor/htmx-2.0.8.min.js", "favicon.svg"} <= urls.keys()
    for filename, version in urls.items():
        assert version == hashlib.sha256((STATIC / filename).read_bytes()).hexdigest()[:12]
    assert not re.search(r'(?:href|src)="/static/[^"?]+"', html)  # none left without a version


def test_the_current_version_is_cached_for_a_year_and_anything_else_revalidates(client):
    version = versioned_asset_urls(client.get("/login").get_data(as_text=True))["css/app.css"]
    current = client.get(f"/static/css/app.css?v={version}")
    assert current.status_code == 200
    assert current.cache_control.max_age == 365 * 24 * 3600 and current.cache_control.immutable
    for encoding in ("gzip", "identity"):  # the compressed answer and Flask's own file answer alike
        answer = client.get(f"/static/css/app.css?v={version}", headers={"Accept-Encoding": encoding})
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable", (encoding, answer.headers)
    for stale in ("/static/css/app.css", "/static/css/app.css?v=0123456789ab"):
        response = client.get(stale)
        assert response.status_code == 200 and response.cache_control.no_cache
        assert response.cache_control.max_age is None and not response.cache_control.immutable


def test_text_assets_are_gzip_compressed_only_for_a_client_that_accepts_it(client):
    original = (STATIC / "vendor/htmx-2.0.8.min.js").read_bytes()
    packed = client.get("/static/vendor/htmx-2.0.8.min.js", headers=GZIP)
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == original and len(packed.data) < len(original) / 2
    for refusing in ({}, {"Accept-Encoding": "gzip;q=0, deflate"}, {"Accept-Encoding": "identity"}):
        plain = client.get("/static/vendor/htmx-2.0.8.min.js", headers=refusing)
        assert "Content-Encoding" not in plain.headers and plain.data == original


def test_a_compressed_asset_answers_304_to_its_own_etag(client):
    first = client.get("/static/css/app.css", headers=GZIP)
    etag = first.headers["ETag"]
    again = client.get("/static/css/app.css", headers={**GZIP, "If-None-Match": etag})
    assert again.status_code == 304 and not again.data
    changed = client.get("/static/css/app.css", headers={**GZIP, "If-None-Match": '"something-else"'})
    assert changed.status_code == 200


def test_binary_and_tiny_files_are_served_as_they_are(client, tmp_path, app, monkeypatch):
    monkeypatch.setattr(app, "static_folder", str(tmp_path))
    (tmp_path / "tiny.css").write_text("body{}")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG" + bytes(4000))
    for name in ("tiny.css", "logo.png"):
        response = client.get(f"/static/{name}", headers=GZIP)
        assert response.status_code == 200 and "Content-Encoding" not in response.headers


def test_an_edited_file_gets_a_new_version_without_a_restart(client, tmp_path, app, monkeypatch):
    import os

    from flask import url_for
    monkeypatch.setattr(app, "static_folder", str(tmp_path))
    asset = tmp_path / "site.css"
    asset.write_text("a{color:red}" * 200)
    with app.test_request_context():
        before = url_for("static", filename="site.css")
    asset.write_text("a{color:blue}" * 200)
    os.utime(asset, ns=(asset.stat().st_atime_ns, asset.stat().st_mtime_ns + 1_000_000))
    with app.test_request_context():
        after = url_for("static", filename="site.css")
    assert before != after
    fresh = client.get(after, headers=GZIP)
    assert gzip.decompress(fresh.data) == asset.read_bytes() and fresh.cache_control.immutable
    assert not client.get(before).cache_control.immutable  # the old URL no longer names the file's content


@pytest.mark.parametrize("path", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/nothing.css",
                                  "/static/css"])
def test_outside_or_missing_files_are_404(client, path):
    assert client.get(path, headers=GZIP).status_code == 404


def test_pages_are_compressed_for_a_client_that_accepts_gzip(client):
    plain = client.get("/login")
    packed = client.get("/login", headers=GZIP)
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    # Same page, apart from the per-request CSRF token.
    token = re.compile(rb'"[\w-]{20,}\.[\w-]+\.[\w-]+"')  # a signed CSRF token, in the meta tag and the form
    assert token.sub(b"", gzip.decompress(packed.data)) == token.sub(b"", plain.data)
    assert len(packed.data) < len(plain.data) / 2


def test_json_errors_and_small_answers_are_not_compressed(client):
    assert "Content-Encoding" not in client.get("/api/public/v1/me", headers=GZIP).headers  # JSON 401
    assert "Content-Encoding" not in client.get("/nao-existe", headers=GZIP).headers  # a 404 page
    assert "Content-Encoding" not in client.get("/healthz", headers=GZIP).headers
