"""Cancellation shaped like the web platform's AbortController / AbortSignal.

Why not only asyncio cancellation: a cancel is anonymous and one-shot, while agent code needs a
*reason* (the user stopped the turn, a tool budget ran out, the fetcher's own deadline) that crosses
layers as a value, can be combined (``AbortSignal.any``) and can be observed without being the
cancelled task. Native ``CancelledError`` still propagates untouched everywhere.
(docs/decisions/0010-abort-signal.md)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Awaitable, Callable, Generator, Iterable
from typing import Any, TypeVar

from dsh.harness._errors import AbortError

T = TypeVar("T")
AbortCallback = Callable[[BaseException], None]

_log = logging.getLogger("dsh.harness.abort")

# How long a task cancelled by race_signal for its caller may run on (it swallowed the cancel)
# before it is cancelled again. Cleanup that honours the cancel ends well within it.
_RECANCEL_AFTER_SECONDS = 1.0


class AbortSignal:
    """Read side of an abort: observe it, wait for it, or react to it through callbacks."""

    def __init__(self) -> None:
        self._aborted = False
        self._reason: BaseException | None = None
        self._callbacks: dict[int, AbortCallback] = {}
        self._next_id = 0
        self._timer: asyncio.TimerHandle | None = None
        # Signals made by ``any()`` from this one. Held weakly (as on the web platform) so a
        # long-lived parent, e.g. a whole conversation's signal, does not keep every per-call
        # combined signal alive; ``_pinned`` holds the ones someone is listening to.
        self._dependents: weakref.WeakSet[AbortSignal] = weakref.WeakSet()
        self._pinned: set[AbortSignal] = set()
        self._sources: tuple[AbortSignal, ...] = ()

    def __repr__(self) -> str:
        state = f"aborted, reason={self._reason!r}" if self._aborted else "pending"
        return f"<AbortSignal {state}>"

    @property
    def aborted(self) -> bool:
        return self._aborted

    @property
    def reason(self) -> BaseException | None:
        return self._reason

    def throw_if_aborted(self) -> None:
        """Raise :class:`AbortError` (carrying the reason) if the signal has aborted."""
        if self._aborted:
            raise AbortError(self._reason)

    def add_callback(self, callback: AbortCallback) -> Callable[[], None]:
        """Call ``callback(reason)`` when the signal aborts; returns a function that removes it.

        As on the web platform, a callback added after the abort is never called: check
        :attr:`aborted` first. Removing twice, or after the abort, does nothing.
        """
        key = self._next_id
        self._next_id += 1
        self._callbacks[key] = callback
        if not self._aborted:
            for source in self._sources:
                source._pinned.add(self)

        def remove() -> None:
            self._callbacks.pop(key, None)
            if not self._callbacks:
                self._unpin()

        return remove

    @property
    def callback_count(self) -> int:
        """How many callbacks are registered (for leak checks in tests and diagnostics)."""
        return len(self._callbacks)

    @property
    def dependent_count(self) -> int:
        """How many live ``AbortSignal.any`` signals follow this one."""
        return len(self._dependents)

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

    def __await__(self) -> Generator[Any, None, BaseException]:
        return self.wait().__await__()

    def _unpin(self) -> None:
        for source in self._sources:
            source._pinned.discard(self)

    def _abort(self, reason: BaseException) -> None:
        if self._aborted:
            return
        self._aborted = True
        self._reason = reason
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._unpin()
        for source in self._sources:
            source._dependents.discard(self)
        self._sources = ()
        callbacks = list(self._callbacks.values())
        self._callbacks.clear()
        dependents = list(self._dependents)
        self._dependents = weakref.WeakSet()
        self._pinned.clear()
        for callback in callbacks:
            try:
                callback(reason)
            except Exception:  # one bad listener must not stop the others
                _log.exception("abort callback failed")
        for dependent in dependents:
            dependent._abort(reason)

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
        """A signal that aborts as soon as any of ``signals`` does, with that signal's reason.

        ``None`` entries are ignored, so optional signals can be passed straight through. The
        sources hold the combined signal weakly: dropping it costs the sources nothing.
        """
        sources = [s for s in signals if s is not None]
        combined = AbortSignal()
        for source in sources:
            if source.aborted:
                assert source.reason is not None
                combined._abort(source.reason)
                return combined
        # Follow the roots of a combined source rather than the source itself (as the web
        # platform does): roots are kept alive by their controller or timer, so only one level of
        # weak links exists and pinning a listened-to signal needs no recursion.
        roots: list[AbortSignal] = []
        for source in sources:
            roots.extend(source._sources or (source,))
        combined._sources = tuple(dict.fromkeys(roots))
        for source in combined._sources:
            source._dependents.add(combined)
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

    The awaitable runs as a task; when the signal wins, that task is cancelled *and awaited*, so
    nothing is left running, and this works even when the awaited code never looks at the
    signal. A task that finishes with its own error while being aborted (e.g. a cooperative
    provider raising its ``WEB_ABORTED``) keeps that error. A result that was ready before the
    abort fired is returned. Cancellation of the caller's own task always propagates as
    ``CancelledError``, never turned into an abort and never swallowed, even when the inner
    task swallows its cancellation.

    The task is cancelled *once*: a cancel of the caller that arrives while the task is already
    cancelling (the abort got there first, or the caller is cancelled again while it waits) is
    not passed on. A second cancel landing in cleanup that itself awaits interrupts that cleanup;
    httpcore, for one, then never closes the connection. (docs/decisions/0010-abort-signal.md)
    """
    if signal is None:
        return await awaitable
    if signal.aborted:
        await _discard(awaitable)
        raise AbortError(signal.reason)
    task = asyncio.ensure_future(awaitable)
    fired = False

    def on_abort(_reason: BaseException) -> None:
        nonlocal fired
        if not task.done():
            fired = True
            task.cancel()

    remove = signal.add_callback(on_abort)
    try:
        # Not `await task`: that forwards every cancel of the caller to the task, however many
        # and whenever they come. asyncio.wait leaves the task alone; _cancel_once_and_wait decides.
        await asyncio.wait([task])
    except asyncio.CancelledError:
        remove()
        await _cancel_once_and_wait(task)
        raise  # the caller's cancellation wins over any outcome of the task
    finally:
        remove()
    if fired and (task.cancelled() or task.exception() is None):
        # Cancelled by the abort, or it ignored the cancel and returned anyway: the abort wins.
        raise AbortError(signal.reason)
    return task.result()


