"""AbortController / AbortSignal / race_signal, through the public API."""

from __future__ import annotations

import asyncio
import gc
import logging
import types
from collections.abc import Callable
from typing import Any, cast

import pytest

from dsh.harness import AbortController, AbortError, AbortSignal, HarnessError, race_signal
from support.cancellation import CleanupRecorder, SwallowsFirstCancel, expect_cancelled_once

# -- the signal --------------------------------------------------------------------------------


def test_controller_aborts_once_and_first_reason_wins() -> None:
    controller = AbortController()
    signal = controller.signal
    assert not signal.aborted
    assert signal.reason is None
    signal.throw_if_aborted()  # no-op while pending

    first, second = ValueError("user stopped"), ValueError("later")
    controller.abort(first)
    controller.abort(second)
    assert signal.aborted
    assert signal.reason is first
    with pytest.raises(AbortError) as caught:
        signal.throw_if_aborted()
    assert caught.value.reason is first
    assert caught.value.code == "ABORTED"
    assert caught.value.message == "user stopped"


def test_default_reason_is_an_abort_error() -> None:
    controller = AbortController()
    controller.abort()
    assert isinstance(controller.signal.reason, AbortError)
    assert isinstance(controller.signal.reason, HarnessError)
    assert str(controller.signal.reason) == "The operation was aborted."
    assert AbortSignal.abort().aborted


def test_callbacks_fire_once_in_order_and_can_be_removed(caplog: pytest.LogCaptureFixture) -> None:
    controller = AbortController()
    calls: list[tuple[str, BaseException]] = []

    def failing(_reason: BaseException) -> None:
        raise RuntimeError("listener bug")

    controller.signal.add_callback(lambda r: calls.append(("a", r)))
    remove_b = controller.signal.add_callback(lambda r: calls.append(("b", r)))
    controller.signal.add_callback(failing)
    controller.signal.add_callback(lambda r: calls.append(("c", r)))
    remove_b()
    remove_b()  # removing twice is harmless
    assert controller.signal.callback_count == 3

    reason = KeyError("stop")
    with caplog.at_level(logging.ERROR, logger="dsh.harness.abort"):
        controller.abort(reason)
        controller.abort(reason)
    assert calls == [("a", reason), ("c", reason)]  # the failing listener did not stop "c"
    assert "abort callback failed" in caplog.text
    assert controller.signal.callback_count == 0

    late: list[BaseException] = []
    controller.signal.add_callback(late.append)  # as on the web: added after abort, never called
    assert late == []


async def test_wait_returns_the_reason() -> None:
    controller = AbortController()
    waiter = asyncio.create_task(controller.signal.wait())
    await asyncio.sleep(0)
    assert not waiter.done()
    reason = RuntimeError("why")
    controller.abort(reason)
    assert await waiter is reason
    assert await controller.signal is reason  # the signal itself is awaitable
    assert await AbortSignal.abort(reason).wait() is reason


async def test_cancelled_wait_removes_its_callback() -> None:
    signal = AbortController().signal
    waiter = asyncio.create_task(signal.wait())
    await asyncio.sleep(0)
    assert signal.callback_count == 1
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert signal.callback_count == 0


async def test_timeout_signal_aborts_with_a_timeout_error() -> None:
    signal = AbortSignal.timeout(0.01)
    assert not signal.aborted
    reason = await signal.wait()
    assert isinstance(reason, TimeoutError)
    assert "timed out after 0.01 s" in str(reason)
    with pytest.raises(AbortError) as caught:
        signal.throw_if_aborted()
    assert caught.value.is_timeout


async def test_timeout_zero_and_negative_abort_on_the_next_turn() -> None:
    for seconds in (0, -1):
        signal = AbortSignal.timeout(seconds)
        assert isinstance(await signal.wait(), TimeoutError)


# -- any() -------------------------------------------------------------------------------------


def test_any_follows_whichever_source_aborts_first() -> None:
    a, b = AbortController(), AbortController()
    combined = AbortSignal.any([a.signal, None, b.signal])
    assert not combined.aborted
    reason = ValueError("b went first")
    b.abort(reason)
    assert combined.aborted
    assert combined.reason is reason
    a.abort(ValueError("too late"))
    assert combined.reason is reason


def test_any_of_an_aborted_source_is_aborted_at_once() -> None:
    reason = ValueError("already")
    combined = AbortSignal.any([AbortController().signal, AbortSignal.abort(reason)])
    assert combined.aborted
    assert combined.reason is reason


