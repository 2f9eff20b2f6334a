"""`deepseek-api`: DeepSeek search paid for by the chat route of the current model request.

The tool registry sets the model step of each tool call in a context variable;
``current_llm_provider()`` reads its route id, and ``ctx.credentials`` resolves that route's
credential. Only routes served by the ``deepseek`` LLM provider count. The key is sent to the
route's own origin (decision 0051): ``https://api.deepseek.com[/v1]`` becomes
``https://api.deepseek.com/anthropic/v1``; a base already ending in ``/anthropic[/v1]`` is kept. A
route whose base URL is plain http to a remote host is refused (the key never travels unencrypted).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx

from dsh.harness import AbortSignal, ChatRoute, Credentials, current_llm_provider
from dsh.providers._keyed_api import check_base_url, json_poster
from dsh.providers.deepseek import _wire
from dsh.providers.deepseek._config import DEFAULT_BASE_URL, DeepSeekApiConfig
from dsh.web import WEB_PROVIDER_CREDENTIAL_MISSING, WebError, WebSearchRequest, WebSearchResult

#: The `ChatRoute.provider` value of routes this provider can use.
DEEPSEEK_LLM_PROVIDER = "deepseek"


@dataclass(frozen=True)
class _RouteCredential:
    route: ChatRoute
    key: str
    base_url: str

    def __repr__(self) -> str:  # the key never reaches a log line
        return f"_RouteCredential(route={self.route.id!r}, base_url={self.base_url!r})"


def anthropic_base_for(route_base_url: str | None) -> str | None:
    """The Messages API base on the route's origin; None when the route's URL is unusable."""
    if route_base_url is None or not route_base_url.strip():
        return DEFAULT_BASE_URL
    try:
        base = check_base_url(route_base_url)
    except ValueError:
        return None
    path = urlsplit(base).path.rstrip("/")
    if path.endswith("/anthropic/v1"):
        return base
    if path.endswith("/anthropic"):
        return f"{base}/v1"
    if path.endswith("/v1"):
        base = base[: -len("/v1")]
    return f"{base}/anthropic/v1"


def _base_url_problem(route_base_url: str | None) -> str:
    """Why :func:`anthropic_base_for` refused the route's URL (say, plain http to a remote host)."""
    try:
        check_base_url(route_base_url or "")
    except ValueError as error:
        return str(error)
    return "unknown"  # not reached: only a refused URL gets here


class DeepSeekApiSearchProvider:
    """`WebSearchProvider` ``deepseek-api`` with ``ready(llm_provider)``."""

    id = "deepseek-api"

    def __init__(
        self, config: DeepSeekApiConfig, credentials: Credentials, client: httpx.AsyncClient
    ) -> None:
        self._config = config
        self._credentials = credentials
        self._client = client

    def __repr__(self) -> str:
        return f"DeepSeekApiSearchProvider(model={self._config.model!r})"

    def available(self) -> bool:
        # Configured is enough: whether a call can authenticate depends on its chat route,
        # which is what ready() answers.
        return True

    async def ready(self, llm_provider: str | None) -> bool:
        return self._credential(llm_provider) is not None

    def _credential(self, route_id: str | None) -> _RouteCredential | None:
        if route_id is None:
            return None
        route = self._credentials.route(route_id)
        if route is None or route.provider != DEEPSEEK_LLM_PROVIDER:
            return None
        key = self._credentials.route_key(route_id)
        if key is None:
            return None
        base = self._config.base_url or anthropic_base_for(route.base_url)
        if base is None:
            return None
        return _RouteCredential(route, key, base)

    def _missing(self, route_id: str | None) -> WebError:
        if route_id is None:
            reason = (
                "this search is not running for a model request, so there is no chat route "
                "whose DeepSeek credential it could use"
            )
        else:
            route = self._credentials.route(route_id)
            if route is None:
                reason = f"the chat route {route_id!r} is not defined"
            elif route.provider != DEEPSEEK_LLM_PROVIDER:
                reason = (
                    f"the chat route {route_id!r} is served by {route.provider!r}, not DeepSeek"
                )
            elif self._credentials.route_key(route_id) is None:
                ref = route.api_key_ref
                ref = f" (its reference {ref} is not set)" if ref else ""
                reason = f"the chat route {route_id!r} has no credential{ref}"
            else:
                reason = (
                    f"the base URL of the chat route {route_id!r} is not usable: "
                    f"{_base_url_problem(route.base_url)}"
                )
        return WebError(
            WEB_PROVIDER_CREDENTIAL_MISSING,
            f"Web search provider 'deepseek-api' cannot authenticate: {reason}. It searches "
            "with the DeepSeek credential of the current model request's chat route; use "
            "web-search-deepseek (DEEPSEEK_API_KEY) for other callers.",
            details={"provider": self.id, "route": route_id},
        )

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        route_id = current_llm_provider()
        credential = self._credential(route_id)
        if credential is None:
            raise self._missing(route_id)
        post = json_poster(
            self._client,
            provider=_wire.PROVIDER,
            url=f"{credential.base_url}{_wire.PATH}",
            headers=_wire.headers(credential.key),
            secret=credential.key,
            time_limit=self._config.timeout,
            signal=signal,
        )
        return await _wire.search(post, self._config, request.query)
