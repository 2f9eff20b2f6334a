"""Stub providers at the seam boundary, and a real harness, for the `tool-web` tests.

Everything above the providers is real: `Context`, the `dsh-web` plugin (`WebRuntime`), the
`tool-web` plugin, `ToolRegistry` and `SystemPrompt`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import dsh.tool_web.plugin as tool_web_plugin
import dsh.web.plugin as web_plugin
from dsh.harness import AbortSignal, Context
from dsh.web import (
    WebFetchRequest,
    WebFetchResult,
    WebRuntime,
    WebSearchRequest,
    WebSearchResult,
    WebSearchSource,
    web_of,
)

SearchHandler = Callable[[WebSearchRequest, AbortSignal | None], Awaitable[WebSearchResult]]
FetchHandler = Callable[[WebFetchRequest, AbortSignal | None], Awaitable[WebFetchResult]]


@dataclass
class StubSearch:
    """A search provider answering from ``results`` (by query) or from ``handler``."""

    id: str = "stub"
    results: Mapping[str, WebSearchResult] = field(default_factory=dict)
    handler: SearchHandler | None = None
    is_available: bool = True
    requests: list[WebSearchRequest] = field(default_factory=list)
    signals: list[AbortSignal | None] = field(default_factory=list)
    available_calls: int = 0

    def available(self) -> bool:
        self.available_calls += 1
        return self.is_available

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        self.requests.append(request)
        self.signals.append(signal)
        if self.handler is not None:
            return await self.handler(request, signal)
        return self.results.get(request.query, WebSearchResult(sources=()))


@dataclass
class StubFetch:
    """A fetch provider answering from ``results`` (by URL) or from ``handler``."""

    id: str = "stub-fetch"
    results: Mapping[str, WebFetchResult] = field(default_factory=dict)
    handler: FetchHandler | None = None
    is_available: bool = True
    requests: list[WebFetchRequest] = field(default_factory=list)
    signals: list[AbortSignal | None] = field(default_factory=list)

    def available(self) -> bool:
        return self.is_available

    async def fetch(
        self, request: WebFetchRequest, signal: AbortSignal | None = None
    ) -> WebFetchResult:
        self.requests.append(request)
        self.signals.append(signal)
        if self.handler is not None:
            return await self.handler(request, signal)
        return self.results[request.url]


@dataclass
class RouteAware:
    """``ready(llm_provider)``, as a route-bound provider has: ready only for the routes in
    ``routes``; ``ready_calls`` records each route asked about."""

    routes: frozenset[str] = frozenset()
    ready_calls: list[str | None] = field(default_factory=list)

    async def ready(self, llm_provider: str | None) -> bool:
        self.ready_calls.append(llm_provider)
        return llm_provider in self.routes


@dataclass
class RouteAwareSearch(StubSearch, RouteAware):
    """A search provider ready only for the routes in ``routes``."""


@dataclass
class RouteAwareFetch(StubFetch, RouteAware):
    """A fetch provider ready only for the routes in ``routes``."""


def build(
    tool_config: Mapping[str, Any] | None = None, web_config: Mapping[str, Any] | None = None
) -> tuple[Context, WebRuntime]:
    """A root context with `dsh-web` and `tool-web` loaded through the real plugin path."""
    ctx = Context()
    ctx.plugin(web_plugin, dict(web_config or {}), plugin_id="web")
    ctx.plugin(tool_web_plugin, dict(tool_config or {}), plugin_id="tool-web")
    return ctx, web_of(ctx)


def src(
    url: str,
    title: str | None = None,
    snippet: str | None = None,
    published_at: str | None = None,
    summary: str | None = None,
) -> WebSearchSource:
    return WebSearchSource(
        url=url, title=title, snippet=snippet, summary=summary, published_at=published_at
    )


async def wait_aborted(signal: AbortSignal | None) -> None:
    """What a cooperative provider does while its request is in flight: wait for the signal."""
    assert signal is not None, "the tool must forward a signal to the seam"
    await signal.wait()
    signal.throw_if_aborted()


def never() -> asyncio.Future[None]:
    """A future nobody resolves: a provider request that hangs until cancelled."""
    return asyncio.get_running_loop().create_future()
