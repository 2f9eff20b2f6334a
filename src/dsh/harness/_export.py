"""One tool definition, three wire formats: OpenAI function calling, Anthropic tool use, MCP."""

from __future__ import annotations

import copy
from typing import Any

from dsh.harness._tools import ToolDefinition


def to_openai(tool: ToolDefinition) -> dict[str, Any]:
    """Chat Completions ``tools[]`` entry: ``{"type": "function", "function": {...}}``."""
    return {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": copy.deepcopy(dict(tool.parameters)),
        },
    }


def to_anthropic(tool: ToolDefinition) -> dict[str, Any]:
    """Messages API ``tools[]`` entry: ``{"name", "description", "input_schema"}``."""
    return {
        "name": tool.name,
        "description": tool.description,
        "input_schema": copy.deepcopy(dict(tool.parameters)),
    }


def to_mcp(tool: ToolDefinition) -> dict[str, Any]:
    """MCP ``tools/list`` entry: ``{"name", "description", "inputSchema", "annotations"}``, and
    ``"title"`` (also in the annotations) when the tool has one."""
    hints = tool.annotations
    annotations: dict[str, Any] = {}
    if hints.title is not None:
        annotations["title"] = hints.title
    annotations["readOnlyHint"] = hints.read_only
    annotations["destructiveHint"] = hints.destructive
    annotations["idempotentHint"] = hints.idempotent
    annotations["openWorldHint"] = hints.open_world
    entry: dict[str, Any] = {
        "name": tool.name,
        "description": tool.description,
        "inputSchema": copy.deepcopy(dict(tool.parameters)),
        "annotations": annotations,
    }
    if hints.title is not None:
        entry["title"] = hints.title
    return entry
