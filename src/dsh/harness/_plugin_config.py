"""A plugin's config: validated with its pydantic ``Config`` model, each problem one sentence.

The sentences reach the user (a :class:`ConfigError`'s message, which the CLI prints) and may
quote what the config holds: the key is named, the value shown on one line and bounded, a
secret-named key's value (or one a validator marks :data:`SECRET_VALUE_ERROR`) as ``***``.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ValidationError

from dsh._text import (
    MAX_VALUE_CHARS,
    hide_secrets,
    looks_secret,
    mask_url_credentials,
    quoted_message,
    quoted_value,
)
from dsh.harness._errors import ConfigError, ConfigValueError


def validate_plugin_config(plugin: object, config: object, *, label: str) -> Any:
    """Validate a raw config mapping with the plugin's pydantic ``Config`` model (if any)."""
    model = getattr(plugin, "Config", None)
    if model is None:
        if config not in (None, {}):
            raise ConfigError(
                f"Plugin {quoted_value(label)} takes no config, but config was given."
            )
        return None
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise ConfigError(f"Plugin {quoted_value(label)}: Config must be a pydantic model class.")
    if isinstance(config, model):
        return config
    if config is None:
        config = {}
    if not isinstance(config, dict):
        raise ConfigError(
            f"Plugin {quoted_value(label)}: config must be a mapping of keys to values, "
            f"not {type(config).__name__}."
        )
    try:
        return model.model_validate(config)
    except ValidationError as error:
        raise ConfigError(describe_validation_error(label, error, model=model)) from None


def describe_validation_error(
    label: str, error: ValidationError, *, model: type[BaseModel] | None = None
) -> str:
    """One readable sentence per problem: the plugin id, the key and what was expected."""
    problems: list[str] = []
    fields = sorted(model.model_fields) if model is not None else []
    known = ", ".join(fields) or "no keys"
    errors = error.errors()
    for item in errors[:_MAX_PROBLEMS]:
        path = ".".join(str(part) for part in item["loc"]) or "(config)"
        key = quoted_value(path)  # a key is the user's text too: one line, bounded
        if item["type"] == "extra_forbidden":
            hint = f" (expected one of: {known})" if len(item["loc"]) == 1 else ""
            problems.append(f"unknown key {key}{hint}")
        elif item["type"] == "missing":
            problems.append(f"{key}: required key is missing")
        else:
            # The validator's own words may quote the value (a custom validator's f"{v!r}"):
            # the secrets in it are hidden there too, then it is one line and bounded.
            value = item.get("input")
            secret = looks_secret(path) or item["type"] == SECRET_VALUE_ERROR
            # A validator may say how much of the value can be shown (a base URL: up to its query).
            raised = (item.get("ctx") or {}).get("error")
            if secret:
                shown = "***"
            elif isinstance(raised, ConfigValueError):
                shown = quoted_value(raised.shown)
            else:
                shown = quoted_value(value)
            message = _sequence_message(value, secret) if item["type"] in _SEQUENCE else None
            said = message or quoted_message(hide_secrets(str(item["msg"]), value, secret=secret))
            problems.append(f"{key}: {said} (got {shown})")
    if len(errors) > _MAX_PROBLEMS:
        more = len(errors) - _MAX_PROBLEMS
        problems.append(f"and {more} more problem{'s' if more > 1 else ''}")
    return f"Invalid config for plugin {quoted_value(label)}: " + "; ".join(problems) + "."


#: The pydantic error type (``PydanticCustomError(SECRET_VALUE_ERROR, message)``) of a validator
#: that found a secret under a key whose name says none (a key written as `api_key_env`): the
#: refused value is then shown as ``***`` like a secret-named key's.
SECRET_VALUE_ERROR = "secret_value"

# The first problems of a config say what to fix; a list of a thousand wrong items does not
# need a thousand sentences.
_MAX_PROBLEMS = 5

#: pydantic's error types for a value that is not a sequence; their words are Python's
#: ("Input should be a valid tuple"), not the YAML of the config file.
_SEQUENCE = frozenset({"list_type", "tuple_type", "set_type", "frozen_set_type"})


def _sequence_message(value: object, secret: bool) -> str:
    """For a single value written where a list is expected: the list to write instead."""
    if secret or not isinstance(value, str | int | float | bool):
        return "Input should be a list"
    example = quoted_message(json.dumps([mask_url_credentials(value)], ensure_ascii=False))
    if len(example) > MAX_VALUE_CHARS:
        return "Input should be a list"
    return f"Input should be a list, even of one item: {example}"
