"""The skeleton the keyed search providers share (docs/decisions/0050).

:class:`KeyedSearchProvider`: key and base URL resolved at every call, its ``post_json`` calls
sharing one deadline through :func:`.call.json_poster`. A provider supplies only what is its own:
id, label, endpoint path, auth headers, request body and response mapping.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

import httpx

from dsh.harness import AbortSignal, Credentials
from dsh.providers._keyed_api.call import PostJson, json_poster
from dsh.providers._keyed_api.config import (
    KeyedApiConfig,
    check_base_url,
    missing_key,
    resolve_key,
    shown_base_url,
    valid_base_url,
)
from dsh.web import WEB_PROVIDER_ERROR, WebError, WebSearchRequest, WebSearchResult

ConfigT = TypeVar("ConfigT", bound=KeyedApiConfig)


class KeyedSearchProvider(ABC, Generic[ConfigT]):
    """A `WebSearchProvider` behind one keyed JSON endpoint.

    The key (a non-blank literal ``api_key``, else ``api_key_env`` through ``credentials``) and the
    base URL (config, else the ``base_url_env`` variable, else ``default_base_url``) are resolved
    at every call, so a key or override set after start-up is used by the next search. A subclass
    sets the class attributes and implements :meth:`auth_headers`, :meth:`build_body` and
    :meth:`map_response`.
    """

    id: str
    #: The provider's name in every message (``Exa API error (HTTP 401): …``).
    provider: ClassVar[str]
    #: Appended to the base URL: the one endpoint a search POSTs to.
    path: ClassVar[str]
    base_url_env: ClassVar[str]
    default_base_url: ClassVar[str]
    #: Config fields shown in the repr besides the base URL and the key reference.
    repr_fields: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self, config: ConfigT, credentials: Credentials, client: httpx.AsyncClient
    ) -> None:
        self._config = config
        self._credentials = credentials
        self._client = client

    def __repr__(self) -> str:
        # The base URL may come from the *_BASE_URL variable unchecked: cut, as in an error.
        shown = [f"base_url={shown_base_url(self.base_url)!r}"]
        shown += [f"{name}={getattr(self._config, name)!r}" for name in self.repr_fields]
        shown.append(f"key={self._config.api_key_env!r}")
        return f"{type(self).__name__}({', '.join(shown)})"

    @property
    def base_url(self) -> str:
        """Config, else ``base_url_env`` (read now), else the default; see :meth:`_checked_base`."""
        if self._config.base_url is not None:
            return self._config.base_url
        from_env = os.environ.get(self.base_url_env, "").strip()
        return (from_env or self.default_base_url).rstrip("/")

    def _checked_base(self) -> str:
        """:attr:`base_url`, refused when the env override is unusable (say, remote plain http).

        Config was checked at load and the default is https; only the env var is new at a call.
        """
        base = self.base_url
        try:
            return check_base_url(base)
        except ValueError as error:
            raise WebError(
                WEB_PROVIDER_ERROR,
                f"The {self.base_url_env} environment variable is not a usable {self.provider} "
                f"API base URL: {error}. Fix or unset {self.base_url_env}.",
                details={"provider": self.provider, "variable": self.base_url_env},
            ) from None

    def _key(self) -> str | None:
        literal = self._config.api_key.get_secret_value() if self._config.api_key else None
        return resolve_key(self._credentials, literal, self._config.api_key_env)

    def available(self) -> bool:
        return self._key() is not None and valid_base_url(self.base_url)

    def unavailable_reason(self) -> str | None:
        """What :meth:`available` misses, naming variables only (never a key or the URL)."""
        missing = []
        if self._key() is None:
            missing.append(f"{self._config.api_key_env} is not set")
        if not valid_base_url(self.base_url):
            # Only the env override can be bad here: config is checked at load.
            missing.append(
                f"{self.base_url_env} is not a usable base URL (https is required; plain http "
                "only to localhost, 127.0.0.0/8 or ::1)"
            )
        return " and ".join(missing) or None

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        key = self._key()
        if key is None:
            raise missing_key(self.provider, self._config.api_key_env)
        post = json_poster(
            self._client,
            provider=self.provider,
            url=f"{self._checked_base()}{self.path}",
            headers=self.auth_headers(key),
            secret=key,
            time_limit=self._config.timeout,
            signal=signal,
        )
        return await self.exchange(post, request)

    async def exchange(self, post: PostJson, request: WebSearchRequest) -> WebSearchResult:
        """The search's requests, sent through ``post`` (one deadline, one signal for all).

        One POST of :meth:`build_body`, mapped by :meth:`map_response`. A provider whose answer
        can ask for a follow-up request (DeepSeek's paused turn) overrides it.
        """
        return self.map_response(await post(self.build_body(request)))

    @abstractmethod
    def auth_headers(self, key: str) -> dict[str, str]:
        """The headers that carry ``key``."""

    @abstractmethod
    def build_body(self, request: WebSearchRequest) -> dict[str, Any]:
        """The JSON body for ``request``."""

    @abstractmethod
    def map_response(self, data: dict[str, Any]) -> WebSearchResult:
        """The seam's result from a 2xx JSON object (``unprocessable`` when the shape is wrong)."""