def test_any_of_nothing_never_aborts() -> None:
    assert not AbortSignal.any([]).aborted
    assert not AbortSignal.any([None]).aborted


async def test_any_with_a_timeout() -> None:
    user = AbortController()
    combined = AbortSignal.any([user.signal, AbortSignal.timeout(0.01)])
    assert isinstance(await combined.wait(), TimeoutError)
    assert not user.signal.aborted


def test_any_of_any_follows_the_roots() -> None:
    a, b, c = AbortController(), AbortController(), AbortController()
    inner = AbortSignal.any([a.signal, b.signal])
    outer = AbortSignal.any([inner, c.signal])
    seen: list[BaseException] = []
    outer.add_callback(seen.append)
    del inner
    gc.collect()
    reason = ValueError("a")
    a.abort(reason)
    assert outer.aborted
    assert outer.reason is reason
    assert seen == [reason]


def test_any_does_not_leak_into_a_long_lived_parent() -> None:
    session = AbortController()
    for _ in range(1000):
        per_call = AbortSignal.any([session.signal, AbortController().signal])
        per_call.add_callback(lambda _r: None)()  # add and remove a listener
    del per_call
    gc.collect()
    assert session.signal.callback_count == 0
    assert session.signal.dependent_count == 0


def test_a_listened_to_combined_signal_stays_alive_without_references() -> None:
    session = AbortController()
    fired: list[BaseException] = []
    AbortSignal.any([session.signal]).add_callback(fired.append)  # no reference kept
    gc.collect()
    reason = ValueError("stop")
    session.abort(reason)
    assert fired == [reason]
    assert session.signal.dependent_count == 0


def test_a_combined_signal_is_released_once_its_listeners_are_removed() -> None:
    session = AbortController()
    combined = AbortSignal.any([session.signal])
    remove = combined.add_callback(lambda _r: None)
    remove()
    del combined, remove  # the remover closes over the signal too
    gc.collect()
    assert session.signal.dependent_count == 0


# -- race_signal -------------------------------------------------------------------------------


async def test_race_without_a_signal_just_awaits() -> None:
    async def work() -> int:
        return 7

    assert await race_signal(work(), None) == 7


async def test_abort_before_the_race_never_starts_the_work(
    no_leaked_tasks: Callable[[], None],
) -> None:
    started = False

    async def work() -> int:
        nonlocal started
        started = True
        return 1

    coroutine = work()
    reason = ValueError("before")
    with pytest.raises(AbortError) as caught:
        await race_signal(coroutine, AbortSignal.abort(reason))
    assert caught.value.reason is reason
    assert not started
    # closed: no "never awaited" warning (cr_frame is the coroutine object's, not the ABC's)
    assert cast("types.CoroutineType[Any, Any, int]", coroutine).cr_frame is None
    no_leaked_tasks()


async def test_abort_before_the_race_cancels_a_given_task(
    no_leaked_tasks: Callable[[], None],
) -> None:
    task = asyncio.create_task(asyncio.Event().wait())
    with pytest.raises(AbortError):
        await race_signal(task, AbortSignal.abort())
    assert task.cancelled()
    no_leaked_tasks()


async def test_abort_during_the_race_cancels_and_awaits_the_work(
    no_leaked_tasks: Callable[[], None],
) -> None:
    controller = AbortController()
    started = asyncio.Event()
    cleaned_up = False

    async def ignores_the_signal() -> int:
        nonlocal cleaned_up
        started.set()
        try:
            await asyncio.Event().wait()
        finally:
            await asyncio.sleep(0)  # cleanup that itself awaits: must finish before we return
            cleaned_up = True
        return 1

    race = asyncio.create_task(race_signal(ignores_the_signal(), controller.signal))
    await started.wait()
    reason = ValueError("user stopped")
    controller.abort(reason)
    with pytest.raises(AbortError) as caught:
        await race
    assert caught.value.reason is reason
    assert cleaned_up
    assert controller.signal.callback_count == 0
    no_leaked_tasks()


async def test_abort_after_the_race_changes_nothing(no_leaked_tasks: Callable[[], None]) -> None:
    controller = AbortController()

    async def work() -> str:
        return "done"

    assert await race_signal(work(), controller.signal) == "done"
    assert controller.signal.callback_count == 0
    controller.abort()
    no_leaked_tasks()


