"""Output nobody reads: a reader that went away (`| head -0`) is a quiet exit 141, as for any
Unix tool killed by SIGPIPE; a standard output closed outright is one error line, as is the
stdio MCP server's standard input."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.cli_support import one_line
from support.environment import clean_env
from support.local_http import LocalServer
from support.subprocesses import killed_at_exit

EXIT_BROKEN_PIPE = 141


@pytest.fixture
def widowed_pipe() -> Iterator[int]:
    """The write end of a pipe whose reader has already gone (as after `| head -0`)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        yield write_end
    finally:
        os.close(write_end)


def _cli(
    *args: str, stdout: int, stderr: int = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dsh.cli", *args],
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=stderr,
        env=clean_env(),
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("argv", [["tools"], ["tools", "--format", "openai"], ["config"]])
def test_a_reader_that_left_is_a_quiet_exit_141(
    widowed_pipe: int, loopback_config: Path, argv: list[str]
) -> None:
    done = _cli(*argv, "--config", str(loopback_config), stdout=widowed_pipe)
    assert done.stderr == ""  # no INTERNAL error, no "Exception ignored" at exit
    assert done.returncode == EXIT_BROKEN_PIPE


def test_stdout_and_stderr_both_gone_is_still_141(widowed_pipe: int, loopback_config: Path) -> None:
    # `dsh-web tools 2>&1 | head -0`: not even the error line can be written.
    done = _cli("tools", "--config", str(loopback_config), stdout=widowed_pipe, stderr=widowed_pipe)
    assert done.returncode == EXIT_BROKEN_PIPE


async def test_a_fetched_page_whose_reader_left_is_a_quiet_exit_141(
    server: LocalServer, widowed_pipe: int, loopback_config: Path
) -> None:
    server.respond("/page", "<h1>Hello</h1>", content_type="text/html")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "dsh.cli",
        "fetch",
        server.url("/page"),
        "--config",
        str(loopback_config),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=widowed_pipe,
        stderr=asyncio.subprocess.PIPE,
        env=clean_env(),
    )
    async with killed_at_exit(process):
        _, err = await asyncio.wait_for(process.communicate(), 30)
    assert err.decode() == ""
    assert process.returncode == EXIT_BROKEN_PIPE


def test_a_closed_stdout_is_one_error_line(loopback_config: Path) -> None:
    # `dsh-web tools >&-`: there is no standard output at all; say so, as cat or ls do.
    script = 'exec "$0" -m dsh.cli tools --config "$1" >&-'
    done = subprocess.run(
        ["sh", "-c", script, sys.executable, str(loopback_config)],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=clean_env(),
        text=True,
        timeout=60,
        check=False,
    )
    assert one_line(done.stderr) == (
        "dsh-web: error: OS_ERROR: Standard output is closed, so nothing can be printed. "
        "Redirect it (e.g. >/dev/null) instead of closing it."
    )
    assert done.returncode == 2


def test_a_closed_stdin_for_the_stdio_server_is_one_error_line(loopback_config: Path) -> None:
    # `dsh-web mcp <&-`: no client can reach a stdio server; say so before any work.
    script = 'exec "$0" -m dsh.cli mcp --config "$1" <&-'
    done = subprocess.run(
        ["sh", "-c", script, sys.executable, str(loopback_config)],
        capture_output=True,
        env=clean_env(),
        text=True,
        timeout=60,
        check=False,
    )
    assert one_line(done.stderr) == (
        "dsh-web: error: OS_ERROR: Standard input is closed, so no MCP client can reach the "
        "stdio server. Connect it to the client's pipe, or serve over --http."
    )
    assert done.stdout == ""
    assert done.returncode == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["tools"], ["config", "--json"]])
def test_a_full_disk_is_an_os_error_not_a_bug(loopback_config: Path, argv: list[str]) -> None:
    # `dsh-web tools > /dev/full`. Before: "INTERNAL: OSError: [Errno 28] No space left on
    # device (run with --debug for the traceback)", as if dsh-web had crashed.
    with open("/dev/full", "w") as full:
        done = _cli(*argv, "--config", str(loopback_config), stdout=full.fileno())
    assert one_line(done.stderr) == (
        "dsh-web: error: OS_ERROR: Cannot write to standard output: No space left on device."
    )
    assert done.returncode == 1
