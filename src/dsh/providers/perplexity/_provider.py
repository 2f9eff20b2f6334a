"""The Perplexity search provider: one Sonar chat completion per query.

Mapping (SPEC §3 and the design note): ``content`` ← ``choices[0].message.content``; sources ←
the structured top-level ``search_results[]`` (``url``, ``title``, ``snippet``, ``date`` →
``published_at``) whenever that key is present, even when it is empty; only when it is absent (or
null) do the URL-only ``citations[]`` become sources, with nothing but their URL. Missing fields
are omitted, never invented. Sources keep the provider's order (the answer's ``[n]`` markers
refer to it), so nothing is merged or de-duplicated.
"""

from __future__ import annotations

import os
from typing import Any

import httpx

from dsh.harness import AbortSignal, Credentials
from dsh.providers._keyed_api import (
    missing_key,
    post_json,
    resolve_key,
    text_or_none,
    unprocessable,
    valid_base_url,
)
from dsh.providers.perplexity._config import BASE_URL_ENV, DEFAULT_BASE_URL, PerplexityConfig
from dsh.web import WebSearchRequest, WebSearchResult, WebSearchSource

PROVIDER = "Perplexity"


class PerplexitySearchProvider:
    """`WebSearchProvider` ``perplexity``. The key is resolved at every call."""

    id = "perplexity"

    def __init__(
        self, config: PerplexityConfig, credentials: Credentials, client: httpx.AsyncClient
    ) -> None:
        self._config = config
        self._credentials = credentials
        self._client = client

    def __repr__(self) -> str:
        return (
            f"PerplexitySearchProvider(base_url={self.base_url!r}, model={self._config.model!r}, "
            f"key={self._config.api_key_env!r})"
        )

    @property
    def base_url(self) -> str:
        """Config, else ``PERPLEXITY_BASE_URL`` (read now), else the public API."""
        if self._config.base_url is not None:
            return self._config.base_url
        from_env = os.environ.get(BASE_URL_ENV, "").strip()
        return (from_env or DEFAULT_BASE_URL).rstrip("/")

    def _key(self) -> str | None:
        literal = self._config.api_key.get_secret_value() if self._config.api_key else None
        return resolve_key(self._credentials, literal, self._config.api_key_env)

    def available(self) -> bool:
        return self._key() is not None and valid_base_url(self.base_url)

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        key = self._key()
        if key is None:
            raise missing_key(PROVIDER, self._config.api_key_env)
        data = await post_json(
            self._client,
            provider=PROVIDER,
            url=f"{self.base_url}/chat/completions",
            headers={"Authorization": f"Bearer {key}"},
            body=build_body(self._config, request),
            secret=key,
            time_limit=self._config.timeout,
            signal=signal,
        )
        return map_response(data)


def build_body(config: PerplexityConfig, request: WebSearchRequest) -> dict[str, Any]:
    # The query is the whole user message, verbatim. Sonar has no result-count control, so
    # `max_results` is left to the seam, which cuts the list and flags it.
    return {"model": config.model, "messages": [{"role": "user", "content": request.query}]}


def map_response(data: dict[str, Any]) -> WebSearchResult:
    return WebSearchResult(sources=_sources(data), content=_content(data))


def _content(data: dict[str, Any]) -> str | None:
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise unprocessable(PROVIDER, "`choices` is missing or empty")
    message = choices[0].get("message")
    if message is None:
        return None
    if not isinstance(message, dict):
        raise unprocessable(PROVIDER, "`choices[0].message` is not an object")
    return text_or_none(message.get("content"))


def _sources(data: dict[str, Any]) -> tuple[WebSearchSource, ...]:
    results = data.get("search_results")
    if results is not None:
        if not isinstance(results, list):
            raise unprocessable(PROVIDER, "`search_results` is not an array")
        return tuple(
            WebSearchSource(
                url=url,
                title=text_or_none(item.get("title")),
                snippet=text_or_none(item.get("snippet")),
                published_at=text_or_none(item.get("date")),
            )
            for item in results
            if isinstance(item, dict) and (url := text_or_none(item.get("url"))) is not None
        )
    citations = data.get("citations")
    if citations is None:
        return ()
    if not isinstance(citations, list):
        raise unprocessable(PROVIDER, "`citations` is not an array")
    return tuple(
        WebSearchSource(url=url) for entry in citations if (url := text_or_none(entry)) is not None
    )
