"""`WebRuntime`: the two provider registries, execution-time selection, bounds and cancellation.

Selection is derived at every call from the configured id (or its environment variable, read
at call time) and each provider's local ``available()``; it never depends on registration order.
The registries and the selection table are :mod:`._registry`'s; this module runs the calls.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import TypeVar

from dsh._text import quoted_message
from dsh.harness import AbortController, AbortError, AbortSignal, race_signal
from dsh.web._errors import (
    WEB_ABORTED,
    WEB_INVALID_REQUEST,
    WEB_PROVIDER_ERROR,
    WEB_PROVIDER_UNAVAILABLE,
    WebError,
)
from dsh.web._provider import WebFetchProvider, WebSearchProvider
from dsh.web._registry import P, _Registration, _Registry, _UnregisteredError
from dsh.web._types import (
    WebFetchBody,
    WebFetchRequest,
    WebFetchResult,
    WebSearchRequest,
    WebSearchResult,
)

_log = logging.getLogger("dsh.web")

SEARCH_PROVIDER_ENV = "DSH_WEB_SEARCH_PROVIDER"
FETCH_PROVIDER_ENV = "DSH_WEB_FETCH_PROVIDER"

R = TypeVar("R")

_DEFAULT_ABORT_TEXT = "The operation was aborted."


class WebRuntime:
    """The web capability seam (``ctx.web``).

    ``search_provider`` / ``fetch_provider`` are plain attributes: assigning one (a settings
    change) applies to the next call without remounting. ``None`` falls back to the environment
    variables :data:`SEARCH_PROVIDER_ENV` / :data:`FETCH_PROVIDER_ENV`, read at every call.
    """

    def __init__(
        self, search_provider: str | None = None, fetch_provider: str | None = None
    ) -> None:
        self.search_provider = search_provider
        self.fetch_provider = fetch_provider
        self._search: _Registry[WebSearchProvider] = _Registry(
            "search", SEARCH_PROVIDER_ENV, "search_provider", "search"
        )
        self._fetch: _Registry[WebFetchProvider] = _Registry(
            "fetch", FETCH_PROVIDER_ENV, "fetch_provider", "fetch"
        )

    def __repr__(self) -> str:
        return f"WebRuntime(search={self._search.ids()}, fetch={self._fetch.ids()})"

    # -- registration ------------------------------------------------------------------------
    def register_search_provider(self, provider: WebSearchProvider) -> Callable[[], None]:
        """Register a search provider; returns its disposer.

        A duplicate id raises ``WEB_DUPLICATE_PROVIDER`` at once. Disposing unregisters the
        provider and stops calls still running through it (they fail with
        ``WEB_PROVIDER_UNAVAILABLE``; the next call selects again).
        """
        return self._search.register(provider)

    def register_fetch_provider(self, provider: WebFetchProvider) -> Callable[[], None]:
        """Register a fetch provider; returns its disposer (as register_search_provider)."""
        return self._fetch.register(provider)

    # -- operations --------------------------------------------------------------------------
    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        """Run one search through the provider selected now; cap sources to ``max_results``."""
        _check_search_request(request)
        _raise_if_aborted(signal, "search")
        entry = self._search.select(self.search_provider)
        result = await _invoke(
            entry, "search", lambda: entry.provider.search(request, signal), signal
        )
        if not isinstance(result, WebSearchResult):
            raise _bad_result(entry.id, "search", result, "a WebSearchResult")
        sources = tuple(result.sources)
        limit = request.max_results
        if limit is not None and len(sources) > limit:
            return replace(result, sources=sources[:limit], truncated=True)
        if sources is not result.sources:
            result = replace(result, sources=sources)
        return result

    async def fetch(
        self, request: WebFetchRequest, signal: AbortSignal | None = None
    ) -> WebFetchResult:
        """Retrieve one URL through the provider selected now. A 404 is a result, not an error."""
        if not isinstance(request, WebFetchRequest):
            raise _invalid(f"fetch() takes a WebFetchRequest, got {type(request).__name__}.")
        _raise_if_aborted(signal, "fetch")
        entry = self._fetch.select(self.fetch_provider)
        result = await _invoke(
            entry, "fetch", lambda: entry.provider.fetch(request, signal), signal
        )
        if not isinstance(result, WebFetchResult):
            raise _bad_result(entry.id, "fetch", result, "a WebFetchResult")
        if not isinstance(result.body, WebFetchBody):
            raise _bad_result(entry.id, "fetch", result.body, "an HtmlBody, TextBody or PdfBody")
        return result

    async def search_ready(self, llm_provider: str | None = None) -> bool:
        """Whether the provider ``search()`` would select can authenticate for that route.

        Asks only that provider; one without ``ready()`` is ready; a selection failure answers
        ``True`` because ``search()`` reports it as a :class:`WebError`.
        """
        return await _ready(lambda: self._search.select(self.search_provider), llm_provider)

    async def fetch_ready(self, llm_provider: str | None = None) -> bool:
        """Whether the provider ``fetch()`` would select can authenticate (see search_ready)."""
        return await _ready(lambda: self._fetch.select(self.fetch_provider), llm_provider)

    # -- for operators (`dsh-web config`), not for the consumer -------------------------------
    def selected_search_provider(self) -> str:
        """The id ``search()`` would use now (raises the selection's :class:`WebError`)."""
        return self._search.select(self.search_provider).id

    def selected_fetch_provider(self) -> str:
        """The id ``fetch()`` would use now (raises the selection's :class:`WebError`)."""
        return self._fetch.select(self.fetch_provider).id

    def search_provider_ids(self) -> list[str]:
        """The registered search provider ids, sorted."""
        return self._search.ids()

    def fetch_provider_ids(self) -> list[str]:
        """The registered fetch provider ids, sorted."""
        return self._fetch.ids()


def _invalid(message: str) -> WebError:
    return WebError(WEB_INVALID_REQUEST, message)


def _check_search_request(request: WebSearchRequest) -> None:
    # Programming errors of the caller; the consumer validates what the model sends first.
    if not isinstance(request, WebSearchRequest):
        raise _invalid(f"search() takes a WebSearchRequest, got {type(request).__name__}.")
    if not isinstance(request.query, str) or not request.query.strip():
        raise _invalid(f"The search query must be a non-empty string, got {request.query!r}.")
    limit = request.max_results
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise _invalid(
            f"max_results must be a whole number of at least 1, or None for no bound; "
            f"got {limit!r}."
        )


def _bad_result(provider_id: str, operation: str, value: object, expected: str) -> WebError:
    return WebError(
        WEB_PROVIDER_ERROR,
        f"The web {operation} provider {provider_id!r} returned {type(value).__name__} "
        f"instead of {expected}.",
        details={"provider": provider_id},
    )


def _raise_if_aborted(signal: AbortSignal | None, operation: str) -> None:
    if signal is not None and signal.aborted:
        raise _aborted(operation, signal.reason, None)


def _aborted(operation: str, reason: BaseException | None, provider_id: str | None) -> WebError:
    return WebError(
        WEB_ABORTED,
        f"The web {operation} was aborted{_reason_text(reason)}",
        details={
            "operation": operation,
            "provider": provider_id,
            "timeout": isinstance(reason, TimeoutError),
        },
    )


def _reason_text(reason: BaseException | None) -> str:
    """``.`` or ``: <the reason as the tail of a sentence>.``."""
    while isinstance(reason, AbortError) and reason.reason is not None:
        reason = reason.reason  # an AbortError wrapping a reason: say the reason
    text = quoted_message(str(reason)) if reason is not None else ""  # the caller's text
    if not text or text == _DEFAULT_ABORT_TEXT:
        return " before it finished."
    if text[0].isupper() and (len(text) == 1 or text[1].islower()):
        text = text[0].lower() + text[1:]  # "The operation timed out" -> "the operation ..."
    return f": {text.rstrip('.')}."


async def _invoke(
    entry: _Registration[P],
    operation: str,
    start: Callable[[], Awaitable[R]],
    signal: AbortSignal | None,
) -> R:
    # One per-call signal that fires on the caller's abort or on the provider being unregistered.
    # Racing it ends the call promptly even if the provider ignores the caller's signal; the
    # provider's task is cancelled and awaited, so nothing is left running. Native cancellation
    # of the caller's task passes through race_signal as CancelledError, untouched.
    stop = AbortController()
    removers = [entry.gone.add_callback(stop.abort)]
    if signal is not None:
        removers.append(signal.add_callback(stop.abort))
        if signal.aborted:
            stop.abort(signal.reason)
    if entry.gone.aborted:  # unregistered between selection and now
        stop.abort(entry.gone.reason)
    try:
        # Started inside the try: a provider that raises before returning an awaitable (or
        # returns something that is not one) is wrapped like any other provider failure.
        if stop.signal.aborted:
            raise AbortError(stop.signal.reason)
        return await race_signal(start(), stop.signal)
    except Exception as error:
        mapped = _map_failure(entry.id, operation, error, signal, stop.signal)
        if mapped is error:
            raise
        raise mapped from error
    finally:
        for remove in removers:
            remove()


def _map_failure(
    provider_id: str,
    operation: str,
    error: Exception,
    signal: AbortSignal | None,
    stop: AbortSignal,
) -> WebError:
    if signal is not None and signal.aborted:
        # The caller asked to stop: whatever the provider raised on the way out, it was aborted.
        if isinstance(error, WebError) and error.code == WEB_ABORTED:
            return error
        return _aborted(operation, signal.reason, provider_id)
    if stop.aborted and isinstance(stop.reason, _UnregisteredError):
        return WebError(
            WEB_PROVIDER_UNAVAILABLE,
            f"The web {operation} provider {provider_id!r} was unloaded while the {operation} "
            f"was running. Try again: the next {operation} selects a provider again.",
            details={"capability": operation, "provider": provider_id, "unregistered": True},
        )
    if isinstance(error, WebError):
        return error
    # The model reads this: the provider's message one line, bounded, secrets masked (the whole
    # exception stays the __cause__, for logs).
    text = quoted_message(str(error))
    kind = type(error).__name__
    return WebError(
        WEB_PROVIDER_ERROR,
        f"The web {operation} provider {provider_id!r} failed: "
        + (f"{text.rstrip('.')} ({kind})." if text else f"{kind}."),
        details={"provider": provider_id, "exception": kind},
    )


async def _ready(select: Callable[[], _Registration[P]], llm_provider: str | None) -> bool:
    try:
        entry = select()
    except WebError:
        return True  # the operation itself will report the selection failure
    ready = getattr(entry.provider, "ready", None)
    if not callable(ready):
        return True
    try:
        outcome = ready(llm_provider)
        if inspect.isawaitable(outcome):
            outcome = await outcome
        return bool(outcome)
    except Exception:
        # A broken readiness check must not hide the tool; the call reports the real failure.
        _log.exception("ready() of web provider %r raised; treating it as ready", entry.id)
        return True


def describe_selection(runtime: WebRuntime) -> Mapping[str, str]:
    """For `dsh-web config`: which provider each capability would use now, or why none.

    ``{"search": "exa", "fetch": "WEB_PROVIDER_UNAVAILABLE: No web fetch provider ..."}``.
    Never raises for a selection problem: reporting it is the point.
    """
    out: dict[str, str] = {}
    picks: tuple[tuple[str, Callable[[], str]], ...] = (
        ("search", runtime.selected_search_provider),
        ("fetch", runtime.selected_fetch_provider),
    )
    for capability, pick in picks:
        try:
            out[capability] = pick()
        except WebError as error:
            out[capability] = f"{error.code}: {error.message}"
    return out
