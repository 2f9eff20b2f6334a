"""Tool definitions for the tool registry's tests: a builder, an echo handler, a query schema."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from dsh.harness import ToolDefinition, ToolExecution, ToolResult

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
