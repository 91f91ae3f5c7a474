"""The Flask extensions, created once here and bound to the app by app.create_app: blueprints and tests import
them from here, never from the app module."""
from flask import request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

login_manager = LoginManager()
# Login attempts (blueprints/web/auth.py). Storage: Redis when REDIS_URL is set (core.ratelimit
# .OutageTolerantRedisStorage), else memory (one process).
limiter = Limiter(key_func=get_remote_address, default_limits=[], headers_enabled=True)
READ_METHODS = ("GET", "HEAD", "OPTIONS")


@limiter.request_filter
def _reads_and_the_api_are_not_limited() -> bool:
    """Every declared limit counts writes on pages (login attempts: `methods=["POST"]`); the public API declares no
    Flask-Limiter limit (its limits are counted by hand, core.ratelimit). So reads and API calls skip the limits'
    resolution. A limit on a read or on an API view would never apply: tests/foundation/test_web_auth.py checks
    every declared limit names write methods only, on a page."""
    return request.method in READ_METHODS or request.blueprint == "api"
csrf = CSRFProtect()
migrate = Migrate(render_as_batch=True, compare_type=True)
