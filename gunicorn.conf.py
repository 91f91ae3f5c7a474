"""gunicorn reads ./gunicorn.conf.py by itself when started from a checkout: the settings are the package's own
(core/gunicorn_settings.py), the ones an installed server names with `-c python:core.gunicorn_settings`."""
from core.gunicorn_settings import *  # noqa: F403
