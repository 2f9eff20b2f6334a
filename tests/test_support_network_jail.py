"""The suite's own safety net: nothing but loopback is reachable from a test.

The real socket functions behind the jail are swapped for fakes here, so even a broken jail
cannot send these tests' packets anywhere.
"""

import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from support import network_jail
from support.environment import clean_env
from support.local_http import LocalServer

JAILED = (
    "connect",
    "connect_ex",
    "sendto",
    "sendmsg",
    "getaddrinfo",
    "gethostbyname",
    "gethostbyname_ex",
)


@pytest.fixture
def behind_the_jail(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    reached: list[str] = []

    def fake(name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            reached.append(name)
            raise OSError("the fake socket layer never sends anything")

        return call

    for name in JAILED:
        monkeypatch.setitem(network_jail.originals, name, fake(name))
    # These tests break the rule on purpose: keep their attempts out of the session's log.
    monkeypatch.delenv(network_jail.JAIL_ENV, raising=False)
    before = len(network_jail.violations)
    yield reached
    del network_jail.violations[before:]


def jailed(function: Callable[..., object]) -> bool:
    """Whether ``function`` is the jail's wrapper: checked before a test calls it, so that a jail
    missing that wrapper fails the test instead of reaching the real network."""
    return function.__module__ == network_jail.__name__


@pytest.mark.parametrize(
    "address", [("10.0.0.7", 80), ("169.254.169.254", 80), ("2001:4860::1", 443, 0, 0)]
)
def test_connect_to_a_non_loopback_address_is_refused_and_recorded(
    address: tuple[object, ...], behind_the_jail: list[str]
) -> None:
    assert jailed(socket.socket.connect)
    family = socket.AF_INET6 if ":" in str(address[0]) else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock, pytest.raises(OSError, match="jail"):
        sock.connect(address)
    assert behind_the_jail == []
    assert "connect" in network_jail.violations[-1]


def test_datagrams_to_a_non_loopback_address_are_refused(behind_the_jail: list[str]) -> None:
    assert jailed(socket.socket.sendto)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))  # the kernel would not route it off the machine either
    with sock, pytest.raises(OSError, match="jail"):
        sock.sendto(b"x", ("192.0.2.1", 53))
    assert behind_the_jail == []


def test_datagrams_sent_with_sendmsg_are_refused(behind_the_jail: list[str]) -> None:
    assert jailed(socket.socket.sendmsg)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    # Bound to loopback: the kernel would not route this datagram off the machine either.
    sock.bind(("127.0.0.1", 0))
    with sock, pytest.raises(OSError, match="jail"):
        sock.sendmsg([b"x"], [], 0, ("192.0.2.1", 53))
    assert behind_the_jail == []
    assert "sendmsg" in network_jail.violations[-1]


@pytest.mark.parametrize(
    ("function", "host"),
    [
        ("getaddrinfo", "example.com"),
        # Numeric: the C library answers it without a query, even if the jail missed it.
        ("gethostbyname", "192.0.2.1"),
        ("gethostbyname_ex", "192.0.2.1"),
    ],
)
def test_names_other_than_localhost_are_never_resolved(
    function: str, host: str, behind_the_jail: list[str]
) -> None:
    lookup = getattr(socket, function)
    assert jailed(lookup)
    with pytest.raises(socket.gaierror, match="jail"):
        lookup(host, 443) if function == "getaddrinfo" else lookup(host)
    assert behind_the_jail == []


@pytest.mark.parametrize("name", ["app.localhost", "LOCALHOST.", b"db.localhost"])
def test_loopback_names_are_looked_up_as_localhost(
    name: str | bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The C library answers "localhost" from the hosts file; for "app.localhost" it would ask
    # the name servers, a query the socket-level jail cannot see.
    asked: list[object] = []

    def fake(host: object, *_args: object) -> list[object]:
        asked.append(host)
        return []

    for function in ("getaddrinfo", "gethostbyname", "gethostbyname_ex"):
        assert jailed(getattr(socket, function))
        monkeypatch.setitem(network_jail.originals, function, fake)
    socket.getaddrinfo(name, 80)
    socket.gethostbyname(name)  # type: ignore[arg-type]
    socket.gethostbyname_ex(name)  # type: ignore[arg-type]
    assert asked == ["localhost"] * 3


def test_loopback_literals_are_passed_on_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[object] = []
    monkeypatch.setitem(network_jail.originals, "getaddrinfo", lambda h, *_a: asked.append(h))
    for host in ("127.0.0.1", "::1", "127.1.2.3", None):
        socket.getaddrinfo(host, 80)
    assert asked == ["127.0.0.1", "::1", "127.1.2.3", None]


def test_loopback_passes_through_to_the_real_socket_layer(behind_the_jail: list[str]) -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    with sock, pytest.raises(OSError, match="fake socket layer"):
        sock.connect(("127.0.0.1", 9))
    assert behind_the_jail == ["connect"]


async def test_loopback_still_works(server: LocalServer) -> None:
    server.respond("/", "ok")
    async with httpx.AsyncClient() as client:
        assert (await client.get(server.url("/"))).text == "ok"


def test_subprocesses_started_by_the_tests_are_jailed_too() -> None:
    # The CLI and MCP tests start `python -m dsh.cli` with clean_env(): through sitecustomize on
    # PYTHONPATH, their sockets must be the jail's too. Checked without any traffic.
    probe = (
        "import socket\n"
        "names = [socket.socket.connect, socket.socket.sendto, socket.getaddrinfo]\n"
        "print(sorted({f.__module__ for f in names}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], env=clean_env(), capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['network_jail']"
