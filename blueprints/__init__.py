"""HTTP doors: the JSON API (blueprints.api) and the htmx pages (blueprints.web)."""
from blueprints.web import WEB_BLUEPRINTS  # noqa: F401
