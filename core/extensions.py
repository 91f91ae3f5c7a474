"""The Flask extensions, created once here and bound to the app by app.create_app: blueprints and tests import
them from here, never from the app module."""
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

login_manager = LoginManager()
# Login attempts (blueprints/web/auth.py). Storage: Redis when REDIS_URL is set, else memory (one process;
# core.ratelimit.LazyMemoryStorage).
limiter = Limiter(key_func=get_remote_address, default_limits=[], headers_enabled=True)
csrf = CSRFProtect()
migrate = Migrate(render_as_batch=True, compare_type=True)
