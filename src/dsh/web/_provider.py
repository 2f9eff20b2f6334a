"""What a backend implements to plug into the seam."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from dsh.harness import AbortSignal
from dsh.web._types import WebFetchRequest, WebFetchResult, WebSearchRequest, WebSearchResult


@runtime_checkable
class WebSearchProvider(Protocol):
    """A search backend. ``available()`` is cheap and local: it never touches the network."""

    @property
    def id(self) -> str: ...

    def available(self) -> bool: ...

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult: ...


@runtime_checkable
class WebFetchProvider(Protocol):
    """A fetch backend. ``available()`` is cheap and local: it never touches the network."""

    @property
    def id(self) -> str: ...

    def available(self) -> bool: ...

    async def fetch(
        self, request: WebFetchRequest, signal: AbortSignal | None = None
    ) -> WebFetchResult: ...


@runtime_checkable
class ReadyCheck(Protocol):
    """Optional: can an operation made for a model request on this chat route authenticate?

    Configuration-only (no network). A provider without it counts as ready.
    """

    async def ready(self, llm_provider: str | None) -> bool: ...


@runtime_checkable
class UnavailableReason(Protocol):
    """Optional: why ``available()`` is false, in a few words (``"EXA_API_KEY is not set"``).

    Local and cheap like ``available()`` (no network), and never a secret: the seam quotes it in
    the selection errors (``WEB_PROVIDER_UNAVAILABLE``, ``WEB_PROVIDER_CONFIGURED_UNAVAILABLE``)
    the model reads. ``None`` (or one that raises) falls back to the seam's generic wording.
    """

    def unavailable_reason(self) -> str | None: ...
