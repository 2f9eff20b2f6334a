"""One-line presentations of calls and results for UIs, built from arguments and metadata only.

They never raise: a UI may present a call whose arguments failed validation, including
arguments that are not an object at all (``None``, a JSON string), which the registry answers
``INVALID_ARGS``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from dsh.harness import ToolResult


def present_search_call(arguments: object) -> str:
    """``Web search: "first query", "second query"``."""
    queries = arguments.get("queries") if isinstance(arguments, Mapping) else None
    if isinstance(queries, list):
        shown = [json.dumps(q, ensure_ascii=False) for q in queries if isinstance(q, str)]
        if shown:
            return "Web search: " + ", ".join(shown)
    return "Web search"


def present_fetch_call(arguments: object) -> str:
    """``Web fetch: https://example.com/page``."""
    url = arguments.get("url") if isinstance(arguments, Mapping) else None
    if isinstance(url, str) and url.strip():
        url = url.strip()
        if any(not char.isprintable() for char in url):
            # A line break or tab would break the one-line label: quoted as the queries are.
            url = json.dumps(url, ensure_ascii=False)
        return f"Web fetch: {url}"
    return "Web fetch"


def present_search_result(result: ToolResult) -> str:
    """``Answer and 3 sources``, ``8 sources (more available)``, ``No results`` or the error."""
    if result.is_error:
        return result.text
    meta = result.metadata
    sources = meta.get("sources")
    count = len(sources) if isinstance(sources, list) else 0
    has_answer = bool(meta.get("answer"))
    noun = "source" if count == 1 else "sources"
    if count and has_answer:
        summary = f"Answer and {count} {noun}"
    elif count:
        summary = f"{count} {noun}"
    elif has_answer:
        summary = "Answer, no sources"
    else:
        summary = "No results"
    if meta.get("truncated") is True:
        summary += " (more available)"
    return summary


def present_fetch_result(result: ToolResult) -> str:
    """``HTTP 200 from https://example.com/ (html)``, ``, truncated`` when cut, or the error."""
    if result.is_error:
        return result.text
    meta = result.metadata
    detail = str(meta.get("kind", "?"))
    if meta.get("truncated") is True:
        detail += ", truncated"
    return f"HTTP {meta.get('status_code', '?')} from {meta.get('url', '?')} ({detail})"
