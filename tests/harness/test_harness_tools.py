"""ToolRegistry: registration, per-step declarations, validated and bounded execution."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import pytest

from dsh.harness import (
    AbortController,
    AbortError,
    AbortSignal,
    HarnessError,
    Step,
    ToolCall,
    ToolDefinition,
    ToolExecution,
    ToolRegistry,
    ToolResult,
    current_llm_provider,
    current_step,
    race_signal,
)
from support.cancellation import CleanupRecorder
from support.quoting import LOUD_TEXT, assert_quoted

Handler = Callable[[Mapping[str, Any], ToolExecution], Awaitable["ToolResult | str"]]

QUERY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"query": {"type": "string", "minLength": 1}, "limit": {"type": "integer"}},
    "required": ["query"],
    "additionalProperties": False,
}


def tool(
    name: str,
    handler: Handler,
    *,
    parameters: Mapping[str, Any] | None = None,
    **options: Any,
) -> ToolDefinition:
    return ToolDefinition(
        name=name,
        description=f"The {name} tool.",
        parameters=parameters if parameters is not None else {"type": "object"},
        execute=handler,
        **options,
    )


async def echo(args: Mapping[str, Any], _execution: ToolExecution) -> str:
    return f"echo {args.get('query')}"


# -- registration ------------------------------------------------------------------------------


def test_register_returns_a_disposer_and_duplicates_are_errors() -> None:
    registry = ToolRegistry()
    dispose = registry.register(tool("echo", echo))
    with pytest.raises(HarnessError) as caught:
        registry.register(tool("echo", echo))
    assert caught.value.code == "DUPLICATE_TOOL"
    assert "'echo'" in caught.value.message
    assert registry.get("echo") is not None
    dispose()
    assert registry.get("echo") is None
    dispose()  # idempotent
    registry.register(tool("echo", echo))  # the name is free again


def test_an_old_disposer_does_not_remove_a_newer_tool() -> None:
    registry = ToolRegistry()
    dispose_old = registry.register(tool("echo", echo))
    dispose_old()
    newer = tool("echo", echo)
    registry.register(newer)
    dispose_old()
    assert registry.get("echo") is newer


@pytest.mark.parametrize("name", ["", "has space", "dots.are.out", "x" * 65, "ünïcode"])
def test_tool_names_the_model_apis_reject_are_refused(name: str) -> None:
    with pytest.raises(HarnessError) as caught:
        ToolRegistry().register(tool(name, echo))
    assert caught.value.code == "INVALID_TOOL_NAME"


def test_an_invalid_schema_is_refused() -> None:
    registry = ToolRegistry()
    with pytest.raises(HarnessError) as caught:
        registry.register(tool("bad", echo, parameters={"type": "object", "required": "query"}))
    assert caught.value.code == "INVALID_TOOL_SCHEMA"
    assert "'bad'" in caught.value.message
    with pytest.raises(HarnessError) as caught:
        registry.register(tool("flat", echo, parameters={"type": "string"}))
    assert caught.value.code == "INVALID_TOOL_SCHEMA"
    assert '"type": "object"' in caught.value.message


def test_a_refused_name_or_schema_is_quoted_on_one_bounded_line() -> None:
    # A plugin's tool is registered while the plugins load: the error is the operator's line.
    registry = ToolRegistry()
    with pytest.raises(HarnessError) as caught:
        registry.register(tool("line\n" + "x" * 5000, echo))
    assert caught.value.code == "INVALID_TOOL_NAME"
    assert caught.value.message.startswith("Tool name 'line\\nxxx")
    assert len(caught.value.message) < 250, len(caught.value.message)
    huge = {"type": "object", "properties": {"q": {"type": ["x" * 5000]}}}
    with pytest.raises(HarnessError) as caught:
        registry.register(tool("bad", echo, parameters=huge))
    assert caught.value.code == "INVALID_TOOL_SCHEMA"
    assert caught.value.message.startswith("Tool 'bad' has an invalid parameters schema: ")
    assert len(caught.value.message) < 400, len(caught.value.message)


def test_definitions_are_sorted_by_name() -> None:
    registry = ToolRegistry()
    for name in ("zeta", "alpha", "mid"):
        registry.register(tool(name, echo))
    assert [d.name for d in registry.definitions()] == ["alpha", "mid", "zeta"]


# -- declarations ------------------------------------------------------------------------------


async def test_declarations_honour_each_tools_async_activation_per_step() -> None:
    registry = ToolRegistry()
    seen_inside: list[str | None] = []

    async def only_on_deepseek(step: Step | None) -> bool:
        seen_inside.append(current_llm_provider())
        await asyncio.sleep(0)
        return step is not None and step.llm_provider == "deepseek"

    registry.register(tool("always", echo))
    registry.register(tool("routed", echo, is_active=only_on_deepseek))

    assert [d.name for d in await registry.declarations()] == ["always"]
    assert [d.name for d in await registry.declarations(Step("openai"))] == ["always"]
    assert [d.name for d in await registry.declarations(Step("deepseek"))] == ["always", "routed"]
    assert seen_inside == [None, "openai", "deepseek"]
    assert current_llm_provider() is None  # not left set


async def test_an_activation_condition_that_fails_counts_as_inactive(
    caplog: pytest.LogCaptureFixture,
) -> None:
    registry = ToolRegistry()

    async def broken(_step: Step | None) -> bool:
        raise RuntimeError("readiness bug")

    registry.register(tool("flaky", echo, is_active=broken))
    with caplog.at_level(logging.ERROR, logger="dsh.harness.tools"):
        assert await registry.declarations() == []
        result = await registry.execute("flaky", {})
    assert result.code == "TOOL_INACTIVE"
    assert "readiness bug" in caplog.text


async def test_an_inactive_tool_is_not_dispatched() -> None:
    registry = ToolRegistry()
    ran = False

    async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        nonlocal ran
        ran = True
        return "ran"

    async def never(_step: Step | None) -> bool:
        return False

    registry.register(tool("off", handler, is_active=never))
    result = await registry.execute("off", {})
    assert result.is_error
    assert result.code == "TOOL_INACTIVE"
    assert result.text == 'Error: Tool "off" is not available for this request.'
    assert not ran


# -- execution: results and error mapping ------------------------------------------------------


async def test_a_string_result_becomes_a_tool_result() -> None:
    registry = ToolRegistry()
    registry.register(tool("echo", echo, parameters=QUERY_SCHEMA))
    result = await registry.execute("echo", {"query": "hi"})
    assert result == ToolResult(text="echo hi")
    assert not result.is_error
    assert result.code is None


async def test_a_tool_result_passes_through() -> None:
    registry = ToolRegistry()
    produced = ToolResult(text="rich", metadata={"sources": 3})

    async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> ToolResult:
        return produced

    registry.register(tool("rich", handler))
    assert await registry.execute("rich", None) is produced


async def test_unknown_tool() -> None:
    registry = ToolRegistry()
    registry.register(tool("echo", echo))
    result = await registry.execute("nope", {})
    assert result.is_error
    assert result.code == "UNKNOWN_TOOL"
    assert result.text == 'Error: Unknown tool "nope". Available tools: echo.'


async def test_an_unknown_tool_name_is_quoted_as_json_and_bounded() -> None:
    # The name is the model's (or an MCP client's) own text: quoted as JSON, escapes and all,
    # on one line, and cut like any other value echoed back.
    registry = ToolRegistry()
    registry.register(tool("echo", echo))
    odd = await registry.execute("it's\nweb_search", {})
    assert odd.text == 'Error: Unknown tool "it\'s\\nweb_search". Available tools: echo.'
    huge = await registry.execute("x" * 100_000, {})
    assert huge.code == "UNKNOWN_TOOL"
    assert huge.text == 'Error: Unknown tool "' + "x" * 117 + '…". Available tools: echo.'


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        # The model wrote JSON: the values it sent are quoted back as JSON, not Python reprs.
        ({}, 'Invalid arguments for tool echo: "query" is a required property.'),
        ({"query": 3}, 'Invalid argument "query" for tool echo: 3 is not of type "string".'),
        ({"query": None}, 'Invalid argument "query" for tool echo: null is not of type "string".'),
        ({"query": True}, 'Invalid argument "query" for tool echo: true is not of type "string".'),
        (
            {"query": {"text": "é", "n": [1.5, False]}},
            'Invalid argument "query" for tool echo: {"text": "é", "n": [1.5, false]} is not of '
            'type "string".',
        ),
        ({"query": ""}, 'Invalid argument "query" for tool echo: "" should be non-empty.'),
        (
            {"query": "x", "limit": "ten"},
            'Invalid argument "limit" for tool echo: "ten" is not of type "integer".',
        ),
        (
            {"query": "x", "extra": 1},
            "Invalid arguments for tool echo: Additional properties are not allowed "
            '("extra" was unexpected).',
        ),
        (
            {"query": "x", "b": 1, "a": None},
            "Invalid arguments for tool echo: Additional properties are not allowed "
            '("a", "b" were unexpected).',
        ),
        (None, 'Invalid arguments for tool echo: "query" is a required property.'),
        (["x"], "Invalid arguments for tool echo: expected a JSON object, got an array."),
        ("x", "Invalid arguments for tool echo: expected a JSON object, got a string."),
    ],
)
async def test_invalid_arguments(arguments: Any, expected: str) -> None:
    registry = ToolRegistry()
    ran = False

    async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        nonlocal ran
        ran = True
        return "ran"

    registry.register(tool("echo", handler, parameters=QUERY_SCHEMA))
    result = await registry.execute("echo", arguments)
    assert result.is_error
    assert result.code == "INVALID_ARGS"
    assert result.text == f"Error: {expected}"
    assert not ran


async def test_a_huge_invalid_value_is_not_echoed_in_full() -> None:
    registry = ToolRegistry()
    registry.register(tool("echo", echo, parameters=QUERY_SCHEMA))
    result = await registry.execute("echo", {"query": "x", "limit": "9" * 10_000})
    assert result.code == "INVALID_ARGS"
    assert len(result.text) < 700
    assert result.text.startswith('Error: Invalid argument "limit" for tool echo: "99999')
    assert result.text.endswith('…" is not of type "integer".')  # the value is cut, not the rest


@pytest.mark.parametrize(
    ("schema", "value", "problem"),
    [
        ({"enum": ["fast", "deep"]}, "slow", '"slow" is not one of ["fast", "deep"]'),
        ({"const": True}, False, "true was expected"),
        ({"type": "array", "maxItems": 1}, [None, None], "[null, null] is too long"),
        ({"type": ["string", "null"]}, 1, 'is not of type "string", "null"'),
    ],
)
async def test_other_schema_keywords_quote_json_too(
    schema: dict[str, Any], value: Any, problem: str
) -> None:
    registry = ToolRegistry()
    parameters = {"type": "object", "properties": {"mode": schema}}
    registry.register(tool("echo", echo, parameters=parameters))
    result = await registry.execute("echo", {"mode": value})
    assert result.code == "INVALID_ARGS"
    assert result.text.startswith('Error: Invalid argument "mode" for tool echo: ')
    assert result.text.endswith(f"{problem}.")


async def test_a_harness_error_becomes_an_error_result_with_its_code() -> None:
    registry = ToolRegistry()

    async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        raise HarnessError(
            "WEB_PROVIDER_AMBIGUOUS",
            "Several search providers are available: exa, perplexity.",
            details={"candidates": ["exa", "perplexity"], "code": "spoofed"},
        )

    registry.register(tool("search", handler))
    result = await registry.execute("search", {})
    assert result.is_error
    assert result.text == "Error: Several search providers are available: exa, perplexity."
    assert result.code == "WEB_PROVIDER_AMBIGUOUS"  # the error's code wins over a detail key
    assert result.metadata["candidates"] == ["exa", "perplexity"]


async def test_an_unexpected_exception_is_logged_not_shown(
    caplog: pytest.LogCaptureFixture,
) -> None:
    registry = ToolRegistry()

    async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        secret_detail = "password=hunter2"
        raise ZeroDivisionError(secret_detail)

    registry.register(tool("buggy", handler))
    with caplog.at_level(logging.ERROR, logger="dsh.harness.tools"):
        result = await registry.execute("buggy", {})
    assert result.is_error
    assert result.code == "TOOL_ERROR"
    assert result.text == (
        "Error: Tool buggy failed unexpectedly (ZeroDivisionError). The failure was logged."
    )
    assert "Traceback" not in result.text
    assert "hunter2" not in result.text
    assert "Traceback" in caplog.text
    assert "hunter2" in caplog.text


async def test_a_wrong_return_type_is_a_tool_error() -> None:
    registry = ToolRegistry()

    async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> Any:
        return 42

    registry.register(tool("odd", handler))
    result = await registry.execute("odd", {})
    assert result.code == "TOOL_ERROR"


def test_tool_result_error_helper() -> None:
    result = ToolResult.error("X_CODE", "went wrong", extra=1)
    assert result.text == "Error: went wrong"
    assert result.is_error
    assert result.metadata == {"code": "X_CODE", "extra": 1}


# -- the route of the model request ------------------------------------------------------------


async def test_the_route_is_visible_inside_the_running_tool() -> None:
    registry = ToolRegistry()
    seen: list[tuple[str | None, Step | None, Step | None]] = []

    async def handler(_args: Mapping[str, Any], execution: ToolExecution) -> str:
        async def deeper() -> str | None:  # a task the tool spawns inherits it too
            return current_llm_provider()

        nested = await asyncio.create_task(deeper())
        seen.append((nested, current_step(), execution.step))
        return "ok"

    registry.register(tool("probe", handler))
    step = Step(llm_provider="web-deepseek-api-route")
    assert (await registry.execute("probe", {}, step=step)).text == "ok"
    assert seen == [("web-deepseek-api-route", step, step)]
    assert current_llm_provider() is None
    await registry.execute("probe", {})
    assert seen[-1] == (None, None, None)


async def test_concurrent_calls_each_see_their_own_route() -> None:
    registry = ToolRegistry()
    both_started = asyncio.Barrier(2)

    async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        await both_started.wait()  # interleave the two calls
        return str(current_llm_provider())

    registry.register(tool("probe", handler))
    results = await asyncio.gather(
        registry.execute("probe", {}, step=Step("route-a")),
        registry.execute("probe", {}, step=Step("route-b")),
    )
    assert [r.text for r in results] == ["route-a", "route-b"]


async def test_the_call_id_reaches_the_tool() -> None:
    registry = ToolRegistry()

    async def handler(_args: Mapping[str, Any], execution: ToolExecution) -> str:
        return str(execution.call_id)

    registry.register(tool("probe", handler))
    assert (await registry.execute("probe", {}, call_id="call_1")).text == "call_1"


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
        with pytest.raises(asyncio.CancelledError):
            await call
        assert body.cancels == 1
        assert body.cleaned_up
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
