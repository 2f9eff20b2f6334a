"""`WebRuntime`: the two provider registries, execution-time selection, bounds and cancellation.

Selection is derived at every call from the configured id (or its environment variable, read
at call time) and each provider's local ``available()``; it never depends on registration order.
"""

from __future__ import annotations

import inspect
import logging
import os
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import Generic, Literal, TypeVar

from dsh._text import quoted_message, quoted_value
from dsh.harness import AbortController, AbortError, AbortSignal, applying_plugin, race_signal
from dsh.web._errors import (
    WEB_ABORTED,
    WEB_DUPLICATE_PROVIDER,
    WEB_INVALID_REQUEST,
    WEB_PROVIDER_AMBIGUOUS,
    WEB_PROVIDER_CONFIGURED_MISSING,
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_ERROR,
    WEB_PROVIDER_UNAVAILABLE,
    WebError,
)
from dsh.web._provider import WebFetchProvider, WebSearchProvider
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

Capability = Literal["search", "fetch"]
P = TypeVar("P", WebSearchProvider, WebFetchProvider)
R = TypeVar("R")

_DEFAULT_ABORT_TEXT = "The operation was aborted."


class _UnregisteredError(Exception):
    """Abort reason used when a provider's registration is disposed while a call runs."""


def _duplicate(noun: str, capability: str, provider_id: str, holder: str | None) -> WebError:
    newcomer = applying_plugin()
    by = f" by plugin {holder!r}" if holder else ""
    details: dict[str, object] = {"capability": capability, "provider": provider_id}
    if holder:
        details["registered_by"] = holder
    if newcomer:
        details["plugin"] = newcomer
    tried = f" Plugin {newcomer!r} tried to register it again." if newcomer else ""
    return WebError(
        WEB_DUPLICATE_PROVIDER,
        f"A {noun} with id {provider_id!r} is already registered{by}.{tried} Each id is "
        "registered once per capability: unload the plugin that registered it first, "
        "or give the new provider another id.",
        details=details,
    )


class _Registration(Generic[P]):
    """One registration of a provider.

    A token of its own (not the provider object) so that a stale disposer can never remove a
    later registration of the same provider, and so that calls in flight can be told to stop.
    """

    def __init__(self, provider: P) -> None:
        self.provider: P = provider
        self.id: str = provider.id
        # The plugin that registered it (None when registered outside a plugin's apply).
        self.plugin: str | None = applying_plugin()
        self._gone = AbortController()

    @property
    def gone(self) -> AbortSignal:
        return self._gone.signal

    def retire(self) -> None:
        self._gone.abort(_UnregisteredError(self.id))


