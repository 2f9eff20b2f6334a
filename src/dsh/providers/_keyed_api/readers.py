"""Small readers for mapping the documented shapes of a keyed search API's answer.

A field documented as a string, an array or an object may be absent or null; any other JSON type
is an unprocessable body naming the field by its path (:func:`string_at`, :func:`text_at`,
:func:`array_at`, :func:`object_at`).
"""

from __future__ import annotations

from typing import Any

from dsh.providers._keyed_api.errors import unprocessable
from dsh.providers._keyed_api.json_body import _json_kind


def text_or_none(value: Any) -> str | None:
    """A non-blank string, stripped; anything else (absent, null, blank, wrong type) is None."""
    if isinstance(value, str):
        stripped = value.strip()
        return stripped or None
    return None


# A field the provider documents as a string, an array or an object may be absent or null (then it
# is omitted, never invented), but any other JSON type is not the documented shape: a broken or
# changed API. Dropping that field (or its result) would hand the model a plausible but wrong
# answer (an empty search, an answer without its text), so it is an unprocessable body naming the
# field by its path. The path is built by the provider's own code: it never quotes the body.
def string_at(provider: str, where: str, value: Any) -> str | None:
    """``value`` of the field at ``where``, documented as a string: as is, or None when null."""
    if value is None or isinstance(value, str):
        return value
    raise unprocessable(provider, f"`{where}` is {a_json_kind(value)}, not a string")


def text_at(provider: str, where: str, value: Any) -> str | None:
    """:func:`string_at`, then :func:`text_or_none` (blank is None too)."""
    return text_or_none(string_at(provider, where, value))


def array_at(provider: str, where: str, value: Any) -> list[Any]:
    """The array at ``where``; null or absent is an empty one."""
    if value is None:
        return []
    if isinstance(value, list):
        return value
    raise unprocessable(provider, f"`{where}` is {a_json_kind(value)}, not an array")


def object_at(provider: str, where: str, value: Any) -> dict[str, Any]:
    """The object at ``where`` (an array entry documented as an object)."""
    if isinstance(value, dict):
        return value
    raise unprocessable(provider, f"`{where}` is {a_json_kind(value)}, not an object")


def a_json_kind(value: Any) -> str:
    """``value``'s JSON type with its article, for a message: "an object", "a number", "null"."""
    kind = _json_kind(value)
    return kind if kind == "null" else f"an {kind}" if kind[0] in "ao" else f"a {kind}"
