"""Absolute links that leave the request: the password reset link mailed to a user, the public pages' canonical
links, the sitemap and robots.txt, the links a user copies to share (a freight's public page, the team's login).

The Host header is the client's: a link built from it points wherever the client said. With PUBLIC_BASE_URL set
every such link is built on it, whatever the request named. Without it the pages keep the request's host (their
links go back to the client that sent it), but a mailed link reaches someone else, so it takes the request's host
only where that host is vouched for (`mail_link_base`). docs/hardening.md "Links built from the request"."""
import logging
from urllib.parse import urlsplit

from flask import current_app, has_request_context, request, url_for

log = logging.getLogger("fretes")


class PublicBaseUrlError(ValueError):
    """PUBLIC_BASE_URL is set but is not an absolute http(s) URL without query or fragment."""


def checked_base_url(raw: str | None) -> str:
    """PUBLIC_BASE_URL as links are built on it: '' when unset, else scheme and host in lower case and no trailing
    slash (`https://fretes.example.com`, or with the path the app is served under). PublicBaseUrlError, saying what
    is wrong and what is expected, for anything else: a link must never be built on a half-understood value."""
    value = (raw or "").strip()
    if not value:
        return ""
    expected = "expected an absolute URL such as https://fretes.example.com"
    if any(char.isspace() for char in value):
        raise PublicBaseUrlError(f"PUBLIC_BASE_URL {value!r} contains spaces: {expected}.")
    parts = urlsplit(value)
    if parts.scheme.lower() not in ("http", "https"):
        raise PublicBaseUrlError(f"PUBLIC_BASE_URL {value!r} must start with https:// (or http://): {expected}.")
    if not parts.hostname:
        raise PublicBaseUrlError(f"PUBLIC_BASE_URL {value!r} names no host: {expected}.")
    if "?" in value or "#" in value:
        raise PublicBaseUrlError(f"PUBLIC_BASE_URL {value!r} must not have a query (?) or a fragment (#): {expected}.")
    if "@" in parts.netloc:
        raise PublicBaseUrlError(f"PUBLIC_BASE_URL {value!r} must not carry a user or password: {expected}.")
    try:
        parts.port  # noqa: B018  urlsplit checks the port only when it is read
    except ValueError:
        raise PublicBaseUrlError(f"PUBLIC_BASE_URL {value!r} has an invalid port: {expected}.") from None
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}{parts.path.rstrip('/')}"


def check_public_base_url(config) -> None:
    """At startup: PUBLIC_BASE_URL checked (PublicBaseUrlError stops the app) and kept in its normal form."""
    config["PUBLIC_BASE_URL"] = checked_base_url(config.get("PUBLIC_BASE_URL"))


def url_on(base: str, endpoint: str, **values) -> str:
    """The absolute URL of `endpoint` on `base` (scheme, host and the path the app is served under), whatever
    request is being answered, if any: the app's URL map bound to that base (Werkzeug's Map.bind)."""
    parts = urlsplit(base)
    current_app.inject_url_defaults(endpoint, values)
    adapter = current_app.url_map.bind(parts.netloc, script_name=parts.path or "/", url_scheme=parts.scheme)
    return adapter.build(endpoint, values, force_external=True)


def public_url(endpoint: str, **values) -> str:
    """The absolute URL of a public page, for links on an answer (canonical, sitemap, robots.txt, links to share):
    on PUBLIC_BASE_URL when set, else on the request's host (Flask's url_for)."""
    base = current_app.config.get("PUBLIC_BASE_URL")
    if base:
        return url_on(base, endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def host_is_vouched_for(config) -> bool:
    """Whether the request's host may name a link mailed to someone: TRUSTED_HOSTS is set (Flask answered 400 to a
    request for any other host, before any view), or the app runs on the embedded SQLite default (a quick start on
    one's own machine, where the visitor is the operator)."""
    return bool(config.get("TRUSTED_HOSTS")) or config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")


def mail_link_base() -> str | None:
    """Where a link mailed because of this request points: PUBLIC_BASE_URL; without it the request's host where it
    is vouched for; None otherwise (a production database with neither setting): nothing may be mailed, since the
    host is whatever the client wrote, a password reset link to an attacker's site."""
    config = current_app.config
    if config.get("PUBLIC_BASE_URL"):
        return config["PUBLIC_BASE_URL"]
    if has_request_context() and host_is_vouched_for(config):
        return request.host_url
    log.error("No e-mail with a link was sent: set PUBLIC_BASE_URL (or TRUSTED_HOSTS) so that the link names this "
              "site and not the host a client wrote in its request (README, environment variables).")
    return None


def links_unvouched(config) -> bool:
    """For the startup warning: a production-like database where mailed links have no base to be built on."""
    return not config.get("PUBLIC_BASE_URL") and not host_is_vouched_for(config)
