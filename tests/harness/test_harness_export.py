"""One definition, three wire formats, each checked against its published shape.

The JSON Schemas below are written from the formats' public references:
- OpenAI Chat Completions ``tools[]``: ``{"type": "function", "function": {"name", "description",
  "parameters", "strict"?}}``, name ``^[a-zA-Z0-9_-]{1,64}$``, parameters a JSON Schema object.
- Anthropic Messages ``tools[]`` (client tool): ``{"name", "description"?, "input_schema",
  "type"?: "custom", "cache_control"?}``, name ``^[a-zA-Z0-9_-]{1,64}$``, ``input_schema`` an
  object schema whose ``type`` is ``"object"``.
- MCP ``Tool`` (``tools/list``, schema 2025-06-18): ``{"name", "title"?, "description"?,
  "inputSchema": {"type": "object", ...}, "outputSchema"?, "annotations"?: {"title"?,
  "readOnlyHint"?, "destructiveHint"?, "idempotentHint"?, "openWorldHint"?}, "_meta"?}``; also
  validated with the official SDK's ``mcp.types.Tool`` model.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

import jsonschema
import mcp.types
import pytest

from dsh.harness import (
    ToolAnnotations,
    ToolDefinition,
    ToolExecution,
    to_anthropic,
    to_mcp,
    to_openai,
)

NAME = {"type": "string", "pattern": "^[a-zA-Z0-9_-]{1,64}$"}
OBJECT_SCHEMA = {
    "type": "object",
    "required": ["type"],
    "properties": {
        "type": {"const": "object"},
        "properties": {"type": "object"},
        "required": {"type": "array", "items": {"type": "string"}},
    },
}

OPENAI_TOOL = {
    "type": "object",
    "required": ["type", "function"],
    "additionalProperties": False,
    "properties": {
        "type": {"const": "function"},
        "function": {
            "type": "object",
            "required": ["name"],
            "additionalProperties": False,
            "properties": {
                "name": NAME,
                "description": {"type": "string"},
                "parameters": {"type": "object"},
                "strict": {"type": ["boolean", "null"]},
            },
        },
    },
}

ANTHROPIC_TOOL = {
    "type": "object",
    "required": ["name", "input_schema"],
    "additionalProperties": False,
    "properties": {
        "type": {"enum": ["custom", None]},
        "name": NAME,
        "description": {"type": "string"},
        "input_schema": OBJECT_SCHEMA,
        "cache_control": {"type": ["object", "null"]},
    },
}

MCP_TOOL = {
    "type": "object",
    "required": ["name", "inputSchema"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "inputSchema": OBJECT_SCHEMA,
        "outputSchema": OBJECT_SCHEMA,
        "annotations": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "title": {"type": "string"},
                "readOnlyHint": {"type": "boolean"},
                "destructiveHint": {"type": "boolean"},
                "idempotentHint": {"type": "boolean"},
                "openWorldHint": {"type": "boolean"},
            },
        },
        "_meta": {"type": "object"},
    },
}


async def handler(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
    return ""


PARAMETERS = {
    "type": "object",
    "properties": {
        "queries": {
            "type": "array",
            "items": {"type": "string"},
            "minItems": 1,
            "maxItems": 4,
            "description": "Search queries.",
        }
    },
    "required": ["queries"],
    "additionalProperties": False,
}


def definition(**overrides: Any) -> ToolDefinition:
    fields: dict[str, Any] = {
        "name": "web_search",
        "description": "Search the web for current information.",
        "parameters": copy.deepcopy(PARAMETERS),
        "execute": handler,
        "annotations": ToolAnnotations(title="Web search", read_only=True, open_world=True),
    }
    fields.update(overrides)
    return ToolDefinition(**fields)


def check(schema: Mapping[str, Any], instance: Any) -> None:
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(instance, schema, cls=jsonschema.Draft202012Validator)


def test_openai_shape() -> None:
    exported = to_openai(definition())
    check(OPENAI_TOOL, exported)
    assert exported == {
        "type": "function",
        "function": {
            "name": "web_search",
            "description": "Search the web for current information.",
            "parameters": PARAMETERS,
        },
    }


def test_anthropic_shape() -> None:
    exported = to_anthropic(definition())
    check(ANTHROPIC_TOOL, exported)
    assert exported == {
        "name": "web_search",
        "description": "Search the web for current information.",
        "input_schema": PARAMETERS,
    }


def test_mcp_shape_and_the_official_sdk_model() -> None:
    exported = to_mcp(definition())
    check(MCP_TOOL, exported)
    assert exported["inputSchema"] == PARAMETERS
    assert exported["title"] == "Web search"
    assert exported["annotations"] == {
        "title": "Web search",
        "readOnlyHint": True,
        "destructiveHint": False,
        "idempotentHint": False,
        "openWorldHint": True,
    }
    tool = mcp.types.Tool.model_validate(exported)
    assert tool.name == "web_search"
    assert tool.input_schema == PARAMETERS
    assert tool.annotations is not None
    assert tool.annotations.read_only_hint is True
    assert tool.annotations.open_world_hint is True
    # And back out by alias: the SDK would put exactly our dict on the wire.
    wire = tool.model_dump(by_alias=True, exclude_none=True)
    assert wire == exported


def test_mcp_without_a_title() -> None:
    exported = to_mcp(definition(annotations=ToolAnnotations()))
    check(MCP_TOOL, exported)
    assert "title" not in exported
    assert "title" not in exported["annotations"]
    mcp.types.Tool.model_validate(exported)


@pytest.mark.parametrize("export", [to_openai, to_anthropic, to_mcp])
def test_exports_are_json_and_independent_copies(export: Any) -> None:
    tool = definition()
    exported = export(tool)
    assert json.loads(json.dumps(exported)) == exported
    text = json.dumps(exported)
    # Mutating an export must not change the definition or the next export.
    schema = exported.get("parameters") or exported.get("input_schema")
    schema = schema or exported.get("inputSchema") or exported["function"]["parameters"]
    schema["properties"]["queries"]["maxItems"] = 99
    assert tool.parameters["properties"]["queries"]["maxItems"] == 4
    assert json.dumps(export(tool)) == text


def test_the_three_formats_carry_the_same_schema_and_text() -> None:
    tool = definition()
    openai, anthropic, mcp_tool = to_openai(tool), to_anthropic(tool), to_mcp(tool)
    assert openai["function"]["parameters"] == anthropic["input_schema"] == mcp_tool["inputSchema"]
    assert (
        openai["function"]["description"]
        == anthropic["description"]
        == mcp_tool["description"]
        == tool.description
    )


def test_the_shape_schemas_tell_the_formats_apart() -> None:
    # Guard against schemas so loose they accept anything: each format fails the others' shape.
    tool = definition()
    with pytest.raises(jsonschema.ValidationError):
        check(OPENAI_TOOL, to_anthropic(tool))
    with pytest.raises(jsonschema.ValidationError):
        check(ANTHROPIC_TOOL, to_mcp(tool))
    with pytest.raises(jsonschema.ValidationError):
        check(MCP_TOOL, to_openai(tool))
    with pytest.raises(jsonschema.ValidationError):
        check(ANTHROPIC_TOOL, {**to_anthropic(tool), "input_schema": {"type": "string"}})
