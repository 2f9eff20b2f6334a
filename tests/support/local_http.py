"""A real HTTP/1.1 server on loopback for tests, running on the test's own event loop.

Handlers get the parsed request and the raw stream writer, so a test can send anything a hostile
server would: a body that never ends, one byte a second, a lying Content-Length, a gzip bomb.
Only 127.0.0.1 and ::1 are ever bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from support.loopback_server import LoopbackServer

Handler = Callable[["Request", asyncio.StreamWriter], Awaitable[None]]


@dataclass
class Request:
    method: str
    target: str
    headers: dict[str, str]  # lower-cased names
    body: bytes

    @property
    def path(self) -> str:
        return self.target.split("?", 1)[0]

    def json(self) -> Any:
        return json.loads(self.body)


class HangingRoute:
    """A route that never answers; ``arrived`` is set when a request reaches it."""

    def __init__(self) -> None:
        self.arrived = asyncio.Event()
        self._never = asyncio.Event()

    async def __call__(self, _request: Request, _writer: asyncio.StreamWriter) -> None:
        self.arrived.set()
        await self._never.wait()


@dataclass
class LocalServer(LoopbackServer):
    routes: dict[str, Handler] = field(default_factory=dict)
    requests: list[Request] = field(default_factory=list)
    _writers: set[asyncio.StreamWriter] = field(default_factory=set)
    closed_connections: int = 0

    @property
    def origin(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}"

    def url(self, path: str = "/") -> str:
        return self.origin + path

    def route(self, path: str, handler: Handler) -> None:
        self.routes[path] = handler

    def respond(
        self,
        path: str,
        body: bytes | str = b"",
        *,
        status: int = 200,
        headers: Mapping[str, str] | None = None,
        content_type: str | None = "text/plain; charset=utf-8",
    ) -> None:
        """Serve a fixed response at ``path`` (Content-Length is added unless given)."""
        payload = body.encode() if isinstance(body, str) else body
        merged = {} if content_type is None else {"Content-Type": content_type}
        merged.update(headers or {})

        async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
            await write_response(writer, status, merged, payload)

        self.routes[path] = handler

    def respond_json(self, path: str, data: Any, *, status: int = 200, **kw: Any) -> None:
        self.respond(path, json.dumps(data), status=status, content_type="application/json", **kw)

    async def wait_idle(self, seconds: float = 5.0) -> None:
        """Wait until every accepted connection is closed and its handler has finished.

        Raises ``AssertionError`` if some are still open after ``seconds``: the client kept a
        connection (or the handler is stuck).
        """
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while self._tasks:
            remaining = end - loop.time()
            if remaining <= 0:
                break
            await asyncio.wait(set(self._tasks), timeout=remaining)
        if self._tasks:
            raise AssertionError(f"{len(self._tasks)} connection(s) still open on {self.origin}")

    def _closing(self) -> None:
        for writer in list(self._writers):
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self._writers.add(writer)
        try:
            while True:
                request = await _read_request(reader)
                if request is None:
                    break
                self.requests.append(request)
                handler = self.routes.get(request.path)
                if handler is None:
                    await write_response(writer, 404, {"Content-Type": "text/plain"}, b"not found")
                else:
                    await handler(request, writer)
                if writer.is_closing() or request.headers.get("connection") == "close":
                    break
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self._writers.discard(writer)
            self.closed_connections += 1
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
            self._tasks.discard(task)


async def _read_request(reader: asyncio.StreamReader) -> Request | None:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, ConnectionError):
        return None
    lines = head.decode("latin-1").split("\r\n")
    method, target, _version = lines[0].split(" ", 2)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0") or 0)
    body = await reader.readexactly(length) if length else b""
    return Request(method, target, headers, body)


async def write_response(
    writer: asyncio.StreamWriter,
    status: int,
    headers: Mapping[str, str],
    body: bytes,
    *,
    add_length: bool = True,
) -> None:
    await write_head(
        writer,
        status,
        {
            **headers,
            **(
                {"Content-Length": str(len(body))}
                if add_length and not _has(headers, "content-length")
                else {}
            ),
        },
    )
    writer.write(body)
    await writer.drain()


async def write_head(
    writer: asyncio.StreamWriter,
    status: int,
    headers: Mapping[str, str] | Iterable[tuple[str, str]],
) -> None:
    items = headers.items() if isinstance(headers, Mapping) else headers
    lines = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Status')}"]
    lines += [f"{name}: {value}" for name, value in items]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
    await writer.drain()


def _has(headers: Mapping[str, str], name: str) -> bool:
    return any(key.lower() == name for key in headers)


_REASONS = {
    200: "OK",
    204: "No Content",
    301: "Moved Permanently",
    302: "Found",
    303: "See Other",
    307: "Temporary Redirect",
    308: "Permanent Redirect",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
}
