"""Password hashes, for every place that stores a password: a new user (services) and a changed or reset password
(sessions). Apart from both so that sessions, which services calls to end a user's sessions, needs nothing back
from services."""
from flask import current_app
from werkzeug.security import generate_password_hash


def hash_password(password: str) -> str:
    """werkzeug's hash with the configured method (PASSWORD_HASH_METHOD: scrypt; the tests' app uses a cheap one,
    as a scrypt hash costs ≈ 80 ms of CPU and the suite logs in hundreds of users). A hash names its method, so
    checking any stored hash works whatever the setting."""
    return generate_password_hash(password, method=current_app.config.get("PASSWORD_HASH_METHOD", "scrypt"))
