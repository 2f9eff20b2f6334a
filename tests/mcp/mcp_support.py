"""MCP test helpers: a real `dsh-web mcp` subprocess, and the scenario both transports run."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import textwrap
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

import anyio
import mcp_types

# Defined and exported (`__all__`) there; mcp.client.stdio only imports it.
from mcp.client._transport import TransportStreams
from mcp.shared.message import SessionMessage

from mcp import Client, StdioServerParameters
from support.environment import LOOPBACK_CONFIG, clean_env
from support.local_http import HangingRoute, LocalServer, Request, write_response
from support.subprocesses import killed_at_exit


def write_config(directory: Path) -> Path:
    path = directory / "mcp-loopback.yaml"
    path.write_text(LOOPBACK_CONFIG, encoding="utf-8")
    return path


def stdio_client(config: Path) -> Client:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "dsh.cli", "mcp", "--config", str(config)],
        env=clean_env(),
    )
    return Client(params, mode="legacy")


@contextlib.asynccontextmanager
async def http_server_process(config: Path) -> AsyncIterator[str]:
    """Start `dsh-web mcp --http 127.0.0.1:0` and yield its URL once it announces readiness."""
    async with killed_at_exit(await start_http_server(config)) as process:
        assert process.stderr is not None
        url = await asyncio.wait_for(announced_url(process.stderr), 20)
        try:
            yield url
        finally:
            if process.returncode is None:
                process.terminate()
            await asyncio.wait_for(process.wait(), 10)  # else killed on the way out


def _sigint_at_its_default() -> None:
    """Run in the child before exec: SIGINT back to its default disposition. A suite started in
    the background by a non-interactive shell (``pytest &``, a CI runner's job) inherits SIGINT
    ignored, and a child started so never sees the Ctrl-C these tests send it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _sigint_ignored() -> None:
    """Run in the child before exec: SIGINT ignored, as a non-interactive shell starts a
    background job (``dsh-web mcp &``) or ``nohup``-like wrappers leave it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _sigint(ignored: bool) -> Callable[[], None]:
    return _sigint_ignored if ignored else _sigint_at_its_default


async def start_http_server(
    config: Path,
    *,
    env: Mapping[str, str] | None = None,
    stdin: int = asyncio.subprocess.DEVNULL,
    sigint_ignored: bool = False,
) -> asyncio.subprocess.Process:
    """`dsh-web mcp --http 127.0.0.1:0` as a subprocess, its stderr piped (the caller waits)."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "dsh.cli",
        "mcp",
        "--http",
        "127.0.0.1:0",
        "--config",
        str(config),
        stdin=stdin,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        env=clean_env(env),
        preexec_fn=_sigint(sigint_ignored),
    )


@contextlib.asynccontextmanager
async def stdio_server_process(
    config: Path,
    *,
    env: Mapping[str, str] | None = None,
    stdout: int = asyncio.subprocess.PIPE,
    sigint_ignored: bool = False,
) -> AsyncIterator[asyncio.subprocess.Process]:
    """`dsh-web mcp` (stdio) as a subprocess with all three streams piped (or its stdout on the
    file descriptor `stdout`); speak to it with ``Client(process_transport(process))`` while
    the test keeps the process to signal. Killed at the end if the test left it running (a
    failed test must not hang or leak it)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "dsh.cli",
        "mcp",
        "--config",
        str(config),
        stdin=asyncio.subprocess.PIPE,
        stdout=stdout,
        stderr=asyncio.subprocess.PIPE,
        env=clean_env(env),
        preexec_fn=_sigint(sigint_ignored),
    )
    async with killed_at_exit(process):
        yield process


@contextlib.asynccontextmanager
async def process_transport(process: asyncio.subprocess.Process) -> AsyncIterator[TransportStreams]:
    """The SDK's stdio framing (one JSON-RPC message a line) over a process the test started.

    The SDK's own stdio transport spawns the server itself and hides it; these tests need the
    process, to signal it and read its exit status. Leaving the context closes the server's
    stdin, as an MCP client ending a session does.
    """
    assert process.stdin is not None
    assert process.stdout is not None
    stdin, stdout = process.stdin, process.stdout
    incoming, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_stream, outgoing = anyio.create_memory_object_stream[SessionMessage](0)

    async def server_to_client() -> None:
        async with incoming:
            while line := await stdout.readline():
                message = mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
                await incoming.send(SessionMessage(message))

    async def client_to_server() -> None:
        async with outgoing:
            async for session_message in outgoing:
                data = session_message.message.model_dump_json(by_alias=True, exclude_unset=True)
                with contextlib.suppress(ConnectionError):  # the server is gone
                    stdin.write(data.encode() + b"\n")
                    await stdin.drain()

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(server_to_client)
        tasks.start_soon(client_to_server)
        try:
            yield read_stream, write_stream
        finally:
            stdin.close()
            tasks.cancel_scope.cancel()


async def announced_url(stream: asyncio.StreamReader) -> str:
    """The URL of the readiness line, read from the server's stderr."""
    return await wait_for_line(stream, "MCP server listening on ")


async def wait_for_line(stream: asyncio.StreamReader, marker: str) -> str:
    """The rest of the first line containing ``marker`` (the process must not end first)."""
    seen: list[str] = []
    while True:
        line = (await stream.readline()).decode()
        if not line:
            raise AssertionError(f"dsh-web mcp exited before {marker!r}:\n" + "".join(seen))
        seen.append(line)
        if marker in line:
            return line.split(marker, 1)[1].strip()