class _Registry(Generic[P]):
    """Providers of one capability by id, with the selection table of the design."""

    def __init__(self, capability: Capability, env_var: str, config_key: str, method: str) -> None:
        self.capability = capability
        self.env_var = env_var
        self.config_key = config_key
        self.method = method
        self.entries: dict[str, _Registration[P]] = {}

    @property
    def noun(self) -> str:
        return f"web {self.capability} provider"

    @property
    def how_to_choose(self) -> str:
        return f"the dsh-web `{self.config_key}` setting or the {self.env_var} environment variable"

    def register(self, provider: P) -> Callable[[], None]:
        provider_id = getattr(provider, "id", None)
        if not isinstance(provider_id, str) or not provider_id.strip():
            raise WebError(
                WEB_PROVIDER_ERROR,
                f"Cannot register {type(provider).__name__} as a {self.noun}: its `id` must be "
                f"a non-empty string, got {provider_id!r}.",
                details={"capability": self.capability},
            )
        for method in ("available", self.method):
            if not callable(getattr(provider, method, None)):
                raise WebError(
                    WEB_PROVIDER_ERROR,
                    f"Cannot register {provider_id!r} as a {self.noun}: it has no "
                    f"`{method}()` method.",
                    details={"capability": self.capability, "provider": provider_id},
                )
        existing = self.entries.get(provider_id)
        if existing is not None:
            raise _duplicate(self.noun, self.capability, provider_id, existing.plugin)
        entry = _Registration(provider)
        self.entries[provider_id] = entry

        def unregister() -> None:
            # Idempotent, and a no-op once another registration has taken the id.
            if self.entries.get(provider_id) is entry:
                del self.entries[provider_id]
                entry.retire()

        return unregister

    def ids(self) -> list[str]:
        return sorted(self.entries)

    def configured_id(self, configured: str | None) -> tuple[str | None, str]:
        """The id to use and where it came from; config wins over the environment."""
        if configured is not None and configured.strip():
            return configured.strip(), f"the dsh-web `{self.config_key}` setting"
        from_env = os.environ.get(self.env_var, "").strip()
        if from_env:
            return from_env, f"the {self.env_var} environment variable"
        return None, ""

    def select(self, configured: str | None) -> _Registration[P]:
        wanted, origin = self.configured_id(configured)
        # Snapshot: a provider disposed from an available() callback must not break iteration.
        entries = dict(self.entries)
        registered = _join(sorted(entries)) or "none"
        if wanted is not None:
            entry = entries.get(wanted)
            if entry is None:
                shown = quoted_value(wanted)  # the operator's text: one line, bounded
                raise WebError(
                    WEB_PROVIDER_CONFIGURED_MISSING,
                    f"The {self.noun} {shown} chosen by {origin} is not registered "
                    f"(registered {self.capability} providers: {registered}). Load the plugin "
                    f"that provides {shown}, or choose a registered provider with "
                    f"{self.how_to_choose}.",
                    details={
                        "capability": self.capability,
                        "provider": wanted,
                        "registered": sorted(entries),
                    },
                )
            if not _available(entry):
                others = [
                    pid for pid, e in sorted(entries.items()) if pid != wanted and _available(e)
                ]
                alternatives = f" Available instead: {_join(others)}." if others else ""
                reason = _unavailable_reason(entry)
                details: dict[str, object] = {
                    "capability": self.capability,
                    "provider": wanted,
                    "available": others,
                }
                if reason is not None:
                    details["reasons"] = {wanted: reason}
                raise WebError(
                    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
                    f"The {self.noun} {wanted!r} chosen by {origin} is registered but not "
                    f"available: {reason or _GENERIC_REASON}. Give it what it needs, or choose "
                    f"another provider with {self.how_to_choose}.{alternatives}",
                    details=details,
                )
            return entry
        usable = sorted(pid for pid, e in entries.items() if _available(e))
        if len(usable) == 1:
            return entries[usable[0]]
        if not usable:
            details = {"capability": self.capability, "registered": sorted(entries)}
            if entries:
                one = len(entries) == 1
                reasons = {
                    pid: reason
                    for pid, e in sorted(entries.items())
                    if (reason := _unavailable_reason(e)) is not None
                }
                if reasons:
                    # Every provider is named, so one without a reason still shows up.
                    why = "; ".join(
                        f"{pid}: {reasons.get(pid, _GENERIC_REASON)}" for pid in sorted(entries)
                    )
                    details["reasons"] = reasons
                else:
                    why = (
                        "a provider is unavailable when it lacks something it needs, such as "
                        "its API key"
                    )
                detail = (
                    f"{registered} {'is' if one else 'are'} registered but not available "
                    f"({why}). Give {'it' if one else 'one of them'} what it needs."
                )
            else:
                detail = f"none is registered. Load a {self.noun} plugin."
            raise WebError(
                WEB_PROVIDER_UNAVAILABLE, f"No {self.noun} is available: {detail}", details=details
            )
        raise WebError(
            WEB_PROVIDER_AMBIGUOUS,
            f"Several {self.noun}s are available ({_join(usable)}) and none is chosen. "
            f"Choose one with {self.how_to_choose}.",
            details={"capability": self.capability, "candidates": usable},
        )


def _join(ids: list[str]) -> str:
    return ", ".join(repr(i) for i in ids)


_GENERIC_REASON = "it lacks something it needs, such as its API key"
#: A reason is a few words; a longer one is cut so that a chatty provider cannot flood the error.
_MAX_REASON_CHARS = 200


def _unavailable_reason(entry: _Registration[P]) -> str | None:
    """The provider's optional ``unavailable_reason()``, cleaned; None when it has none."""
    explain = getattr(entry.provider, "unavailable_reason", None)
    if not callable(explain):
        return None
    try:
        reason = explain()
    except Exception:  # only a better message is lost: the generic wording stands in
        _log.exception("unavailable_reason() of web provider %r raised", entry.id)
        return None
    if not isinstance(reason, str):
        return None
    # The provider's words may quote the URL it could not use: masked, one line, bounded.
    text = quoted_message(reason, _MAX_REASON_CHARS).rstrip(".")
    return text or None


def _available(entry: _Registration[P]) -> bool:
    try:
        return bool(entry.provider.available())
    except Exception:  # a broken availability check means "not usable", not a crash
        _log.exception("available() of web provider %r raised", entry.id)
        return False


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
