"""Cancellation shaped like the web platform's AbortController / AbortSignal.

Why not only asyncio cancellation: a cancel is anonymous and one-shot, while agent code needs a
*reason* (the user stopped the turn, a tool budget ran out, the fetcher's own deadline) that crosses
layers as a value, can be combined (``AbortSignal.any``) and can be observed without being the
cancelled task. Native ``CancelledError`` still propagates untouched everywhere.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

from dsh.harness._errors import AbortError

T = TypeVar("T")
AbortCallback = Callable[[BaseException], None]

_log = logging.getLogger("dsh.harness.abort")


class AbortSignal:
    """Read side of an abort: observe it, wait for it, or react to it through callbacks."""

    def __init__(self) -> None:
        self._aborted = False
        self._reason: BaseException | None = None
        self._callbacks: dict[int, AbortCallback] = {}
        self._next_id = 0
        self._timer: asyncio.TimerHandle | None = None

    @property
    def aborted(self) -> bool:
        return self._aborted

    @property
    def reason(self) -> BaseException | None:
        return self._reason

    def throw_if_aborted(self) -> None:
        if self._aborted:
            raise AbortError(self._reason)

    def add_callback(self, callback: AbortCallback) -> Callable[[], None]:
        """Call ``callback(reason)`` when the signal aborts; returns a function that removes it.

        As on the web platform, a callback added after the abort is never called: check
        :attr:`aborted` first.
        """
        key = self._next_id
        self._next_id += 1
        self._callbacks[key] = callback

        def remove() -> None:
            self._callbacks.pop(key, None)

        return remove

    async def wait(self) -> BaseException:
        """Wait until the signal aborts and return its reason."""
        if self._aborted:
            assert self._reason is not None
            return self._reason
        future: asyncio.Future[BaseException] = asyncio.get_running_loop().create_future()

        def resolve(reason: BaseException) -> None:
            if not future.done():
                future.set_result(reason)

        remove = self.add_callback(resolve)
        try:
            return await future
        finally:
            remove()

    def __await__(self) -> object:
        return self.wait().__await__()

    def _abort(self, reason: BaseException) -> None:
        if self._aborted:
            return
        self._aborted = True
        self._reason = reason
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        callbacks = list(self._callbacks.values())
        self._callbacks.clear()
        for callback in callbacks:
            try:
                callback(reason)
            except Exception:  # one bad listener must not stop the others
                _log.exception("abort callback failed")

    @staticmethod
    def abort(reason: BaseException | None = None) -> AbortSignal:
        """A signal that is already aborted."""
        signal = AbortSignal()
        signal._abort(reason if reason is not None else AbortError())
        return signal

    @staticmethod
    def timeout(seconds: float) -> AbortSignal:
        """A signal that aborts with a :class:`TimeoutError` reason after ``seconds``.

        Needs a running event loop (the timer lives on it).
        """
        signal = AbortSignal()
        loop = asyncio.get_running_loop()
        reason = TimeoutError(f"The operation timed out after {seconds:g} s.")
        signal._timer = loop.call_later(max(seconds, 0.0), signal._abort, reason)
        return signal

    @staticmethod
    def any(signals: Iterable[AbortSignal | None]) -> AbortSignal:
        """A signal that aborts as soon as any of ``signals`` does, with that signal's reason."""
        sources = [s for s in signals if s is not None]
        combined = AbortSignal()
        for source in sources:
            if source.aborted:
                assert source.reason is not None
                combined._abort(source.reason)
                return combined
        removers: list[Callable[[], None]] = []

        def follow(reason: BaseException) -> None:
            for remove in removers:
                remove()
            combined._abort(reason)

        removers.extend(source.add_callback(follow) for source in sources)
        return combined


class AbortController:
    """Write side of an abort: owns one :class:`AbortSignal` and fires it once."""

    def __init__(self) -> None:
        self.signal = AbortSignal()

    def abort(self, reason: BaseException | None = None) -> None:
        """Abort the signal; later calls do nothing (the first reason wins)."""
        self.signal._abort(reason if reason is not None else AbortError())


async def race_signal(awaitable: Awaitable[T], signal: AbortSignal | None) -> T:
    """Await ``awaitable``, but end with :class:`AbortError` as soon as ``signal`` aborts.

    The losing task is cancelled *and awaited*, so nothing is left running, and this works even
    when the awaited code never looks at the signal. Cancellation of the caller's own task is
    passed through as ``CancelledError``, never turned into an abort.
    """
    if signal is None:
        return await awaitable
    if signal.aborted:
        if asyncio.iscoroutine(awaitable):
            awaitable.close()  # never started: close it so Python does not warn "never awaited"
        raise AbortError(signal.reason)
    task = asyncio.ensure_future(awaitable)
    fired = False

    def on_abort(_reason: BaseException) -> None:
        nonlocal fired
        fired = True
        task.cancel()

    remove = signal.add_callback(on_abort)
    try:
        result = await task
    except asyncio.CancelledError:
        current = asyncio.current_task()
        if fired and (current is None or current.cancelling() == 0):
            raise AbortError(signal.reason) from None
        raise
    finally:
        remove()
    if fired:
        # The task swallowed its cancellation and returned anyway: the abort still wins.
        raise AbortError(signal.reason)
    return result
