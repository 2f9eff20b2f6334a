"""Host parsing: IP literals in every spelling, host names, and the static literal check."""

from __future__ import annotations

import ipaddress
import socket

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsh.providers.fetch_http._guard import NetworkPolicy, check_literal_host, parse_host
from dsh.web import WEB_BLOCKED_URL, WEB_INVALID_URL, WebError

LOOPBACK = ipaddress.IPv4Address("127.0.0.1")


@pytest.mark.parametrize(
    ("spelling", "address"),
    [
        ("127.0.0.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"),  # decimal
        ("0x7f000001", "127.0.0.1"),  # hex
        ("0X7F000001", "127.0.0.1"),
        ("017700000001", "127.0.0.1"),  # octal
        ("0177.0.0.1", "127.0.0.1"),
        ("0x7f.0.0.1", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),  # short + hex
        ("127.1", "127.0.0.1"),  # short
        ("127.0.1", "127.0.0.1"),
        ("0x7f.0.0x0.01", "127.0.0.1"),  # mixed
        ("0177.0x0.1", "127.0.0.1"),
        ("127.0.0.1.", "127.0.0.1"),  # trailing dot
        ("127.0.0.%31", "127.0.0.1"),  # percent-encoded digit
        ("127。0。0。1", "127.0.0.1"),  # ideographic full stops, as IDNA maps them
        ("0", "0.0.0.0"),
        ("0x", "0.0.0.0"),
        ("10.1", "10.0.0.1"),
        ("0xa9.0xfe.0xa9.0xfe", "169.254.169.254"),
        ("2852039166", "169.254.169.254"),
        ("[::1]", "::1"),
        ("::1", "::1"),
        ("[0:0:0:0:0:0:0:1]", "::1"),
        ("[::ffff:127.0.0.1]", "::ffff:7f00:1"),
        ("[::ffff:7f00:1]", "::ffff:7f00:1"),
        ("[fe80::1%25eth0]", "fe80::1%eth0"),  # RFC 6874 zone
        ("fe80::1%25eth0", "fe80::1%eth0"),  # as httpx hands it over
        ("[fe80::1%eth0]", "fe80::1%eth0"),
        ("[FD00:EC2::254]", "fd00:ec2::254"),
    ],
)
def test_ip_literals_in_every_spelling(spelling: str, address: str) -> None:
    assert parse_host(spelling) == ipaddress.ip_address(address)


@pytest.mark.parametrize(
    ("host", "name"),
    [
        ("Example.COM", "example.com"),
        ("example.com.", "example.com"),
        ("bücher.de", "xn--bcher-kva.de"),
        ("BÜCHER.de", "xn--bcher-kva.de"),
        ("xn--bcher-kva.de", "xn--bcher-kva.de"),
        ("under_score.example", "under_score.example"),
        ("localhost", "localhost"),
        ("1.2.3.example", "1.2.3.example"),
        ("foo.0x1g", "foo.0x1g"),  # not a number: a name
        ("%65xample.com", "example.com"),
    ],
)
def test_host_names_are_normalised(host: str, name: str) -> None:
    assert parse_host(host) == name


@pytest.mark.parametrize(
    "host",
    [
        "",
        "1.2.3.4.5",  # ends in a number, so must be IPv4, and is not
        "256.0.0.1",
        "4294967296",
        "127.0.0.256",
        "0x100.1",
        "08.0.0.1",  # 0-prefixed means octal
        "1..1",
        "example..com",
        "a b.example",
        "-bad.example",
        "[::1",
        "[::g]",
        "[fe80::1%]",
        "[fe80::1%25a/b]",
        "127.0.0.%3a1",
        "exa%ff.com",
        "x" * 64 + ".example",
    ],
)
def test_invalid_hosts_raise_value_error(host: str) -> None:
    with pytest.raises(ValueError, match=r"."):
        parse_host(host)


def spell(value: int, data: st.DataObject) -> str:
    """A random inet_aton / WHATWG spelling of the 32-bit ``value``."""
    count = data.draw(st.integers(1, 4))
    parts = [(value >> (8 * (3 - i))) & 0xFF for i in range(count - 1)]
    parts.append(value & ((1 << (8 * (5 - count))) - 1))
    rendered = []
    for part in parts:
        style = data.draw(st.sampled_from(["dec", "oct", "hex", "HEX"]))
        if style == "dec":
            rendered.append(str(part))
        elif style == "oct":
            rendered.append("0" + format(part, "o"))
        elif style == "hex":
            rendered.append("0x" + format(part, "x"))
        else:
            rendered.append("0X" + format(part, "X"))
    return ".".join(rendered)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.data())
def test_any_numeric_spelling_parses_like_the_c_library(value: int, data: st.DataObject) -> None:
    spelling = spell(value, data)
    expected = ipaddress.IPv4Address(value)
    assert parse_host(spelling) == expected
    # What the system resolver would connect to for the same string (glibc inet_aton).
    assert socket.inet_aton(spelling) == expected.packed


