"""The `pef` fixture (tests/fixtures/pef_server.py) points the app at the local PEF test server; `legacy` puts the
company on the legacy CIOT flow, where rectifications go to the authority."""
import pytest

from tests.fixtures.pef_server import PASSWORD  # noqa: F401 - the certificate password the tests use


@pytest.fixture
def legacy(company):
    from core.db import db
    company.ciot_flow = "legacy"
    db.session.commit()
    return company