CLOSE_MARKER_PLUGIN = '''
"""A plugin whose unloading is visible: closing it (asynchronously) writes its marker file."""

import asyncio
import sys
from pathlib import Path

from pydantic import BaseModel, ConfigDict

name = "close-marker"


class Config(BaseModel):
    model_config = ConfigDict(extra="forbid")
    marker: str
    hold_on_stdin: bool = False


def apply(ctx, config):
    if config.hold_on_stdin:
        # Loading stops here until the test writes a line: a window to signal the process in.
        sys.stderr.write("close-marker: loading\\n")
        sys.stderr.flush()
        sys.stdin.readline()

    async def close():
        await asyncio.sleep(0)  # an async close, as a provider's HTTP client has
        Path(config.marker).write_text("closed", encoding="utf-8")

    ctx.effect(close)
'''


def install_close_marker(
    directory: Path, *, hold_on_stdin: bool = False
) -> tuple[Path, Path, dict[str, str]]:
    """A distribution declaring the ``close-marker`` plugin, and a loopback config that loads it.

    Returns (config path, marker path, environment for the subprocess): the marker file exists
    once the server has closed its context.
    """
    site = directory / "site"
    dist = site / "dsh_close_marker-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: dsh-close-marker\nVersion: 0.1\n", "utf-8"
    )
    (dist / "entry_points.txt").write_text(
        "[dsh.plugins]\nclose-marker = dsh_close_marker_plugin\n", "utf-8"
    )
    (site / "dsh_close_marker_plugin.py").write_text(textwrap.dedent(CLOSE_MARKER_PLUGIN), "utf-8")
    marker = directory / "closed.txt"
    config = directory / "mcp-close-marker.yaml"
    settings = json.dumps({"marker": str(marker), "hold_on_stdin": hold_on_stdin})
    config.write_text(
        LOOPBACK_CONFIG + f"- id: close-marker\n  name: close-marker\n  config: {settings}\n",
        encoding="utf-8",
    )
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH")) if p)
    return config, marker, {"PYTHONPATH": path}


class BarrierRoute:
    """Answers only once ``parties`` requests are in flight at the same time."""

    def __init__(self, parties: int) -> None:
        self.parties = parties
        self.count = 0
        self.all_in = asyncio.Event()

    async def __call__(self, request: Request, writer: asyncio.StreamWriter) -> None:
        self.count += 1
        if self.count >= self.parties:
            self.all_in.set()
        await self.all_in.wait()
        body = f"answer for {request.target}".encode()
        await write_response(writer, 200, {"Content-Type": "text/plain"}, body)


def dump_tool(tool: Any) -> dict[str, Any]:
    dumped: dict[str, Any] = tool.model_dump(by_alias=True, mode="json", exclude_none=True)
    return dumped


async def run_scenario(client: Client, server: LocalServer, expected_tools: str) -> None:
    """list, a local fetch, an error, a cancelled call, then several concurrent calls."""
    listed = await client.list_tools()
    assert [dump_tool(t) for t in listed.tools] == json.loads(expected_tools)
    assert client.instructions is not None
    assert "Use the web_fetch tool" in client.instructions

    server.respond("/page", "<h1>Hi there</h1><p>From a local page.</p>", content_type="text/html")
    page = server.url("/page")
    result = await client.call_tool("web_fetch", {"url": page})
    assert result.is_error is False
    assert "dsh-web/code" not in (result.meta or {})
    assert [block.type for block in result.content] == ["text"]
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.startswith(f"Fetched {page} (HTTP 200)\n\n# Hi there")

    bad = await client.call_tool("web_fetch", {"url": "gopher://example.invalid/"})
    assert bad.is_error is True
    assert bad.content[0].text.startswith("Error: ")  # type: ignore[union-attr]
    blank = await client.call_tool("web_fetch", {"url": " "})
    assert blank.is_error is True
    assert blank.content[0].text == "Error: url must be a non-empty string"  # type: ignore[union-attr]
    # The code a client or hook routes on rides in `_meta`, beside the unchanged model text.
    # (The SDK may add keys of its own, e.g. its server info over HTTP.)
    assert (bad.meta or {}).get("dsh-web/code") == "WEB_INVALID_URL"
    assert (blank.meta or {}).get("dsh-web/code") == "INVALID_ARGS"
    assert [block.type for block in bad.content] == ["text"]
    assert bad.structured_content is None

    hanging = HangingRoute()
    server.route("/hang", hanging)
    call = asyncio.ensure_future(client.call_tool("web_fetch", {"url": server.url("/hang")}))
    await asyncio.wait_for(hanging.arrived.wait(), 10)
    call.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await call
    assert call.cancelled()
    after = await client.call_tool("web_fetch", {"url": page})
    assert after.is_error is False

    barrier = BarrierRoute(4)
    server.route("/together", barrier)
    urls = [server.url(f"/together?n={n}") for n in range(4)]
    results = await asyncio.wait_for(
        asyncio.gather(*(client.call_tool("web_fetch", {"url": u}) for u in urls)), 15
    )
    for url, outcome in zip(urls, results, strict=True):
        assert outcome.is_error is False
        assert outcome.content[0].text.startswith(f"Fetched {url} (HTTP 200)")  # type: ignore[union-attr]