async def test_a_result_ready_before_the_abort_is_kept() -> None:
    controller = AbortController()
    finished = asyncio.Event()

    async def work() -> str:
        finished.set()
        return "kept"

    async def abort_when_finished() -> None:
        await finished.wait()
        controller.abort()  # the work is done, the racer has not resumed yet

    aborter = asyncio.create_task(abort_when_finished())
    assert await race_signal(work(), controller.signal) == "kept"
    await aborter


async def test_race_against_a_timeout(no_leaked_tasks: Callable[[], None]) -> None:
    with pytest.raises(AbortError) as caught:
        await race_signal(asyncio.Event().wait(), AbortSignal.timeout(0.01))
    assert caught.value.is_timeout
    no_leaked_tasks()


async def test_race_against_any(no_leaked_tasks: Callable[[], None]) -> None:
    user = AbortController()
    started = asyncio.Event()

    async def work() -> None:
        started.set()
        await asyncio.Event().wait()

    combined = AbortSignal.any([user.signal, AbortSignal.timeout(3600)])
    race = asyncio.create_task(race_signal(work(), combined))
    await started.wait()
    user.abort(ValueError("user"))
    with pytest.raises(AbortError, match="user"):
        await race
    no_leaked_tasks()


async def test_the_work_keeps_its_own_error_when_it_reacts_to_the_abort() -> None:
    controller = AbortController()
    started = asyncio.Event()

    async def cooperative() -> None:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            raise HarnessError("WEB_ABORTED", "The web fetch was aborted.") from None

    race = asyncio.create_task(race_signal(cooperative(), controller.signal))
    await started.wait()
    controller.abort()
    with pytest.raises(HarnessError) as caught:
        await race
    assert caught.value.code == "WEB_ABORTED"


async def test_the_work_errors_pass_through() -> None:
    async def broken() -> None:
        raise KeyError("bug")

    with pytest.raises(KeyError):
        await race_signal(broken(), AbortController().signal)


async def test_work_that_swallows_cancellation_still_loses_to_the_abort() -> None:
    controller = AbortController()
    started = asyncio.Event()

    async def stubborn() -> str:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            return "ignored the cancel"
        return "unreachable"

    race = asyncio.create_task(race_signal(stubborn(), controller.signal))
    await started.wait()
    controller.abort()
    with pytest.raises(AbortError):
        await race


async def test_caller_cancellation_is_not_turned_into_an_abort(
    no_leaked_tasks: Callable[[], None],
) -> None:
    controller = AbortController()
    started = asyncio.Event()
    inner_cancelled = False

    async def work() -> None:
        nonlocal inner_cancelled
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            inner_cancelled = True
            raise

    race = asyncio.create_task(race_signal(work(), controller.signal))
    await started.wait()
    race.cancel()
    with pytest.raises(asyncio.CancelledError):
        await race
    assert inner_cancelled
    assert not controller.signal.aborted
    assert controller.signal.callback_count == 0
    no_leaked_tasks()


async def test_caller_cancellation_wins_over_a_simultaneous_abort() -> None:
    controller = AbortController()
    started = asyncio.Event()

    async def work() -> None:
        started.set()
        await asyncio.Event().wait()

    race = asyncio.create_task(race_signal(work(), controller.signal))
    await started.wait()
    race.cancel()
    controller.abort()
    with pytest.raises(asyncio.CancelledError):
        await race


def _swallow_the_cancel() -> str:
    return "swallowed"


def _fail_the_cleanup() -> str:
    raise RuntimeError("cleanup failed") from None


@pytest.mark.parametrize(
    "on_cancel",
    [
        # Work that returns a result when cancelled: the caller still gets its cancellation.
        pytest.param(_swallow_the_cancel, id="not-swallowed-by-stubborn-work"),
        # Work whose cleanup raises: the caller's cancellation is not replaced by that error.
        pytest.param(_fail_the_cleanup, id="not-replaced-by-a-cleanup-error"),
    ],
)
async def test_caller_cancellation_survives_the_work_reacting_to_it(
    on_cancel: Callable[[], str],
) -> None:
    started = asyncio.Event()

    async def work() -> str:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            return on_cancel()
        return "unreachable"

    race = asyncio.create_task(race_signal(work(), AbortController().signal))
    await started.wait()
    race.cancel()
    with pytest.raises(asyncio.CancelledError):
        await race


