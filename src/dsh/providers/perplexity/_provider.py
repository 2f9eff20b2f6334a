"""The Perplexity search provider: one Sonar chat completion per query.

Mapping (SPEC §3 and the design note): ``content`` ← ``choices[0].message.content``; sources ←
the structured top-level ``search_results[]`` (``url``, ``title``, ``snippet``, ``date`` →
``published_at``) whenever that key is present, even when it is empty; only when it is absent (or
null) do the URL-only ``citations[]`` become sources, with nothing but their URL. Missing fields
are omitted, never invented. Sources keep the provider's order; a URL listed again is the same
source, so only its first entry is kept (the seam cuts the list at ``max_results``, and a repeat
there would take the place of a distinct page).

The answer's ``[n]`` markers are 1-based indexes into ``citations[]`` (``search_results[]`` lists
the same pages in the same order). The model sees the sources as an unnumbered list, so a bare
``[2]`` would point at nothing: each marker within that list becomes a markdown link to its page,
``[2](https://…)``. Other brackets, out-of-range numbers and markers that are already links are
left as they are, and so is code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from dsh.providers._keyed_api import (
    KeyedSearchProvider,
    a_json_kind,
    array_at,
    object_at,
    string_at,
    text_at,
    text_or_none,
    unprocessable,
)
from dsh.providers.perplexity._config import BASE_URL_ENV, DEFAULT_BASE_URL, PerplexityConfig
from dsh.web import WebSearchRequest, WebSearchResult, WebSearchSource

PROVIDER = "Perplexity"


class PerplexitySearchProvider(KeyedSearchProvider[PerplexityConfig]):
    """`WebSearchProvider` ``perplexity``. The key is resolved at every call.

    The base URL is config, else ``PERPLEXITY_BASE_URL`` (read now), else the public API.
    """

    id = "perplexity"
    provider = PROVIDER
    path = "/chat/completions"
    base_url_env = BASE_URL_ENV
    default_base_url = DEFAULT_BASE_URL
    repr_fields = ("model",)

    def auth_headers(self, key: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {key}"}

    def build_body(self, request: WebSearchRequest) -> dict[str, Any]:
        # The query is the whole user message, verbatim. Sonar has no result-count control, so
        # `max_results` is left to the seam, which cuts the list and flags it.
        return {
            "model": self._config.model,
            "messages": [{"role": "user", "content": request.query}],
        }

    def map_response(self, data: dict[str, Any]) -> WebSearchResult:
        sources = _sources(data)
        content = _content(data)
        if content is not None:
            content = link_markers(content, _cited_urls(data))
        return WebSearchResult(sources=sources, content=content)


#: ``[12]`` not already followed by ``(`` (a link) or ``:`` (a link reference definition).
_MARKER = re.compile(r"\[(\d{1,4})\](?![(:])")
_CODE = re.compile(r"(```.*?(?:```|$)|`[^`\n]*`)", re.DOTALL)
#: What cannot sit unescaped in a markdown link destination, even in ``<…>`` form.
_UNLINKABLE = re.compile(r"[\s<>]")
# The reasoning models (`sonar-reasoning`, `sonar-reasoning-pro`) open their answer with their
# chain of thought in a <think> section: not the answer, and thousands of tokens.
_THINKING = re.compile(r"\A\s*<think>.*?(?:</think>|\Z)\s*", re.DOTALL)


def link_markers(content: str, urls: list[str | None]) -> str:
    """``[n]`` → ``[n](url)`` for the n-th (1-based) URL; anything else is left alone."""

    def replace(match: re.Match[str]) -> str:
        number = int(match.group(1))
        url = urls[number - 1] if 1 <= number <= len(urls) else None
        if url is None or _UNLINKABLE.search(url):
            return match.group(0)
        # Balanced parentheses (Wikipedia's "Rust_(programming_language)") are fine bare.
        target = url if _balanced(url) else f"<{url}>"
        return f"[{number}]({target})"

    # Code (fenced blocks and inline spans) is quoted text: `x[2]` there is not a marker.
    parts = _CODE.split(content)
    return "".join(
        part if index % 2 else _MARKER.sub(replace, part) for index, part in enumerate(parts)
    )


def _balanced(url: str) -> bool:
    depth = 0
    for char in url:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def _cited_urls(data: dict[str, Any]) -> list[str | None]:
    """The list the markers index, by position (a null or blank entry keeps its place as None)."""
    citations = array_at(PROVIDER, "citations", data.get("citations"))
    if citations:
        return [text_at(PROVIDER, f"citations[{n}]", entry) for n, entry in enumerate(citations)]
    results = array_at(PROVIDER, "search_results", data.get("search_results"))
    return [_result_at(n, item)[0] for n, item in enumerate(results)]


def _content(data: dict[str, Any]) -> str | None:
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise unprocessable(PROVIDER, "`choices` is missing or empty")
    message = choices[0].get("message")
    if message is None:
        return None
    if not isinstance(message, dict):
        raise unprocessable(PROVIDER, "`choices[0].message` is not an object")
    content = message.get("content")
    where = "choices[0].message.content"
    if isinstance(content, list):
        # The schema allows an array of chunks; the answer is the text of its text chunks.
        chunks = [object_at(PROVIDER, f"{where}[{n}]", chunk) for n, chunk in enumerate(content)]
        content = "".join(
            string_at(PROVIDER, f"{where}[{n}].text", chunk.get("text")) or ""
            for n, chunk in enumerate(chunks)
            if chunk.get("type") == "text"
        )
    elif content is not None and not isinstance(content, str):
        raise unprocessable(
            PROVIDER, f"`{where}` is {a_json_kind(content)}, not a string or an array"
        )
    if isinstance(content, str):
        content = _THINKING.sub("", content, count=1)
    return text_or_none(content)


def _sources(data: dict[str, Any]) -> tuple[WebSearchSource, ...]:
    results = data.get("search_results")
    if results is not None:
        if not isinstance(results, list):
            raise unprocessable(PROVIDER, "`search_results` is not an array")
        fields = [_result_at(n, item) for n, item in enumerate(results)]
        return _first_per_url(
            WebSearchSource(url=url, title=title, snippet=snippet, published_at=date)
            for url, title, snippet, date in fields
            if url is not None
        )
    citations = data.get("citations")
    if citations is None:
        return ()
    if not isinstance(citations, list):
        raise unprocessable(PROVIDER, "`citations` is not an array")
    urls = [text_at(PROVIDER, f"citations[{n}]", entry) for n, entry in enumerate(citations)]
    return _first_per_url(WebSearchSource(url=url) for url in urls if url is not None)


def _first_per_url(sources: Iterable[WebSearchSource]) -> tuple[WebSearchSource, ...]:
    """Each URL once, at its first place (the exact string, as the tool's merge compares)."""
    first: dict[str, WebSearchSource] = {}
    for source in sources:
        first.setdefault(source.url, source)
    return tuple(first.values())


def _result_at(index: int, value: Any) -> tuple[str | None, str | None, str | None, str | None]:
    """``search_results[index]``'s url, title, snippet and date (each None when null or blank)."""
    where = f"search_results[{index}]"
    item = object_at(PROVIDER, where, value)
    url, title, snippet, date = (
        text_at(PROVIDER, f"{where}.{name}", item.get(name))
        for name in ("url", "title", "snippet", "date")
    )
    return url, title, snippet, date
