"""Work that reacts to cancellation in awkward but realistic ways, for the cancel-once tests."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest


class CleanupRecorder:
    """Work whose cleanup after a cancel spans a few loop turns, like closing a connection.

    ``cancels`` counts every CancelledError it sees; ``cleaned_up`` is set only if the cleanup
    ran to its end, i.e. no second cancel interrupted it; ``ended`` once it has returned.
    """

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.cleaning = asyncio.Event()
        self.ended = asyncio.Event()
        self.cancels = 0
        self.cleaned_up = False

    async def run(self) -> str:
        self.started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancels += 1
            self.cleaning.set()
            try:
                for _ in range(5):
                    await asyncio.sleep(0)  # cleanup that yields to the loop, not a wait
            except asyncio.CancelledError:
                self.cancels += 1
                raise
            self.cleaned_up = True
            raise
        finally:
            self.ended.set()
        return "never"


async def expect_cancelled_once(call: asyncio.Future[Any], work: CleanupRecorder) -> None:
    """``call`` ends cancelled, and ``work`` under it saw that cancel once and cleaned up to its
    end: no second cancel interrupted the cleanup."""
    with pytest.raises(asyncio.CancelledError):
        await call
    assert work.cancels == 1
    assert work.cleaned_up


class SwallowsFirstCancel:
    """Work that swallows the first cancellation it gets and obeys the second."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.cancels = 0

    async def run(self) -> None:
        self.started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancels += 1  # swallowed: goes on as if nothing happened
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancels += 1
            raise
