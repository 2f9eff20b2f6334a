"""Stub providers for the seam's contract tests, and `Cap`: one capability of the seam.

The stubs implement both capabilities, so one test body checks both registries; they are
registered through the real `WebRuntime` API only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dsh.harness import AbortSignal
from dsh.web import (
    FETCH_PROVIDER_ENV,
    SEARCH_PROVIDER_ENV,
    TextBody,
    WebFetchRequest,
    WebFetchResult,
    WebRuntime,
    WebSearchRequest,
    WebSearchResult,
    WebSearchSource,
)


class Stub:
    """A provider of both capabilities that answers at once and records its calls."""

    def __init__(self, provider_id: str, *, usable: bool = True, sources: int = 1) -> None:
        self.id = provider_id
        self.usable = usable
        self.source_count = sources
        self.calls: list[tuple[object, AbortSignal | None]] = []

    def available(self) -> bool:
        return self.usable

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        self.calls.append((request, signal))
        return WebSearchResult(
            sources=tuple(
                WebSearchSource(f"https://{self.id}.example/{n}") for n in range(self.source_count)
            ),
            content=f"answer from {self.id}",
        )

    async def fetch(
        self, request: WebFetchRequest, signal: AbortSignal | None = None
    ) -> WebFetchResult:
        self.calls.append((request, signal))
        return WebFetchResult(url=request.url, status_code=200, body=TextBody(f"from {self.id}"))


class ReadyStub(Stub):
    """A stub with the optional ``ready(llm_provider)`` check."""

    def __init__(self, provider_id: str, *, ready: bool, usable: bool = True) -> None:
        super().__init__(provider_id, usable=usable)
        self.answer = ready
        self.ready_calls: list[str | None] = []

    async def ready(self, llm_provider: str | None) -> bool:
        self.ready_calls.append(llm_provider)
        return self.answer


class ExplainedStub(Stub):
    """An unavailable stub with the optional ``unavailable_reason()``; ``reason`` may raise."""

    def __init__(self, provider_id: str, reason: str | BaseException | None) -> None:
        super().__init__(provider_id, usable=False)
        self.reason = reason

    def unavailable_reason(self) -> str | None:
        if isinstance(self.reason, BaseException):
            raise self.reason
        return self.reason


class Blocking(Stub):
    """Starts, says so, then waits for ``release`` (never, unless the test sets it).

    ``honour_signal`` makes it wait on the caller's signal too, like a well-behaved provider;
    otherwise it ignores the signal entirely. It records whether it was cancelled and whether
    its body finished unwinding, so a test can prove nothing is left running.
    """

    def __init__(self, provider_id: str, *, honour_signal: bool = False) -> None:
        super().__init__(provider_id)
        self.honour_signal = honour_signal
        self.started = asyncio.Event()
        self.release = asyncio.Event()
        self.seen_signal: AbortSignal | None = None
        self.cancelled = False
        self.exited = False

    async def _block(self, signal: AbortSignal | None) -> None:
        self.seen_signal = signal
        self.started.set()
        try:
            if self.honour_signal and signal is not None:
                waiter = asyncio.ensure_future(signal.wait())
                released = asyncio.ensure_future(self.release.wait())
                try:
                    await asyncio.wait({waiter, released}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    waiter.cancel()
                    released.cancel()
                signal.throw_if_aborted()
            else:
                await self.release.wait()
        except asyncio.CancelledError:
            self.cancelled = True
            raise
        finally:
            self.exited = True

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        await self._block(signal)
        return await super().search(request, signal)

    async def fetch(
        self, request: WebFetchRequest, signal: AbortSignal | None = None
    ) -> WebFetchResult:
        await self._block(signal)
        return await super().fetch(request, signal)


@dataclass(frozen=True)
class Cap:
    """One capability of the seam, so a test body can exercise search and fetch alike."""

    name: str
    env: str
    setting: str

    def register(self, web: WebRuntime, provider: Any) -> Callable[[], None]:
        if self.name == "search":
            return web.register_search_provider(provider)
        return web.register_fetch_provider(provider)

    def configure(self, web: WebRuntime, provider_id: str | None) -> None:
        setattr(web, self.setting, provider_id)

    async def call(self, web: WebRuntime, signal: AbortSignal | None = None) -> str:
        """Run the operation; answer the id of the provider that served it."""
        if self.name == "search":
            result = await web.search(WebSearchRequest("what is new"), signal)
            assert result.content is not None
            return result.content.removeprefix("answer from ")
        fetched = await web.fetch(WebFetchRequest("https://example.test/page"), signal)
        assert isinstance(fetched.body, TextBody)
        return fetched.body.content.removeprefix("from ")

    async def ready(self, web: WebRuntime, llm_provider: str | None = None) -> bool:
        if self.name == "search":
            return await web.search_ready(llm_provider)
        return await web.fetch_ready(llm_provider)

    def selected(self, web: WebRuntime) -> str:
        if self.name == "search":
            return web.selected_search_provider()
        return web.selected_fetch_provider()

    def ids(self, web: WebRuntime) -> list[str]:
        return web.search_provider_ids() if self.name == "search" else web.fetch_provider_ids()


SEARCH = Cap("search", SEARCH_PROVIDER_ENV, "search_provider")
FETCH = Cap("fetch", FETCH_PROVIDER_ENV, "fetch_provider")
