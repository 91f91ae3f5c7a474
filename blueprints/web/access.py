"""Role checks and htmx helpers for the pages."""
from functools import wraps

from flask import abort, request
from flask_login import current_user, login_required

from core.errors import module_disabled


def roles_required(*roles):
    """Logged in, and one of `roles` (admin always passes)."""
    def decorator(view):
        @wraps(view)
        @login_required
        def wrapper(*args, **kwargs):
            if not current_user.can(*roles):
                abort(403)
            return view(*args, **kwargs)
        return wrapper
    return decorator


def require_module(module: str) -> None:
    """A logged-in user's company must have `module` (403 `module_disabled`, the API's refusal, as a page). The
    anonymous pass: the view's own login check sends them to the login page."""
    if current_user.is_authenticated and not current_user.company.has_module(module):
        raise module_disabled(module)


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def upload_limit(max_bytes: int, *, max_parts: int | None = None):
    """Let this page receive bodies up to `max_bytes` (app.py applies it before anything reads the form), so it
    can refuse a too-large file itself, with the form and an inline error; `max_parts`: form fields and files, for
    a page that takes more than Werkzeug's 1,000."""
    def mark(view):
        view.upload_limit = max_bytes
        view.upload_parts = max_parts
        return view
    return mark


def without_session_user(view):
    """This view checks the caller itself (e.g. a signed token) and must not load the logged-in user: app.py then
    skips the user load and the read connection for it, so the view can answer without SQL."""
    view.without_session_user = True
    return view
