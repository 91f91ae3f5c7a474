"""Helpers for the registry page tests (no tests here): posting forms as htmx or a browser, reading inline
field errors, and walking a list page by page the way "Carregar mais" does."""
import html as html_lib
import re

from tests.fixtures.core import csrf_from

HTMX = {"HX-Request": "true"}


def token(client, path="/veiculos") -> str:
    return csrf_from(client.get(path).get_data(as_text=True))


def post(client, path, data=None, *, htmx=True, csrf=None, **kwargs):
    """A form POST carrying the CSRF token (as htmx does: header; as a browser does: field)."""
    csrf = csrf or token(client)
    if htmx:
        headers = dict(HTMX, **{"X-CSRFToken": csrf}, **kwargs.pop("headers", {}))
        return client.post(path, data=data or {}, headers=headers, **kwargs)
    return client.post(path, data=dict(data or {}, csrf_token=csrf), **kwargs)


def fragment(client, path, target, **params):
    """What htmx asks for: the part of the page whose id is `target` (results, load-more)."""
    return client.get(path, query_string=params, headers=dict(HTMX, **{"HX-Target": target}))


def text(response) -> str:
    return response.get_data(as_text=True)


def _own_block(rest: str) -> str:
    """The field block's own markup: up to the tag closing it, past the divs nested in it (a picker's)."""
    depth = 0
    for tag in re.finditer(r"<div\b|</div>|</fieldset>", rest):
        if tag.group(0) == "<div":
            depth += 1
        elif depth:
            depth -= 1
        else:
            return rest[:tag.start()]
    return rest


def field_errors(html: str, name: str) -> list[str]:
    """Inline messages shown under the form field `name`."""
    found = []
    for rest in re.split(r'<(?:div|fieldset) class="field', html)[1:]:  # a checkbox group is a fieldset
        block = _own_block(rest)
        if re.search(rf'name="{re.escape(name)}"', block):
            messages = re.findall(r'<small class="error" role="alert"[^>]*>(.*?)</small>', block, re.S)
            found += [html_lib.unescape(m) for m in messages]
    return found


def row_ids(html: str) -> list[str]:
    return re.findall(r'<tr data-id="([0-9a-f-]{36})"', html)


def more_url(html: str) -> str | None:
    match = re.search(r'hx-get="([^"]+)" hx-target="#load-more"', html)
    return html_lib.unescape(match.group(1)) if match else None


def walk_list(client, path, **params) -> list[str]:
    """Every row id of a list: the results fragment, then each "Carregar mais" fragment."""
    response = fragment(client, path, "results", **params)
    assert response.status_code == 200
    html = text(response)
    assert "<html" not in html  # only the fragment
    ids = row_ids(html)
    while (url := more_url(html)) is not None:
        response = client.get(url, headers=dict(HTMX, **{"HX-Target": "load-more"}))
        assert response.status_code == 200
        html = text(response)
        assert "<table" not in html  # only rows
        ids += row_ids(html)
    return ids
