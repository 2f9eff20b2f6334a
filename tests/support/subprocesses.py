"""Subprocesses a test starts (the real command line, the MCP server) never outlive the test."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


@contextlib.asynccontextmanager
async def killed_at_exit(
    process: asyncio.subprocess.Process,
) -> AsyncIterator[asyncio.subprocess.Process]:
    """``process``, killed when the block ends if it is still running: a test that fails (or
    times out) before its process ended must not leave it behind, nor the port it holds.
    asyncio does not do it: a process whose ``wait_for`` timed out keeps running."""
    try:
        yield process
    finally:
        if process.returncode is None:
            process.kill()
        await process.wait()