async def _cancel_once_and_wait(task: asyncio.Future[Any]) -> None:
    """Cancel ``task`` unless it is already being cancelled, and wait until it has ended.

    Further cancels of the waiting task are absorbed: it is ending with ``CancelledError``
    anyway. Only a task that is still running a whole grace period after its cancel (it
    swallowed the cancel and went on) is cancelled again.
    """
    loop = asyncio.get_running_loop()
    if not _cancelling(task):
        task.cancel()
    # A deadline, not a timeout per wait: a caller cancelled on every loop turn (anyio's cancel
    # scopes do that) must not keep postponing the re-cancel forever.
    deadline = loop.time() + _RECANCEL_AFTER_SECONDS
    while not task.done():
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait([task], timeout=max(deadline - loop.time(), 0.0))
        if not task.done() and loop.time() >= deadline:
            task.cancel()
            deadline = loop.time() + _RECANCEL_AFTER_SECONDS
    if not task.cancelled():
        task.exception()  # mark retrieved: the outcome was decided without it


def _cancelling(future: asyncio.Future[Any]) -> bool:
    """Whether ``future`` is done or a cancel of it is already under way."""
    if future.done():
        return True
    return isinstance(future, asyncio.Task) and future.cancelling() > 0


async def _discard(awaitable: Awaitable[Any]) -> None:
    """Dispose of an awaitable that will never be raced: close a coroutine, cancel a future."""
    if asyncio.iscoroutine(awaitable):
        awaitable.close()  # never started: close it so Python does not warn "never awaited"
        return
    future = asyncio.ensure_future(awaitable)  # a future or task is returned as it is
    if future.done():
        if not future.cancelled():
            future.exception()  # mark retrieved
        return
    future.cancel()
    await asyncio.wait([future])
    if not future.cancelled():
        future.exception()
