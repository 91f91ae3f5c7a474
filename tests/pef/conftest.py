"""The ANTT PEF provider pointed at the local test server (tests/fixtures/pef_server.py): `pef` configures the
app (CIOT_PROVIDER_HOMOLOG=antt_pef, the server's URL and CA, the test identifier generator, short timeouts) and
gives the company an A1-like certificate of its own CNPJ."""
from dataclasses import dataclass

import pytest

from core.db import db
from core.tenancy import tenant_scope
from tests.fixtures import pef_pki
from tests.fixtures.pef_server import PefTestServer

PASSWORD = "senha-do-certificado"


@dataclass
class PefSetup:
    server: PefTestServer
    authority: pef_pki.Authority

    def pfx_for(self, cnpj: str, *, legacy: bool = False, **kwargs) -> bytes:
        key, cert = pef_pki.a1_certificate(self.authority, cnpj, **kwargs)
        return pef_pki.pfx(key, cert, PASSWORD, legacy=legacy, chain=[self.authority.cert])

    def install(self, company, *, legacy: bool = True, **kwargs) -> None:
        """Store a certificate for the company (through the service the page uses) and commit."""
        from domain.ciot.pef.credentials import save_certificate
        with tenant_scope(company.id):
            save_certificate(company, self.pfx_for(company.cnpj, legacy=legacy, **kwargs), PASSWORD, actor="test")
            db.session.commit()


@pytest.fixture
def pef(app, pef_server, pef_authority, company, monkeypatch):
    for name, value in {
        "CIOT_PROVIDER_HOMOLOG": "antt_pef",
        "CIOT_PEF_URL_HOMOLOG": pef_server.url,
        "CIOT_PEF_PATH_PREFIX": "api",
        "CIOT_PEF_CA_BUNDLE": pef_server.ca_file,
        "CIOT_PEF_ID_GENERATOR": "domain.ciot.pef.identifiers.TestDoubleGenerator",
        "CIOT_PEF_TIMEOUT_SECONDS": 5,
        "CIOT_PEF_CONNECT_TIMEOUT_SECONDS": 5,
    }.items():
        monkeypatch.setitem(app.config, name, value)
    setup = PefSetup(pef_server, pef_authority)
    setup.install(company)
    return setup
