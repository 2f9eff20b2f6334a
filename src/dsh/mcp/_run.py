"""Running the server over stdio or streamable HTTP, with the context's whole lifetime."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from dsh.app import build_context, close, plugin_load_failure
from dsh.harness import ConfigError, Context, HarnessError
from dsh.mcp._server import create_server


def serve(config: str | Path | None = None, *, http: tuple[str, int] | None = None) -> None:
    """Serve over stdio (default) or streamable HTTP at ``http://HOST:PORT/mcp``."""
    asyncio.run(serve_async(config, http=http))


async def serve_async(
    config: str | Path | None = None, *, http: tuple[str, int] | None = None
) -> None:
    if http is None:
        ctx = _load(config)
        try:
            await _serve_stdio(create_server(ctx))
        finally:
            await close(ctx)
        return
    with _deferred_stop_signals() as stop:
        ctx = _load(config)
        try:
            await _serve_http(create_server(ctx), *http, stop=stop)
        finally:
            await close(ctx)


class _StopSignals:
    """SIGINT/SIGTERM received while the HTTP server starts, runs or stops."""

    def __init__(self) -> None:
        self.received: list[int] = []
        self.server: Any = None  # the uvicorn server, once built
        self.previous: dict[int, Any] = {}

    def handle(self, sig: int, frame: FrameType | None) -> None:
        if self.received:
            # Asked again while stopping (closing the context, say): the user insists.
            self.restore()
            signal.raise_signal(sig)
            return
        self.received.append(sig)
        if self.server is not None:
            self.server.handle_exit(sig, frame)

    def restore(self) -> None:
        for sig, handler in self.previous.items():
            # None: a handler not set from Python; the default is the closest there is.
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        self.previous.clear()


@contextlib.contextmanager
def _deferred_stop_signals() -> Iterator[_StopSignals]:
    """A stop signal ends the server gracefully, and has its usual effect only once the context
    is closed.

    uvicorn handles SIGINT/SIGTERM only while it serves, and re-raises the signal as it
    returns: a SIGTERM then killed the process before ``close(ctx)`` (provider clients never
    closed), and a Ctrl-C cancelled the close half-way, or, arriving before uvicorn took the
    signals, cancelled its start-up and left its lifespan task to log a traceback. Here the
    signals are held from before loading to after closing; uvicorn hands the one it caught
    back to this handler, which re-delivers it at the end (SIGTERM: the process ends by it;
    SIGINT: ``KeyboardInterrupt``, exit 130 on the command line).
    """
    stop = _StopSignals()
    if threading.current_thread() is threading.main_thread():  # signals are the main thread's
        for sig in (signal.SIGINT, signal.SIGTERM):
            stop.previous[sig] = signal.signal(sig, stop.handle)
    try:
        yield stop
    finally:
        stop.restore()
    for received in stop.received:
        signal.raise_signal(received)


def _load(config: str | Path | None) -> Context:
    """:func:`build_context`; a plugin that crashes while loading is a :class:`ConfigError`,
    as the command line reports it for its other commands."""
    try:
        return build_context(config)
    except HarnessError:
        raise
    except Exception as error:
        raise plugin_load_failure(error) from error


async def _serve_stdio(server: Any) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


async def _serve_http(server: Any, host: str, port: int, *, stop: _StopSignals) -> None:
    import uvicorn

    app = server.streamable_http_app(host=host)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise ConfigError(
            f"Cannot listen on {host}:{port}: {error.strerror}.", code="MCP_BIND_FAILED"
        ) from None
    bound_port = sock.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{bound_port}/mcp"

    class _Announcing(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            # The readiness line tests and users wait for (stderr: stdout stays clean).
            sys.stderr.write(f"dsh-web: MCP server listening on {url}\n")
            sys.stderr.flush()

    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    stop.server = _Announcing(config)
    if stop.received:  # stopped while loading: do not start at all
        sock.close()
        return
    await stop.server.serve(sockets=[sock])
