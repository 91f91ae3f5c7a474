"""The SSRF guard holds at connect time for a company's SMTP host, as for webhooks and HTTP providers: the host is
resolved once, each address checked, and the connection goes to the address that passed (DNS rebinding: a second
lookup answering elsewhere is never made). Real SMTP (aiosmtpd) on loopback; only the name's answers are staged."""
import socket
from types import SimpleNamespace

import pytest

from domain.messages.channels import PermanentError, TransientError, smtp
from tests.fixtures.providers import free_port

NAME = "smtp.provedor.example"


def staged_lookup(monkeypatch, answers: list[tuple[str, int]], then: tuple[str, int]) -> list[str]:
    """`NAME` answers `answers` one lookup at a time, then `then` forever; other names resolve as usual. Returns
    the list of lookups of NAME made."""
    real, made = socket.getaddrinfo, []

    def lookup(host, *args, **kwargs):
        if host != NAME:
            return real(host, *args, **kwargs)
        made.append(host)
        address, port = answers.pop(0) if answers else then
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    return made


def mail(to="motorista@example.com"):
    return SimpleNamespace(to=to, subject="Coleta", body="Coleta amanhã às 8h")


def test_the_smtp_host_is_reached_at_the_address_that_was_checked(smtp_server, monkeypatch):
    """First answer: the real server; any later one: a closed port. Connecting by name again would fail."""
    made = staged_lookup(monkeypatch, [("127.0.0.1", smtp_server.port)], then=("127.0.0.1", free_port()))
    smtp.send(mail(), {"host": NAME, "port": smtp_server.port, "from_address": "fretes@example.com"}, None)
    [received] = smtp_server.received
    assert received["To"] == "motorista@example.com"
    assert made == [NAME]  # one lookup: the one that was checked


PUBLIC = "93.184.215.14"  # a global address: the guard lets it through


def test_a_rebinding_name_never_leads_to_the_internal_server(app, smtp_server, monkeypatch):
    """Production settings. The name answers a public address (checked, passes) and then the internal SMTP server. The
    connection goes to the public address the guard checked (it refuses here: no outside network in tests), never
    to the name again: the internal server receives nothing. Connecting by name (a second lookup) delivered it."""
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_PRIVATE_TARGETS", False)
    made = staged_lookup(monkeypatch, [(PUBLIC, 25)], then=("127.0.0.1", smtp_server.port))
    real_connect, connected = socket.create_connection, []

    def connect(address, *args, **kwargs):
        connected.append(address)
        if address[0] == PUBLIC:
            raise ConnectionRefusedError(111, "Connection refused")
        return real_connect(address, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", connect)
    with pytest.raises(TransientError):
        smtp.send(mail(), {"host": NAME, "port": 25}, None)
    assert connected == [(PUBLIC, 25)] and made == [NAME]
    assert not smtp_server.received


def test_a_name_answering_an_internal_address_is_refused_before_any_connection(app, monkeypatch):
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_PRIVATE_TARGETS", False)
    listener = socket.socket()  # would record a connection if one were made
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(0.01)
    try:
        staged_lookup(monkeypatch, [], then=("127.0.0.1", listener.getsockname()[1]))
        with pytest.raises(PermanentError) as refused:
            smtp.send(mail(), {"host": NAME, "port": 25}, None)
        assert "recusado" in refused.value.reason and "127.0.0.1" in refused.value.reason
        with pytest.raises(TimeoutError):
            listener.accept()
    finally:
        listener.close()


def test_a_name_that_does_not_resolve_is_a_transient_failure(app, monkeypatch):
    def no_answer(host, *args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    monkeypatch.setattr(socket, "getaddrinfo", no_answer)
    with pytest.raises(TransientError):
        smtp.send(mail(), {"host": NAME, "port": 25}, None)
