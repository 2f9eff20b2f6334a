"""Cancellation at the seam: the signal reaches the provider; an abort ends the call promptly
with WEB_ABORTED even when the provider ignores it; nothing is left running; native task
cancellation passes through unchanged."""

from __future__ import annotations

import asyncio
import time
from typing import NoReturn

import pytest

from dsh.harness import AbortController, AbortError, AbortSignal
from dsh.web import WEB_ABORTED, WEB_PROVIDER_ERROR, WebError, WebRuntime
from support.quoting import LOUD_TEXT, assert_quoted
from web.web_seam_stubs import Blocking, Cap, Stub


def others() -> set[asyncio.Task[object]]:
    """Tasks other than the test's own: must be empty after every call."""
    return {t for t in asyncio.all_tasks() if t is not asyncio.current_task()}


async def aborted_call(cap: Cap, web: WebRuntime, signal: AbortSignal) -> WebError:
    with pytest.raises(WebError) as caught:
        await cap.call(web, signal)
    assert caught.value.code == WEB_ABORTED
    return caught.value


async def call_under_way(
    cap: Cap, web: WebRuntime, provider: Blocking
) -> tuple[asyncio.Task[str], AbortController]:
    """A call given a signal of its own, once ``provider`` (registered here) has started it."""
    cap.register(web, provider)
    controller = AbortController()
    call = asyncio.create_task(cap.call(web, controller.signal))
    await provider.started.wait()
    return call, controller


async def test_the_callers_signal_reaches_the_provider(cap: Cap, web: WebRuntime) -> None:
    provider = Stub("p")
    cap.register(web, provider)
    signal = AbortController().signal
    await cap.call(web, signal)
    assert provider.calls[0][1] is signal


async def test_aborted_before_the_call_never_starts_the_provider(cap: Cap, web: WebRuntime) -> None:
    provider = Stub("p")
    cap.register(web, provider)
    error = await aborted_call(cap, web, AbortSignal.abort())
    assert error.message == f"The web {cap.name} was aborted before it finished."
    assert provider.calls == []


async def test_an_abort_reason_is_quoted_masked_on_one_bounded_line(
    cap: Cap, web: WebRuntime
) -> None:
    cap.register(web, Stub("p"))
    error = await aborted_call(cap, web, AbortSignal.abort(RuntimeError(LOUD_TEXT)))
    assert_quoted(error.message, f"The web {cap.name} was aborted: ")


async def test_aborted_before_the_call_wins_over_a_selection_error(
    cap: Cap, web: WebRuntime
) -> None:
    # Nothing is registered; the caller already gave up, so that is what it hears.
    await aborted_call(cap, web, AbortSignal.abort())


async def test_abort_during_a_provider_that_honours_the_signal(cap: Cap, web: WebRuntime) -> None:
    provider = Blocking("p", honour_signal=True)
    call, controller = await call_under_way(cap, web, provider)
    assert provider.seen_signal is controller.signal
    controller.abort(AbortError(message="The user stopped the turn."))
    with pytest.raises(WebError) as caught:
        await call
    assert caught.value.code == WEB_ABORTED
    assert caught.value.message == f"The web {cap.name} was aborted: the user stopped the turn."
    assert caught.value.details == {"operation": cap.name, "provider": "p", "timeout": False}
    assert provider.exited
    assert others() == set()


async def test_abort_during_a_provider_that_ignores_the_signal(cap: Cap, web: WebRuntime) -> None:
    provider = Blocking("p", honour_signal=False)
    call, controller = await call_under_way(cap, web, provider)
    controller.abort()
    error = await asyncio.wait_for(call_error(call), timeout=5)
    assert error.code == WEB_ABORTED
    assert error.message == f"The web {cap.name} was aborted before it finished."
    # The seam raced the signal: the provider's task was cancelled and awaited, not abandoned.
    assert provider.cancelled
    assert provider.exited
    assert others() == set()


async def call_error(call: asyncio.Task[str]) -> WebError:
    with pytest.raises(WebError) as caught:
        await call
    return caught.value


async def test_a_timeout_signal_ends_a_provider_that_never_returns(
    cap: Cap, web: WebRuntime
) -> None:
    provider = Blocking("p")  # ignores the signal and is never released
    cap.register(web, provider)
    started = time.monotonic()
    error = await aborted_call(cap, web, AbortSignal.timeout(0.05))
    assert time.monotonic() - started < 2.0
    assert error.message == (
        f"The web {cap.name} was aborted: the operation timed out after 0.05 s."
    )
    assert error.details["timeout"] is True
    assert isinstance(error.__cause__, AbortError)
    assert provider.cancelled
    assert provider.exited
    assert others() == set()


async def test_a_provider_that_swallows_cancellation_still_loses_to_the_abort(
    cap: Cap, web: WebRuntime
) -> None:
    class Stubborn(Blocking):
        async def _block(self, signal: AbortSignal | None) -> None:
            self.started.set()
            try:
                await self.release.wait()
            except asyncio.CancelledError:
                self.cancelled = True  # ...and carries on as if nothing happened

    provider = Stubborn("p")
    call, controller = await call_under_way(cap, web, provider)
    controller.abort()
    assert (await call_error(call)).code == WEB_ABORTED
    assert provider.cancelled
    assert len(provider.calls) == 1  # it did produce a result; the seam dropped it
    assert others() == set()


async def test_a_provider_failing_on_the_way_out_of_an_abort_still_reports_the_abort(
    cap: Cap, web: WebRuntime
) -> None:
    class Messy(Blocking):
        async def _block(self, signal: AbortSignal | None) -> None:
            self.started.set()
            try:
                await self.release.wait()
            except asyncio.CancelledError:
                raise ConnectionResetError("connection reset by peer") from None

    provider = Messy("p")
    call, controller = await call_under_way(cap, web, provider)
    controller.abort()
    error = await call_error(call)
    assert error.code == WEB_ABORTED
    assert isinstance(error.__cause__, ConnectionResetError)


async def test_an_abort_error_of_the_providers_own_is_a_provider_error(
    cap: Cap, web: WebRuntime
) -> None:
    # The caller did not abort: an AbortError from inside the provider is the provider's failure.
    class OwnDeadline(Stub):
        async def search(self, request: object, signal: object = None) -> NoReturn:
            raise AbortError(TimeoutError("inner deadline"))

        fetch = search

    cap.register(web, OwnDeadline("p"))
    with pytest.raises(WebError) as caught:
        await cap.call(web, AbortController().signal)
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert (
        caught.value.message
        == f"The web {cap.name} provider 'p' failed: inner deadline (AbortError)."
    )


async def test_native_task_cancellation_propagates_unchanged(cap: Cap, web: WebRuntime) -> None:
    provider = Blocking("p")
    call, controller = await call_under_way(cap, web, provider)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert provider.cancelled
    assert provider.exited
    assert not controller.signal.aborted
    assert others() == set()


async def test_native_cancellation_without_a_signal(cap: Cap, web: WebRuntime) -> None:
    provider = Blocking("p")
    cap.register(web, provider)
    call = asyncio.create_task(cap.call(web))
    await provider.started.wait()
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert provider.cancelled


async def test_a_finished_call_leaves_no_listener_on_the_signal(cap: Cap, web: WebRuntime) -> None:
    cap.register(web, Stub("p"))
    controller = AbortController()
    for _ in range(3):
        await cap.call(web, controller.signal)
    assert controller.signal._callbacks == {}
