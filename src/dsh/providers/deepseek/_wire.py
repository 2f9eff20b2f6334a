"""The DeepSeek search wire, shared by both DeepSeek providers.

DeepSeek has no dedicated search endpoint: one search is a full Messages call to the
Anthropic-compatible API with the native ``web_search_20250305`` server tool. DeepSeek runs the
search on its side and returns structured ``web_search_tool_result`` blocks; sources come from
those blocks only, never from URLs in the model's prose (strict: no block is an error).

What the model is asked (docs/decisions/0050): the system prompt below, and the query as the
whole user message, verbatim, so no query text can break out of a template.

A turn DeepSeek pauses (``stop_reason: "pause_turn"``: the server-side tool loop stopped mid-turn)
before any search result arrived is continued the documented Anthropic way, by sending the paused
assistant content back, at most :data:`MAX_CONTINUATIONS` times within the one deadline.
"""

from __future__ import annotations

from typing import Any

from dsh._text import quoted_message
from dsh.providers._keyed_api import (
    PostJson,
    array_at,
    object_at,
    text_at,
    text_or_none,
    unprocessable,
)
from dsh.providers.deepseek._config import MessagesSettings
from dsh.web import WEB_PROVIDER_ERROR, WebError, WebSearchResult, WebSearchSource

PROVIDER = "DeepSeek"
#: Appended to the Messages API base.
PATH = "/messages"
ANTHROPIC_VERSION = "2023-06-01"
TOOL_TYPE = "web_search_20250305"
RESULT_TYPE = "web_search_tool_result"
PAUSE_TURN = "pause_turn"
#: The stop_reason of a response cut by the request's `max_tokens`.
MAX_TOKENS = "max_tokens"
#: How often a turn paused before any search result is continued before it is reported. Each
#: continuation is another model call, paid and within the same `timeout`.
MAX_CONTINUATIONS = 2
# The API's own codes in an error (stop_reason, error_code): each one short line, a few of them.
_MAX_CODE_CHARS = 80
_MAX_CODES = 3

SYSTEM_PROMPT = (
    "You are the search backend of a tool. Search the web with the web_search tool, using the "
    "user's message verbatim as the query. Then reply in one short sentence: only the search "
    "results are used, not your reply."
)


def headers(key: str) -> dict[str, str]:
    return {"x-api-key": key, "anthropic-version": ANTHROPIC_VERSION}


