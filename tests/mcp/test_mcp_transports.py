"""The MCP server as a real `dsh-web mcp` subprocess, driven by the SDK's own client."""

from __future__ import annotations

import asyncio
import errno
import io
import json
import os
import pty
import sys
from pathlib import Path

import pytest
import uvicorn
from mcp_support import (
    http_server_process,
    run_scenario,
    start_http_server,
    stdio_client,
    write_config,
)

from dsh.cli import main
from dsh.mcp import serve_async
from mcp import Client
from support.environment import clean_env
from support.local_http import LocalServer
from support.subprocesses import killed_at_exit


async def tools_as_cli_prints_them(config: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What `dsh-web tools --format mcp` prints for this config (same main(), in-process)."""
    status = await asyncio.to_thread(main, ["tools", "--format", "mcp", "--config", str(config)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(out)  # not empty
    return out


async def test_mcp_over_stdio(
    server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path)
    expected = await tools_as_cli_prints_them(config, capsys)
    async with stdio_client(config) as client:
        await run_scenario(client, server, expected)


async def test_mcp_over_streamable_http(
    server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path)
    expected = await tools_as_cli_prints_them(config, capsys)
    async with http_server_process(config) as url:
        assert url.startswith("http://127.0.0.1:")
        assert url.endswith("/mcp")
        async with Client(url) as client:
            await run_scenario(client, server, expected)


async def test_a_server_with_no_tools_says_so_on_stderr(tmp_path: Path) -> None:
    # Before: it served an empty tools/list without a word (a plugin list without tool-web, or
    # with search and fetch off), where `dsh-web tools` says what to load.
    config = tmp_path / "no-tools.yaml"
    config.write_text("- {id: web, name: dsh-web}\n", encoding="utf-8")
    async with killed_at_exit(await start_http_server(config)) as process:
        assert process.stderr is not None
        lines: list[str] = []
        while "listening on" not in (lines[-1] if lines else ""):
            line = (await asyncio.wait_for(process.stderr.readline(), 20)).decode()
            assert line, "dsh-web mcp exited:\n" + "".join(lines)
            lines.append(line)
        process.terminate()
        await asyncio.wait_for(process.wait(), 10)
    assert (
        "dsh-web: warning: No tools are registered: load the tool-web plugin, with `search` or "
        "`fetch` enabled in its config.\n"
    ) in lines


async def test_stdio_on_a_terminal_says_what_it_waits_for(tmp_path: Path) -> None:
    # `dsh-web mcp` typed at a terminal: before, it printed nothing and seemed to hang.
    config = write_config(tmp_path)
    terminal, its_end = pty.openpty()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "dsh.cli",
        "mcp",
        "--config",
        str(config),
        stdin=its_end,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=clean_env(),
    )
    os.close(its_end)
    try:
        assert process.stderr is not None
        line = await asyncio.wait_for(process.stderr.readline(), 20)
        assert line.decode() == (
            "dsh-web: MCP server on stdio, waiting for an MCP client's JSON-RPC on standard "
            "input: an MCP client starts it (see the README); Ctrl-D or Ctrl-C ends it.\n"
        )
        os.write(terminal, b"\x04")  # Ctrl-D: end of input on the terminal
        out, err = await asyncio.wait_for(process.communicate(), 20)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        os.close(terminal)
    assert (process.returncode, out, err) == (0, b"", b"")


class _BadDescriptor(io.StringIO):
    """A stderr whose descriptor went bad after start-up (closed under it): EBADF."""

    def write(self, _text: str) -> int:
        raise OSError(errno.EBADF, "Bad file descriptor")


@pytest.mark.parametrize("stderr", [None, _BadDescriptor()], ids=["none", "ebadf"])
async def test_the_http_server_serves_with_stderr_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stderr: io.StringIO | None
) -> None:
    # `dsh-web mcp --http ... 2>&-` (a service started without stderr). Before: the readiness
    # line was written to a sys.stderr that is None, or whose descriptor is bad, and the server
    # died right after binding, exit 1, with nowhere to say why.
    monkeypatch.setattr(sys, "stderr", stderr)
    serving = asyncio.Event()
    started: list[uvicorn.Server] = []
    main_loop = uvicorn.Server.main_loop

    async def observed_main_loop(self: uvicorn.Server) -> None:
        started.append(self)  # start-up is over: the socket listens
        serving.set()
        await main_loop(self)

    monkeypatch.setattr(uvicorn.Server, "main_loop", observed_main_loop)
    task = asyncio.ensure_future(serve_async(write_config(tmp_path), http=("127.0.0.1", 0)))
    waiter = asyncio.ensure_future(serving.wait())
    await asyncio.wait([task, waiter], timeout=20, return_when=asyncio.FIRST_COMPLETED)
    waiter.cancel()
    assert not task.done(), task.exception()
    port = started[0].servers[0].sockets[0].getsockname()[1]
    async with Client(f"http://127.0.0.1:{port}/mcp") as client:
        assert [tool.name for tool in (await client.list_tools()).tools] == [
            "web_fetch",
            "web_search",
        ]
    started[0].should_exit = True
    await asyncio.wait_for(task, 20)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
def test_a_loopback_http_server_gets_no_exposure_warning(host: str) -> None:
    from dsh.mcp._run import exposure_warning

    assert exposure_warning(host) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.10", "fd00::1", "build-box.lan"])
def test_an_http_server_beyond_loopback_is_said_to_have_no_authentication(host: str) -> None:
    # `--http 0.0.0.0:8080` served the tools to the whole network without a word: the server
    # has no authentication, and web_fetch would run from inside the operator's network.
    from dsh.mcp._run import exposure_warning

    warning = exposure_warning(host)
    assert warning is not None
    assert warning.startswith(f"{host} is reachable from other machines")
    assert "no authentication" in warning
    assert "Serve on 127.0.0.1" in warning
