"""What a client meets through gunicorn as deployed (gunicorn.conf.py read, as scripts/start.sh runs it): HSTS when
a proxy the app trusts (PROXY_COUNT) says the request came over HTTPS, and never from a forged hop; a URL over the
app's limit answered 414 in the API's JSON shape, not gunicorn's HTML page."""
import http.client
import json

from app import HSTS

API = "/api/public/v1"


def get(port: int, path: str, headers: dict | None = None) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", path, headers={"Connection": "close", **(headers or {})})
    response = conn.getresponse()
    response.body = response.read()
    conn.close()
    return response


def test_hsts_behind_one_trusted_proxy(gthread_server):
    port = gthread_server(PROXY_COUNT="1")
    by_https = get(port, "/login", {"X-Forwarded-Proto": "https"})
    assert by_https.status == 200 and by_https.getheader("Strict-Transport-Security") == HSTS
    assert get(port, f"{API}/me", {"X-Forwarded-Proto": "https"}).getheader("Strict-Transport-Security") == HSTS
    by_http = get(port, "/login", {"X-Forwarded-Proto": "http"})  # the proxy took plain http
    assert by_http.getheader("Strict-Transport-Security") is None
    # A client's own "https" before the proxy's "http": only the last hop (the trusted proxy's) counts.
    forged = get(port, "/login", {"X-Forwarded-Proto": "https, http"})
    assert forged.getheader("Strict-Transport-Security") is None
    assert get(port, "/login").getheader("Strict-Transport-Security") is None


def test_without_a_trusted_proxy_a_forwarded_https_is_ignored(gthread_server):
    port = gthread_server(PROXY_COUNT="0")
    assert get(port, "/login", {"X-Forwarded-Proto": "https"}).getheader("Strict-Transport-Security") is None


def test_a_too_long_url_is_414_in_the_api_shape_through_gunicorn(gthread_server):
    port = gthread_server()
    for length in (4100, 6000, 8000):  # over MAX_URL_LENGTH (4000) and over gunicorn's default line (4094)
        response = get(port, f"{API}/freights?q=" + "a" * length)
        assert response.status == 414, response.body[:200]
        assert response.getheader("Content-Type") == "application/json"
        assert json.loads(response.body)["error"]["code"] == "uri_too_long"
    page = get(port, "/fretes?search=" + "a" * 6000)  # a page: the app's own answer too, not gunicorn's
    assert page.status == 414 and page.getheader("X-Request-Id")