async def test_caller_cancelled_before_the_work_starts(
    no_leaked_tasks: Callable[[], None],
) -> None:
    started = False

    async def work() -> None:
        nonlocal started
        started = True

    coroutine = work()
    race = asyncio.create_task(race_signal(coroutine, AbortController().signal))
    race.cancel()  # before the racer ever ran
    with pytest.raises(asyncio.CancelledError):
        await race
    assert not started
    no_leaked_tasks()
    coroutine.close()  # never handed to race_signal's body: closing it is the caller's job


async def test_race_inside_asyncio_timeout_still_times_out() -> None:
    # asyncio.timeout relies on the CancelledError reaching it: race_signal must pass it on.
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.01):
            await race_signal(asyncio.Event().wait(), AbortController().signal)


# -- cancel once: a late second cancel must not interrupt the work's cleanup -------------------


async def test_abort_and_caller_cancel_in_the_same_turn_cancel_the_work_once(
    no_leaked_tasks: Callable[[], None],
) -> None:
    # The shape of ToolRegistry -> handler -> race_signal: the caller's task passes its own
    # cancellation on to the racer a loop turn later, when the work is already cleaning up.
    controller = AbortController()
    work = CleanupRecorder()

    async def caller() -> None:
        racer = asyncio.create_task(race_signal(work.run(), controller.signal))
        try:
            await asyncio.wait([racer])
        except asyncio.CancelledError:
            racer.cancel()
            await asyncio.wait([racer])
            assert racer.cancelled()  # the racer passed the cancellation on, unchanged
            raise

    call = asyncio.create_task(caller())
    await work.started.wait()
    controller.abort()
    call.cancel()
    await expect_cancelled_once(call, work)
    assert controller.signal.callback_count == 0
    no_leaked_tasks()


async def test_a_caller_cancel_during_the_aborted_work_cleanup_is_not_passed_on(
    no_leaked_tasks: Callable[[], None],
) -> None:
    controller = AbortController()
    work = CleanupRecorder()
    race = asyncio.create_task(race_signal(work.run(), controller.signal))
    await work.started.wait()
    controller.abort()
    await work.cleaning.wait()  # the abort's cancel reached the work: it is cleaning up
    race.cancel()
    await expect_cancelled_once(race, work)  # the caller's cancellation still wins over the abort
    no_leaked_tasks()


async def test_repeated_caller_cancels_reach_the_work_once(
    no_leaked_tasks: Callable[[], None],
) -> None:
    # anyio's cancel scopes, for one, cancel the task again on every loop turn until it exits.
    work = CleanupRecorder()
    race = asyncio.create_task(race_signal(work.run(), AbortController().signal))
    await work.started.wait()
    race.cancel()
    await work.cleaning.wait()
    race.cancel()
    await asyncio.sleep(0)
    race.cancel()
    await expect_cancelled_once(race, work)
    no_leaked_tasks()


async def test_work_that_swallows_the_caller_cancel_is_cancelled_again(
    monkeypatch: pytest.MonkeyPatch, no_leaked_tasks: Callable[[], None]
) -> None:
    # Cancel once, but not only once: work still running a grace period after its cancel has
    # swallowed it, and gets another so the caller is not held forever.
    monkeypatch.setattr("dsh.harness._abort._RECANCEL_AFTER_SECONDS", 0.01)
    work = SwallowsFirstCancel()
    race = asyncio.create_task(race_signal(work.run(), AbortController().signal))
    await work.started.wait()
    race.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(race, timeout=5)
    assert work.cancels == 2
    no_leaked_tasks()


async def test_a_caller_cancelled_on_every_turn_still_gets_stubborn_work_cancelled_again(
    monkeypatch: pytest.MonkeyPatch, no_leaked_tasks: Callable[[], None]
) -> None:
    # anyio-style repeated cancels must not keep postponing the re-cancel of stubborn work.
    monkeypatch.setattr("dsh.harness._abort._RECANCEL_AFTER_SECONDS", 0.05)
    work = SwallowsFirstCancel()
    race = asyncio.create_task(race_signal(work.run(), AbortController().signal))
    await work.started.wait()
    loop = asyncio.get_running_loop()
    give_up = loop.time() + 5
    while not race.done() and loop.time() < give_up:
        race.cancel()
        await asyncio.sleep(0)  # one loop turn between cancels, as anyio does
    assert race.done(), "the stubborn work was never cancelled again"
    assert race.cancelled()
    assert work.cancels == 2
    no_leaked_tasks()
