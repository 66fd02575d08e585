"""Who sent a request: the client's address, as the rate limit counts it.

The address is the peer of the connection. Behind a reverse proxy every request comes
from the proxy, so the proxies' addresses can be configured (``boardroom serve
--trusted-proxy ADDR`` or ``CIDR``, repeatable): when the peer is one of them, the
client is read from ``X-Forwarded-For``, from its right end: the first address there that
is not a trusted proxy itself (everything to its left was written by the client and is not
believed). Without trusted proxies the header is ignored, so a client cannot name itself
someone else.

>>> trusted = parse_networks(["10.0.0.0/8"])
>>> scope = {"client": ("10.0.0.5", 1234),
...          "headers": [(b"x-forwarded-for", b"6.6.6.6, 203.0.113.9, 10.0.0.7")]}
>>> client_address(scope, trusted)
'203.0.113.9'
>>> client_address(scope, ())
'10.0.0.5'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(texts: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or CIDR networks; :class:`ValueError` names a bad one."""
    out = []
    for text in texts:
        try:
            out.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            raise ValueError(f"not an IP address or network: {text!r}") from None
    return tuple(out)


def _within(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_address(scope: Any, trusted: tuple[Network, ...]) -> str:
    """The client's address for ``scope`` (an ASGI scope), trusting ``X-Forwarded-For``
    only from ``trusted`` proxies."""
    client = scope.get("client") or ("?", 0)
    peer = str(client[0])
    if not trusted or not _within(peer, trusted):
        return peer
    forwarded: list[str] = []
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-for":
            forwarded += bytes(value).decode("latin-1").split(",")
    for hop in reversed(forwarded):
        hop = hop.strip()
        if not _within(hop, trusted):
            try:
                return str(ipaddress.ip_address(hop.strip("[]")))
            except ValueError:
                return peer  # a hop that is not an address: count the proxy itself
    return peer
