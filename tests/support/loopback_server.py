"""The part every test server here shares: an asyncio TCP server bound to a loopback port the
system picks, on the test's own event loop, whose connection tasks are cancelled on close."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Self

#: A self-signed certificate for 127.0.0.1 (its own CA, valid until 2126) and its key, made for
#: these tests only: `LocalServer(tls=loopback_tls())` serves https://127.0.0.1:PORT with it, and
#: a client trusts it through SSL_CERT_FILE=LOOPBACK_CERT.
LOOPBACK_CERT = Path(__file__).parent / "tls" / "loopback-cert.pem"
LOOPBACK_KEY = Path(__file__).parent / "tls" / "loopback-key.pem"


def loopback_tls() -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(LOOPBACK_CERT, LOOPBACK_KEY)
    return context


@dataclass
class LoopbackServer:
    host: str = "127.0.0.1"
    port: int = 0
    _server: asyncio.Server | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    tls: ssl.SSLContext | None = None  # serve TLS (https://) with this context

    async def start(self) -> Self:
        self._server = await asyncio.start_server(self._serve, self.host, 0, ssl=self.tls)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        self._closing()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()

    def _closing(self) -> None:
        """What a server closes itself before its connection tasks are cancelled."""

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        raise NotImplementedError


@contextlib.contextmanager
def refusing_port(host: str = "127.0.0.1") -> Iterator[int]:
    """A loopback port that refuses every connection while the block runs.

    The port stays bound (never listening) until the end, so no other socket on this machine can
    take it: a port merely closed before use may be handed to another test's server meanwhile.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as holder:
        holder.bind((host, 0))
        yield holder.getsockname()[1]


@dataclass
class PlainHttpServer(LoopbackServer):
    """A plain-HTTP server that answers whatever arrives with ``400 Bad Request`` and closes, as
    a real one answers the TLS ClientHello of an ``https://`` URL that names its port."""

    @property
    def https_origin(self) -> str:
        return f"https://{self.host}:{self.port}"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await reader.read(1)  # the client spoke first: its ClientHello
            writer.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()
            self._tasks.discard(task)
