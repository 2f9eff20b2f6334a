"""ToolRegistry calls in flight: timeouts, aborts, caller cancellation, execute_many's runs."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from dsh.harness import (
    AbortController,
    AbortError,
    AbortSignal,
    HarnessError,
    Step,
    ToolCall,
    ToolExecution,
    ToolRegistry,
    race_signal,
)
from support.cancellation import CleanupRecorder, expect_cancelled_once
from support.quoting import LOUD_TEXT, assert_quoted
from support.tool_definitions import QUERY_SCHEMA, Handler, echo, tool

# -- timeouts ----------------------------------------------------------------------------------


async def test_a_timeout_fires_while_the_tool_ignores_its_signal(
    no_leaked_tasks: Callable[[], None],
) -> None:
    registry = ToolRegistry(cooperative_grace=0.01)
    observed: list[BaseException | None] = []
    cancelled = False

    async def ignores(_args: Mapping[str, Any], execution: ToolExecution) -> str:
        nonlocal cancelled
        execution.signal.add_callback(observed.append)
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled = True
            raise
        return "never"

    registry.register(tool("slow", ignores, timeout=0.02))
    result = await registry.execute("slow", {})
    assert result.is_error
    assert result.code == "TOOL_TIMEOUT"
    assert result.text == "Error: Tool slow timed out after 0.02 seconds."
    assert len(observed) == 1
    assert isinstance(observed[0], TimeoutError)  # the tool's signal was aborted first
    assert cancelled  # then the tool was cancelled
    no_leaked_tasks()


async def test_a_one_second_timeout_is_reported_in_the_singular(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "after 1 seconds" read as a typo in every model transcript; 0.02 stays plural above.
    registry = ToolRegistry(cooperative_grace=0.01)
    loop = asyncio.get_running_loop()
    real_time = loop.time
    skipped = 0.0

    async def cooperative(_args: Mapping[str, Any], execution: ToolExecution) -> str:
        nonlocal skipped
        # The second is not waited for: the loop's clock moves past the registry's own timer
        # (set before the tool started), which fires on the next turn as it would a second on.
        skipped += 1.0
        await execution.signal.wait()
        raise HarnessError("WEB_ABORTED", "The web fetch was aborted.")

    registry.register(tool("slow", cooperative, timeout=1))
    with monkeypatch.context() as patch:
        patch.setattr(loop, "time", lambda: real_time() + skipped)
        result = await registry.execute("slow", {})
    assert result.code == "TOOL_TIMEOUT"
    assert result.text == "Error: Tool slow timed out after 1 second."


async def test_a_late_result_never_replaces_the_timeout(
    no_leaked_tasks: Callable[[], None],
) -> None:
    registry = ToolRegistry(cooperative_grace=0.01)

    async def stubborn(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            return "a late result"
        return "never"

    registry.register(tool("stubborn", stubborn, timeout=0.02))
    result = await registry.execute("stubborn", {})
    assert result.code == "TOOL_TIMEOUT"
    assert "late" not in result.text
    no_leaked_tasks()


async def test_a_cooperative_tool_that_ends_with_its_own_error_still_reports_the_timeout() -> None:
    registry = ToolRegistry()

    async def cooperative(_args: Mapping[str, Any], execution: ToolExecution) -> str:
        await execution.signal.wait()
        raise HarnessError("WEB_ABORTED", "The web fetch was aborted.")

    registry.register(tool("coop", cooperative, timeout=0.01))
    result = await registry.execute("coop", {})
    assert result.code == "TOOL_TIMEOUT"


async def test_a_tool_that_ignores_cancellation_does_not_hold_the_caller(
    caplog: pytest.LogCaptureFixture,
) -> None:
    registry = ToolRegistry(cooperative_grace=0.01, cancel_grace=0.01)
    release = asyncio.Event()
    finished = asyncio.Event()

    async def immovable(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        while not release.is_set():
            try:
                await release.wait()
            except asyncio.CancelledError:
                continue  # refuses to stop
        finished.set()
        return "much later"

    registry.register(tool("immovable", immovable, timeout=0.01))
    with caplog.at_level(logging.WARNING, logger="dsh.harness.tools"):
        result = await registry.execute("immovable", {})
    assert result.code == "TOOL_TIMEOUT"
    assert "ignored cancellation" in caplog.text
    release.set()
    await finished.wait()  # it was kept alive and ran to its end


async def test_no_timeout_when_the_tool_is_fast_enough() -> None:
    registry = ToolRegistry()
    registry.register(tool("echo", echo, timeout=30))
    assert (await registry.execute("echo", {"query": "x"})).text == "echo x"


# -- external abort and cancellation -----------------------------------------------------------


async def test_abort_before_the_call_does_not_run_the_tool() -> None:
    registry = ToolRegistry()
    ran = False

    async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        nonlocal ran
        ran = True
        return "ran"

    registry.register(tool("t", handler))
    result = await registry.execute("t", {}, signal=AbortSignal.abort(ValueError("user stop")))
    assert result.code == "ABORTED"
    assert result.text == "Error: Tool t was aborted: user stop"
    assert not ran


async def test_an_abort_reason_is_quoted_masked_on_one_bounded_line() -> None:
    # The reason is the caller's text: it reaches the model, so it is quoted like an exception.
    registry = ToolRegistry()
    registry.register(tool("t", echo))
    result = await registry.execute("t", {}, signal=AbortSignal.abort(RuntimeError(LOUD_TEXT)))
    assert result.code == "ABORTED"
    assert_quoted(result.text, "Error: Tool t was aborted: ")
    assert_quoted(AbortError(RuntimeError(LOUD_TEXT)).message, "")


async def test_abort_during_the_call_ends_a_tool_that_ignores_it(
    no_leaked_tasks: Callable[[], None],
) -> None:
    registry = ToolRegistry(cooperative_grace=0.01)
    controller = AbortController()
    started = asyncio.Event()

    async def ignores(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        started.set()
        await asyncio.Event().wait()
        return "never"

    registry.register(tool("t", ignores))
    call = asyncio.create_task(registry.execute("t", {}, signal=controller.signal))
    await started.wait()
    controller.abort(ValueError("user stop"))
    result = await call
    assert result.code == "ABORTED"
    assert result.text == "Error: Tool t was aborted: user stop"
    assert controller.signal.callback_count == 0
    no_leaked_tasks()
    del call
    gc.collect()
    assert controller.signal.dependent_count == 0  # the per-call signal did not stay attached


async def test_a_cooperative_tool_reports_its_own_abort_error() -> None:
    registry = ToolRegistry()
    controller = AbortController()
    started = asyncio.Event()

    async def cooperative(_args: Mapping[str, Any], execution: ToolExecution) -> str:
        started.set()
        await execution.signal.wait()
        raise HarnessError("WEB_ABORTED", "The web fetch was aborted.")

    registry.register(tool("t", cooperative))
    call = asyncio.create_task(registry.execute("t", {}, signal=controller.signal))
    await started.wait()
    controller.abort()
    result = await call
    assert result.code == "WEB_ABORTED"
    assert result.text == "Error: The web fetch was aborted."


async def test_an_abort_error_raised_by_the_tool_is_an_aborted_result() -> None:
    registry = ToolRegistry()

    async def handler(_args: Mapping[str, Any], execution: ToolExecution) -> str:
        raise AbortError(ValueError("inner stop"))

    registry.register(tool("t", handler))
    result = await registry.execute("t", {})
    assert result.code == "ABORTED"
    assert result.text == "Error: Tool t was aborted: inner stop"


async def test_abort_after_the_call_changes_nothing() -> None:
    registry = ToolRegistry()
    controller = AbortController()
    registry.register(tool("echo", echo))
    result = await registry.execute("echo", {"query": "x"}, signal=controller.signal)
    controller.abort()
    assert result.text == "echo x"
    assert controller.signal.callback_count == 0


async def test_caller_cancellation_propagates_and_cancels_the_tool(
    no_leaked_tasks: Callable[[], None],
) -> None:
    registry = ToolRegistry()
    started = asyncio.Event()
    tool_saw: list[str] = []

    async def handler(_args: Mapping[str, Any], execution: ToolExecution) -> str:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            tool_saw.append(f"cancelled, signal aborted={execution.signal.aborted}")
            raise
        return "never"

    registry.register(tool("t", handler))
    call = asyncio.create_task(registry.execute("t", {}))
    await started.wait()
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert tool_saw == ["cancelled, signal aborted=True"]
    no_leaked_tasks()


# -- execute_many ------------------------------------------------------------------------------


async def test_concurrency_safe_calls_run_in_parallel() -> None:
    registry = ToolRegistry()
    barrier = asyncio.Barrier(2)  # only passable if both calls are in flight at once

    async def meet(args: Mapping[str, Any], _execution: ToolExecution) -> str:
        await barrier.wait()
        return f"met {args['query']}"

    registry.register(tool("meet", meet, parameters=QUERY_SCHEMA, concurrency_safe=True, timeout=5))
    results = await registry.execute_many(
        [ToolCall("meet", {"query": "a"}, "c1"), ToolCall("meet", {"query": "b"}, "c2")]
    )
    assert [r.text for r in results] == ["met a", "met b"]


async def test_unsafe_calls_run_alone_and_in_order() -> None:
    registry = ToolRegistry()
    log: list[str] = []
    in_flight = 0
    most_in_flight = 0

    def recorder(label: str) -> Handler:
        async def handler(args: Mapping[str, Any], _execution: ToolExecution) -> str:
            nonlocal in_flight, most_in_flight
            in_flight += 1
            most_in_flight = max(most_in_flight, in_flight)
            log.append(f"start {label} {args['query']}")
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            log.append(f"end {label} {args['query']}")
            in_flight -= 1
            return f"{label} {args['query']}"

        return handler

    registry.register(
        tool("safe", recorder("safe"), parameters=QUERY_SCHEMA, concurrency_safe=True)
    )
    registry.register(tool("unsafe", recorder("unsafe"), parameters=QUERY_SCHEMA))
    calls = [
        ToolCall("safe", {"query": "1"}),
        ToolCall("safe", {"query": "2"}),
        ToolCall("unsafe", {"query": "3"}),
        ToolCall("missing", {}),
        ToolCall("safe", {"query": "4"}),
    ]
    results = await registry.execute_many(calls, step=Step("r"))
    assert [r.text for r in results] == [
        "safe 1",
        "safe 2",
        "unsafe 3",
        'Error: Unknown tool "missing". Available tools: safe, unsafe.',
        "safe 4",
    ]
    assert most_in_flight == 2
    # The unsafe call starts only after both safe calls before it ended.
    assert log.index("start unsafe 3") > max(log.index("end safe 1"), log.index("end safe 2"))
    assert log.index("start safe 4") > log.index("end unsafe 3")


async def test_execute_many_shares_the_abort_signal() -> None:
    registry = ToolRegistry()
    registry.register(tool("echo", echo, concurrency_safe=True))
    results = await registry.execute_many(
        [ToolCall("echo", {}), ToolCall("echo", {})], signal=AbortSignal.abort()
    )
    assert [r.code for r in results] == ["ABORTED", "ABORTED"]


@pytest.mark.parametrize(
    ("calls", "problem"),
    [
        # The shape a model's tool call has in many hosts (MCP's tools/call params): it failed
        # with AttributeError: 'dict' object has no attribute 'name', after the calls before it
        # had already run.
        (
            [ToolCall("echo", {"query": "ran"}), {"name": "echo", "arguments": {}}],
            "call #2 is a dict",
        ),
        ([ToolCall("echo", {}), ("echo", {})], "call #2 is a tuple"),
        # One call, not in a list: TypeError: 'ToolCall' object is not iterable.
        (ToolCall("echo", {}), "got a single ToolCall; pass a list of them"),
        ("echo", "got a str"),
    ],
)
async def test_execute_many_refuses_calls_that_are_not_tool_calls_before_running_any(
    calls: Any, problem: str
) -> None:
    registry = ToolRegistry()
    ran: list[Mapping[str, Any]] = []

    async def recording(args: Mapping[str, Any], _execution: ToolExecution) -> str:
        ran.append(args)
        return "ran"

    registry.register(tool("echo", recording))  # not concurrency-safe: run as it comes
    with pytest.raises(HarnessError) as raised:
        await registry.execute_many(calls)
    assert raised.value.code == "INVALID_ARGS"
    assert raised.value.message == (
        f"execute_many() takes a list of dsh.harness.ToolCall(name, arguments, call_id=None): "
        f"{problem}."
    )
    assert ran == []  # not half a batch


async def test_caller_cancelled_during_the_grace_period_still_cancels_the_tool(
    no_leaked_tasks: Callable[[], None],
) -> None:
    registry = ToolRegistry(cooperative_grace=3600)  # the caller's cancel must cut it short
    controller = AbortController()
    started = asyncio.Event()
    tool_cancelled = asyncio.Event()
    in_grace = asyncio.Event()

    async def ignores(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            tool_cancelled.set()
            raise
        return "never"

    registry.register(tool("t", ignores))
    call = asyncio.create_task(registry.execute("t", {}, signal=controller.signal))
    await started.wait()
    controller.signal.add_callback(lambda _r: in_grace.set())
    controller.abort()
    await in_grace.wait()
    for _ in range(5):  # let the registry enter its grace wait (a few loop turns)
        await asyncio.sleep(0)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    # Bounded so a regression (the tool left running) fails instead of hanging the suite.
    await asyncio.wait_for(tool_cancelled.wait(), timeout=5)
    no_leaked_tasks()


# -- cancel once -------------------------------------------------------------------------------


async def test_abort_and_caller_cancel_together_cancel_a_raced_tool_body_once(
    no_leaked_tasks: Callable[[], None],
) -> None:
    # web_fetch's shape: the handler races its work against the tool signal. The abort cancels
    # the work; the caller's cancel reaches the handler a turn later and must stop there.
    registry = ToolRegistry()
    body = CleanupRecorder()

    async def handler(_args: Mapping[str, Any], execution: ToolExecution) -> str:
        return await race_signal(body.run(), execution.signal)

    registry.register(tool("t", handler))
    for _ in range(3):
        body = CleanupRecorder()
        controller = AbortController()
        call = asyncio.create_task(registry.execute("t", {}, signal=controller.signal))
        await body.started.wait()
        controller.abort()
        call.cancel()
        await expect_cancelled_once(call, body)
        no_leaked_tasks()


async def test_a_caller_cancelled_again_does_not_cancel_the_tool_again(
    no_leaked_tasks: Callable[[], None],
) -> None:
    registry = ToolRegistry()
    body = CleanupRecorder()

    async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        return await body.run()

    registry.register(tool("t", handler))
    call = asyncio.create_task(registry.execute("t", {}))
    await body.started.wait()
    call.cancel()
    await body.cleaning.wait()  # the registry cancelled the tool; it is cleaning up
    call.cancel()  # e.g. an anyio cancel scope cancelling again
    with pytest.raises(asyncio.CancelledError):
        await call
    await asyncio.wait_for(body.ended.wait(), timeout=5)  # kept alive to finish on its own
    assert body.cancels == 1
    assert body.cleaned_up
    no_leaked_tasks()
