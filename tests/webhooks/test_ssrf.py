"""SSRF guard: private, loopback, link-local, multicast and metadata targets refused, also after DNS resolution."""
import socket

import pytest

from core.tenancy import tenant_scope
from domain.webhooks import services, ssrf
from domain.webhooks.models import WebhookDelivery
from tests.webhooks.test_delivery import deliveries, emit

REFUSED = ["127.0.0.1", "127.9.9.9", "10.1.2.3", "172.16.0.1", "172.31.255.254", "192.168.0.10", "169.254.169.254",
           "100.64.0.1", "224.0.0.1", "239.255.255.250", "255.255.255.255", "192.0.0.192",
           "0.0.0.0",  # noqa: S104  an address refused, not bound
           "100.100.100.200", "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "ff02::1", "::ffff:127.0.0.1",
           "::ffff:10.0.0.1", "64:ff9b::a00:1"]


@pytest.fixture
def production(webhook_targets):
    webhook_targets(False)


def fake_dns(monkeypatch, answers: dict):
    """The resolver answers `answers[host]` (DNS is not ours; the guard's handling of its answer is)."""
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host in answers:
            family = socket.AF_INET6 if ":" in answers[host] else socket.AF_INET
            return [(family, socket.SOCK_STREAM, 6, "", (answers[host], port))]
        return real(host, port, *args, **kwargs)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


@pytest.mark.parametrize("address", REFUSED)
def test_each_private_or_reserved_address_is_refused(production, address):
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(ssrf.UnsafeTarget, match="não permitido"):
        ssrf.resolve(f"https://{host}/hook")


def test_a_public_address_passes(production):
    assert ssrf.resolve("https://93.184.216.34:8443/x?y=1").address == "93.184.216.34"


@pytest.mark.parametrize("address", ["10.0.0.5", "169.254.169.254", "fd12::1", "127.0.0.1"])
def test_a_host_resolving_to_a_private_address_is_refused(production, monkeypatch, address):
    fake_dns(monkeypatch, {"hooks.cliente.example": address})
    with pytest.raises(ssrf.UnsafeTarget):
        ssrf.resolve("https://hooks.cliente.example/x")


def test_every_answer_must_be_public(production, monkeypatch):
    real = socket.getaddrinfo
    answers = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", 443)),
               (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.1", 443))]
    monkeypatch.setattr(socket, "getaddrinfo",
                        lambda host, port, *a, **k: answers if host == "mixed.example" else real(host, port))
    with pytest.raises(ssrf.UnsafeTarget):
        ssrf.resolve("https://mixed.example/")


@pytest.mark.parametrize("url, message", [
    ("file:///etc/passwd", "http"), ("gopher://x.example/", "http"), ("http://hooks.example.com/", "https"),
    ("https://localhost/x", "não permitido"), ("https://api.localhost/x", "não permitido"),
    ("https://user:pw@hooks.example.com/", "usuário"), ("https:///x", "host"),
])
def test_scheme_and_form_are_checked(production, url, message):
    with pytest.raises(ssrf.UnsafeTarget, match=message):
        ssrf.check_url(url)


def test_allow_private_targets_lifts_the_address_check(webhook_targets):
    webhook_targets(True)
    assert ssrf.resolve("http://127.0.0.1:9/x").address == "127.0.0.1"


def test_rebinding_after_save_is_refused_at_send_time(company, production, monkeypatch):
    fake_dns(monkeypatch, {"hooks.cliente.example": "93.184.216.34"})
    with tenant_scope(company.id):
        services.create_endpoint(company, url="https://hooks.cliente.example/x")  # public when saved
        from tests.fixtures.committing import commit
        commit()
    fake_dns(monkeypatch, {"hooks.cliente.example": "169.254.169.254"})  # the name now points inside
    emit(company)
    [delivery] = deliveries(company)
    assert delivery.status == "pending" and delivery.last_status_code is None
    with tenant_scope(company.id):
        from core.db import db
        from domain.webhooks.models import WebhookAttempt
        [attempt] = db.session.execute(db.select(WebhookAttempt)).scalars().all()
    assert "não permitido" in attempt.error and isinstance(delivery, WebhookDelivery)


def _hosts_file_loopback_name():
    """A name this machine's hosts file maps to loopback (its own host name usually), or None."""
    name = socket.gethostname()
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(name, 443, type=socket.SOCK_STREAM)}
    except OSError:
        return None
    return name if addresses and all(a.startswith("127.") or a == "::1" for a in addresses) else None


@pytest.mark.parametrize("host", ["127.1", "2130706433", "0x7f000001", "0177.0.0.1", "hosts-file"])
def test_the_cli_refuses_loopback_aliases_at_creation(production, cli, company, host):
    """One check for every entry point (page, API, CLI: all create through services.create_endpoint)."""
    if host == "hosts-file":
        host = _hosts_file_loopback_name() or pytest.skip("no hosts-file name maps to loopback here")
    result = cli("webhook", "create", "--company", str(company.id), "--url", f"https://{host}/hook")
    assert result.exit_code != 0, result.output
    assert "Endereço não permitido" in result.output
    from core.db import db
    from core.tenancy import cross_tenant
    from domain.webhooks.models import WebhookEndpoint
    assert db.session.execute(cross_tenant(db.select(WebhookEndpoint))).first() is None


def test_an_unresolvable_name_is_still_saved_and_checked_at_send(production, company, monkeypatch):
    def no_dns(*_args, **_kwargs):
        raise socket.gaierror("no network")
    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    with tenant_scope(company.id):
        endpoint, _ = services.create_endpoint(company, url="https://hooks.cliente.example/x")
    assert endpoint.url == "https://hooks.cliente.example/x"
