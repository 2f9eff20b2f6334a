"""`WebRuntime`: the two provider registries, execution-time selection, bounds and cancellation.

Selection is derived at every call from the configured id (or its environment variable, read
at call time) and each provider's local ``available()``; it never depends on registration order.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import Generic, Literal, TypeVar

from dsh.harness import AbortError, AbortSignal, race_signal
from dsh.web._errors import (
    WEB_ABORTED,
    WEB_DUPLICATE_PROVIDER,
    WEB_PROVIDER_AMBIGUOUS,
    WEB_PROVIDER_CONFIGURED_MISSING,
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_ERROR,
    WEB_PROVIDER_UNAVAILABLE,
    WebError,
)
from dsh.web._provider import WebFetchProvider, WebSearchProvider
from dsh.web._types import WebFetchRequest, WebFetchResult, WebSearchRequest, WebSearchResult

_log = logging.getLogger("dsh.web")

SEARCH_PROVIDER_ENV = "DSH_WEB_SEARCH_PROVIDER"
FETCH_PROVIDER_ENV = "DSH_WEB_FETCH_PROVIDER"

Capability = Literal["search", "fetch"]
P = TypeVar("P", WebSearchProvider, WebFetchProvider)
R = TypeVar("R")


class _Registry(Generic[P]):
    """Providers of one capability by id, with the selection table of the design."""

    def __init__(self, capability: Capability, env_var: str, config_key: str) -> None:
        self.capability = capability
        self.env_var = env_var
        self.config_key = config_key
        self.providers: dict[str, P] = {}

    def register(self, provider: P) -> Callable[[], None]:
        provider_id = provider.id
        if not isinstance(provider_id, str) or not provider_id:
            raise WebError(
                WEB_PROVIDER_ERROR, f"A {self.capability} provider must have a non-empty string id."
            )
        if provider_id in self.providers:
            raise WebError(
                WEB_DUPLICATE_PROVIDER,
                f"A web {self.capability} provider with id {provider_id!r} is already registered.",
                details={"capability": self.capability, "provider": provider_id},
            )
        self.providers[provider_id] = provider

        def unregister() -> None:
            if self.providers.get(provider_id) is provider:
                del self.providers[provider_id]

        return unregister

    def configured_id(self, configured: str | None) -> tuple[str | None, str]:
        if configured and configured.strip():
            return configured.strip(), f"the `{self.config_key}` setting"
        from_env = os.environ.get(self.env_var, "").strip()
        if from_env:
            return from_env, f"the {self.env_var} environment variable"
        return None, ""

    def select(self, configured: str | None) -> P:
        wanted, origin = self.configured_id(configured)
        # Snapshot: a provider disposed during selection must not break the iteration.
        providers = dict(self.providers)
        registered = ", ".join(sorted(providers)) or "none"
        noun = f"web {self.capability} provider"
        if wanted is not None:
            provider = providers.get(wanted)
            if provider is None:
                raise WebError(
                    WEB_PROVIDER_CONFIGURED_MISSING,
                    f"The configured {noun} {wanted!r} (from {origin}) is not registered. "
                    f"Registered {self.capability} providers: {registered}. Load the plugin "
                    f"that provides {wanted!r}, or set {self.config_key} / {self.env_var} to "
                    "a registered provider.",
                    details={"capability": self.capability, "provider": wanted},
                )
            if not _available(provider):
                raise WebError(
                    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
                    f"The configured {noun} {wanted!r} (from {origin}) is registered but not "
                    "available: it is missing something it needs, such as an API key.",
                    details={"capability": self.capability, "provider": wanted},
                )
            return provider
        usable = sorted(pid for pid, p in providers.items() if _available(p))
        if len(usable) == 1:
            return providers[usable[0]]
        if not usable:
            detail = (
                "none is registered"
                if not providers
                else f"registered: {registered}, none of them available (for example, no API key)"
            )
            raise WebError(
                WEB_PROVIDER_UNAVAILABLE,
                f"No {noun} is available ({detail}).",
                details={"capability": self.capability},
            )
        raise WebError(
            WEB_PROVIDER_AMBIGUOUS,
            f"Several {noun}s are available ({', '.join(usable)}) and none is chosen. "
            f"Set the `{self.config_key}` config key of the dsh-web plugin, or the "
            f"{self.env_var} environment variable, to one of them.",
            details={"capability": self.capability, "candidates": usable},
        )


def _available(provider: WebSearchProvider | WebFetchProvider) -> bool:
    try:
        return bool(provider.available())
    except Exception:  # a broken availability check means "not usable", not a crash
        _log.exception("available() of web provider %r raised", provider.id)
        return False


class WebRuntime:
    """The web capability seam (``ctx.web``)."""

    def __init__(
        self, search_provider: str | None = None, fetch_provider: str | None = None
    ) -> None:
        # Plain attributes: a settings change applies to the next call without remounting.
        self.search_provider = search_provider
        self.fetch_provider = fetch_provider
        self._search: _Registry[WebSearchProvider] = _Registry(
            "search", SEARCH_PROVIDER_ENV, "search_provider"
        )
        self._fetch: _Registry[WebFetchProvider] = _Registry(
            "fetch", FETCH_PROVIDER_ENV, "fetch_provider"
        )

    def __repr__(self) -> str:
        return (
            f"WebRuntime(search={sorted(self._search.providers)}, "
            f"fetch={sorted(self._fetch.providers)})"
        )

    # -- registration ------------------------------------------------------------------------
    def register_search_provider(self, provider: WebSearchProvider) -> Callable[[], None]:
        """Register a search provider; returns its disposer. A duplicate id raises at once."""
        return self._search.register(provider)

    def register_fetch_provider(self, provider: WebFetchProvider) -> Callable[[], None]:
        """Register a fetch provider; returns its disposer. A duplicate id raises at once."""
        return self._fetch.register(provider)

    # -- operations --------------------------------------------------------------------------
    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        """Run one search through the provider selected now; cap sources to ``max_results``."""
        if request.max_results is not None and request.max_results < 1:
            raise WebError(
                "WEB_INVALID_REQUEST", "max_results must be at least 1 (or None for no bound)."
            )
        _raise_if_aborted(signal, "search")
        provider = self._search.select(self.search_provider)
        result = await _invoke(provider.id, "search", provider.search(request, signal), signal)
        if not isinstance(result, WebSearchResult):
            raise WebError(
                WEB_PROVIDER_ERROR,
                f"Web search provider {provider.id!r} returned {type(result).__name__}, "
                "not a WebSearchResult.",
            )
        limit = request.max_results
        if limit is not None and len(result.sources) > limit:
            result = replace(result, sources=tuple(result.sources[:limit]), truncated=True)
        return result

    async def fetch(
        self, request: WebFetchRequest, signal: AbortSignal | None = None
    ) -> WebFetchResult:
        """Retrieve one URL through the provider selected now. A 404 is a result, not an error."""
        _raise_if_aborted(signal, "fetch")
        provider = self._fetch.select(self.fetch_provider)
        result = await _invoke(provider.id, "fetch", provider.fetch(request, signal), signal)
        if not isinstance(result, WebFetchResult):
            raise WebError(
                WEB_PROVIDER_ERROR,
                f"Web fetch provider {provider.id!r} returned {type(result).__name__}, "
                "not a WebFetchResult.",
            )
        return result

    async def search_ready(self, llm_provider: str | None = None) -> bool:
        """Whether the provider ``search()`` would select can authenticate for that route."""
        return await _ready(lambda: self._search.select(self.search_provider), llm_provider)

    async def fetch_ready(self, llm_provider: str | None = None) -> bool:
        """Whether the provider ``fetch()`` would select can authenticate for that route."""
        return await _ready(lambda: self._fetch.select(self.fetch_provider), llm_provider)

    def selected_search_provider(self) -> str:
        """The id ``search()`` would use now (raises the selection's :class:`WebError`)."""
        return self._search.select(self.search_provider).id

    def selected_fetch_provider(self) -> str:
        """The id ``fetch()`` would use now (raises the selection's :class:`WebError`)."""
        return self._fetch.select(self.fetch_provider).id

    def search_provider_ids(self) -> list[str]:
        return sorted(self._search.providers)

    def fetch_provider_ids(self) -> list[str]:
        return sorted(self._fetch.providers)


def _raise_if_aborted(signal: AbortSignal | None, operation: str) -> None:
    if signal is not None and signal.aborted:
        raise _aborted(operation, signal.reason)


def _aborted(operation: str, reason: BaseException | None) -> WebError:
    detail = f": {reason}" if reason is not None and str(reason) else "."
    return WebError(WEB_ABORTED, f"The web {operation} was aborted{detail}")


async def _invoke(
    provider_id: str, operation: str, call: Awaitable[R], signal: AbortSignal | None
) -> R:
    try:
        # Racing the signal ends the call promptly even if the provider ignores it; the
        # provider's task is cancelled and awaited, so nothing is left running.
        return await race_signal(call, signal)
    except WebError:
        raise
    except AbortError as error:
        raise _aborted(operation, error.reason) from None
    except Exception as error:
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"Web {operation} provider {provider_id!r} failed: {type(error).__name__}: {error}",
            details={"provider": provider_id},
        ) from error


async def _ready(select: Callable[[], object], llm_provider: str | None) -> bool:
    try:
        provider = select()
    except WebError:
        return True  # the operation itself will report the selection failure
    ready = getattr(provider, "ready", None)
    if ready is None:
        return True
    try:
        return bool(await ready(llm_provider))
    except Exception:
        _log.exception("ready() of a web provider raised; treating it as ready")
        return True


def describe_selection(runtime: WebRuntime) -> Mapping[str, str]:
    """For `dsh-web config`: which provider each capability would use now, or why none."""
    out: dict[str, str] = {}
    for capability, pick in (
        ("search", runtime.selected_search_provider),
        ("fetch", runtime.selected_fetch_provider),
    ):
        try:
            out[capability] = pick()
        except WebError as error:
            out[capability] = f"{error.code}: {error.message}"
    return out
