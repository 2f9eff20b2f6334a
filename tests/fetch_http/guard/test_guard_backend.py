"""resolve_and_check and GuardedNetworkBackend with an injected resolver and a connector that can
only reach loopback: what is resolved, what is refused, and what a socket is opened to."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpcore
import pytest

from dsh.providers.fetch_http._guard import (
    IPAddress,
    NetworkPolicy,
    SystemResolver,
    resolve_and_check,
)
from dsh.providers.fetch_http._network import GuardedNetworkBackend
from dsh.web import WEB_BLOCKED_URL, WEB_INVALID_URL, WEB_PROVIDER_ERROR, WebError
from fetch_http.guard.guard_helpers import LoopbackOnlyConnector, NoResolver, ScriptedResolver, ips
from support.local_http import LocalServer

PUBLIC = "93.184.215.14"


async def blocked(awaitable: Any) -> WebError:
    with pytest.raises(WebError) as caught:
        await awaitable
    assert caught.value.code == WEB_BLOCKED_URL, caught.value.message
    return caught.value


async def test_one_public_and_one_private_answer_is_blocked(
    connector: LoopbackOnlyConnector,
) -> None:
    resolver = ScriptedResolver({"mixed.test": [[PUBLIC, "10.0.0.5"]]})
    backend = GuardedNetworkBackend(NetworkPolicy(), resolver=resolver, connector=connector)
    error = await blocked(backend.connect_tcp("mixed.test", 80))
    assert error.details == {
        "host": "mixed.test",
        "address": "10.0.0.5",
        "reason": "private network (RFC 1918)",
    }
    assert connector.calls == []  # refused before any socket, even to the public address


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.20.0.1",
        "192.168.0.1",
        "169.254.169.254",
        "100.64.0.1",
        "224.0.0.1",
        "0.0.0.0",
        "198.18.0.1",
        "192.0.2.1",
        "::1",
        "fe80::1",
        "fd00:ec2::254",
        "fc00::1",
        "fec0::1",
        "::ffff:127.0.0.1",
        "64:ff9b::10.0.0.1",
        "2002:a00:1::",
        "2001:0:808:808::80ff:fffe",
    ],
)
async def test_each_blocked_range_is_refused_when_resolved(
    address: str, connector: LoopbackOnlyConnector
) -> None:
    resolver = ScriptedResolver({"evil.test": [[address]]})
    backend = GuardedNetworkBackend(NetworkPolicy(), resolver=resolver, connector=connector)
    error = await blocked(backend.connect_tcp("evil.test", 443))
    assert "evil.test" in error.message
    assert connector.calls == []


async def test_rebinding_cannot_reach_the_second_answer(connector: LoopbackOnlyConnector) -> None:
    # The attacker's DNS answers public first (passes the check), private next time.
    resolver = ScriptedResolver({"rebind.test": [[PUBLIC], ["10.0.0.5"]]})
    backend = GuardedNetworkBackend(NetworkPolicy(), resolver=resolver, connector=connector)
    # First connection: one lookup, and the socket goes to the address that was checked
    # (refused here by the test connector, which never leaves loopback).
    with pytest.raises(httpcore.ConnectError):
        await backend.connect_tcp("rebind.test", 80)
    assert resolver.calls == ["rebind.test"]
    assert connector.addresses == [PUBLIC]
    # Next connection: a fresh lookup sees the private answer and is refused before connecting.
    await blocked(backend.connect_tcp("rebind.test", 80))
    assert resolver.calls == ["rebind.test", "rebind.test"]
    assert connector.addresses == [PUBLIC]


async def test_connects_only_to_validated_addresses_in_order(
    server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    resolver = ScriptedResolver({"multi.test": [[PUBLIC, "127.0.0.1"]]})
    policy = NetworkPolicy(allowed_hosts=("127.0.0.0/8",))
    backend = GuardedNetworkBackend(policy, resolver=resolver, connector=connector)
    stream = await backend.connect_tcp("multi.test", server.port, timeout=5.0)
    try:
        # The first address failed; the second (also validated) was used. One lookup only.
        assert connector.addresses == [PUBLIC, "127.0.0.1"]
        assert resolver.calls == ["multi.test"]
        assert stream.get_extra_info("server_addr")[0] == "127.0.0.1"
    finally:
        await stream.aclose()


async def test_all_addresses_failing_raises_the_connect_error(
    connector: LoopbackOnlyConnector,
) -> None:
    resolver = ScriptedResolver({"down.test": [[PUBLIC, "1.1.1.1"]]})
    backend = GuardedNetworkBackend(NetworkPolicy(), resolver=resolver, connector=connector)
    with pytest.raises(httpcore.ConnectError, match=r"1\.1\.1\.1"):
        await backend.connect_tcp("down.test", 80)
    assert connector.addresses == [PUBLIC, "1.1.1.1"]


async def test_allowed_host_name_is_trusted_with_its_addresses(
    connector: LoopbackOnlyConnector,
) -> None:
    resolver = ScriptedResolver({"wiki.corp.example": [["10.0.0.5", "fd00::5"]]})
    policy = NetworkPolicy(allowed_hosts=("*.corp.example",))
    assert await resolve_and_check("wiki.corp.example", 80, policy, resolver) == ips(
        "10.0.0.5", "fd00::5"
    )
    # ...and the backend hands exactly those to the connector (which refuses non-loopback).
    backend = GuardedNetworkBackend(policy, resolver=resolver, connector=connector)
    with pytest.raises(httpcore.ConnectError):
        await backend.connect_tcp("wiki.corp.example", 80)
    assert connector.addresses == ["10.0.0.5", "fd00::5"]


async def test_cidr_allow_list_is_per_address() -> None:
    policy = NetworkPolicy(allowed_hosts=("10.0.0.0/24",))
    resolver = ScriptedResolver({"a.test": [["10.0.0.9"]], "b.test": [["10.0.0.9", "10.0.1.9"]]})
    assert await resolve_and_check("a.test", 80, policy, resolver) == ips("10.0.0.9")
    error = await blocked(resolve_and_check("b.test", 80, policy, resolver))
    assert error.details["address"] == "10.0.1.9"


@pytest.mark.parametrize(
    "metadata",
    ["169.254.169.254", "fd00:ec2::254", "fd20:ce::254", "169.254.42.42", "fd00:42::42"],
)
async def test_allow_private_network_allows_private_but_not_metadata(metadata: str) -> None:
    policy = NetworkPolicy(allow_private_network=True)
    resolver = ScriptedResolver({"lan.test": [["192.168.1.10", "::1"]], "imds.test": [[metadata]]})
    assert await resolve_and_check("lan.test", 80, policy, resolver) == ips("192.168.1.10", "::1")
    error = await blocked(resolve_and_check("imds.test", 80, policy, resolver))
    assert "cloud metadata endpoint" in error.message
    assert error.details["address"] == metadata


async def test_literals_are_checked_without_a_lookup() -> None:
    policy = NetworkPolicy(allowed_hosts=("127.0.0.0/8",))
    assert await resolve_and_check("0x7f.1", 80, policy, NoResolver()) == ips("127.0.0.1")
    assert await resolve_and_check("8.8.8.8", 80, NetworkPolicy(), NoResolver()) == ips("8.8.8.8")
    await blocked(resolve_and_check("2130706433", 80, NetworkPolicy(), NoResolver()))
    await blocked(resolve_and_check("fe80::1%25eth0", 80, NetworkPolicy(), NoResolver()))


async def test_duplicate_answers_are_collapsed_in_order() -> None:
    resolver = ScriptedResolver({"dup.test": [[PUBLIC, "1.1.1.1", PUBLIC]]})
    assert await resolve_and_check("dup.test", 80, NetworkPolicy(), resolver) == ips(
        PUBLIC, "1.1.1.1"
    )


async def test_names_are_resolved_in_normalised_form() -> None:
    resolver = ScriptedResolver({"xn--bcher-kva.example": [[PUBLIC]]})
    await resolve_and_check("BÜCHER.example.", 80, NetworkPolicy(), resolver)
    assert resolver.calls == ["xn--bcher-kva.example"]


async def test_invalid_host_and_empty_answer() -> None:
    with pytest.raises(WebError) as caught:
        await resolve_and_check("1.2.3.4.5", 80, NetworkPolicy(), NoResolver())
    assert caught.value.code == WEB_INVALID_URL
    with pytest.raises(WebError) as caught:
        await resolve_and_check(
            "void.test", 80, NetworkPolicy(), ScriptedResolver({"void.test": [[]]})
        )
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert "Could not resolve host void.test" in caught.value.message


class StuckResolver:
    def __init__(self) -> None:
        self.never = asyncio.Event()

    async def resolve(self, host: str, port: int) -> Sequence[IPAddress]:
        await self.never.wait()
        raise AssertionError("unreachable")


async def test_resolution_counts_against_the_connect_timeout(
    connector: LoopbackOnlyConnector,
) -> None:
    backend = GuardedNetworkBackend(NetworkPolicy(), resolver=StuckResolver(), connector=connector)
    with pytest.raises(httpcore.ConnectTimeout, match=r"slow\.test"):
        await backend.connect_tcp("slow.test", 80, timeout=0.01)
    assert connector.calls == []


async def test_unix_sockets_are_refused(tmp_path: Path) -> None:
    # A socket of the test's own stands in for /var/run/docker.sock: even if the guard
    # regressed, no daemon of this machine would be reached, and the attempt would be seen.
    accepted: list[object] = []

    async def accept(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(writer)
        writer.close()

    path = tmp_path / "docker.sock"
    listener = await asyncio.start_unix_server(accept, path)
    try:
        backend = GuardedNetworkBackend(NetworkPolicy(allow_private_network=True))
        error = await blocked(backend.connect_unix_socket(str(path)))
    finally:
        listener.close()
        await listener.wait_closed()
    assert error.details == {"path": str(path)}
    assert accepted == []


# --- the system resolver (numeric and /etc/hosts answers only: no DNS traffic) ---------------


async def test_system_resolver_answers_numeric_hosts() -> None:
    resolver = SystemResolver()
    assert list(await resolver.resolve("127.0.0.1", 80)) == ips("127.0.0.1")
    assert list(await resolver.resolve("::1", 80)) == ips("::1")


async def test_system_resolver_failure_is_a_provider_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loop = asyncio.get_running_loop()

    async def failing(*args: object, **kwargs: object) -> list[Any]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(loop, "getaddrinfo", failing)
    with pytest.raises(WebError) as caught:
        await SystemResolver().resolve("nowhere.test", 80)
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message.startswith(
        "Could not resolve host nowhere.test: Name or service not known"
    )


@pytest.mark.parametrize(
    ("code", "strerror", "advice"),
    [
        # The name does not exist: the URL is the thing to check.
        (socket.EAI_NONAME, "Name or service not known", "Check the host name in the URL."),
        # No answer at all, what an offline machine gets: the name may be right.
        (
            socket.EAI_AGAIN,
            "Temporary failure in name resolution",
            "The lookup got no answer (no network connection, or the name servers did not "
            "respond), which does not mean the host name is wrong; try again later.",
        ),
        # A server's refusal says nothing about either: the resolver's words alone.
        (socket.EAI_FAIL, "Non-recoverable failure in name resolution", ""),
    ],
)
async def test_system_resolver_advice_follows_the_kind_of_failure(
    monkeypatch: pytest.MonkeyPatch, code: int, strerror: str, advice: str
) -> None:
    # Offline, every fetch said "Check the host name in the URL", sending the model after a typo.
    loop = asyncio.get_running_loop()

    async def failing(*args: object, **kwargs: object) -> list[Any]:
        raise socket.gaierror(code, strerror)

    monkeypatch.setattr(loop, "getaddrinfo", failing)
    with pytest.raises(WebError) as caught:
        await SystemResolver().resolve("example.com", 443)
    assert caught.value.code == WEB_PROVIDER_ERROR
    expected = f"Could not resolve host example.com: {strerror}."
    assert caught.value.message == (f"{expected} {advice}" if advice else expected)
