"""The private-network guard: which hosts and addresses ``web_fetch`` may reach.

Threat model
============

``web_fetch`` fetches URLs chosen by a language model, and the model's choices can be steered by
anything it has read (a web page, a search snippet, a document a user pasted). So every URL is
attacker-controlled. The fetcher runs on the operator's machine, inside the operator's network:
a laptop, a CI runner, a cloud VM. Without a guard an attacker can make it read what only that
network can see (server-side request forgery, SSRF):

- cloud instance metadata (169.254.169.254, fd00:ec2::254, fd20:ce::254, fe80::a9fe:a9fe,
  100.100.100.200, 168.63.129.16, 192.0.0.192, 169.254.42.42, fd00:42::42 …),
  which hands out credentials;
- services on loopback (admin panels, databases with HTTP interfaces, dev servers, the harness's
  own endpoints) and on the private LAN (RFC 1918, CGNAT, IPv6 unique-local, link-local);
- and the result is shown to the model, so it can be exfiltrated by the next tool call.

What an attacker controls, and how each is answered:

1. **The URL's host spelling.** IP literals in every form a URL parser or ``inet_aton`` accepts
   (``2130706433``, ``0177.0.0.1``, ``0x7f.1``, ``127.1``, ``[::ffff:7f00:1]``,
   ``[fe80::1%25eth0]``, percent-encoded digits) are normalised by :func:`parse_host` before they
   are classified, and the connection goes to the normalised address.
2. **DNS answers** for a name the attacker owns: they can point it anywhere, return several
   addresses (one public, one private) or change the answer between two lookups (DNS rebinding).
   The host is resolved once per connection, *every* answer must pass, and the socket connects to
   one of exactly the addresses that were checked — there is no second lookup to race
   (:mod:`._network` does the connecting; TLS SNI, certificate checks and the Host header keep
   using the original name).
3. **Redirects**: each hop is a new request through the same guarded transport, so it is checked
   like the first.
4. **IPv6 forms that embed IPv4** (IPv4-mapped, IPv4-compatible, SIIT, 6to4, NAT64, Teredo):
   unwrapped and judged by the embedded address.

Out of scope: a public server that itself proxies into a private network (that is its own SSRF);
non-HTTP schemes (refused before this module); resource exhaustion (the fetcher's caps).

**Through an HTTP/SOCKS proxy** the proxy resolves the name, so only the static part can be
checked here (:func:`check_literal_host`: IP literals and well-known local names). The proxy must
then enforce the rest: resolve the target itself, refuse every non-public address listed in
:func:`blocked_reason` (after unwrapping embedded IPv4), connect to the address it checked, and
refuse ``CONNECT`` to such addresses too.

Allowing: ``allow_private_network: true`` turns the guard off for everything except cloud
metadata endpoints; ``allowed_hosts`` lists trusted host names (``intranet.example``,
``*.corp.example``), IP literals and CIDRs (``10.0.0.0/8``). A listed host name is trusted with
whatever it resolves to; a listed address or CIDR allows exactly those addresses, including
metadata endpoints.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import unquote

import httpx

from dsh.web import WEB_BLOCKED_URL, WEB_INVALID_URL, WEB_PROVIDER_ERROR, WebError

__all__ = [
    "METADATA_REASON",
    "IPAddress",
    "IPNetwork",
    "NetworkPolicy",
    "Resolver",
    "SystemResolver",
    "blocked_error",
    "blocked_reason",
    "check_literal_host",
    "local_name_reason",
    "parse_host",
    "resolve_and_check",
]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

METADATA_REASON = "cloud metadata endpoint"

# --------------------------------------------------------------------------------------------
# Address classification
# --------------------------------------------------------------------------------------------

_RFC1918 = "private network (RFC 1918)"
_DOC_V4 = "documentation range (RFC 5737)"

# Ordered: the first match gives the reason, so the specific entries (metadata) come first.
# Sources: IANA IPv4/IPv6 special-purpose address registries, plus cloud metadata addresses.
_V4_RULES: tuple[tuple[ipaddress.IPv4Network, str], ...] = tuple(
    (ipaddress.IPv4Network(net), reason)
    for net, reason in (
        ("169.254.169.254/32", METADATA_REASON),  # AWS, GCP, Azure, OpenStack, DigitalOcean, OCI
        ("169.254.170.2/32", METADATA_REASON),  # AWS ECS task metadata / credentials
        ("169.254.170.23/32", METADATA_REASON),  # AWS EKS Pod Identity agent
        ("100.100.100.200/32", METADATA_REASON),  # Alibaba Cloud
        ("168.63.129.16/32", METADATA_REASON),  # Azure WireServer (a public-looking address)
        ("192.0.0.192/32", METADATA_REASON),  # Oracle Cloud@Customer / Classic
        ("169.254.42.42/32", METADATA_REASON),  # Scaleway (cloud-init's Scaleway datasource)
        ("0.0.0.0/32", "unspecified address"),  # Linux connects 0.0.0.0 to the local host
        ("0.0.0.0/8", '"this network" (0.0.0.0/8)'),
        ("127.0.0.0/8", "loopback"),
        ("10.0.0.0/8", _RFC1918),
        ("172.16.0.0/12", _RFC1918),
        ("192.168.0.0/16", _RFC1918),
        ("100.64.0.0/10", "carrier-grade NAT (RFC 6598)"),
        ("169.254.0.0/16", "link-local"),
        ("192.0.0.0/24", "IETF protocol assignments (192.0.0.0/24)"),
        ("192.0.2.0/24", _DOC_V4),
        ("198.51.100.0/24", _DOC_V4),
        ("203.0.113.0/24", _DOC_V4),
        ("198.18.0.0/15", "benchmarking range (RFC 2544)"),
        ("224.0.0.0/4", "multicast"),
        ("255.255.255.255/32", "broadcast"),
        ("240.0.0.0/4", "reserved (240.0.0.0/4)"),
    )
)

_V6_RULES: tuple[tuple[ipaddress.IPv6Network, str], ...] = tuple(
    (ipaddress.IPv6Network(net), reason)
    for net, reason in (
        ("fd00:ec2::254/128", METADATA_REASON),  # AWS instance metadata over IPv6
        ("fd00:ec2::23/128", METADATA_REASON),  # AWS EKS Pod Identity agent over IPv6
        ("fd20:ce::254/128", METADATA_REASON),  # GCP metadata server over IPv6 (IPv6-only VMs)
        # OpenStack Nova metadata over IPv6 since Victoria (the link-local twin of
        # 169.254.169.254; nova admin guide "Metadata service").
        ("fe80::a9fe:a9fe/128", METADATA_REASON),
        ("fd00:42::42/128", METADATA_REASON),  # Scaleway over IPv6
        ("::/128", "unspecified address"),
        ("::1/128", "loopback"),
        ("100::/64", "discard-only range (RFC 6666)"),
        ("64:ff9b:1::/48", "local-use NAT64 (RFC 8215)"),
        ("2001:db8::/32", "documentation range (RFC 3849)"),
        ("3fff::/20", "documentation range (RFC 9637)"),
        ("2001::/32", "Teredo tunnelling address"),
        ("2001::/23", "IETF protocol assignments (2001::/23)"),
        ("2002::/16", "6to4 address (deprecated, RFC 7526)"),
        ("fc00::/7", "unique local address (IPv6 private network)"),
        ("fe80::/10", "link-local"),
        ("fec0::/10", "site-local (deprecated)"),
        ("ff00::/8", "multicast"),
    )
)

_GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")
_MAPPED = ipaddress.IPv6Network("::ffff:0:0/96")
_TRANSLATED = ipaddress.IPv6Network("::ffff:0:0:0/96")
_COMPATIBLE = ipaddress.IPv6Network("::/96")
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_NAT64_LOCAL = ipaddress.IPv6Network("64:ff9b:1::/48")
_SIX_TO_FOUR = ipaddress.IPv6Network("2002::/16")
_TEREDO = ipaddress.IPv6Network("2001::/32")


@dataclass(frozen=True)
class _Verdict:
    reason: str
    metadata: bool


def _classify_v4(ip: ipaddress.IPv4Address) -> _Verdict | None:
    for net, reason in _V4_RULES:
        if ip in net:
            return _Verdict(reason, reason == METADATA_REASON)
    if not ip.is_global:
        # Whatever this Python's ipaddress knows that the table does not (newer registries).
        return _Verdict("not globally routable", False)
    return None


def _low32(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address:
    return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)


def _embedded(ip: ipaddress.IPv6Address) -> list[tuple[str, ipaddress.IPv4Address]]:
    """The IPv4 addresses this IPv6 address carries, each with a label for the form."""
    if ip in _MAPPED:
        return [("IPv4-mapped IPv6", _low32(ip))]
    if ip in _TRANSLATED:
        return [("IPv4-translated IPv6", _low32(ip))]
    if ip in _COMPATIBLE and int(ip) > 1:  # :: and ::1 are themselves, not embeddings
        return [("IPv4-compatible IPv6", _low32(ip))]
    if ip in _NAT64:
        return [("NAT64 IPv6", _low32(ip))]
    if ip in _NAT64_LOCAL:
        return [("local-use NAT64 IPv6", _low32(ip))]
    if ip in _SIX_TO_FOUR:
        assert ip.sixtofour is not None
        return [("6to4 IPv6", ip.sixtofour)]
    if ip in _TEREDO:
        assert ip.teredo is not None
        server, client = ip.teredo
        return [("Teredo IPv6 (server)", server), ("Teredo IPv6 (client)", client)]
    return []


def _classify_v6(ip: ipaddress.IPv6Address) -> _Verdict | None:
    bare = ipaddress.IPv6Address(int(ip))  # drop any zone: it does not change the address class
    carried = _embedded(bare)
    for label, inner in carried:
        verdict = _classify_v4(inner)
        if verdict is not None:
            return _Verdict(f"{label} of {inner} ({verdict.reason})", verdict.metadata)
    if bare in _NAT64:
        return None  # DNS64 answer for a public IPv4 host: the NAT64 gateway reaches that host
    if bare in _MAPPED:
        return _Verdict(f"IPv4-mapped IPv6 of {carried[0][1]} (use the plain IPv4 address)", False)
    if bare in _COMPATIBLE and int(bare) > 1:
        return _Verdict("deprecated IPv4-compatible IPv6 address", False)
    if bare in _TRANSLATED:
        return _Verdict("IPv4-translated IPv6 address (RFC 2765)", False)
    for net, reason in _V6_RULES:
        if bare in net:
            return _Verdict(reason, reason == METADATA_REASON)
    if bare not in _GLOBAL_UNICAST:
        return _Verdict("reserved IPv6 range (outside global unicast 2000::/3)", False)
    if not bare.is_global:
        return _Verdict("not globally routable", False)
    return None


def _classify(ip: IPAddress) -> _Verdict | None:
    if isinstance(ip, ipaddress.IPv4Address):
        return _classify_v4(ip)
    return _classify_v6(ip)


def blocked_reason(ip: IPAddress) -> str | None:
    """``None`` if ``ip`` is a public internet address, else a short reason it is refused.

    IPv6 forms that embed an IPv4 address (mapped, compatible, translated, 6to4, NAT64, Teredo
    server and client) are judged by the embedded address, e.g. ``"IPv4-mapped IPv6 of
    127.0.0.1 (loopback)"``. Anything this Python's :mod:`ipaddress` does not call global is
    refused too, so the table can only add to the standard library's view, never subtract.
    """
    verdict = _classify(ip)
    return None if verdict is None else verdict.reason


def _unmapped(ip: IPAddress) -> IPAddress:
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return ip.ipv4_mapped
        return ipaddress.IPv6Address(int(ip))  # without zone, for network membership
    return ip


# --------------------------------------------------------------------------------------------
# Host parsing
# --------------------------------------------------------------------------------------------

_LABEL = re.compile(r"^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$")
_ZONE = re.compile(r"^[A-Za-z0-9._~-]+$")
_HEX_DIGITS = frozenset("0123456789abcdef")


def _ipv4_number(part: str) -> int | None:
    """One part of a WHATWG / inet_aton IPv4 literal (decimal, 0-octal, 0x-hex), or None."""
    if part[:2] in ("0x", "0X"):
        digits, radix = part[2:], 16
        if digits == "":
            return 0  # WHATWG: "0x" alone is zero
        if not set(digits.lower()) <= _HEX_DIGITS:
            return None
    elif len(part) > 1 and part[0] == "0":
        digits, radix = part[1:], 8
        if not all(c in "01234567" for c in digits):
            return None
    else:
        digits, radix = part, 10
        if not (digits.isascii() and digits.isdigit()):
            return None
    return int(digits, radix)


def _ends_in_number(host: str) -> bool:
    """WHATWG "ends in a number": if so, the host must be an IPv4 literal or nothing."""
    parts = host.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    last = parts[-1]
    if last.isascii() and last.isdigit():
        return True
    return last[:2] in ("0x", "0X") and _ipv4_number(last) is not None


def _parse_ipv4(host: str) -> ipaddress.IPv4Address:
    parts = host.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    if len(parts) > 4 or any(p == "" for p in parts):
        raise ValueError(f"invalid IPv4 address {host!r}")
    numbers = [_ipv4_number(p) for p in parts]
    if any(n is None for n in numbers):
        raise ValueError(f"invalid IPv4 address {host!r}")
    values = [n for n in numbers if n is not None]
    *head, last = values
    if any(n > 255 for n in head) or last >= 256 ** (5 - len(values)):
        raise ValueError(f"invalid IPv4 address {host!r} (a part is out of range)")
    result = last
    for index, n in enumerate(head):
        result += n << (8 * (3 - index))
    return ipaddress.IPv4Address(result)


def _parse_ipv6(text: str) -> ipaddress.IPv6Address:
    if "%" in text:
        address, zone = text.split("%", 1)
        # RFC 6874 writes the zone separator as "%25" inside a URL.
        if zone.startswith("25") and len(zone) > 2:
            zone = zone[2:]
        zone = unquote(zone)
        if not _ZONE.match(zone):
            raise ValueError(f"invalid IPv6 zone in {text!r}")
        text = f"{address}%{zone}"
    try:
        return ipaddress.IPv6Address(text)
    except ValueError:
        raise ValueError(f"invalid IPv6 address {text!r}") from None


def parse_host(host: str) -> str | IPAddress:
    """Normalise a URL host: an IP literal in any spelling → the address; a name → ASCII form.

    IPv4 literals follow the WHATWG URL parser and ``inet_aton`` (what the system resolver would
    do with the same string): decimal ``2130706433``, octal ``0177.0.0.1``, hex ``0x7f.1``, short
    ``127.1``, mixed, trailing dot, percent-encoded digits. IPv6 literals may be bracketed and
    carry a zone (``[fe80::1%25eth0]``); the zone is kept on the address. Names come back
    lower-case, IDNA-encoded (as httpx encodes them) and without a trailing dot. Raises
    :class:`ValueError` for anything else.
    """
    if not host:
        raise ValueError("empty host")
    if host.startswith("["):
        if not host.endswith("]"):
            raise ValueError(f"invalid IPv6 literal {host!r}")
        return _parse_ipv6(host[1:-1])
    if ":" in host:
        return _parse_ipv6(host)  # httpx hands the backend IPv6 hosts without brackets
    name = host
    if "%" in name:
        try:
            name = unquote(name, errors="strict")
        except UnicodeDecodeError:
            raise ValueError(f"invalid percent-encoding in host {host!r}") from None
        if ":" in name or "[" in name or "%" in name:
            raise ValueError(f"invalid host {host!r}")
    if not name.isascii():
        try:
            name = httpx.URL(scheme="http", host=name.lower()).raw_host.decode("ascii")
        except (httpx.InvalidURL, UnicodeError, ValueError):
            raise ValueError(f"invalid internationalised host name {host!r}") from None
    name = name.lower()
    if _ends_in_number(name):
        return _parse_ipv4(name)
    if name.endswith("."):
        name = name[:-1]
    labels = name.split(".")
    if not name or len(name) > 253 or not all(_LABEL.match(label) for label in labels):
        raise ValueError(f"invalid host name {host!r}")
    return name


# --------------------------------------------------------------------------------------------
# Policy
# --------------------------------------------------------------------------------------------


_ALLOWED_HINT = (
    'use a host name ("intranet.example"), a wildcard ("*.corp.example"), an IP address '
    '("10.1.2.3") or a CIDR ("10.0.0.0/8", "fd00::/8"), without scheme, port or path'
)


def _parse_cidr(entry: str, text: str) -> IPNetwork:
    try:
        return ipaddress.ip_network(text, strict=True)
    except ValueError as exc:
        try:
            loose = ipaddress.ip_network(text, strict=False)
        except ValueError:
            raise ValueError(
                f"allowed_hosts entry {entry!r} is not a valid CIDR ({exc}); {_ALLOWED_HINT}"
            ) from None
        raise ValueError(
            f"allowed_hosts entry {entry!r} has host bits set; did you mean {str(loose)!r}?"
        ) from None


def _parse_allowed(entry: str) -> tuple[str, str | IPNetwork]:
    """("network", net) | ("name", name) | ("suffix", ".corp.example") for one entry."""
    text = entry.strip()
    if not text:
        raise ValueError(f"allowed_hosts entry {entry!r} is empty; {_ALLOWED_HINT}")
    if "://" in text or text.count("/") > 1:
        raise ValueError(f"allowed_hosts entry {entry!r} is not a host; {_ALLOWED_HINT}")
    if "/" in text:
        return "network", _parse_cidr(entry, text)
    if text.startswith("*"):
        if text == "*" or not text.startswith("*."):
            raise ValueError(
                f"allowed_hosts entry {entry!r}: only a leading '*.' wildcard is supported "
                "(to allow every private address, set allow_private_network: true)"
            )
        try:
            parsed = parse_host(text[2:])
        except ValueError:
            raise ValueError(
                f"allowed_hosts entry {entry!r} is not valid; {_ALLOWED_HINT}"
            ) from None
        if not isinstance(parsed, str):
            raise ValueError(f"allowed_hosts entry {entry!r}: a wildcard needs a host name")
        return "suffix", "." + parsed
    if not text.startswith("[") and text.count(":") == 1:
        raise ValueError(f"allowed_hosts entry {entry!r} has a port; {_ALLOWED_HINT}")
    try:
        parsed = parse_host(text)
    except ValueError:
        raise ValueError(f"allowed_hosts entry {entry!r} is not valid; {_ALLOWED_HINT}") from None
    if isinstance(parsed, str):
        return "name", parsed
    return "network", ipaddress.ip_network(_unmapped(parsed))


@dataclass(frozen=True)
class NetworkPolicy:
    """What the guard lets through besides public internet addresses.

    ``allowed_hosts`` entries: exact host names (``"intranet.example"``), leading wildcards
    (``"*.corp.example"`` — any subdomain, not the apex), IP literals and CIDRs
    (``"10.0.0.0/8"``, ``"::1/128"``). Invalid entries raise :class:`ValueError`.
    """

    allow_private_network: bool = False
    allowed_hosts: tuple[str, ...] = ()
    _names: frozenset[str] = field(init=False, repr=False, compare=False)
    _suffixes: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _networks: tuple[IPNetwork, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.allowed_hosts, str):
            raise ValueError("allowed_hosts must be a list of strings, not a single string")
        names: set[str] = set()
        suffixes: list[str] = []
        networks: list[IPNetwork] = []
        for entry in self.allowed_hosts:
            if not isinstance(entry, str):
                raise ValueError(f"allowed_hosts entries must be strings, got {entry!r}")
            kind, value = _parse_allowed(entry)
            if kind == "name":
                assert isinstance(value, str)
                names.add(value)
            elif kind == "suffix":
                assert isinstance(value, str)
                suffixes.append(value)
            else:
                assert not isinstance(value, str)
                networks.append(value)
        object.__setattr__(self, "_names", frozenset(names))
        object.__setattr__(self, "_suffixes", tuple(suffixes))
        object.__setattr__(self, "_networks", tuple(networks))

    @classmethod
    def from_config(
        cls, allow_private_network: bool, allowed_hosts: Sequence[str]
    ) -> NetworkPolicy:
        """Build from the plugin config; a malformed entry raises :class:`ValueError` naming it."""
        if isinstance(allowed_hosts, str):
            raise ValueError(
                f"allowed_hosts must be a list of strings, not the single string {allowed_hosts!r}"
            )
        return cls(bool(allow_private_network), tuple(allowed_hosts))

    def allows_host(self, host: str) -> bool:
        """Whether ``host`` (a URL host, any spelling) is listed by name, wildcard or address."""
        try:
            parsed = parse_host(host)
        except ValueError:
            return False
        if not isinstance(parsed, str):
            return self.allows_address(parsed)
        return parsed in self._names or any(parsed.endswith(s) for s in self._suffixes)

    def allows_address(self, ip: IPAddress) -> bool:
        """Whether ``ip`` (or the IPv4 address it maps) is inside a listed address or CIDR."""
        bare = _unmapped(ip)
        return any(bare in net for net in self._networks if net.version == bare.version)

    def permits(self, ip: IPAddress) -> bool:
        """Whether a connection to ``ip`` is allowed (public, or allowed by this policy)."""
        verdict = _classify(ip)
        if verdict is None or self.allows_address(ip):
            return True
        return self.allow_private_network and not verdict.metadata


# --------------------------------------------------------------------------------------------
# Errors and static checks
# --------------------------------------------------------------------------------------------


def blocked_error(host: str, ip: IPAddress | None, reason: str) -> WebError:
    """``WEB_BLOCKED_URL`` naming the host, the address, the reason and the keys that allow it."""
    shown_ip = None if ip is None else str(ip)
    if shown_ip is None:
        what = f"the host {host} is not a public internet host ({reason})"
    elif host.strip("[]").lower() == shown_ip.lower():
        what = f"{shown_ip} is not a public internet address ({reason})"
    elif _is_literal(host):
        what = f"{host} is the IP address {shown_ip}, not a public internet address ({reason})"
    else:
        what = f"the host {host} resolves to {shown_ip}, not a public internet address ({reason})"
    cidr = None if ip is None else f"{_unmapped(ip)}/{_unmapped(ip).max_prefixlen}"
    listed = f'"{host}"' if cidr is None else f'"{host}" or a CIDR such as "{cidr}"'
    if METADATA_REASON in reason:
        how = (
            f"To allow it, an operator must add {listed} to allowed_hosts in the web-fetch-http "
            "config (allow_private_network: true does not cover cloud metadata endpoints)."
        )
    else:
        how = (
            "To allow it, an operator can set allow_private_network: true in the web-fetch-http "
            f"config, or add {listed} to allowed_hosts."
        )
    message = (
        f"Blocked URL: {what}. web_fetch only reaches public internet hosts, so this URL "
        f"cannot be fetched; do not retry it. {how}"
    )
    return WebError(
        WEB_BLOCKED_URL,
        message,
        details={"host": host, "address": shown_ip, "reason": reason},
    )


def _is_literal(host: str) -> bool:
    try:
        return not isinstance(parse_host(host), str)
    except ValueError:
        return False


def _invalid_host(host: str, exc: ValueError) -> WebError:
    return WebError(
        WEB_INVALID_URL,
        f"Invalid URL host {host!r}: {exc}. Use a host name or a standard IP address.",
        details={"host": host},
    )


# Names that mean "this machine" or "this network" whatever DNS says, so they can be refused
# without a lookup — the only protection available when a proxy does the resolving.
_LOCAL_NAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "localhost": ("loopback", ("127.0.0.1", "::1")),
    "localhost.localdomain": ("loopback", ("127.0.0.1", "::1")),
    "ip6-localhost": ("loopback", ("::1",)),
    "ip6-loopback": ("loopback", ("::1",)),
    "metadata.google.internal": (METADATA_REASON, ("169.254.169.254",)),
    "metadata.goog": (METADATA_REASON, ("169.254.169.254",)),
    "metadata": (METADATA_REASON, ("169.254.169.254",)),
    "instance-data": (METADATA_REASON, ("169.254.169.254",)),
    "instance-data.ec2.internal": (METADATA_REASON, ("169.254.169.254",)),
}
_LOCAL_SUFFIXES: dict[str, tuple[str, tuple[str, ...]]] = {
    ".localhost": ("loopback", ("127.0.0.1", "::1")),  # RFC 6761
    ".local": ("multicast DNS domain .local", ()),  # RFC 6762
    ".internal": ("private-use domain .internal", ()),  # ICANN, 2024
    ".home.arpa": ("home network domain .home.arpa", ()),  # RFC 8375
    ".localdomain": ("local domain .localdomain", ()),
    ".lan": ("local network domain .lan", ()),
    ".intranet": ("intranet domain .intranet", ()),
    ".corp": ("private-use domain .corp", ()),
    ".home": ("private-use domain .home", ()),
    ".private": ("private-use domain .private", ()),
}


def local_name_reason(name: str) -> tuple[str, tuple[IPAddress, ...]] | None:
    """For a normalised host name known to be local: (reason, the addresses it stands for).

    Single-label names (``intranet``) count as local: resolvers complete them with the local
    search domain.
    """
    found = _LOCAL_NAMES.get(name)
    if found is None:
        found = next(
            (value for suffix, value in _LOCAL_SUFFIXES.items() if ("." + name).endswith(suffix)),
            None,
        )
    if found is None and "." not in name:
        found = ("single-label name, completed by the local resolver", ())
    if found is None:
        return None
    reason, addresses = found
    return reason, tuple(ipaddress.ip_address(a) for a in addresses)


def _parsed_and_checked(host: str, policy: NetworkPolicy) -> str | IPAddress:
    """The normalised host; an IP literal is refused here unless the policy permits it."""
    try:
        parsed = parse_host(host)
    except ValueError as exc:
        raise _invalid_host(host, exc) from None
    if not isinstance(parsed, str) and not policy.permits(parsed):
        reason = blocked_reason(parsed)
        assert reason is not None
        raise blocked_error(host, parsed, reason)
    return parsed


def check_literal_host(host: str, policy: NetworkPolicy) -> None:
    """Refuse, without any lookup, a host that is visibly non-public.

    IP literals in any spelling are classified; well-known local names (``localhost``,
    ``*.localhost``, ``metadata.google.internal``, ``*.internal``, ``*.local``, single-label
    names, …) are refused unless listed in ``allowed_hosts`` (or, for names that stand for fixed
    addresses such as ``localhost``, unless those addresses are allowed). This is the whole check
    through a proxy; without a proxy :func:`resolve_and_check` is authoritative.

    Raises ``WEB_BLOCKED_URL`` (:func:`blocked_error`), or ``WEB_INVALID_URL`` for a host that is
    neither a valid name nor an IP literal.
    """
    parsed = _parsed_and_checked(host, policy)
    if not isinstance(parsed, str):
        return
    if policy.allows_host(parsed):
        return
    local = local_name_reason(parsed)
    if local is None:
        return
    reason, addresses = local
    if addresses and all(policy.permits(ip) for ip in addresses):
        return
    if not addresses and policy.allow_private_network:
        return
    raise blocked_error(host, None, reason)


# --------------------------------------------------------------------------------------------
# Resolution
# --------------------------------------------------------------------------------------------


class Resolver(Protocol):
    """Turns a host name into addresses. Injected in tests; :class:`SystemResolver` otherwise."""

    async def resolve(self, host: str, port: int) -> Sequence[IPAddress]: ...


def _dedupe(addresses: Iterable[IPAddress]) -> list[IPAddress]:
    seen: set[str] = set()
    result: list[IPAddress] = []
    for ip in addresses:
        key = str(ip)
        if key not in seen:
            seen.add(key)
            result.append(ip)
    return result


class SystemResolver:
    """The operating system's resolver (``getaddrinfo`` on the running loop), order kept."""

    async def resolve(self, host: str, port: int) -> Sequence[IPAddress]:
        loop = asyncio.get_running_loop()
        try:
            infos = await loop.getaddrinfo(
                host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP
            )
        except (OSError, UnicodeError) as exc:
            detail = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            advice = _resolution_advice(exc)
            raise WebError(
                WEB_PROVIDER_ERROR,
                f"Could not resolve host {host}: {detail}." + (f" {advice}" if advice else ""),
                details={"host": host},
            ) from exc
        addresses: list[IPAddress] = []
        for family, _type, _proto, _canon, sockaddr in infos:
            if family not in (socket.AF_INET, socket.AF_INET6):
                continue
            addresses.append(ipaddress.ip_address(str(sockaddr[0])))
        return _dedupe(addresses)


