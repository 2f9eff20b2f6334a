"""The one exception hierarchy every layer extends."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dsh._text import quoted_message


class HarnessError(Exception):
    """An error with a stable string ``code`` and a message written for the reader (often a model).

    ``details`` carries structured data a UI or hook can route on without parsing the message.
    """

    def __init__(self, code: str, message: str, *, details: Mapping[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: Mapping[str, Any] = dict(details or {})

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"


class AbortError(HarnessError):
    """Raised when an operation stops because its :class:`AbortSignal` fired.

    ``reason`` is the signal's reason; a :class:`TimeoutError` reason means a deadline fired.
    """

    def __init__(self, reason: BaseException | None = None, message: str | None = None):
        self.reason = reason
        # The reason is the caller's text (it may be long, multi-line, or quote a proxy URL):
        # quoted like an exception's message, since it reaches a model or a log.
        text = message or (quoted_message(str(reason)) if reason is not None else None)
        super().__init__("ABORTED", text or "The operation was aborted.")

    @property
    def is_timeout(self) -> bool:
        return isinstance(self.reason, TimeoutError)


class ConfigError(HarnessError):
    """Bad configuration: a plugin list, a plugin's config, or a missing dependency."""

    def __init__(self, message: str, *, code: str = "CONFIG_INVALID"):
        super().__init__(code, message)


class ConfigValueError(ValueError):
    """A config validator's refusal that says how the refused value may be shown.

    Raised from a pydantic validator like any ``ValueError``; the config error's ``(got …)``
    then shows ``shown`` (quoted like any value) instead of the value itself. For a validator
    whose own words quote only part of the value (a base URL up to its query, which may carry
    a token under any name), so that the error does not show the whole of it after all.
    """

    def __init__(self, message: str, *, shown: str) -> None:
        super().__init__(message)
        self.shown = shown
