"""Shared HTTP plumbing for the credentialed JSON APIs behind the search providers.

One job: send one JSON POST that carries a secret and turn every way it can go wrong into a
`WebError` written for the model, never leaking the secret. The providers own their wire shapes
(what to send, how to map the answer); this module owns what is the same for all of them:

- **no redirects**: the client never follows one, and a 3xx fails before its Location is
  contacted (a redirect would hand the key to whatever host the Location names);
- **errors**: ``<Provider> API error (HTTP <status>): <the provider's own message>``; a body that
  is not a JSON object is ``<Provider> returned an unprocessable response body``; a network failure
  names its cause; the key is redacted from anything echoed back;
- **Retry-After**: a 429 or 503 that says when to come back is retried at most twice, only when the
  wait fits in what is left of the deadline (the wait itself is abortable);
- **deadline and abort**: one per-provider ``timeout`` covers the whole call, retries included;
  the caller's signal ends it at any stage with ``WEB_ABORTED``.

It imports only ``dsh.web``, ``dsh.harness``, ``httpx`` and the standard library, so every
provider can use it without the providers depending on each other.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import time
from collections.abc import Mapping
from importlib.metadata import PackageNotFoundError, version
from typing import Any
from urllib.parse import urlsplit

import httpx

from dsh.harness import AbortError, AbortSignal, Credentials, race_signal
from dsh.web import (
    WEB_ABORTED,
    WEB_PROVIDER_CREDENTIAL_MISSING,
    WEB_PROVIDER_ERROR,
    WebError,
)

_log = logging.getLogger("dsh.providers")

#: How often a 429/503 with ``Retry-After`` is retried before it is reported.
MAX_RETRIES = 2
#: Statuses that are retried when the response says when to come back.
RETRY_STATUSES = frozenset({429, 503})
#: A search API answer is a few kilobytes; anything near this is not one.
MAX_BODY_BYTES = 8 * 1024 * 1024
#: Longest provider message quoted in an error (they are sometimes whole HTML pages).
_MAX_MESSAGE_CHARS = 300
_REDACTED = "[redacted]"


def user_agent() -> str:
    try:
        return f"dsh-web/{version('dsh-web')}"
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "dsh-web"


def new_client(timeout: float) -> httpx.AsyncClient:
    """The one reused client of a provider: never follows redirects, bounded per phase.

    ``timeout`` bounds each connect/read/write phase; the whole call (retries included) is bounded
    separately by :func:`post_json`. ``trust_env`` stays on so the standard proxy variables apply.
    """
    return httpx.AsyncClient(
        follow_redirects=False,
        timeout=httpx.Timeout(timeout),
        headers={"User-Agent": user_agent(), "Accept": "application/json"},
    )


# -- configuration helpers ------------------------------------------------------------------------
def check_base_url(value: str) -> str:
    """``value`` without a trailing slash, or ValueError saying what is wrong with it."""
    text = value.strip()
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as error:
        raise ValueError(f"{text!r} is not a valid URL ({error})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{text!r} is not an http(s) URL with a host, such as https://api.example")
    if parts.username or parts.password:
        raise ValueError("a base URL must not carry credentials; use the api key settings")
    if parts.query or parts.fragment:
        raise ValueError(f"{text!r} must not have a query or fragment")
    return text.rstrip("/")


def valid_base_url(value: str | None) -> bool:
    if value is None:
        return False
    try:
        check_base_url(value)
    except ValueError:
        return False
    return True


def resolve_key(credentials: Credentials, literal: str | None, reference: str) -> str | None:
    """The key to send now: a non-blank literal wins, else the reference through credentials.

    Resolved at every call, so a key stored or rotated after start-up is used by the next call.
    """
    if literal is not None and literal.strip():
        return literal.strip()
    return credentials.get(reference)


def missing_key(provider: str, reference: str) -> WebError:
    return WebError(
        WEB_PROVIDER_CREDENTIAL_MISSING,
        f"No {provider} API key is set. Set the {reference} environment variable (or the "
        "`api_key_env` / `api_key` config keys of the plugin) and try again.",
        details={"provider": provider, "credential": reference},
    )


# -- errors ---------------------------------------------------------------------------------------
def redact(text: str, secret: str | None) -> str:
    if secret:
        text = text.replace(secret, _REDACTED)
    return text


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
    ``{"message": "..."}``, ``{"detail": "..."}`` and FastAPI's ``{"detail": [{"msg": ...}]}``.
    """
    if not isinstance(data, Mapping):
        return None
    for key in ("error", "message", "detail"):
        found = _message_in(data.get(key))
        if found:
            return found
    return None


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
    text = " ".join(redact(message, secret).split())
    if len(text) > _MAX_MESSAGE_CHARS:
        text = text[: _MAX_MESSAGE_CHARS - 1] + "…"
    return text


def _error_text(raw: bytes, content_type: str) -> str | None:
    """The message of an error body: from JSON, else a short plain-text body, else nothing."""
    if not raw.strip():
        return None
    try:
        return provider_message(json.loads(raw))
    except ValueError:
        pass
    if "html" in content_type.lower():
        return None  # a proxy's error page says nothing a model can use
    text = raw.decode("utf-8", "replace").strip()
    return text if text and len(text) <= 2 * _MAX_MESSAGE_CHARS else None