def build_body(
    settings: MessagesSettings, query: str, turn: list[Any] | None = None
) -> dict[str, Any]:
    """The request for ``query``; with ``turn``, the continuation of that paused assistant turn."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": query}]
    if turn:
        # Anthropic: send the paused response's content back as-is to let the turn continue.
        messages.append({"role": "assistant", "content": turn})
    return {
        "model": settings.model,
        "max_tokens": settings.max_tokens,
        "system": SYSTEM_PROMPT,
        "messages": messages,
        "tools": [{"type": TOOL_TYPE, "name": "web_search", "max_uses": settings.max_uses}],
        # The answer prose is discarded, so reasoning tokens would be paid for nothing.
        "thinking": {"type": "disabled"},
    }


async def search(post: PostJson, settings: MessagesSettings, query: str) -> WebSearchResult:
    """One search: the Messages call, continued while the turn is paused before any result."""
    data = await post(build_body(settings, query))
    turn: list[Any] = []
    for _ in range(MAX_CONTINUATIONS):
        if not _paused_without_results(data):
            break
        turn = turn + data["content"]
        data = await post(build_body(settings, query, turn))
    if _paused_without_results(data):
        raise WebError(
            WEB_PROVIDER_ERROR,
            "DeepSeek paused its turn before any web search result arrived (stop_reason: "
            f"pause_turn), and had none after {MAX_CONTINUATIONS} continuations. Try again, or "
            "rephrase the query.",
            details={
                "provider": PROVIDER,
                "stop_reason": PAUSE_TURN,
                "continuations": MAX_CONTINUATIONS,
            },
        )
    content = data.get("content")
    if turn and isinstance(content, list):
        # A continuation answers with the rest of the turn only; citations may point back.
        data = {**data, "content": turn + content}
    return map_response(data, max_tokens=settings.max_tokens)


def _paused_without_results(data: dict[str, Any]) -> bool:
    """Paused with nothing to map yet: continuing is the only way to a result.

    A paused turn that already holds a result block is used as it is: the prose is discarded, so
    finishing the turn would cost a model call for nothing.
    """
    content = data.get("content")
    return (
        data.get("stop_reason") == PAUSE_TURN
        and isinstance(content, list)
        and not any(isinstance(b, dict) and b.get("type") == RESULT_TYPE for b in content)
    )


def map_response(data: dict[str, Any], *, max_tokens: int | None = None) -> WebSearchResult:
    """The sources of ``data``; ``max_tokens``, the cap the request was sent with, is named when
    the response ran out of it before any search result."""
    content = data.get("content")
    if not isinstance(content, list):
        raise unprocessable(PROVIDER, "`content` is missing or not an array")
    blocks = [object_at(PROVIDER, f"content[{n}]", block) for n, block in enumerate(content)]
    results = [(n, b) for n, b in enumerate(blocks) if b.get("type") == RESULT_TYPE]
    if not results:
        # The API's own text, quoted: a broken gateway may put anything there.
        stop = quoted_message(text_or_none(data.get("stop_reason")) or "unknown", _MAX_CODE_CHARS)
        advice = "Try again, or rephrase the query."
        if stop == MAX_TOKENS:
            # Every retry would stop at the same cap: the setting is what to change.
            cap = f" ({max_tokens})" if max_tokens is not None else ""
            advice = (
                f"The response reached the plugin's `max_tokens`{cap} before any search result: "
                "raise `max_tokens`."
            )
        raise WebError(
            WEB_PROVIDER_ERROR,
            "DeepSeek ran no web search for this query: its response has no "
            f"web_search_tool_result block (stop_reason: {stop}). Sources are taken only from "
            f"search results, never from the model's prose. {advice}",
            details={"provider": PROVIDER, "stop_reason": stop},
        )
    snippets = _first_cited_text_by_url(blocks)
    sources: list[WebSearchSource] = []
    seen: set[str] = set()
    errors: list[str] = []
    searched = False
    for block_index, block in results:
        inner = block.get("content")
        if isinstance(inner, dict) and inner.get("type") == "web_search_tool_result_error":
            code = text_or_none(inner.get("error_code")) or "unknown"
            errors.append(quoted_message(code, _MAX_CODE_CHARS))
            continue
        if not isinstance(inner, list):
            raise unprocessable(PROVIDER, "a web_search_tool_result block has no result list")
        searched = True
        for index, value in enumerate(inner):
            where = f"content[{block_index}].content[{index}]"
            item = object_at(PROVIDER, where, value)
            if item.get("type") != "web_search_result":
                continue
            url = text_at(PROVIDER, f"{where}.url", item.get("url"))
            title = text_at(PROVIDER, f"{where}.title", item.get("title"))
            page_age = text_at(PROVIDER, f"{where}.page_age", item.get("page_age"))
            if url is None or url in seen:
                continue  # several searches may return one page; it is one source
            seen.add(url)
            sources.append(
                WebSearchSource(
                    url=url, title=title, snippet=snippets.get(url), published_at=page_age
                )
            )
    if not searched:
        codes = list(dict.fromkeys(errors))  # one per search: the same code many times is one
        shown = ", ".join(codes[:_MAX_CODES]) + (", …" if len(codes) > _MAX_CODES else "")
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"DeepSeek web search failed (error_code: {shown}).",
            details={"provider": PROVIDER, "error_codes": codes[:_MAX_CODES]},
        )
    return WebSearchResult(sources=tuple(sources))


def _first_cited_text_by_url(blocks: list[dict[str, Any]]) -> dict[str, str]:
    """The first ``web_search_result_location`` citation's ``cited_text`` for each URL."""
    found: dict[str, str] = {}
    for block_index, block in enumerate(blocks):
        if block.get("type") != "text":
            continue
        where = f"content[{block_index}].citations"
        for index, value in enumerate(array_at(PROVIDER, where, block.get("citations"))):
            citation = object_at(PROVIDER, f"{where}[{index}]", value)
            if citation.get("type") != "web_search_result_location":
                continue
            url = text_at(PROVIDER, f"{where}[{index}].url", citation.get("url"))
            text = text_at(PROVIDER, f"{where}[{index}].cited_text", citation.get("cited_text"))
            if url is not None and text is not None and url not in found:
                found[url] = text
    return found
