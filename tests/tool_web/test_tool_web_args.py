"""Argument errors of both tools: the tool's own messages and the registry's schema errors."""

from __future__ import annotations

from typing import Any

import pytest

from dsh.harness import AbortController, ToolExecution
from tool_web.tool_web_stubs import StubFetch, StubSearch, build


async def call(tool: str, arguments: dict[str, Any], **tool_config: Any) -> tuple[Any, Any, Any]:
    ctx, web = build(tool_config)
    search, fetch = StubSearch(), StubFetch()
    web.register_search_provider(search)
    web.register_fetch_provider(fetch)
    return await ctx.tools.execute(tool, arguments), search, fetch


@pytest.mark.parametrize(
    ("arguments", "config", "message"),
    [
        ({"queries": []}, {}, "queries must contain at least one query"),
        ({"queries": ["a", "b", "c", "d", "e"]}, {}, "queries must contain at most 4 queries"),
        # The count is checked before the queries themselves.
        ({"queries": ["", "", "", "", ""]}, {}, "queries must contain at most 4 queries"),
        (
            {"queries": ["a", "b"]},
            {"search_max_queries": 1},
            "queries must contain at most 1 queries",
        ),
        (
            {"queries": ["a"] * 7},
            {"search_max_queries": 6},
            "queries must contain at most 6 queries",
        ),
        ({"queries": [""]}, {}, "each query must be a non-empty string"),
        ({"queries": ["fine", " \n\t "]}, {}, "each query must be a non-empty string"),
    ],
)
async def test_search_argument_errors(
    arguments: dict[str, Any], config: dict[str, Any], message: str
) -> None:
    result, search, _ = await call("web_search", arguments, **config)
    assert result.is_error
    assert result.text == f"Error: {message}"
    assert result.code == "INVALID_ARGS"
    assert search.requests == []


@pytest.mark.parametrize("url", ["", "   ", "\n"])
async def test_fetch_blank_url(url: str) -> None:
    result, _, fetch = await call("web_fetch", {"url": url})
    assert result.text == "Error: url must be a non-empty string"
    assert result.code == "INVALID_ARGS"
    assert fetch.requests == []


@pytest.mark.parametrize(
    ("tool", "arguments", "message"),
    [
        (
            "web_search",
            {},
            'Invalid arguments for tool web_search: "queries" is a required property.',
        ),
        (
            "web_search",
            {"queries": "python"},
            'Invalid argument "queries" for tool web_search: "python" is not of type "array".',
        ),
        (
            "web_search",
            {"queries": ["python", 3]},
            'Invalid argument "queries/1" for tool web_search: 3 is not of type "string".',
        ),
        (
            "web_search",
            {"queries": ["python"], "max_results": 3},
            "Invalid arguments for tool web_search: Additional properties are not allowed "
            '("max_results" was unexpected).',
        ),
        ("web_fetch", {}, 'Invalid arguments for tool web_fetch: "url" is a required property.'),
        (
            "web_fetch",
            {"url": ["https://example.com/"]},
            'Invalid argument "url" for tool web_fetch: ["https://example.com/"] is not of '
            'type "string".',
        ),
        (
            "web_fetch",
            {"url": "https://example.com/", "timeout": 5},
            "Invalid arguments for tool web_fetch: Additional properties are not allowed "
            '("timeout" was unexpected).',
        ),
    ],
)
async def test_schema_level_errors(tool: str, arguments: dict[str, Any], message: str) -> None:
    result, search, fetch = await call(tool, arguments)
    assert result.text == f"Error: {message}"
    assert result.code == "INVALID_ARGS"
    assert search.requests == []
    assert fetch.requests == []


@pytest.mark.parametrize(
    ("tool", "arguments", "message"),
    [
        ("web_search", {}, "queries must be an array of non-empty strings"),
        ("web_search", {"queries": "python"}, "queries must be an array of non-empty strings"),
        ("web_search", {"queries": ["python", 3]}, "each query must be a non-empty string"),
        ("web_fetch", {"url": 42}, "url must be a non-empty string"),
    ],
)
async def test_the_tools_check_types_even_without_the_registry(
    tool: str, arguments: dict[str, Any], message: str
) -> None:
    ctx, web = build()
    web.register_search_provider(StubSearch())
    definition = ctx.tools.get(tool)
    assert definition is not None
    outcome = await definition.execute(arguments, ToolExecution(signal=AbortController().signal))
    assert not isinstance(outcome, str)
    assert outcome.text == f"Error: {message}"
    assert outcome.code == "INVALID_ARGS"
