"""Running the server over stdio or streamable HTTP, with the context's whole lifetime."""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path
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
    ctx = _load(config)
    try:
        server = create_server(ctx)
        if http is None:
            await _serve_stdio(server)
        else:
            await _serve_http(server, *http)
    finally:
        await close(ctx)


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


async def _serve_http(server: Any, host: str, port: int) -> None:
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
    await _Announcing(config).serve(sockets=[sock])
