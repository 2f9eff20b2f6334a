"""Test doubles for the private-network guard: a scripted resolver and a connector that can only
ever reach loopback, so even a guard regression cannot send a packet to 10.x or 169.254.x."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping, Sequence

import httpcore

from dsh.providers.fetch_http._guard import IPAddress
from dsh.providers.fetch_http._network import TcpConnector


def ips(*texts: str) -> list[IPAddress]:
    return [ipaddress.ip_address(t) for t in texts]


class ScriptedResolver:
    """Answers from a script: ``{"host": [first answer, second answer, ...]}``.

    Each call for a host takes the next answer (the last one repeats), which is how DNS
    rebinding looks from the client: the same name, a different answer on the next lookup.
    An unknown host fails the test loudly.
    """

    def __init__(self, script: Mapping[str, Sequence[Sequence[str]]]) -> None:
        self.script = {
            host: [ips(*answer) for answer in answers] for host, answers in script.items()
        }
        self.calls: list[str] = []

    async def resolve(self, host: str, port: int) -> Sequence[IPAddress]:
        self.calls.append(host)
        answers = self.script.get(host)
        if answers is None:
            raise AssertionError(f"unexpected DNS lookup of {host!r}")
        index = min(self.calls.count(host) - 1, len(answers) - 1)
        return answers[index]


class NoResolver:
    """A resolver that must never be asked (IP literals, proxies)."""

    async def resolve(self, host: str, port: int) -> Sequence[IPAddress]:
        raise AssertionError(f"unexpected DNS lookup of {host!r}")


def _is_loopback(ip: IPAddress) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped.is_loopback
    return ip.is_loopback


class LoopbackOnlyConnector:
    """Records every address it is asked to connect to; connects to loopback only.

    Anything else is refused with ``httpcore.ConnectError`` before a socket exists.
    """

    def __init__(self) -> None:
        self.calls: list[tuple[IPAddress, int]] = []
        self._real = TcpConnector()

    async def connect(
        self,
        ip: IPAddress,
        port: int,
        timeout: float | None,  # noqa: ASYNC109
    ) -> httpcore.AsyncNetworkStream:
        self.calls.append((ip, port))
        if not _is_loopback(ip):
            raise httpcore.ConnectError(f"test connector refuses non-loopback address {ip}")
        return await self._real.connect(ip, port, timeout)

    @property
    def addresses(self) -> list[str]:
        return [str(ip) for ip, _port in self.calls]
