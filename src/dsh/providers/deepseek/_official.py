"""`deepseek-official`: DeepSeek search with one deployment-wide key (``DEEPSEEK_API_KEY``)."""

from __future__ import annotations

from typing import Any

from dsh.providers._keyed_api import KeyedSearchProvider, PostJson
from dsh.providers.deepseek import _wire
from dsh.providers.deepseek._config import BASE_URL_ENV, DEFAULT_BASE_URL, DeepSeekSearchConfig
from dsh.web import WebSearchRequest, WebSearchResult


class DeepSeekSearchProvider(KeyedSearchProvider[DeepSeekSearchConfig]):
    """`WebSearchProvider` ``deepseek-official``. The key is resolved at every call.

    The base URL is config, else ``DEEPSEEK_SEARCH_BASE_URL`` (read now), else the Anthropic
    endpoint. Deliberately not ``DEEPSEEK_BASE_URL``: that is the chat-completions base of LLM
    clients.
    """

    id = "deepseek-official"
    provider = _wire.PROVIDER
    path = _wire.PATH
    base_url_env = BASE_URL_ENV
    default_base_url = DEFAULT_BASE_URL
    repr_fields = ("model",)

    def auth_headers(self, key: str) -> dict[str, str]:
        return _wire.headers(key)

    def build_body(self, request: WebSearchRequest) -> dict[str, Any]:
        return _wire.build_body(self._config, request.query)

    def map_response(self, data: dict[str, Any]) -> WebSearchResult:
        return _wire.map_response(data, max_tokens=self._config.max_tokens)

    async def exchange(self, post: PostJson, request: WebSearchRequest) -> WebSearchResult:
        # The first request is build_body's; a paused turn is continued (docs/decisions/0050).
        return await _wire.search(post, self._config, request.query)
