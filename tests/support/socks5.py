"""A minimal SOCKS5 proxy on loopback for tests, running on the test's own event loop.

CONNECT only, no authentication (RFC 1928). It records every CONNECT it is asked for (address
type, host, port) and relays only to loopback: an IP literal must be a loopback address, and a
name must be ``localhost`` or one of the test's ``names`` (each mapped to a loopback address, so a
test can use a public-looking name that only this proxy resolves). Anything else is refused with
reply 0x02 (connection not allowed by ruleset) before any socket is opened, so even a client
whose private-network guard regressed cannot reach past loopback through it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
from dataclasses import dataclass, field

from support.loopback_server import LoopbackServer

_VERSION = 5
_NO_AUTH = 0
_NO_ACCEPTABLE_METHOD = 0xFF
_CONNECT = 1
_IPV4, _DOMAIN, _IPV6 = 1, 3, 4
_SUCCEEDED, _NOT_ALLOWED, _REFUSED, _COMMAND_NOT_SUPPORTED = 0, 2, 5, 7


@dataclass(frozen=True)
class Connect:
    """One CONNECT request as the client sent it."""

    address_type: str  # "ipv4", "domain" or "ipv6"
    host: str
    port: int


@dataclass
class Socks5Proxy(LoopbackServer):
    #: Names this proxy resolves, each to a loopback address (``localhost`` always works).
    names: dict[str, str] = field(default_factory=dict)
    connects: list[Connect] = field(default_factory=list)
    refused: list[Connect] = field(default_factory=list)
    accepted: int = 0  # TCP connections to the proxy itself

    @property
    def url(self) -> str:
        return f"socks5://{self.host}:{self.port}"

    def _target(self, connect: Connect) -> str | None:
        """The loopback address to connect to for ``connect``, or ``None`` to refuse it."""
        address: str | None = connect.host
        if connect.address_type == "domain":
            name = connect.host.lower().rstrip(".")
            address = "127.0.0.1" if name == "localhost" else self.names.get(name)
        if address is None or not ipaddress.ip_address(address).is_loopback:
            return None
        return address

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self.accepted += 1
        upstream: asyncio.StreamWriter | None = None
        try:
            version, count = await reader.readexactly(2)
            methods = await reader.readexactly(count)
            if version != _VERSION or _NO_AUTH not in methods:
                writer.write(bytes([_VERSION, _NO_ACCEPTABLE_METHOD]))
                return
            writer.write(bytes([_VERSION, _NO_AUTH]))
            _version, command, _reserved, address_type = await reader.readexactly(4)
            connect = await _read_address(reader, address_type)
            if command != _CONNECT:
                writer.write(_reply(_COMMAND_NOT_SUPPORTED))
                return
            self.connects.append(connect)
            target = self._target(connect)
            if target is None:
                self.refused.append(connect)
                writer.write(_reply(_NOT_ALLOWED))
                return
            try:
                up_reader, upstream = await asyncio.open_connection(target, connect.port)
            except OSError:
                writer.write(_reply(_REFUSED))
                return
            writer.write(_reply(_SUCCEEDED))
            await asyncio.gather(_pipe(reader, upstream), _pipe(up_reader, writer))
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        finally:
            for stream in (upstream, writer):
                if stream is not None:
                    stream.close()
                    with contextlib.suppress(Exception):
                        await stream.wait_closed()
            self._tasks.discard(task)


async def _read_address(reader: asyncio.StreamReader, address_type: int) -> Connect:
    if address_type == _IPV4:
        raw = await reader.readexactly(4)
        kind, host = "ipv4", socket.inet_ntop(socket.AF_INET, raw)
    elif address_type == _IPV6:
        raw = await reader.readexactly(16)
        kind, host = "ipv6", socket.inet_ntop(socket.AF_INET6, raw)
    elif address_type == _DOMAIN:
        (length,) = await reader.readexactly(1)
        kind, host = "domain", (await reader.readexactly(length)).decode("ascii")
    else:
        raise ValueError(f"unknown SOCKS5 address type {address_type}")
    port = int.from_bytes(await reader.readexactly(2), "big")
    return Connect(kind, host, port)


def _reply(code: int) -> bytes:
    # The bound address is not used by clients: 0.0.0.0:0.
    return bytes([_VERSION, code, 0, _IPV4, 0, 0, 0, 0, 0, 0])


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except ConnectionError:
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.write_eof()
