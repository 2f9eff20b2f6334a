"""Which proxy serves which URL: the ``proxy`` config key, else the standard variables.

The variables are read the way curl reads them (``HTTP_PROXY``, ``HTTPS_PROXY``, ``ALL_PROXY``,
``NO_PROXY``, either case), but every route still goes through a guarded transport: httpx's own
``trust_env`` would build unguarded proxy transports, so it stays off.

``NO_PROXY`` is a comma-separated list; each entry is matched here rather than turned into an
httpx mount pattern, because those cannot express an address range (``10.0.0.0/8`` matched only
``10.0.0.0``) and read ``*.example.com`` as a literal name. An entry is

- ``*``: no proxy for anything;
- a domain, with or without a leading ``.`` or ``*.``: that domain and all its subdomains
  (``example.com``, ``.example.com`` and ``*.example.com`` all cover ``example.com`` and
  ``www.example.com``, not ``notexample.com``), case and a trailing dot ignored;
- an IP address (``10.1.2.3``, ``::1``, ``[::1]``) or a CIDR (``10.0.0.0/8``, ``fd00::/8``,
  ``[fd00::]/8``): URLs whose host is an IP literal inside it. Names are never resolved to decide,
  so a name never matches an address entry (as in curl);
- optionally ``:port`` after a domain, an IPv4 address or a bracketed IPv6 address: that port
  only; and optionally ``scheme://`` before it: that scheme only (as httpx read them).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.request import getproxies_environment

import httpx

from dsh.providers.fetch_http._guard import IPAddress, IPNetwork, parse_host
from dsh.providers.fetch_http._url import DEFAULT_PORTS

_SCHEMES = ("http", "https", "all")


@dataclass(frozen=True)
class _Bypass:
    """One ``NO_PROXY`` entry: a domain suffix or an address range, maybe a scheme and port."""

    domain: str | None = None
    network: IPNetwork | None = None
    scheme: str | None = None
    port: int | None = None

    def matches(self, scheme: str, host: str | IPAddress, port: int) -> bool:
        if self.scheme is not None and self.scheme != scheme:
            return False
        if self.port is not None and self.port != port:
            return False
        if isinstance(host, str):
            return self.domain is not None and (
                host == self.domain or host.endswith("." + self.domain)
            )
        network = self.network
        if network is None or network.version != host.version:
            return False
        return type(host)(int(host)) in network  # without an IPv6 zone


@dataclass(frozen=True)
class ProxyRoutes:
    """Proxy URLs by scheme (``"http"``, ``"https"``, ``"all"``) and the ``NO_PROXY`` entries.

    No proxies at all (``not routes``) means every request connects directly.
    """

    proxies: Mapping[str, str] = field(default_factory=dict)
    bypass: tuple[_Bypass, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.proxies)

    def proxy_for(self, url: httpx.URL) -> str | None:
        """The proxy URL for ``url``, or ``None`` to connect directly."""
        proxy = self.proxies.get(url.scheme) or self.proxies.get("all")
        if proxy is None or not self.bypass:
            return proxy
        try:
            host = parse_host(url.host)
        except ValueError:
            return proxy  # an invalid host is refused later, with its own error
        port = url.port or DEFAULT_PORTS.get(url.scheme, 0)
        if any(entry.matches(url.scheme, host, port) for entry in self.bypass):
            return None
        return proxy


def proxy_routes(proxy: str | None) -> ProxyRoutes:
    """The ``proxy`` key for everything, else the proxy variables of the environment."""
    if proxy:
        return ProxyRoutes({"all": proxy})
    info = getproxies_environment()
    proxies: dict[str, str] = {}
    for scheme in _SCHEMES:
        value = info.get(scheme)
        if value:
            proxies[scheme] = value if "://" in value else f"http://{value}"
    if not proxies:
        return ProxyRoutes()
    bypass: list[_Bypass] = []
    for entry in (part.strip() for part in info.get("no", "").split(",")):
        if entry == "*":
            return ProxyRoutes()
        parsed = _parse_entry(entry)
        if parsed is not None:
            bypass.append(parsed)
    return ProxyRoutes(proxies, tuple(bypass))


def _parse_entry(entry: str) -> _Bypass | None:
    """One ``NO_PROXY`` entry, or ``None`` for one that can match nothing (curl ignores those)."""
    scheme: str | None = None
    if "://" in entry:
        scheme, _, entry = entry.partition("://")
        scheme = scheme.lower()
        if scheme not in _SCHEMES:
            return None
        if scheme == "all":
            scheme = None
        entry = entry.rstrip("/")
    if not entry:
        return None
    network = _network(entry)
    if network is not None:
        return _Bypass(network=network, scheme=scheme)
    host, port = _split_port(entry)
    if port is not None:
        network = _network(host)
        if network is not None:
            return _Bypass(network=network, scheme=scheme, port=port)
    domain = host.lower().removeprefix("*").lstrip(".").rstrip(".")
    if not domain or "*" in domain or "/" in domain:
        return None
    return _Bypass(domain=domain, scheme=scheme, port=port)


def _network(text: str) -> IPNetwork | None:
    """``10.1.2.3``, ``10.0.0.0/8``, ``::1``, ``[::1]``, ``fd00::/8`` or ``[fd00::]/8``."""
    address, slash, prefix = text.partition("/")
    if address.startswith("[") and address.endswith("]"):
        address = address[1:-1]
    try:
        # strict=False: "10.1.2.3/8" means the /8 around it, as curl reads it.
        return ipaddress.ip_network(address + slash + prefix, strict=False)
    except ValueError:
        return None


def _split_port(text: str) -> tuple[str, int | None]:
    """``host:port`` (an IPv6 address only in brackets) into host and port."""
    head, colon, tail = text.rpartition(":")
    if not colon or not tail.isdigit() or (":" in head and not head.endswith("]")):
        return text, None
    return head, int(tail)
