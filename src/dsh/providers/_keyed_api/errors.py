"""The errors of the keyed search APIs, as the model reads them, never carrying the key.

``<Provider> API error (HTTP <status>): <the provider's own message>`` (:func:`http_error`, the
message found by :func:`provider_message` in the common JSON error shapes), a body that cannot be
used (:func:`unprocessable`), a network failure's cause; the key redacted (:func:`redact`) and
whatever the server wrote quoted on one bounded line. Also :func:`retry_after_seconds`, which reads
how long a 429/503 asks to wait.
"""

from __future__ import annotations

import datetime
import email.utils
import http
import re
import time
from collections.abc import Mapping
from typing import Any

import httpx

from dsh._text import quoted_message, strip_controls
from dsh.providers._keyed_api.json_body import _loads
from dsh.providers._os_error import os_error_text
from dsh.web import WEB_PROVIDER_ERROR, WebError

#: Longest provider message quoted in an error (they are sometimes whole HTML pages).
_MAX_MESSAGE_CHARS = 300


_REDACTED = "[redacted]"
# See redact(): shorter keys are hidden as whole tokens only, keys under the first not at all.
_MIN_HIDDEN_KEY_CHARS = 4
_MIN_PLAUSIBLE_KEY_CHARS = 8


def redact(text: str, secret: str | None) -> str:
    """``text`` with ``secret`` (the API key) as ``[redacted]``.

    A key of a real key's length is long and random: wherever it appears it is the key, even
    glued to other text (``%22<key>%22``). A short one (a test setup's ``x``) would cut into
    ordinary words ("invalid api k[redacted]y"): from 4 characters it is hidden as a whole token
    only, and under 4 (as ``dsh/_text.py``'s ``hide_secrets``) it is no secret to speak of.
    """
    if not secret or len(secret) < _MIN_HIDDEN_KEY_CHARS:
        return text
    if len(secret) >= _MIN_PLAUSIBLE_KEY_CHARS:
        return text.replace(secret, _REDACTED)
    token = re.compile(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])")
    return token.sub(_REDACTED, text)


def unprocessable(provider: str, reason: str) -> WebError:
    """A 2xx body that cannot be used: not JSON, empty, or not the documented shape."""
    return WebError(
        WEB_PROVIDER_ERROR,
        f"{provider} returned an unprocessable response body: {reason}.",
        details={"provider": provider, "reason": reason},
    )


def provider_message(data: Any) -> str | None:
    """The provider's own error message from the common JSON error shapes, if there is one.

    ``{"error": "..."}``, ``{"error": {"message": "..."}}`` (OpenAI, Perplexity, Anthropic),
    ``{"message": "..."}``, ``{"detail": "..."}`` and FastAPI's ``{"detail": [{"msg": ...}]}``;
    a message that is only the status's name ("Bad Request") yields to one that says more.
    """
    if not isinstance(data, Mapping):
        return None
    found = [text for key in ("error", "message", "detail") if (text := _message_in(data.get(key)))]
    # Fastify's and NestJS's default body is {"statusCode": 400, "error": "Bad Request",
    # "message": <the reason>}: a status's bare name says nothing the status does not.
    telling = [text for text in found if text.strip().lower() not in _STATUS_NAMES]
    return next(iter(telling or found), None)


_STATUS_NAMES = frozenset(status.phrase.lower() for status in http.HTTPStatus)


def _message_in(value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return value
    if isinstance(value, Mapping):
        for key in ("message", "msg", "detail"):
            inner = value.get(key)
            if isinstance(inner, str) and inner.strip():
                return inner
    if isinstance(value, list):
        parts = [found for item in value if (found := _message_in(item))]
        if parts:
            return "; ".join(parts)
    return None


def _clean(message: str, secret: str | None) -> str:
    """Text the API's server wrote (an error message, a Location), fit for the model: the key
    redacted, URL credentials and secret-named query values masked, one line, bounded."""
    return quoted_message(redact(message, secret), _MAX_MESSAGE_CHARS)


def _error_text(raw: bytes, content_type: str) -> str | None:
    """The message of an error body: from JSON, else a short plain-text body, else nothing."""
    if not raw.strip():
        return None
    try:
        return provider_message(_loads(raw))
    except (ValueError, RecursionError):  # RecursionError: nested too deeply to decode
        pass
    if "html" in content_type.lower():
        return None  # a proxy's error page says nothing a model can use
    text = strip_controls(raw.decode("utf-8", "replace")).lstrip("\ufeff").strip()
    if text.startswith("<"):
        # Markup whatever its label: a gateway's page sent without (or with a wrong)
        # Content-Type is short enough to pass for a message, and it is not one.
        return None
    return text if text and len(text) <= 2 * _MAX_MESSAGE_CHARS else None


def http_error(provider: str, status: int, message: str | None, secret: str | None) -> WebError:
    text = f"{provider} API error (HTTP {status})"
    if message:
        text += f": {_clean(message, secret)}"
    return WebError(WEB_PROVIDER_ERROR, text, details={"provider": provider, "status": status})


def _cause(error: BaseException) -> str:
    if isinstance(error, httpx.TimeoutException):
        return f"{type(error).__name__} (the server did not answer in time)"
    detail = _os_error_text(error) or str(error).strip()
    return f"{type(error).__name__}: {detail}" if detail else type(error).__name__


def _cause_sentence(error: BaseException, secret: str | None) -> str:
    """:func:`_cause` redacted and quoted (httpx quotes what the server sent: a header line, a
    URL), ending in exactly one full stop (httpx's own may end in one)."""
    return _clean(_cause(error), secret).rstrip(".") + "."


def _os_error_text(error: BaseException) -> str | None:
    """The errno description of the OSError under httpx's wrappers ("Connection refused").

    httpx wraps httpcore, which wraps anyio's "All connection attempts failed", which wraps the
    OSError that says what happened. The same walk as the fetcher's (providers stay independent).
    """
    seen: set[int] = set()
    inner: BaseException | None = error
    while inner is not None and id(inner) not in seen:
        seen.add(id(inner))
        if (described := os_error_text(inner)) is not None:
            return described
        inner = inner.__cause__ or inner.__context__
    return None


def retry_after_seconds(value: str | None, *, now: float | None = None) -> float | None:
    """``Retry-After`` as seconds from now: delta-seconds or an HTTP date; None when unusable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        seconds = float(text)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            # Every HTTP-date is GMT (RFC 9110 5.6.7); the obsolete asctime form writes no zone.
            when = when.replace(tzinfo=datetime.UTC)
        seconds = when.timestamp() - (time.time() if now is None else now)
    if seconds != seconds or seconds == float("inf"):  # NaN / inf
        return None
    return max(seconds, 0.0)
