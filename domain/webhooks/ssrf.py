"""SSRF guard for webhook targets: which URLs we may send to, checked when saved and again at send time.

At send time the host is resolved once and the request goes to the address that passed the check (the TLS name
and the Host header stay the URL's host), so a DNS answer that changes between check and connect (rebinding)
does not reach an internal address. WEBHOOK_ALLOW_PRIVATE_TARGETS=1 lifts the address check (development and
tests); WEBHOOK_REQUIRE_HTTPS (default on unless private targets are allowed) refuses plain http.
"""
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from flask import current_app

# Cloud metadata services not already covered by "not global" (AWS IPv6 endpoint, Alibaba, Oracle).
METADATA_ADDRESSES = {ipaddress.ip_address(a) for a in ("fd00:ec2::254", "100.100.100.200", "192.0.0.192")}


class UnsafeTarget(ValueError):
    """The URL may not receive webhooks; the message is pt-BR and shown to people."""


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str  # path and query, as sent on the request line
    address: str  # the resolved address we connect to


def allow_private() -> bool:
    return bool(current_app.config.get("WEBHOOK_ALLOW_PRIVATE_TARGETS"))


def https_required() -> bool:
    return bool(current_app.config.get("WEBHOOK_REQUIRE_HTTPS", not allow_private()))


def check_url(url: str) -> tuple[str, str, int, str]:
    """Scheme, host, port and path of a URL we may send to; the address is not resolved here."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise UnsafeTarget("URL inválida.") from exc
    if parts.scheme not in ("http", "https"):
        raise UnsafeTarget("Use uma URL http:// ou https://.")
    if parts.scheme == "http" and https_required():
        raise UnsafeTarget("Use https:// (obrigatório em produção).")
    if not parts.hostname:
        raise UnsafeTarget("Informe o endereço (host) da URL.")
    if parts.username or parts.password:
        raise UnsafeTarget("A URL não pode conter usuário ou senha.")
    host = parts.hostname
    literal = _literal_address(host)
    if literal is not None:
        refuse_address(literal)
    elif host.rstrip(".").lower() == "localhost" or host.lower().endswith(".localhost"):
        refuse_address(ipaddress.ip_address("127.0.0.1"))
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.scheme, host, port or (443 if parts.scheme == "https" else 80), path


def check_new_url(url: str) -> tuple[str, str, int, str]:
    """`check_url`, plus what a host name stands for on this machine, at creation (the page, the API and the CLI all
    create through domain.webhooks.services): `127.1`, `2130706433`, `0x7f000001` or a hosts-file name resolve to
    loopback and are refused now, not only when a send is refused later. A name that does not resolve yet is
    accepted (DNS may be down); every send resolves and checks again (`resolve`)."""
    scheme, host, port, path = check_url(url)
    if not allow_private():
        _checked_addresses(host, port, unresolved_ok=True)
    return scheme, host, port, path


def resolve_host(host: str, port: int) -> str:
    """A host we connect to that is not a URL (the message channels' SMTP host), resolved once: every address it
    resolves to must be public (else UnsafeTarget), unless WEBHOOK_ALLOW_PRIVATE_TARGETS. The caller connects to the
    address returned, never to the name again (a second lookup could answer an internal address: DNS rebinding). A
    name that does not resolve raises OSError, the connection's own (transient) error."""
    if not allow_private() and (host.rstrip(".").lower() == "localhost" or host.lower().endswith(".localhost")):
        refuse_address(ipaddress.ip_address("127.0.0.1"))
    addresses = _addresses(host, port)
    for address in addresses:
        refuse_address(address)
    return str(addresses[0])


def resolve(url: str) -> Target:
    """Check the URL and resolve its host; every address it resolves to must be public (else UnsafeTarget). The
    caller connects to `Target.address` (domain.webhooks.transport), never to the name again."""
    scheme, host, port, path = check_url(url)
    addresses = _checked_addresses(host, port, unresolved_ok=False)
    return Target(scheme, host, port, path, str(addresses[0]))


def _checked_addresses(host: str, port: int, *, unresolved_ok: bool) -> list:
    """Every address `host` resolves to, each refused unless public. A name that does not resolve: [] when
    `unresolved_ok`, else UnsafeTarget."""
    try:
        addresses = _addresses(host, port)
    except OSError as exc:
        if unresolved_ok:
            return []
        raise UnsafeTarget(f"Não foi possível resolver {host}.") from exc
    for address in addresses:
        refuse_address(address)
    return addresses


def _addresses(host: str, port: int) -> list:
    """What `host` resolves to now (OSError when it does not: a name that cannot be encoded is one too)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except UnicodeError as exc:
        raise socket.gaierror(str(exc)) from exc
    return [ipaddress.ip_address(info[4][0].split("%")[0]) for info in infos]


def refuse_address(address) -> None:
    """Raise UnsafeTarget for loopback, private, link-local, multicast, reserved and metadata addresses."""
    if allow_private():
        return
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    if (not address.is_global or address.is_multicast or address.is_loopback or address.is_link_local
            or address.is_private or address.is_reserved or address.is_unspecified or address in METADATA_ADDRESSES):
        raise UnsafeTarget(f"Endereço não permitido para webhooks: {address} (rede interna ou reservada).")


def _literal_address(host: str):
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None
