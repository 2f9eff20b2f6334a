"""In-process: a cancelled `tools/call` aborts the tool's signal before the cancellation goes on."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import pytest
from mcp.shared.exceptions import MCPError

from dsh.harness import AbortSignal, Context, ToolDefinition, ToolExecution, ToolResult
from dsh.mcp import call_registry_tool, create_server
from mcp import Client


def _register_waiting_tool(ctx: Context, seen: list[BaseException], started: asyncio.Event) -> None:
    async def execute(_args: Mapping[str, Any], execution: ToolExecution) -> ToolResult:
        started.set()
        signal: AbortSignal = execution.signal
        seen.append(await signal.wait())
        return ToolResult.error("WEB_ABORTED", "The web fetch was aborted.")

    ctx.tools.register(
        ToolDefinition(
            name="wait",
            description="Waits for its abort signal.",
            parameters={"type": "object", "properties": {}},
            execute=execute,
        )
    )


async def test_cancellation_reaches_the_tool_signal_and_propagates() -> None:
    ctx = Context()
    seen: list[BaseException] = []
    started = asyncio.Event()
    _register_waiting_tool(ctx, seen, started)
    call = asyncio.ensure_future(call_registry_tool(ctx, "wait", {}))
    await started.wait()
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert len(seen) == 1
    assert "cancelled" in str(seen[0])


async def test_results_map_to_text_and_is_error() -> None:
    ctx = Context()
    missing = await call_registry_tool(ctx, "nope", None)
    assert missing.is_error is True
    assert missing.content[0].text.startswith('Error: Unknown tool "nope".')  # type: ignore[union-attr]


def test_server_instructions_are_the_system_prompt() -> None:
    ctx = Context()
    ctx.system_prompt.section("a", 1, "First guidance.")
    ctx.system_prompt.section("b", 2, "Second guidance.")
    server = create_server(ctx)
    assert server.instructions == "First guidance.\n\nSecond guidance."


async def test_an_unknown_prompt_is_named_as_json_and_bounded() -> None:
    async with Client(create_server(Context()), mode="legacy") as client:
        with pytest.raises(MCPError) as odd:
            await client.get_prompt("it's")
        with pytest.raises(MCPError) as huge:
            await client.get_prompt("p" * 100_000)
    assert str(odd.value) == 'Unknown prompt "it\'s"; available: web-tools-guidance.'
    assert len(str(huge.value)) < 200
