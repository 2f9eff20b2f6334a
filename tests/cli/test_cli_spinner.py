"""The progress line: only on a terminal, only after a moment, and cleared afterwards."""

from __future__ import annotations

import asyncio
import io

from dsh.cli._spinner import CLEAR, spinner


class FakeTerminal(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.wrote = asyncio.Event()

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.wrote.set()
        return super().write(text)


async def test_spinner_draws_on_a_terminal_and_clears() -> None:
    stream = FakeTerminal()
    async with spinner(stream, "Fetching x", delay=0.0, interval=0.01):
        await stream.wrote.wait()
    text = stream.getvalue()
    assert "Fetching x" in text
    assert text.endswith(CLEAR)


async def test_spinner_waits_before_drawing() -> None:
    stream = FakeTerminal()
    async with spinner(stream, "Fetching x", delay=60.0):
        await asyncio.sleep(0)
    assert stream.getvalue() == ""


async def test_spinner_is_silent_when_not_a_terminal() -> None:
    stream = io.StringIO()
    async with spinner(stream, "Fetching x", delay=0.0, interval=0.01):
        for _ in range(5):
            await asyncio.sleep(0)
    assert stream.getvalue() == ""
