"""The Exa search provider: `POST {base}/search` with highlight contents, flat `results[]` back.

Mapping (SPEC §3): ``url`` ← ``url``, ``title`` ← ``title``, ``snippet`` ← the first non-blank
``highlights[]`` entry (a result without one has no portable snippet and is dropped),
``published_at`` ← ``publishedDate``. Exa generates no answer, so ``content`` is None.
"""

from __future__ import annotations

from typing import Any

from dsh.providers._keyed_api import KeyedSearchProvider, text_or_none, unprocessable
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
