"""Which addresses a webhook may reach: the public internet only.

A seat's webhook is a URL a stranger gives the server, which the server then calls: without
a check it reaches whatever the server can reach (its own port, a database, a cloud's
metadata service at 169.254.169.254 or fd00:ec2::254). So a webhook's host is resolved and
*every* address it resolves to must be public (:func:`public_address`); the check is made
when the seat is created and again each time the hook is sent, on the very addresses the
connection then uses (:class:`GuardedBackend`), so a name that resolves to a public address
at creation and to an internal one later (DNS rebinding) is refused too.
``boardroom serve --allow-private-webhooks`` turns the check off (a private network's own
chat server, the tests' local receivers).

>>> public_address("93.184.215.14"), public_address("127.0.0.1"), public_address("10.1.2.3")
(True, False, False)
>>> public_address("169.254.169.254"), public_address("fd00:ec2::254"), public_address("::1")
(False, False, False)
>>> public_address("::ffff:192.168.0.1"), public_address("224.0.0.1")
(False, False)
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

import httpcore
import httpx

Resolver = Callable[[str, int], list[str]]

NAT64 = ipaddress.ip_network("64:ff9b::/96")


class WebhookRefused(Exception):
    """A webhook URL the server will not call; the message says why (it names only the
    URL's own host, never anything about the server)."""


def public_address(text: str) -> bool:
    """Whether ``text`` is an IP address on the public internet (not loopback, private,
    link-local, multicast, reserved, unspecified, shared, documentation, or metadata;
    an IPv6 address that embeds an IPv4 one is judged by that one)."""
    try:
        ip = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if embedded is None and ip in NAT64:
            embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if embedded is not None and not public_address(str(embedded)):
            return False
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_loopback
                                 or ip.is_link_local or ip.is_private or ip.is_unspecified)


def resolve(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (a literal address: itself)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, OSError) as exc:
        raise WebhookRefused(f"the webhook's host {host!r} does not resolve") from exc
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def checked_addresses(host: str, port: int, resolver: Resolver = resolve) -> list[str]:
    """The addresses of ``host``, all public; else :class:`WebhookRefused`."""
    host = host.strip("[]")
    addresses = resolver(host, port)
    if not addresses:
        raise WebhookRefused(f"the webhook's host {host!r} does not resolve")
    if not all(public_address(a) for a in addresses):
        raise WebhookRefused(f"the webhook's host {host!r} is not a public internet address "
                             "(loopback, private, link-local, multicast, reserved and "
                             "metadata addresses are refused)")
    return addresses


def check_url(url: str, resolver: Resolver = resolve) -> None:
    """Refuse (:class:`WebhookRefused`) a webhook URL whose host is not public."""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise WebhookRefused("the webhook is not a valid URL") from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebhookRefused("a webhook is an http:// or https:// URL with a host")
    checked_addresses(parts.hostname, port, resolver)


class GuardedBackend(httpcore.SyncBackend):
    """httpcore's network backend, connecting only to checked public addresses: the host
    is resolved here, each address checked, and the socket opened to that address (TLS
    still verifies the URL's host name), so no second lookup can point elsewhere."""

    def __init__(self, resolver: Resolver = resolve) -> None:
        self.resolver = resolver

    def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                    local_address: str | None = None,
                    socket_options: Iterable[Any] | None = None) -> httpcore.NetworkStream:
        try:
            addresses = checked_addresses(host, port, self.resolver)
        except WebhookRefused as exc:
            raise httpcore.ConnectError(str(exc)) from exc
        error: Exception | None = None
        for address in addresses:
            try:
                return super().connect_tcp(address, port, timeout, local_address,
                                           socket_options)
            except httpcore.ConnectError as exc:
                error = exc
        assert error is not None
        raise error

    def connect_unix_socket(self, path: str, timeout: float | None = None,
                            socket_options: Iterable[Any] | None = None
                            ) -> httpcore.NetworkStream:
        raise httpcore.ConnectError("webhooks reach only public internet addresses")


class GuardedTransport(httpx.BaseTransport):
    """An httpx transport over :class:`GuardedBackend` (no proxies from the environment:
    a proxy would connect on the server's behalf, unchecked)."""

    def __init__(self, resolver: Resolver = resolve) -> None:
        self._pool = httpcore.ConnectionPool(network_backend=GuardedBackend(resolver))
        self._inner = httpx.HTTPTransport()
        self._inner._pool = self._pool  # the default transport's mapping, our connections

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        return self._inner.handle_request(request)

    def close(self) -> None:
        self._inner.close()


def webhook_client(timeout: float, allow_private: bool,
                   resolver: Resolver = resolve) -> httpx.Client:
    """The client webhooks are sent with: no redirects followed, no proxies from the
    environment, and (unless ``allow_private``) only public addresses reached."""
    transport = None if allow_private else GuardedTransport(resolver)
    return httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False,
                        transport=transport)
