"""The call: one JSON POST that carries a secret, to a keyed search API.

One job: send one JSON POST that carries a secret and turn every way it can go wrong into a
`WebError` written for the model, never leaking the secret. The providers own their wire shapes
(what to send, how to map the answer); this module owns what is the same for all of them:

- **no redirects**: the client never follows one (:mod:`.client`), and a 3xx fails before its
  Location is contacted (a redirect would hand the key to whatever host the Location names);
- **errors**: ``<Provider> API error (HTTP <status>): <the provider's own message>``, also for a
  2xx whose JSON object carries a non-empty ``error`` member; a body that
  is not a JSON object is ``<Provider> returned an unprocessable response body``; a network failure
  names its cause; the key is redacted from anything echoed back (the wording: :mod:`.errors`);
- **Retry-After**: a 429 or 503 that says when to come back is retried at most twice, only when the
  wait fits in what is left of the deadline (the wait itself is abortable);
- **deadline and abort**: one per-provider ``timeout`` covers the whole call, retries included;
  the caller's signal ends it at any stage with ``WEB_ABORTED``;
- **no key over plain http**: a base URL must be https, except http to a loopback host
  (``localhost``, 127.0.0.0/8, ``::1``), whether it comes from config, an env var or a chat route
  (checked before a call by :func:`.config.check_base_url`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

import httpx

from dsh._text import quoted_message
from dsh.harness import AbortError, AbortSignal, race_signal
from dsh.providers._env_proxy import UnusableProxyError, unreachable_proxy_message
from dsh.providers._keyed_api.client import (
    _ACCEPTED_ENCODINGS,
    _CLIENT_PROXIES,
    _environment_proxy_table,
)
from dsh.providers._keyed_api.errors import (
    _cause_sentence,
    _clean,
    _error_text,
    _os_error_text,
    http_error,
    provider_message,
    redact,
    retry_after_seconds,
    unprocessable,
)
from dsh.providers._keyed_api.json_body import _json_kind, _loads
from dsh.web import WEB_ABORTED, WEB_PROVIDER_ERROR, WebError

_log = logging.getLogger("dsh.providers")

#: How often a 429/503 with ``Retry-After`` is retried before it is reported.
MAX_RETRIES = 2
#: Statuses that are retried when the response says when to come back.
RETRY_STATUSES = frozenset({429, 503})
#: A search API answer is a few kilobytes; anything near this is not one.
MAX_BODY_BYTES = 8 * 1024 * 1024
#: How much of an error body is read: it only supplies the short message quoted after the status.
MAX_ERROR_BODY_BYTES = 64 * 1024


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
    deadline: float | None = None,
) -> dict[str, Any]:
    """POST ``body`` as JSON to ``url`` and return the JSON object of a 2xx answer.

    Raises :class:`WebError`: ``WEB_ABORTED`` when ``signal`` fires (at any stage, the Retry-After
    wait included), ``WEB_PROVIDER_ERROR`` for everything else. ``time_limit`` (s) bounds the
    whole call; ``deadline`` (event-loop time), when given, ends it earlier: that of a search
    that makes several calls (see :func:`json_poster`), which still reports ``time_limit``.
    """
    if not (secret.isascii() and secret.isprintable()):
        # httpx would fail on it with an error that quotes the header value escaped ("key\\n..."),
        # which redaction cannot match: refuse it here, before anything is sent or echoed.
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"The {provider} API key contains a line break, a control character or a non-ASCII "
            "character, which an HTTP header cannot carry, so nothing was sent. Check the value "
            "of the key.",
            details={"provider": provider},
        )
    loop = asyncio.get_running_loop()
    ends = loop.time() + time_limit
    deadline = ends if deadline is None else min(ends, deadline)
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
        # The caller's reason, quoted: one line, bounded, URL credentials and query secrets masked.
        text = quoted_message(redact(str(reason), secret)) if reason is not None else ""
        detail = f": {text}" if text else "."
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


#: ``post_json`` bound to one search: takes a body, returns the JSON object of the answer.
PostJson = Callable[[Mapping[str, Any]], Awaitable[dict[str, Any]]]


def json_poster(
    client: httpx.AsyncClient,
    *,
    provider: str,
    url: str,
    headers: Mapping[str, str],
    secret: str,
    time_limit: float,
    signal: AbortSignal | None = None,
) -> PostJson:
    """:func:`post_json` to ``url`` for one search: every POST through it shares one deadline.

    The deadline is ``time_limit`` from now, so a follow-up request (a continued DeepSeek turn)
    gets only what is left of the provider's ``timeout``, never a fresh one; every POST is raced
    with ``signal``.
    """
    deadline = asyncio.get_running_loop().time() + time_limit

    async def post(body: Mapping[str, Any]) -> dict[str, Any]:
        return await post_json(
            client,
            provider=provider,
            url=url,
            headers=headers,
            body=body,
            secret=secret,
            time_limit=time_limit,
            signal=signal,
            deadline=deadline,
        )

    return post


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
            data = _parse_object(provider, raw)
            if data.get("error") not in (None, "", {}, [], False):
                # OpenAI-compatible gateways (OpenRouter: a model that fails after it started)
                # and Anthropic's error event send their error object with 200; mapped as an
                # answer it read "`choices` is missing", hiding the provider's own message.
                raise http_error(provider, status, provider_message(data), secret)
            return data
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
    connects = _ConnectTrace()
    try:
        async with client.stream(
            "POST", url, content=payload, headers=headers, extensions={"trace": connects}
        ) as response:
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
            encoding = response.headers.get("content-encoding", "").strip().lower()
            if encoding not in _ACCEPTED_ENCODINGS:
                # Refused unread: decoding it is where the size bound cannot reach.
                if not 200 <= status < 300:
                    return status, response.headers, b""  # the status is the answer
                raise unprocessable(
                    provider,
                    f"its Content-Encoding ({_clean(encoding, secret)}) was not asked for (only "
                    "gzip or deflate, once, is accepted)",
                )
            if not 200 <= status < 300:
                return status, response.headers, await _read_error_body(response)
            try:
                raw = await _read_capped(provider, response)
            except httpx.DecodingError:
                encoding = _clean(response.headers.get("content-encoding", "unknown"), secret)
                raise unprocessable(
                    provider, f"its Content-Encoding ({encoding}) could not be decoded"
                ) from None
            except httpx.HTTPError as error:
                # The API was reached and answered; only the rest of its answer is missing.
                raise WebError(
                    WEB_PROVIDER_ERROR,
                    f"The {provider} API at {_origin(url)} answered (HTTP {status}) but its "
                    f"response broke off before the end: {_cause_sentence(error, secret)}",
                    details={"provider": provider, "status": status, "cause": type(error).__name__},
                ) from None
            return status, response.headers, raw
    except httpx.HTTPError as error:
        # Before any response: "could not reach" only when no connection was made at all.
        origin = _origin(url)
        cause = _cause_sentence(error, secret)
        if isinstance(error, UnusableProxyError):
            text = f"Could not reach the {provider} API at {origin}: {error.problem}."
        elif isinstance(error, httpx.ProxyError):
            # httpcore's words are the proxy's answer ("403 Forbidden", "Proxy Server could not
            # connect: …"); without saying so, "ProxyError: 403 Forbidden" read as the API's.
            said = _clean(str(error), secret).rstrip(".")
            text = (
                f"Could not reach the {provider} API at {origin}: the proxy did not connect to it"
            )
            text += f" ({said})." if said else "."
        elif isinstance(error, _UNREACHED) and (
            proxy := _unreached_proxy(client, url, connects.failed, error)
        ):
            # Through a proxy every connection goes to the proxy: "Connection refused" alone
            # read as the API's.
            text = f"Could not reach the {provider} API at {origin}: {proxy}."
        elif isinstance(error, _UNREACHED):
            text = f"Could not reach the {provider} API at {origin}: {cause}"
        else:
            text = f"The {provider} API at {origin} did not answer: {cause}"
        raise WebError(
            WEB_PROVIDER_ERROR,
            text,
            details={"provider": provider, "cause": type(error).__name__},
        ) from None


#: Failures before a connection to the API existed (DNS, refused, TLS, a proxy, a full pool).
_UNREACHED = (httpx.ConnectError, httpx.ConnectTimeout, httpx.ProxyError, httpx.PoolTimeout)


class _ConnectTrace:
    """The TCP connection httpcore failed to open for a request (``host``, ``port``), if any.

    Read from httpx's ``trace`` request extension, whose ``connect_tcp`` events name the address
    of every connection httpcore opens: the API's, or the proxy's when the request is proxied.
    """

    def __init__(self) -> None:
        self.failed: tuple[str, int] | None = None
        self._opening: tuple[str, int] | None = None

    async def __call__(self, event: str, info: Mapping[str, Any]) -> None:
        if event.endswith(".connect_tcp.started"):
            self._opening = (str(info.get("host")), int(info.get("port") or 0))
        elif event.endswith(".connect_tcp.failed"):
            self.failed = self._opening


def _unreached_proxy(
    client: httpx.AsyncClient, url: str, failed: tuple[str, int] | None, error: httpx.HTTPError
) -> str | None:
    """What to say when the connection that failed was to the client's proxy for ``url`` (not
    to the API's own address), else None."""
    target = httpx.URL(url)
    if failed is None or failed == (target.host, _port(target)):
        return None
    # The variables as they were when the client was built (a client from elsewhere: now).
    proxies = _CLIENT_PROXIES.get(client)
    if proxies is None:
        proxies = _environment_proxy_table()
    for scheme in (target.scheme, "all"):
        if scheme not in proxies:
            continue
        variable, value = proxies[scheme]
        try:
            proxy = httpx.URL(value)
        except httpx.InvalidURL:
            continue
        if (proxy.host, _port(proxy)) == failed:
            timed_out = isinstance(error, httpx.TimeoutException)
            reason = None if timed_out else _os_error_text(error) or type(error).__name__
            return unreachable_proxy_message(variable, value, reason)
    return None


def _port(url: httpx.URL) -> int:
    return url.port or {"http": 80, "https": 443, "socks5": 1080, "socks5h": 1080}.get(
        url.scheme, 0
    )


async def _read_error_body(response: httpx.Response) -> bytes:
    """The first :data:`MAX_ERROR_BODY_BYTES` of an error body, cut there.

    The status is the answer; the body only adds a message. However long the body is, or if it
    breaks off, the error still names the status (and a 429/503 is still retried); a cut body
    simply adds no message.
    """
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in response.aiter_bytes():
            chunks.append(chunk)
            size += len(chunk)
            if size >= MAX_ERROR_BODY_BYTES:
                break  # leaving the stream closes the connection; the rest is never read
    except httpx.HTTPError:
        return b""  # a part of a message could say the opposite of the whole one
    return b"".join(chunks)[:MAX_ERROR_BODY_BYTES]


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
        data = _loads(raw)
    except (ValueError, RecursionError):  # RecursionError: nested too deeply to decode
        raise unprocessable(provider, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise unprocessable(provider, f"expected a JSON object, got a JSON {_json_kind(data)}")
    return data


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
