"""A progress line on stderr for calls that take more than a moment — only on a terminal.

Piped or redirected stderr gets nothing, so scripts and logs see only the one-line errors.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import time
from collections.abc import AsyncIterator
from typing import TextIO

FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
ASCII_FRAMES = "|/-\\"
CLEAR = "\r\033[K"


def _frames_for(stream: TextIO) -> str:
    encoding = (getattr(stream, "encoding", None) or "ascii").lower()
    return FRAMES if "utf" in encoding else ASCII_FRAMES


def _columns(stream: TextIO) -> int:
    try:
        # 0: a pseudo-terminal whose size was never set (`script`, `docker exec -t`).
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        columns = 0
    return columns or shutil.get_terminal_size().columns  # $COLUMNS, else 80


# Room for the frame, its space and " (999.9 s)", plus the last column (a line that fills it
# wraps on some terminals).
_DECORATION = 13


def _fitted(label: str, columns: int) -> str:
    """``label`` on one row: "\\r" + clear-line erases only the cursor's row, so a label that
    wraps (a long URL) or holds a newline or escape would leave a row behind every frame."""
    text = "".join(ch if ch.isprintable() else " " for ch in label)
    room = max(columns - _DECORATION, 10)
    return text if len(text) <= room else text[: room - 1] + "…"


async def _spin(
    stream: TextIO, label: str, delay: float, interval: float, shown: list[bool]
) -> None:
    await asyncio.sleep(delay)
    shown.append(True)
    frames = _frames_for(stream)
    label = _fitted(label, _columns(stream))
    started = time.monotonic() - delay
    index = 0
    while True:
        elapsed = time.monotonic() - started
        stream.write(f"{CLEAR}{frames[index % len(frames)]} {label} ({elapsed:.1f} s)")
        stream.flush()
        index += 1
        await asyncio.sleep(interval)


@contextlib.asynccontextmanager
async def spinner(
    stream: TextIO, label: str, *, delay: float = 0.5, interval: float = 0.1
) -> AsyncIterator[None]:
    """Show ``label`` with a spinner after ``delay`` seconds while the block runs; clear it after.

    Does nothing unless ``stream`` is a terminal.
    """
    isatty = getattr(stream, "isatty", None)
    if not (callable(isatty) and isatty()):
        yield
        return
    shown: list[bool] = []
    task = asyncio.ensure_future(_spin(stream, label, delay, interval, shown))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        if shown:
            stream.write(CLEAR)
            stream.flush()
