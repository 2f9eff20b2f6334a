"""The text the model reads for a `web_search` result, and the metadata a UI reads instead."""

from __future__ import annotations

import re
from dataclasses import asdict
from typing import Any
from urllib.parse import quote

from dsh.tool_web._merge import MergedSearch
from dsh.web import WebSearchSource, source_label

SOURCES_HEADING = "Sources:"
NO_RESULTS = "No results found."
CITE_LINE = "Cite the relevant URLs above as markdown links in your answer."

# Bounds on provider-owned display text: one source stays one short list line.
_LABEL_MAX = 200
_EXCERPT_MAX = 400

_WHITESPACE = re.compile(r"\s+")
_UNSAFE_IN_DESTINATION = re.compile(r"[\x00-\x20\x7f<>]")


def render_search(merged: MergedSearch) -> str:
    """Answer, ``Sources:`` list, truncation note and the citation line, blank-line separated."""
    blocks: list[str] = []
    if merged.answer:
        blocks.append(merged.answer)
    if merged.sources:
        lines = [SOURCES_HEADING, *(source_line(source) for source in merged.sources)]
        blocks.append("\n".join(lines))
    if not blocks:
        blocks.append(NO_RESULTS)
    if merged.truncated and merged.sources:
        blocks.append(truncation_note(len(merged.sources)))
    blocks.append(CITE_LINE)
    return "\n\n".join(blocks)


def truncation_note(shown: int) -> str:
    return f"(Showing the first {shown} sources. Refine the query for more.)"


def source_line(source: WebSearchSource) -> str:
    """``- [label](url)``, then `` — <excerpt>`` and `` (<date>)`` for what the source has."""
    line = f"- [{_label(source)}]({link_destination(source.url)})"
    excerpt = _excerpt(source)
    if excerpt:
        line += f" — {excerpt}"
    date = display_date(source.published_at)
    if date:
        line += f" ({date})"
    return line


def display_date(published_at: str | None) -> str | None:
    """``published_at`` as the provider gave it, on one line (the seeds: ``(<publishedAt>)``)."""
    if published_at is None:
        return None
    return _one_line(published_at) or None


def link_destination(url: str) -> str:
    """``url`` as a CommonMark link destination that keeps the link intact.

    Balanced parentheses (Wikipedia's ``Python_(programming_language)``) are valid as they
    are; unbalanced ones are backslash-escaped. Spaces, controls and angle brackets cannot
    appear in a destination, so they are percent-encoded (what a browser sends anyway).
    """
    cleaned = _UNSAFE_IN_DESTINATION.sub(lambda m: quote(m.group(), safe=""), url)
    if not _balanced(cleaned):
        cleaned = cleaned.replace("(", "\\(").replace(")", "\\)")
    return cleaned


def escape_label(text: str) -> str:
    """Link text that cannot close the link early: backslashes and brackets are escaped."""
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def search_metadata(merged: MergedSearch) -> dict[str, Any]:
    """The structured result for UIs and hooks: never parse the rendered text."""
    return {
        "sources": [asdict(source) for source in merged.sources],
        "truncated": merged.truncated,
        "answer": merged.answer,
        "queries": list(merged.queries),
    }


def _label(source: WebSearchSource) -> str:
    return escape_label(_clip(_one_line(source_label(source)), _LABEL_MAX))


def _excerpt(source: WebSearchSource) -> str | None:
    for text in (source.snippet, source.summary):
        if text is not None and text.strip():
            return _clip(_one_line(text), _EXCERPT_MAX)
    return None


def _one_line(text: str) -> str:
    return _WHITESPACE.sub(" ", text).strip()


def _clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip() + "…"


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0
