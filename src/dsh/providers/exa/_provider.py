"""The Exa search provider: `POST {base}/search` with highlight contents, flat `results[]` back.

Mapping (SPEC §3): ``url`` ← ``url``, ``title`` ← ``title``, ``snippet`` ← the first non-blank
``highlights[]`` entry (a result without one has no portable snippet and is dropped),
``published_at`` ← ``publishedDate``. Exa generates no answer, so ``content`` is None.
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
from dsh.providers.exa._config import BASE_URL_ENV, DEFAULT_BASE_URL, ExaConfig
from dsh.web import WebSearchRequest, WebSearchResult, WebSearchSource

PROVIDER = "Exa"
#: Exa's documented ceiling for `numResults`; a larger bound is still enforced by the seam.
MAX_NUM_RESULTS = 100


class ExaSearchProvider:
    """`WebSearchProvider` ``exa``. The key is resolved through ``credentials`` at every call."""

    id = "exa"

    def __init__(
        self, config: ExaConfig, credentials: Credentials, client: httpx.AsyncClient
    ) -> None:
        self._config = config
        self._credentials = credentials
        self._client = client

    def __repr__(self) -> str:
        return f"ExaSearchProvider(base_url={self.base_url!r}, key={self._config.api_key_env!r})"

    @property
    def base_url(self) -> str:
        """Config, else ``EXA_BASE_URL`` (read now), else the public API."""
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
            url=f"{self.base_url}/search",
            headers={"x-api-key": key},
            body=build_body(self._config, request),
            secret=key,
            time_limit=self._config.timeout,
            signal=signal,
        )
        return map_response(data)


def build_body(config: ExaConfig, request: WebSearchRequest) -> dict[str, Any]:
    body: dict[str, Any] = {
        "query": request.query,
        "type": config.type,
        "contents": {"highlights": {"highlightsPerUrl": config.highlights_per_url}},
    }
    # The request's bound is applied at the source (cost and latency); the seam enforces it anyway.
    count = request.max_results if request.max_results is not None else config.num_results
    if count is not None:
        body["numResults"] = min(count, MAX_NUM_RESULTS)
    return body


def map_response(data: dict[str, Any]) -> WebSearchResult:
    results = data.get("results")
    if not isinstance(results, list):
        raise unprocessable(PROVIDER, "`results` is missing or not an array")
    sources: list[WebSearchSource] = []
    for item in results:
        if not isinstance(item, dict):
            continue
        url = text_or_none(item.get("url"))
        snippet = _first_highlight(item.get("highlights"))
        if url is None or snippet is None:
            continue  # nothing to cite, or no portable snippet: dropped, never padded
        sources.append(
            WebSearchSource(
                url=url,
                title=text_or_none(item.get("title")),
                snippet=snippet,
                published_at=text_or_none(item.get("publishedDate")),
            )
        )
    return WebSearchResult(sources=tuple(sources))


def _first_highlight(value: Any) -> str | None:
    if not isinstance(value, list):
        return None
    for entry in value:
        text = text_or_none(entry)
        if text is not None:
            return text
    return None
