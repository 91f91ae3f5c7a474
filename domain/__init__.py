"""Business areas. Never imports flask.request/session/g, blueprints, forms or templates."""
