"""The progress line: only on a terminal, only after a moment, and cleared afterwards."""

from __future__ import annotations

import asyncio
import io
import os
import pty

import pytest

from dsh.cli._commands import search_label
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


async def turns(count: int) -> None:
    """Let the event loop run ``count`` times (no wall-clock wait)."""
    for _ in range(count):
        await asyncio.sleep(0)


async def test_spinner_waits_before_drawing() -> None:
    # The same few loop turns are enough to draw when there is no delay: a spinner that
    # ignored its delay would have drawn below too.
    control = FakeTerminal()
    async with spinner(control, "Fetching x", delay=0.0):
        await turns(5)
    assert "Fetching x" in control.getvalue()
    stream = FakeTerminal()
    async with spinner(stream, "Fetching x", delay=60.0):
        await turns(5)
    assert stream.getvalue() == ""


async def test_spinner_is_silent_when_not_a_terminal() -> None:
    stream = io.StringIO()
    async with spinner(stream, "Fetching x", delay=0.0, interval=0.01):
        await turns(5)
    assert stream.getvalue() == ""


async def test_a_long_or_multiline_label_stays_on_one_terminal_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A line longer than the terminal wraps, and "\r" + clear-line then erases only its last
    # row: every frame would leave a row behind. A newline or escape in the label likewise.
    monkeypatch.setenv("COLUMNS", "60")
    stream = FakeTerminal()
    label = "Fetching https://example.com/" + "a" * 200 + "\n\x1b[2Jnext"
    async with spinner(stream, label, delay=0.0, interval=0.01):
        await stream.wrote.wait()
    frames = [frame for frame in stream.getvalue().split(CLEAR) if frame]
    assert frames
    for frame in frames:
        assert frame.isprintable()
        assert len(frame) < 60
        assert "Fetching https://example.com/aaa" in frame
        assert "…" in frame


async def test_a_terminal_that_reports_no_width_gets_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A pseudo-terminal whose size was never set (`script`, `docker exec -t`, some CI runners)
    # reports 0 columns. Before: the label was cut to 10 characters, "Fetching …".
    monkeypatch.setenv("COLUMNS", "100")
    controller, terminal = pty.openpty()
    try:
        assert os.get_terminal_size(terminal).columns == 0
        stream = FakeTerminal()
        monkeypatch.setattr(stream, "fileno", lambda: terminal)
        async with spinner(stream, "Fetching https://example.com/page", delay=0.0, interval=0.01):
            await stream.wrote.wait()
    finally:
        os.close(terminal)
        os.close(controller)
    assert "Fetching https://example.com/page (" in stream.getvalue()


def test_the_search_label_quotes_queries_as_json() -> None:
    assert search_label(["rust", 'it\'s "new"']) == 'Searching "rust", "it\'s \\"new\\""'
