"""ToolRegistry: registration, per-step declarations, validated execution, results and errors."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

import pytest

from dsh.harness import (
    HarnessError,
    Step,
    ToolExecution,
    ToolRegistry,
    ToolResult,
    current_llm_provider,
    current_step,
)
from support.tool_definitions import QUERY_SCHEMA, echo, tool

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
