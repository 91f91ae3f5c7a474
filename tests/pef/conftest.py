"""The `pef` fixture (tests/fixtures/pef_server.py) points the app at the local PEF test server."""
from tests.fixtures.pef_server import PASSWORD  # noqa: F401 - the certificate password the tests use
