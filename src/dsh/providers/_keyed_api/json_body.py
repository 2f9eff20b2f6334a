"""A JSON body as the keyed search providers read it: decoded, every string fit to show.

Below the call, the errors and the readers, which all read bodies through it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from dsh._text import strip_controls, without_surrogates

#: What in a body can decode to text a reader must not get: an escaped surrogate (``\ud83d``) or
#: control character (``\u001b``), or a raw DEL or C1 control (U+0080-U+009F in UTF-8).
_SUSPECT = re.compile(rb"\\u(?:[dD][89a-fA-F]|00[0189][0-9a-fA-F]|007[fF])|\x7f|\xc2[\x80-\x9f]")


def _loads(raw: bytes) -> Any:
    """``json.loads``, every string fit to show: no control characters, no broken characters.

    A page title or snippet is the page author's text: escape sequences, BEL or NUL in it reached
    the model and the terminal `dsh-web search` prints to; they are removed by the fetcher's rule
    (:func:`dsh._text.strip_controls`: tab, line feed and carriage return stay). A byte that is
    not UTF-8 (a character a backend cut at a byte count) is U+FFFD: one bad byte in a snippet is
    no reason to refuse the whole answer as "not JSON". So is a lone surrogate: a backend that
    cuts by UTF-16 units (JavaScript's) can split an emoji's pair, and JSON.stringify writes the
    half as an escape (``"\\ud83d"``), which decodes to a str no UTF-8 output can encode (the CLI
    failed on it and MCP could not send the result).
    """
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        data = json.loads(raw.decode("utf-8-sig", "replace"))
    if not _SUSPECT.search(raw):
        return data  # the common case: nothing to walk
    if isinstance(data, str):
        return _shown(data)
    # Iterative: the parsed value may be nested as deep as json allows.
    stack: list[Any] = [data] if isinstance(data, (dict, list)) else []
    while stack:
        node = stack.pop()
        pairs = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        for key, value in pairs:
            if isinstance(value, str):
                node[key] = _shown(value)
            elif isinstance(value, (dict, list)):
                stack.append(value)
    return data


def _shown(text: str) -> str:
    return strip_controls(without_surrogates(text))


def _json_kind(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    return "number"
