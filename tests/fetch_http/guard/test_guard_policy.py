"""NetworkPolicy (config validation, matching) and the WEB_BLOCKED_URL message."""

from __future__ import annotations

import ipaddress
import re
from pathlib import Path

import pytest

from dsh.providers.fetch_http._guard import (
    METADATA_REASON,
    NetworkPolicy,
    blocked_error,
    blocked_reason,
)
from dsh.web import WEB_BLOCKED_URL


def ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    return ipaddress.ip_address(text)


def test_default_policy_allows_nothing_private() -> None:
    policy = NetworkPolicy()
    assert not policy.allow_private_network
    assert not policy.allows_host("localhost")
    assert not policy.allows_address(ip("127.0.0.1"))
    assert not policy.permits(ip("10.0.0.1"))
    assert policy.permits(ip("8.8.8.8"))


def test_exact_names_and_wildcards() -> None:
    policy = NetworkPolicy.from_config(False, ["Intranet.Example.", "*.corp.example", "wiki"])
    assert policy.allows_host("intranet.example")
    assert policy.allows_host("INTRANET.example.")
    assert not policy.allows_host("www.intranet.example")
    assert policy.allows_host("a.corp.example")
    assert policy.allows_host("a.b.corp.example")
    assert not policy.allows_host("corp.example")  # the apex needs its own entry
    assert not policy.allows_host("evilcorp.example")
    assert policy.allows_host("wiki")
    assert not policy.allows_host("not a host")


def test_idn_entries_match_their_ascii_form() -> None:
    policy = NetworkPolicy.from_config(False, ["bücher.example"])
    assert policy.allows_host("xn--bcher-kva.example")
    assert policy.allows_host("BÜCHER.example")


def test_addresses_and_cidrs() -> None:
    policy = NetworkPolicy.from_config(False, ["10.0.0.0/8", "192.168.1.5", "fd00::/8", "[::1]"])
    assert policy.allows_address(ip("10.200.0.1"))
    assert policy.allows_address(ip("::ffff:10.1.1.1"))  # the same host, IPv4-mapped
    assert policy.allows_address(ip("192.168.1.5"))
    assert not policy.allows_address(ip("192.168.1.6"))
    assert policy.allows_address(ip("fd12::1"))
    assert policy.allows_address(ip("::1"))
    assert not policy.allows_address(ip("127.0.0.1"))
    assert policy.allows_host("0xa.1")  # a literal host is matched by address
    assert policy.allows_host("[fd00::5]")


def test_allow_private_network_does_not_cover_metadata() -> None:
    policy = NetworkPolicy(allow_private_network=True)
    assert policy.permits(ip("10.0.0.1"))
    assert policy.permits(ip("127.0.0.1"))
    assert not policy.permits(ip("169.254.169.254"))
    assert not policy.permits(ip("fd00:ec2::254"))
    assert not policy.permits(ip("fd20:ce::254"))  # GCP over IPv6
    assert not policy.permits(ip("fe80::a9fe:a9fe"))  # OpenStack over IPv6
    assert not policy.permits(ip("fe80::a9fe:a9fe%eth0"))
    assert not policy.permits(ip("100.100.100.200"))  # Alibaba
    assert not policy.permits(ip("192.0.0.192"))  # Oracle
    assert not policy.permits(ip("169.254.42.42"))  # Scaleway
    assert not policy.permits(ip("fd00:42::42"))  # Scaleway over IPv6
    assert not policy.permits(ip("::ffff:169.254.169.254"))
    explicit = NetworkPolicy(allowed_hosts=("169.254.169.254",))
    assert explicit.permits(ip("169.254.169.254"))


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("", "is empty"),
        ("   ", "is empty"),
        ("10.0.0.1/8", "host bits set; did you mean '10.0.0.0/8'?"),
        ("10.0.0.0/33", "not a valid CIDR"),
        ("http://intranet", "is not a host"),
        ("intranet:8080", "has a port"),
        ("*", "only a leading '*.' wildcard"),
        ("*corp.example", "only a leading '*.' wildcard"),
        ("*.10.0.0.1", "a wildcard needs a host name"),
        ("a b", "is not valid"),
        ("1.2.3.4.5", "is not valid"),
    ],
)
def test_malformed_entries_are_rejected_clearly(entry: str, message: str) -> None:
    with pytest.raises(ValueError, match="allowed_hosts") as caught:
        NetworkPolicy.from_config(False, [entry])
    assert message in str(caught.value)
    assert repr(entry) in str(caught.value)


def test_allowed_hosts_must_be_a_list() -> None:
    with pytest.raises(ValueError, match="list of strings"):
        NetworkPolicy.from_config(False, "10.0.0.0/8")
    with pytest.raises(ValueError, match="must be strings"):
        NetworkPolicy(allowed_hosts=(10,))  # type: ignore[arg-type]


def test_policy_is_a_value() -> None:
    assert NetworkPolicy.from_config(True, ["a.example"]) == NetworkPolicy(True, ("a.example",))


# --- the message ---------------------------------------------------------------------------


def test_blocked_message_names_host_address_reason_and_keys() -> None:
    error = blocked_error("evil.example", ip("10.0.0.7"), "private network (RFC 1918)")
    assert error.code == WEB_BLOCKED_URL
    assert error.message == (
        "Blocked URL: the host evil.example resolves to 10.0.0.7, not a public internet address "
        "(private network (RFC 1918)). web_fetch only reaches public internet hosts, so this URL "
        "cannot be fetched; do not retry it. To allow it, an operator can set "
        'allow_private_network: true in the web-fetch-http config, or add "evil.example" or a '
        'CIDR such as "10.0.0.7/32" to allowed_hosts.'
    )
    assert error.details == {
        "host": "evil.example",
        "address": "10.0.0.7",
        "reason": "private network (RFC 1918)",
    }


def test_the_readme_quotes_the_blocked_message_as_it_is() -> None:
    # src/dsh/providers/fetch_http/README.md shows "what the model sees" with this example.
    readme = Path(__file__).resolve().parents[3] / "src/dsh/providers/fetch_http/README.md"
    quote = re.search(r"when blocked .*?\n\n((?:> .*\n)+)", readme.read_text("utf-8"))
    assert quote is not None
    shown = " ".join(line.removeprefix("> ") for line in quote.group(1).splitlines())
    error = blocked_error("evil.example", ip("10.0.0.7"), "private network (RFC 1918)")
    assert shown == error.message


def test_blocked_message_for_literals() -> None:
    plain = blocked_error("127.0.0.1", ip("127.0.0.1"), "loopback")
    assert plain.message.startswith(
        "Blocked URL: 127.0.0.1 is not a public internet address (loopback)."
    )
    odd = blocked_error("0x7f.1", ip("127.0.0.1"), "loopback")
    assert odd.message.startswith(
        "Blocked URL: 0x7f.1 is the IP address 127.0.0.1, not a public internet address"
    )
    v6 = blocked_error(
        "::ffff:7f00:1", ip("::ffff:7f00:1"), blocked_reason(ip("::ffff:7f00:1")) or ""
    )
    assert "IPv4-mapped IPv6 of 127.0.0.1 (loopback)" in v6.message
    assert '"127.0.0.1/32"' in v6.message  # a CIDR that would actually match it


def test_blocked_message_for_metadata_points_at_allowed_hosts_only() -> None:
    error = blocked_error("169.254.169.254", ip("169.254.169.254"), METADATA_REASON)
    assert "must add" in error.message
    assert "allowed_hosts" in error.message
    assert "allow_private_network: true does not cover cloud metadata endpoints" in error.message
