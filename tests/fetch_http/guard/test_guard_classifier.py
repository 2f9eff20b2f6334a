"""The address classifier: every blocked range, metadata endpoints, embedded IPv4, and
property tests against a model built from the standard library's ``ipaddress``."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsh.providers.fetch_http._guard import IPAddress, blocked_reason

V4 = ipaddress.IPv4Address
V6 = ipaddress.IPv6Address


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("127.0.0.1", "loopback"),
        ("127.255.255.254", "loopback"),
        ("10.0.0.1", "private network (RFC 1918)"),
        ("172.16.0.1", "private network (RFC 1918)"),
        ("172.31.255.255", "private network (RFC 1918)"),
        ("192.168.1.1", "private network (RFC 1918)"),
        ("169.254.1.1", "link-local"),
        ("100.64.0.1", "carrier-grade NAT (RFC 6598)"),
        ("100.127.255.254", "carrier-grade NAT (RFC 6598)"),
        ("224.0.0.1", "multicast"),
        ("239.255.255.250", "multicast"),
        ("240.0.0.1", "reserved (240.0.0.0/4)"),
        ("255.255.255.255", "broadcast"),
        ("0.0.0.0", "unspecified address"),
        ("0.1.2.3", '"this network" (0.0.0.0/8)'),
        ("198.18.0.1", "benchmarking range (RFC 2544)"),
        ("198.19.255.255", "benchmarking range (RFC 2544)"),
        ("192.0.2.1", "documentation range (RFC 5737)"),
        ("198.51.100.7", "documentation range (RFC 5737)"),
        ("203.0.113.9", "documentation range (RFC 5737)"),
        ("192.0.0.8", "IETF protocol assignments (192.0.0.0/24)"),
        ("::1", "loopback"),
        ("::", "unspecified address"),
        ("fe80::1", "link-local"),
        ("fc00::1", "unique local address (IPv6 private network)"),
        ("fd12:3456::1", "unique local address (IPv6 private network)"),
        ("fec0::1", "site-local (deprecated)"),
        ("ff02::1", "multicast"),
        ("ff0e::1", "multicast"),
        ("2001:db8::1", "documentation range (RFC 3849)"),
        ("3fff::1", "documentation range (RFC 9637)"),
        ("100::1", "discard-only range (RFC 6666)"),
        ("2001:10::1", "IETF protocol assignments (2001::/23)"),
        ("64:ff9b:1::808:808", "local-use NAT64 (RFC 8215)"),
        ("4000::1", "reserved IPv6 range (outside global unicast 2000::/3)"),
    ],
)
def test_each_blocked_range_has_its_reason(address: str, reason: str) -> None:
    assert blocked_reason(ipaddress.ip_address(address)) == reason


@pytest.mark.parametrize(
    "address",
    [
        "169.254.169.254",  # AWS, GCP, Azure, OpenStack
        "169.254.170.2",  # AWS ECS
        "100.100.100.200",  # Alibaba
        "168.63.129.16",  # Azure WireServer: looks public, is not
        "fd00:ec2::254",  # AWS over IPv6
        "fd20:ce::254",  # GCP over IPv6
        "fe80::a9fe:a9fe",  # OpenStack over IPv6 (link-local, so also a zoned spelling)
        "fe80::a9fe:a9fe%eth0",
        "192.0.0.192",  # Oracle Cloud@Customer
        "169.254.42.42",  # Scaleway
        "fd00:42::42",  # Scaleway over IPv6
        "::ffff:169.254.169.254",
        "::ffff:169.254.42.42",
        "::ffff:a9fe:a9fe",
        "64:ff9b::a9fe:a9fe",
        "2002:a9fe:a9fe::1",
    ],
)
def test_cloud_metadata_endpoints_are_named(address: str) -> None:
    reason = blocked_reason(ipaddress.ip_address(address))
    assert reason is not None
    assert "cloud metadata endpoint" in reason


@pytest.mark.parametrize(
    "address",
    ["8.8.8.8", "1.1.1.1", "93.184.215.14", "2606:4700:4700::1111", "2001:4860:4860::8888"],
)
def test_public_addresses_pass(address: str) -> None:
    assert blocked_reason(ipaddress.ip_address(address)) is None


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("::ffff:127.0.0.1", "IPv4-mapped IPv6 of 127.0.0.1 (loopback)"),
        ("::ffff:7f00:1", "IPv4-mapped IPv6 of 127.0.0.1 (loopback)"),
        ("::ffff:10.1.2.3", "IPv4-mapped IPv6 of 10.1.2.3 (private network (RFC 1918))"),
        ("::127.0.0.1", "IPv4-compatible IPv6 of 127.0.0.1 (loopback)"),
        ("::ffff:0:127.0.0.1", "IPv4-translated IPv6 of 127.0.0.1 (loopback)"),
        ("64:ff9b::127.0.0.1", "NAT64 IPv6 of 127.0.0.1 (loopback)"),
        ("64:ff9b::10.0.0.1", "NAT64 IPv6 of 10.0.0.1 (private network (RFC 1918))"),
        ("64:ff9b:1::10.0.0.1", "local-use NAT64 IPv6 of 10.0.0.1 (private network (RFC 1918))"),
        ("2002:7f00:1::", "6to4 IPv6 of 127.0.0.1 (loopback)"),
        ("2002:c0a8:101::1", "6to4 IPv6 of 192.168.1.1 (private network (RFC 1918))"),
        # Teredo: server 10.0.0.1 in bits 32-63; client is the inverted low 32 bits.
        ("2001:0:a00:1::ffff:ffff", "Teredo IPv6 (server) of 10.0.0.1"),
        ("2001:0:808:808:0:0:80ff:fffe", "Teredo IPv6 (client) of 127.0.0.1 (loopback)"),
    ],
)
def test_ipv6_forms_embedding_a_blocked_ipv4_are_unwrapped(address: str, reason: str) -> None:
    found = blocked_reason(ipaddress.ip_address(address))
    assert found is not None
    assert found.startswith(reason)


def test_ipv6_forms_embedding_public_ipv4() -> None:
    # NAT64 of a public host is how IPv6-only networks reach IPv4 sites: allowed.
    assert blocked_reason(V6("64:ff9b::8.8.8.8")) is None
    # The others are deprecated or never seen on the wire: refused, with a useful reason.
    assert blocked_reason(V6("::ffff:8.8.8.8")) == (
        "IPv4-mapped IPv6 of 8.8.8.8 (use the plain IPv4 address)"
    )
    assert blocked_reason(V6("::8.8.8.8")) == "deprecated IPv4-compatible IPv6 address"
    assert blocked_reason(V6("2002:808:808::1")) == "6to4 address (deprecated, RFC 7526)"
    assert blocked_reason(V6("2001:0:808:808::f7f7:f7f7")) == "Teredo tunnelling address"


def test_zone_does_not_change_the_class() -> None:
    assert blocked_reason(V6("fe80::1%eth0")) == "link-local"
    assert blocked_reason(V6("2606:4700::1%3")) is None


# --- property tests against a model built from ipaddress --------------------------------------

# What we block beyond ``not ipaddress.is_global`` (written here independently of the module).
EXTRA_V4 = [ipaddress.IPv4Network(n) for n in ("224.0.0.0/4", "192.0.0.0/24", "168.63.129.16/32")]
EXTRA_V6 = [
    ipaddress.IPv6Network(n)
    for n in ("2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20", "64:ff9b:1::/48")
]
GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def embedded_ipv4(ip: V6) -> list[V4]:
    """The IPv4 addresses an IPv6 address carries, computed with ipaddress where it can."""
    low = V4(int(ip) & 0xFFFFFFFF)
    if ip.ipv4_mapped is not None:
        return [ip.ipv4_mapped]
    if ip.sixtofour is not None:
        return [ip.sixtofour]
    if ip.teredo is not None:
        return list(ip.teredo)
    if int(ip) >> 32 == 0 and int(ip) > 1:  # IPv4-compatible ::a.b.c.d
        return [low]
    if int(ip) >> 32 == 0xFFFF0000:  # IPv4-translated ::ffff:0:a.b.c.d
        return [low]
    if ip in NAT64 or ip in ipaddress.IPv6Network("64:ff9b:1::/48"):
        return [low]
    return []


def model_blocked(ip: IPAddress) -> bool:
    if isinstance(ip, V4):
        return not ip.is_global or any(ip in net for net in EXTRA_V4)
    if any(model_blocked(inner) for inner in embedded_ipv4(ip)):
        return True
    if ip in NAT64:
        return False
    return (
        not ip.is_global
        or ip not in GLOBAL_UNICAST
        or ip.ipv4_mapped is not None
        or any(ip in net for net in EXTRA_V6)
    )


SPECIAL_V4 = [
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/24",
    "192.0.2.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
    # neighbours of the ranges: public addresses right at the edges
    "100.0.0.0/8",
    "172.0.0.0/8",
    "192.0.0.0/16",
    "198.0.0.0/8",
    "169.0.0.0/8",
]
SPECIAL_V6 = [
    "::/96",
    "::ffff:0:0/96",
    "::ffff:0:0:0/96",
    "64:ff9b::/96",
    "64:ff9b:1::/48",
    "100::/64",
    "2001::/32",
    "2001::/23",
    "2001:db8::/32",
    "2002::/16",
    "3fff::/20",
    "fc00::/7",
    "fe80::/10",
    "fec0::/10",
    "ff00::/8",
    "2000::/3",
    "::/0",
]

ipv4s = st.one_of(
    st.ip_addresses(v=4),
    st.sampled_from(SPECIAL_V4).flatmap(lambda net: st.ip_addresses(network=net)),
)
ipv6s = st.one_of(
    st.ip_addresses(v=6),
    st.sampled_from(SPECIAL_V6).flatmap(lambda net: st.ip_addresses(network=net)),
)


@settings(max_examples=200, deadline=None)
@given(ipv4s)
def test_ipv4_classifier_matches_the_model(ip: V4) -> None:
    assert (blocked_reason(ip) is not None) == model_blocked(ip), ip


@settings(max_examples=200, deadline=None)
@given(ipv6s)
def test_ipv6_classifier_matches_the_model(ip: V6) -> None:
    assert (blocked_reason(ip) is not None) == model_blocked(ip), ip


@settings(max_examples=150, deadline=None)
@given(st.one_of(ipv4s, ipv6s))
def test_everything_the_stdlib_calls_special_is_blocked(ip: IPAddress) -> None:
    special = (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_unspecified
        or not ip.is_global
        or (isinstance(ip, V4) and ip.is_reserved)
        or (isinstance(ip, V6) and ip.is_site_local)
    )
    if special:
        assert blocked_reason(ip) is not None, ip


def wrap(form: str, inner: V4) -> V6:
    value = int(inner)
    if form == "mapped":
        return V6((0xFFFF << 32) | value)
    if form == "compatible":
        return V6(value)
    if form == "translated":
        return V6((0xFFFF << 48) | value)
    if form == "6to4":
        return V6((0x2002 << 112) | (value << 80) | 1)
    if form == "nat64":
        return V6((0x64FF9B << 96) | value)
    if form == "teredo-server":
        return V6((0x20010000 << 96) | (value << 64) | 0x8000_0000_0000_0000 >> 32)
    assert form == "teredo-client"
    return V6((0x20010000 << 96) | (int(V4("8.8.8.8")) << 64) | (~value & 0xFFFFFFFF))


FORMS = ["mapped", "compatible", "translated", "6to4", "nat64", "teredo-server", "teredo-client"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(FORMS), ipv4s)
def test_embedded_forms_are_judged_by_the_inner_address(form: str, inner: V4) -> None:
    if form == "compatible" and int(inner) <= 1:
        inner = V4("0.0.0.2")  # ::0.0.0.0 and ::0.0.0.1 are :: and ::1 themselves
    ip = wrap(form, inner)
    inner_reason = blocked_reason(inner)
    reason = blocked_reason(ip)
    if inner_reason is not None:
        assert reason is not None
        assert f" of {inner} ({inner_reason})" in reason
    elif form == "nat64":
        assert reason is None
    else:
        assert reason is not None  # deprecated transition forms stay refused
        assert str(inner) not in reason or form == "mapped"
