"""The Exa search provider: `POST {base}/search` with highlight contents, flat `results[]` back.

Mapping (SPEC §3): ``url`` ← ``url``, ``title`` ← ``title``, ``snippet`` ← the first non-blank
``highlights[]`` entry (a result without one has no portable snippet and is dropped),
``published_at`` ← ``publishedDate``. Exa generates no answer, so ``content`` is None.
"""

from __future__ import annotations

from typing import Any

from dsh.providers._keyed_api import (
    KeyedSearchProvider,
    array_at,
    object_at,
    text_at,
    unprocessable,
)
from dsh.providers.exa._config import BASE_URL_ENV, DEFAULT_BASE_URL, ExaConfig
from dsh.web import WebSearchRequest, WebSearchResult, WebSearchSource

PROVIDER = "Exa"
#: Exa's documented ceiling for `numResults`; a larger bound is still enforced by the seam.
MAX_NUM_RESULTS = 100


class ExaSearchProvider(KeyedSearchProvider[ExaConfig]):
    """`WebSearchProvider` ``exa``. The key is resolved through ``credentials`` at every call.

    The base URL is config, else ``EXA_BASE_URL`` (read now), else the public API.
    """

    id = "exa"
    provider = PROVIDER
    path = "/search"
    base_url_env = BASE_URL_ENV
    default_base_url = DEFAULT_BASE_URL

    def auth_headers(self, key: str) -> dict[str, str]:
        return {"x-api-key": key}

    def build_body(self, request: WebSearchRequest) -> dict[str, Any]:
        config = self._config
        body: dict[str, Any] = {
            "query": request.query,
            "type": config.type,
            "contents": {"highlights": {"highlightsPerUrl": config.highlights_per_url}},
        }
        # The request's bound is applied at the source (cost and latency); the seam enforces it
        # anyway.
        count = request.max_results if request.max_results is not None else config.num_results
        if count is not None:
            body["numResults"] = min(count, MAX_NUM_RESULTS)
        return body

    def map_response(self, data: dict[str, Any]) -> WebSearchResult:
        results = data.get("results")
        if not isinstance(results, list):
            raise unprocessable(PROVIDER, "`results` is missing or not an array")
        sources: list[WebSearchSource] = []
        for index, value in enumerate(results):
            where = f"results[{index}]"
            item = object_at(PROVIDER, where, value)
            url = text_at(PROVIDER, f"{where}.url", item.get("url"))
            title = text_at(PROVIDER, f"{where}.title", item.get("title"))
            published_at = text_at(PROVIDER, f"{where}.publishedDate", item.get("publishedDate"))
            snippet = _first_highlight(item.get("highlights"), f"{where}.highlights")
            if url is None or snippet is None:
                continue  # nothing to cite, or no portable snippet: dropped, never padded
            sources.append(
                WebSearchSource(url=url, title=title, snippet=snippet, published_at=published_at)
            )
        return WebSearchResult(sources=tuple(sources))


def _first_highlight(value: Any, where: str) -> str | None:
    texts = [
        text_at(PROVIDER, f"{where}[{index}]", entry)
        for index, entry in enumerate(array_at(PROVIDER, where, value))
    ]
    return next((text for text in texts if text is not None), None)
