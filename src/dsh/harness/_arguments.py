"""A tool call's arguments as the model reads them back: values written as JSON, as it wrote them.

:func:`_validation_problem` words the schema's best-matching problem with the arguments
(``Invalid argument "query" for tool web_search: 5 is not of type "string".``), rebuilding
jsonschema's messages, which quote values in Python's ``repr``; :func:`_json_value` and
:func:`_json_type` are how the registry's other errors quote what the model sent.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import jsonschema
from jsonschema.exceptions import best_match

if TYPE_CHECKING:
    from dsh.harness._tools import ToolDefinition

_MAX_PROBLEM_CHARS = 500


def _validation_problem(
    definition: ToolDefinition,
    validator: jsonschema.Draft202012Validator,
    args: Mapping[str, Any],
) -> str | None:
    error = best_match(validator.iter_errors(dict(args)))
    if error is None:
        return None
    where = "/".join(str(part) for part in error.absolute_path)
    location = f"argument {_json_value(where)}" if where else "arguments"
    message = _schema_message(error)
    if len(message) > _MAX_PROBLEM_CHARS:  # the message quotes the model's value: bound it
        message = message[: _MAX_PROBLEM_CHARS - 1] + "…"
    return f"Invalid {location} for tool {definition.name}: {message}."


def _schema_message(error: jsonschema.ValidationError) -> str:
    """jsonschema's message, with the values in it written as JSON.

    jsonschema quotes values with Python's ``repr`` (``None``, ``'python'``, ``True``); the
    model wrote JSON and reads ``null``, ``"python"``, ``true`` back. The keywords whose
    messages quote more than the instance are rebuilt; for the others the leading instance
    is rewritten; anything else keeps jsonschema's words.
    """
    keyword = error.validator
    expected: Any = error.validator_value
    instance: Any = error.instance
    if keyword == "type":
        types = [expected] if isinstance(expected, str) else list(expected)
        return f"{_json_value(instance)} is not of type {', '.join(map(_json_value, types))}"
    if keyword == "required" and isinstance(expected, list):
        for name in expected:
            if error.message == f"{name!r} is a required property":
                return f"{_json_value(name)} is a required property"
    if keyword == "additionalProperties" and expected is False and isinstance(instance, dict):
        extras = _unexpected_properties(instance, error.schema)
        if extras:
            verb = "was" if len(extras) == 1 else "were"
            names = ", ".join(map(_json_value, extras))
            return f"Additional properties are not allowed ({names} {verb} unexpected)"
    if keyword == "enum":
        return f"{_json_value(instance)} is not one of {_json_value(expected)}"
    if keyword == "const":
        return f"{_json_value(expected)} was expected"
    shown = repr(instance)
    if error.message.startswith(shown + " "):
        return _json_value(instance) + error.message[len(shown) :]
    return error.message


def _unexpected_properties(instance: Mapping[str, Any], schema: Any) -> list[str]:
    """The keys ``additionalProperties: false`` refused, sorted as jsonschema lists them."""
    declared = schema.get("properties", {}) if isinstance(schema, Mapping) else {}
    patterns = schema.get("patternProperties", {}) if isinstance(schema, Mapping) else {}
    extras = [
        key
        for key in instance
        if key not in declared and not any(re.search(p, str(key)) for p in patterns)
    ]
    return sorted(extras, key=str)


_MAX_VALUE_CHARS = 120


def _json_value(value: object) -> str:
    """``value`` as JSON (what the model wrote), cut to :data:`_MAX_VALUE_CHARS`."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    except (TypeError, ValueError):  # not JSON at all (a caller's own Python object)
        text = repr(value)
    if len(text) <= _MAX_VALUE_CHARS:
        return text
    if isinstance(value, str):  # keep it a quoted string: the cut is inside the quotes
        return text[: _MAX_VALUE_CHARS - 2] + '…"'
    return text[: _MAX_VALUE_CHARS - 1] + "…"


def _json_type(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "an array"
    return type(value).__name__