def http_error(provider: str, status: int, message: str | None, secret: str | None) -> WebError:
    text = f"{provider} API error (HTTP {status})"
    if message:
        text += f": {_clean(message, secret)}"
    return WebError(WEB_PROVIDER_ERROR, text, details={"provider": provider, "status": status})


def _cause(error: BaseException) -> str:
    if isinstance(error, httpx.TimeoutException):
        return f"{type(error).__name__} (the server did not answer in time)"
    detail = str(error).strip()
    return f"{type(error).__name__}: {detail}" if detail else type(error).__name__


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
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    if seconds != seconds or seconds == float("inf"):  # NaN / inf
        return None
    return max(seconds, 0.0)


# -- the call -------------------------------------------------------------------------------------
async def post_json(
    client: httpx.AsyncClient,
    *,
    provider: str,
    url: str,
    headers: Mapping[str, str],
    body: Mapping[str, Any],
    secret: str,
    time_limit: float,
    signal: AbortSignal | None = None,
    operation: str = "search",
) -> dict[str, Any]:
    """POST ``body`` as JSON to ``url`` and return the JSON object of a 2xx answer.

    Raises :class:`WebError`: ``WEB_ABORTED`` when ``signal`` fires (at any stage, the Retry-After
    wait included), ``WEB_PROVIDER_ERROR`` for everything else. ``time_limit`` (s) bounds the
    whole call.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + time_limit
    attempts = _attempts(
        client,
        provider=provider,
        url=url,
        headers=headers,
        body=body,
        secret=secret,
        deadline=deadline,
    )
    try:
        async with asyncio.timeout_at(deadline):
            return await race_signal(attempts, signal)
    except AbortError as error:
        reason = error.reason
        detail = f": {redact(str(reason), secret)}" if reason is not None and str(reason) else "."
        raise WebError(
            WEB_ABORTED,
            f"The {provider} {operation} was aborted{detail}",
            details={"provider": provider},
        ) from None
    except TimeoutError:
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"{provider} API request timed out after {time_limit:g} s (the plugin's `timeout` "
            "setting).",
            details={"provider": provider, "timeout": time_limit},
        ) from None


async def _attempts(
    client: httpx.AsyncClient,
    *,
    provider: str,
    url: str,
    headers: Mapping[str, str],
    body: Mapping[str, Any],
    secret: str,
    deadline: float,
) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    payload = json.dumps(body, ensure_ascii=False).encode("utf-8")
    send_headers = {**headers, "Content-Type": "application/json"}
    retries = 0
    while True:
        status, response_headers, raw = await _send(
            client, provider=provider, url=url, headers=send_headers, payload=payload, secret=secret
        )
        if 200 <= status < 300:
            return _parse_object(provider, raw)
        if status in RETRY_STATUSES and retries < MAX_RETRIES:
            wait = retry_after_seconds(response_headers.get("retry-after"))
            if wait is not None and loop.time() + wait < deadline:
                retries += 1
                _log.info(
                    "%s API answered HTTP %d; retrying in %.3g s (retry %d of %d)",
                    provider,
                    status,
                    wait,
                    retries,
                    MAX_RETRIES,
                )
                await asyncio.sleep(wait)  # raced by the caller's signal and the deadline
                continue
        message = _error_text(raw, response_headers.get("content-type", ""))
        raise http_error(provider, status, message, secret)


async def _send(
    client: httpx.AsyncClient,
    *,
    provider: str,
    url: str,
    headers: Mapping[str, str],
    payload: bytes,
    secret: str,
) -> tuple[int, httpx.Headers, bytes]:
    """One request; the body is read (bounded) inside the stream so the connection is released."""
    try:
        async with client.stream("POST", url, content=payload, headers=headers) as response:
            status = response.status_code
            if 300 <= status < 400:
                location = _clean(response.headers.get("location", "(no Location header)"), secret)
                raise WebError(
                    WEB_PROVIDER_ERROR,
                    f"{provider} API redirected (HTTP {status}) to {location}; credentialed "
                    "requests never follow redirects, so it was not contacted. Check the "
                    "plugin's `base_url`.",
                    details={"provider": provider, "status": status},
                )
            raw = await _read_capped(provider, response)
            return status, response.headers, raw
    except httpx.HTTPError as error:
        origin = _origin(url)
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"Could not reach the {provider} API at {origin}: {redact(_cause(error), secret)}.",
            details={"provider": provider, "cause": type(error).__name__},
        ) from None


async def _read_capped(provider: str, response: httpx.Response) -> bytes:
    declared = response.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise unprocessable(provider, f"the body is larger than {MAX_BODY_BYTES} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise unprocessable(provider, f"the body is larger than {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _parse_object(provider: str, raw: bytes) -> dict[str, Any]:
    if not raw.strip():
        raise unprocessable(provider, "the body is empty")
    try:
        data = json.loads(raw)
    except ValueError:
        raise unprocessable(provider, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise unprocessable(provider, f"expected a JSON object, got a JSON {_json_kind(data)}")
    return data


def _json_kind(value: Any) -> str:
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    return "number"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


# -- small readers for mapping documented shapes ---------------------------------------------------
def text_or_none(value: Any) -> str | None:
    """A non-blank string, stripped; anything else (absent, null, blank, wrong type) is None."""
    if isinstance(value, str):
        stripped = value.strip()
        return stripped or None
    return None