# What getaddrinfo's error says about the name. Only "no such name" (EAI_NONAME; glibc's
# EAI_NODATA, a name without addresses) points at the URL; EAI_AGAIN is a lookup that got no
# answer — what an offline machine gets for every name — so blaming the name would send the
# model after a typo that is not there. Other codes (EAI_FAIL: the server refused) get no advice.
_NO_SUCH_NAME = frozenset(
    code for code in (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", None)) if code is not None
)
_NAME_ADVICE = "Check the host name in the URL."
_NO_ANSWER_ADVICE = (
    "The lookup got no answer (no network connection, or the name servers did not respond), "
    "which does not mean the host name is wrong; try again later."
)


def _resolution_advice(error: OSError | UnicodeError) -> str | None:
    if isinstance(error, UnicodeError):  # the name cannot be encoded: it is the name's fault
        return _NAME_ADVICE
    if isinstance(error, socket.gaierror):
        if error.errno in _NO_SUCH_NAME:
            return _NAME_ADVICE
        if error.errno == socket.EAI_AGAIN:
            return _NO_ANSWER_ADVICE
    return None


async def resolve_and_check(
    host: str, port: int, policy: NetworkPolicy, resolver: Resolver
) -> list[IPAddress]:
    """Resolve ``host`` once and return the addresses it is safe to connect to.

    An IP literal (any spelling) is checked as is. A name listed in ``allowed_hosts`` is trusted
    with all its addresses; otherwise it is refused if *any* address is non-public and not
    allowed by the policy — an attacker's DNS may answer with a public and a private address and
    let the client pick. Connect only to the returned addresses, never to a fresh lookup.
    """
    parsed = _parsed_and_checked(host, policy)
    if not isinstance(parsed, str):
        return [parsed]
    addresses = _dedupe(await resolver.resolve(parsed, port))
    if not addresses:
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"Could not resolve host {host}: no addresses. Check the host name in the URL.",
            details={"host": host},
        )
    if policy.allows_host(parsed):
        return addresses
    for ip in addresses:
        if not policy.permits(ip):
            reason = blocked_reason(ip)
            assert reason is not None
            raise blocked_error(host, ip, reason)
    return addresses
