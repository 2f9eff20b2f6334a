"""The provider registries of the web seam: registration, and the selection table.

A provider is registered once per capability under its id (a second registration of the id is
``WEB_DUPLICATE_PROVIDER``, naming the plugin that holds it); :meth:`_Registry.select` picks the
provider of a call from the configured id (config, else its environment variable, read at that
call) and each provider's own ``available()``, never from registration order, and says why when
none can be picked. :mod:`._runtime` runs the call.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Generic, Literal, TypeVar

from dsh._text import quoted_message, quoted_value
from dsh.harness import AbortController, AbortSignal, applying_plugin
from dsh.web._errors import (
    WEB_DUPLICATE_PROVIDER,
    WEB_PROVIDER_AMBIGUOUS,
    WEB_PROVIDER_CONFIGURED_MISSING,
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_ERROR,
    WEB_PROVIDER_UNAVAILABLE,
    WebError,
)
from dsh.web._provider import WebFetchProvider, WebSearchProvider

_log = logging.getLogger("dsh.web")

Capability = Literal["search", "fetch"]
P = TypeVar("P", WebSearchProvider, WebFetchProvider)


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