@settings(max_examples=200, deadline=None)
@given(st.ip_addresses(v=6))
def test_any_ipv6_literal_parses_bracketed_or_bare(ip: ipaddress.IPv6Address) -> None:
    assert parse_host(f"[{ip}]") == ip
    assert parse_host(ip.exploded.upper()) == ip


# --- check_literal_host --------------------------------------------------------------------

BLOCKED_SPELLINGS = [
    "127.0.0.1",
    "2130706433",
    "0177.0.0.1",
    "0x7f.1",
    "127.1",
    "0x7f.0.0x0.01",
    "[::1]",
    "::1",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[fe80::1%25eth0]",
    "0",
    "10.1",
    "169.254.169.254",
    "0xa9fea9fe",
]


@pytest.mark.parametrize("host", BLOCKED_SPELLINGS)
def test_literal_spellings_are_blocked_by_default(host: str) -> None:
    with pytest.raises(WebError) as caught:
        check_literal_host(host, NetworkPolicy())
    assert caught.value.code == WEB_BLOCKED_URL
    assert host in caught.value.message
    assert caught.value.details["address"] is not None


def test_literal_allowed_by_cidr_in_any_spelling() -> None:
    policy = NetworkPolicy(allowed_hosts=("127.0.0.0/8",))
    for host in ["127.0.0.1", "2130706433", "0x7f.1", "127.1", "[::ffff:127.0.0.1]"]:
        check_literal_host(host, policy)
    with pytest.raises(WebError) as caught:
        check_literal_host("[::1]", policy)  # IPv6 loopback is not in 127.0.0.0/8
    assert caught.value.code == WEB_BLOCKED_URL
    assert caught.value.details == {"host": "[::1]", "address": "::1", "reason": "loopback"}


def test_public_literals_and_names_pass() -> None:
    for host in ["8.8.8.8", "134744072", "[2606:4700:4700::1111]", "example.com", "bücher.de"]:
        check_literal_host(host, NetworkPolicy())


@pytest.mark.parametrize(
    ("host", "reason"),
    [
        ("localhost", "loopback"),
        ("LOCALHOST.", "loopback"),
        ("app.localhost", "loopback"),
        ("metadata.google.internal", "cloud metadata endpoint"),
        ("metadata", "cloud metadata endpoint"),
        ("service.internal", "private-use domain .internal"),
        ("printer.local", "multicast DNS domain .local"),
        ("nas.home.arpa", "home network domain .home.arpa"),
        ("wiki", "single-label name, completed by the local resolver"),
    ],
)
def test_well_known_local_names_are_blocked_statically(host: str, reason: str) -> None:
    with pytest.raises(WebError) as caught:
        check_literal_host(host, NetworkPolicy())
    assert caught.value.code == WEB_BLOCKED_URL
    assert caught.value.details == {"host": host, "address": None, "reason": reason}


def test_local_names_follow_the_policy() -> None:
    check_literal_host("wiki", NetworkPolicy(allowed_hosts=("wiki",)))
    check_literal_host("wiki.corp.internal", NetworkPolicy(allowed_hosts=("*.corp.internal",)))
    check_literal_host("printer.local", NetworkPolicy(allow_private_network=True))
    # localhost stands for fixed addresses: allowing those allows the name.
    check_literal_host("localhost", NetworkPolicy(allowed_hosts=("127.0.0.1", "::1")))
    check_literal_host("localhost", NetworkPolicy(allow_private_network=True))
    with pytest.raises(WebError) as caught:
        check_literal_host("localhost", NetworkPolicy(allowed_hosts=("127.0.0.1",)))
    assert caught.value.code == WEB_BLOCKED_URL
    assert caught.value.details == {"host": "localhost", "address": None, "reason": "loopback"}
    # Metadata needs an explicit entry, not just allow_private_network.
    with pytest.raises(WebError) as caught:
        check_literal_host("metadata.google.internal", NetworkPolicy(allow_private_network=True))
    assert "allow_private_network: true does not cover" in caught.value.message
    # The same for metadata IP literals, which a proxy would otherwise reach for us.
    for literal in ("169.254.169.254", "169.254.42.42", "[fd00:42::42]"):
        with pytest.raises(WebError) as caught:
            check_literal_host(literal, NetworkPolicy(allow_private_network=True))
        assert "allow_private_network: true does not cover" in caught.value.message
    check_literal_host(
        "metadata.google.internal", NetworkPolicy(allowed_hosts=("169.254.169.254",))
    )


def test_invalid_host_is_an_invalid_url() -> None:
    with pytest.raises(WebError) as caught:
        check_literal_host("1.2.3.4.5", NetworkPolicy())
    assert caught.value.code == WEB_INVALID_URL
    assert "1.2.3.4.5" in caught.value.message
