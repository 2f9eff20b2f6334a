"""`deepseek-official`: DeepSeek search with one deployment-wide key (``DEEPSEEK_API_KEY``)."""

from __future__ import annotations

import os

import httpx

from dsh.harness import AbortSignal, Credentials
from dsh.providers._keyed_api import missing_key, post_json, resolve_key, valid_base_url
from dsh.providers.deepseek import _wire
from dsh.providers.deepseek._config import BASE_URL_ENV, DEFAULT_BASE_URL, DeepSeekSearchConfig
from dsh.web import WebSearchRequest, WebSearchResult


class DeepSeekSearchProvider:
    """`WebSearchProvider` ``deepseek-official``. The key is resolved at every call."""

    id = "deepseek-official"

    def __init__(
        self, config: DeepSeekSearchConfig, credentials: Credentials, client: httpx.AsyncClient
    ) -> None:
        self._config = config
        self._credentials = credentials
        self._client = client

    def __repr__(self) -> str:
        return (
            f"DeepSeekSearchProvider(base_url={self.base_url!r}, model={self._config.model!r}, "
            f"key={self._config.api_key_env!r})"
        )

    @property
    def base_url(self) -> str:
        """Config, else ``DEEPSEEK_SEARCH_BASE_URL`` (read now), else the Anthropic endpoint.

        Deliberately not ``DEEPSEEK_BASE_URL``: that is the chat-completions base of LLM clients.
        """
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
            raise missing_key(_wire.PROVIDER, self._config.api_key_env)
        data = await post_json(
            self._client,
            provider=_wire.PROVIDER,
            url=f"{self.base_url}/messages",
            headers=_wire.headers(key),
            body=_wire.build_body(
                model=self._config.model,
                max_uses=self._config.max_uses,
                max_tokens=self._config.max_tokens,
                query=request.query,
            ),
            secret=key,
            time_limit=self._config.timeout,
            signal=signal,
        )
        return _wire.map_response(data)
