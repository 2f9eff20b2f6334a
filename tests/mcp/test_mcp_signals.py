"""Stopping `dsh-web mcp` (stdio or --http) with a real signal or, over stdio, by closing its
stdin or its stdout: the context is closed, no traceback shown."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest
import uvicorn
from mcp_support import (
    announced_url,
    install_close_marker,
    process_transport,
    start_http_server,
    stdio_server_process,
    wait_for_line,
    write_config,
)

from dsh.mcp import serve_async
from mcp import Client
from support.local_http import HangingRoute, LocalServer
from support.subprocesses import killed_at_exit

INTERRUPTED_LINE = "dsh-web: error: INTERRUPTED: interrupted"


async def _stderr_until_exit(process: asyncio.subprocess.Process) -> str:
    assert process.stderr is not None
    rest = await asyncio.wait_for(process.stderr.read(), 20)
    await asyncio.wait_for(process.wait(), 20)
    return rest.decode()


#: How `dsh-web mcp` ends on each stopping signal: SIGTERM as the signal asks (killed by it, no
#: words), Ctrl-C (SIGINT) as an interrupted command (exit status 130, one line).
STOPPING_SIGNALS = [
    pytest.param(signal.SIGTERM, -signal.SIGTERM, [], id="sigterm"),
    pytest.param(signal.SIGINT, 130, [INTERRUPTED_LINE], id="sigint"),
]


@pytest.mark.parametrize(("sent", "returncode", "stderr_lines"), STOPPING_SIGNALS)
async def test_a_signal_stops_the_http_server_and_closes_the_context(
    tmp_path: Path, sent: signal.Signals, returncode: int, stderr_lines: list[str]
) -> None:
    config, marker, env = install_close_marker(tmp_path)
    async with killed_at_exit(await start_http_server(config, env=env)) as process:
        assert process.stderr is not None
        await asyncio.wait_for(announced_url(process.stderr), 20)

        process.send_signal(sent)
        rest = await _stderr_until_exit(process)

    # The provider clients were closed before the process ended, as the signal asks.
    assert marker.read_text(encoding="utf-8") == "closed"
    assert process.returncode == returncode
    assert "Traceback" not in rest
    assert rest.splitlines() == stderr_lines


async def test_ctrl_c_while_the_server_starts_is_one_line_and_still_closes(
    tmp_path: Path,
) -> None:
    # The plugin holds the loading until a line arrives on stdin: the signal lands before
    # uvicorn has started (and before it handles signals itself).
    config, marker, env = install_close_marker(tmp_path, hold_on_stdin=True)
    process = await start_http_server(config, env=env, stdin=asyncio.subprocess.PIPE)
    async with killed_at_exit(process):
        assert process.stderr is not None
        assert process.stdin is not None
        await asyncio.wait_for(wait_for_line(process.stderr, "close-marker: loading"), 20)

        process.send_signal(signal.SIGINT)
        process.stdin.write(b"go on\n")
        await process.stdin.drain()
        rest = await _stderr_until_exit(process)

    assert process.returncode == 130
    assert rest.splitlines() == [INTERRUPTED_LINE]  # no lifespan traceback
    assert marker.read_text(encoding="utf-8") == "closed"


async def test_an_http_server_started_with_sigint_ignored_keeps_ignoring_it(
    tmp_path: Path,
) -> None:
    # A background job of a non-interactive shell (`dsh-web mcp --http ... &`) inherits SIGINT
    # ignored, so that a Ctrl-C meant for the foreground leaves it alone; Python and asyncio
    # honour that. Our stop handler replaced it: a SIGINT stopped the server (here, during
    # loading, it never started) and the process exited 0.
    config, marker, env = install_close_marker(tmp_path, hold_on_stdin=True)
    process = await start_http_server(
        config, env=env, stdin=asyncio.subprocess.PIPE, sigint_ignored=True
    )
    async with killed_at_exit(process):
        assert process.stderr is not None
        assert process.stdin is not None
        await asyncio.wait_for(wait_for_line(process.stderr, "close-marker: loading"), 20)

        process.send_signal(signal.SIGINT)
        process.stdin.write(b"go on\n")
        await process.stdin.drain()
        await asyncio.wait_for(announced_url(process.stderr), 20)  # it started all the same

        process.send_signal(signal.SIGTERM)  # a stop signal it was not told to ignore
        rest = await _stderr_until_exit(process)

    assert process.returncode == -signal.SIGTERM
    assert rest == ""
    assert marker.read_text(encoding="utf-8") == "closed"


async def test_uvicorn_serving_keeps_an_ignored_sigint_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In process, to see the disposition while uvicorn serves: it installs its own SIGINT
    # handler whatever was there, and a SIGINT then shut the server down.
    serving = asyncio.Event()
    started: list[uvicorn.Server] = []
    seen: list[object] = []
    main_loop = uvicorn.Server.main_loop

    async def observed_main_loop(self: uvicorn.Server) -> None:
        started.append(self)
        seen.append(signal.getsignal(signal.SIGINT))
        serving.set()
        await main_loop(self)

    monkeypatch.setattr(uvicorn.Server, "main_loop", observed_main_loop)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        task = asyncio.ensure_future(serve_async(write_config(tmp_path), http=("127.0.0.1", 0)))
        waiter = asyncio.ensure_future(serving.wait())
        await asyncio.wait([task, waiter], timeout=20, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        assert not task.done(), task.exception()
        assert seen == [signal.SIG_IGN]
        signal.raise_signal(signal.SIGINT)  # a handler would have run before this returns
        assert not started[0].should_exit
        started[0].should_exit = True
        await asyncio.wait_for(task, 20)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


async def test_a_stdio_server_started_with_sigint_ignored_keeps_ignoring_it(
    tmp_path: Path,
) -> None:
    config, marker, env = install_close_marker(tmp_path)
    async with stdio_server_process(config, env=env, sigint_ignored=True) as process:
        async with Client(process_transport(process), mode="legacy") as client:
            assert (await client.list_tools()).tools
            process.send_signal(signal.SIGINT)
            # The server handles a pending signal before it reads on: these found it gone.
            for _ in range(2):
                assert (await asyncio.wait_for(client.list_tools(), 20)).tools
        rest = await _stderr_until_exit(process)  # the client left: end of the session

    assert process.returncode == 0
    assert rest == ""
    assert marker.read_text(encoding="utf-8") == "closed"


@pytest.mark.parametrize(("sent", "returncode", "stderr_lines"), STOPPING_SIGNALS)
async def test_a_signal_stops_the_stdio_server_and_closes_the_context(
    tmp_path: Path, sent: signal.Signals, returncode: int, stderr_lines: list[str]
) -> None:
    config, marker, env = install_close_marker(tmp_path)
    async with (
        stdio_server_process(config, env=env) as process,
        Client(process_transport(process), mode="legacy") as client,
    ):
        assert (await client.list_tools()).tools  # serving, its stdin open
        # Its stdin stays open: the server must not wait for the client to go first.
        process.send_signal(sent)
        rest = await _stderr_until_exit(process)  # while the client is still connected

    assert marker.read_text(encoding="utf-8") == "closed"
    assert process.returncode == returncode
    assert rest.splitlines() == stderr_lines


async def test_sigterm_during_a_call_aborts_it_and_closes_the_context(
    server: LocalServer, tmp_path: Path
) -> None:
    config, marker, env = install_close_marker(tmp_path)
    hanging = HangingRoute()
    server.route("/hang", hanging)
    async with (
        stdio_server_process(config, env=env) as process,
        Client(process_transport(process), mode="legacy") as client,
    ):
        call = asyncio.ensure_future(client.call_tool("web_fetch", {"url": server.url("/hang")}))
        await asyncio.wait_for(hanging.arrived.wait(), 20)
        process.send_signal(signal.SIGTERM)
        rest = await _stderr_until_exit(process)
        call.cancel()

    assert marker.read_text(encoding="utf-8") == "closed"
    assert process.returncode == -signal.SIGTERM
    assert rest == ""


async def test_stdin_closed_by_the_client_stops_the_stdio_server_cleanly(tmp_path: Path) -> None:
    config, marker, env = install_close_marker(tmp_path)
    async with stdio_server_process(config, env=env) as process:
        async with Client(process_transport(process), mode="legacy") as client:
            assert (await client.list_tools()).tools
        # Leaving the client closed the server's stdin: end of session, not an error.
        rest = await _stderr_until_exit(process)

    assert marker.read_text(encoding="utf-8") == "closed"
    assert process.returncode == 0
    assert rest == ""


INITIALIZE = (
    b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"gone","version":"1"}}}\n'
)


async def test_a_client_that_stopped_reading_ends_the_stdio_server_quietly(
    tmp_path: Path,
) -> None:
    # The client crashed, or closed its end of our stdout. Before: exit 1 and "INTERNAL:
    # ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)". Now as for any Unix
    # tool whose reader left (`dsh-web fetch ... | head`): nothing said, exit 141, and the
    # context still closed.
    config, marker, env = install_close_marker(tmp_path)
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read what the server writes
    async with stdio_server_process(config, env=env, stdout=write_end) as process:
        os.close(write_end)  # the server has its own copy
        assert process.stdin is not None
        process.stdin.write(INITIALIZE)  # its answer is the first write that fails
        await process.stdin.drain()
        rest = await _stderr_until_exit(process)  # stdin still open: not an end of input
        process.stdin.close()

    assert rest == ""
    assert process.returncode == 141
    assert marker.read_text(encoding="utf-8") == "closed"
