"""Helpers to run the real `dsh-web` command line as a subprocess, on the test's event loop.

The subprocess runs asynchronously so the test's local HTTP server keeps serving while it works.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Mapping
from dataclasses import dataclass

import pytest

from support.environment import clean_env
from support.subprocesses import killed_at_exit


@dataclass
class Completed:
    status: int
    stdout: str
    stderr: str


async def run_cli(
    *args: str, env: Mapping[str, str] | None = None, limit: float = 30.0
) -> Completed:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "dsh.cli",
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=clean_env(env),
    )
    async with killed_at_exit(process):
        out, err = await asyncio.wait_for(process.communicate(), limit)
    assert process.returncode is not None
    return Completed(process.returncode, out.decode(), err.decode())


def exa_config(base_url: str) -> str:
    return f"""\
- id: web
  name: dsh-web
- id: exa
  name: web-search-exa
  config:
    base_url: "{base_url}"
    api_key_env: DSH_TEST_EXA_KEY
- id: tool-web
  name: tool-web
"""


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` in-process: its exit status and what it printed."""
    from dsh.cli import main

    try:
        status = main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def one_line(stderr: str) -> str:
    """The single error line a failure prints (and proof that it printed nothing else)."""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    return lines[0]


async def run_main_in_thread(argv: list[str]) -> int:
    """``main(argv)`` in-process, on a worker thread (it runs its own event loop), so that the
    test's local server keeps serving. Output goes to the captured ``sys.stdout``/``stderr``."""
    from dsh.cli import main

    def call() -> int:
        try:
            return main(argv)
        except SystemExit as exit_:
            return int(exit_.code or 0)

    return await asyncio.to_thread(call)
