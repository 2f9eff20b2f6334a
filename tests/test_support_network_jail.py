"""The suite's own safety net: nothing but loopback is reachable from a test.

The real socket functions behind the jail are swapped for fakes here, so even a broken jail
cannot send these tests' packets anywhere.
"""

import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from support import network_jail
from support.local_http import LocalServer


@pytest.fixture
def behind_the_jail(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    reached: list[str] = []

    def fake(name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            reached.append(name)
            raise OSError("the fake socket layer never sends anything")

        return call

    for name in ("connect", "connect_ex", "sendto", "getaddrinfo"):
        monkeypatch.setitem(network_jail.originals, name, fake(name))
    # These tests break the rule on purpose: keep their attempts out of the session's log.
    monkeypatch.delenv(network_jail.JAIL_ENV, raising=False)
    before = len(network_jail.violations)
    yield reached
    del network_jail.violations[before:]


@pytest.mark.parametrize(
    "address", [("10.0.0.7", 80), ("169.254.169.254", 80), ("2001:4860::1", 443, 0, 0)]
)
def test_connect_to_a_non_loopback_address_is_refused_and_recorded(
    address: tuple[object, ...], behind_the_jail: list[str]
) -> None:
    family = socket.AF_INET6 if ":" in str(address[0]) else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock, pytest.raises(OSError, match="jail"):
        sock.connect(address)
    assert behind_the_jail == []
    assert "connect" in network_jail.violations[-1]


def test_datagrams_to_a_non_loopback_address_are_refused(behind_the_jail: list[str]) -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    with sock, pytest.raises(OSError, match="jail"):
        sock.sendto(b"x", ("192.0.2.1", 53))
    assert behind_the_jail == []


def test_names_other_than_localhost_are_never_resolved(behind_the_jail: list[str]) -> None:
    with pytest.raises(socket.gaierror, match="jail"):
        socket.getaddrinfo("example.com", 443)
    assert behind_the_jail == []


def test_loopback_passes_through_to_the_real_socket_layer(behind_the_jail: list[str]) -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    with sock, pytest.raises(OSError, match="fake socket layer"):
        sock.connect(("127.0.0.1", 9))
    assert behind_the_jail == ["connect"]


async def test_loopback_still_works(server: LocalServer) -> None:
    server.respond("/", "ok")
    async with httpx.AsyncClient() as client:
        assert (await client.get(server.url("/"))).text == "ok"
