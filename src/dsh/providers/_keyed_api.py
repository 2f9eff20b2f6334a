"""Shared HTTP plumbing for the credentialed JSON APIs behind the search providers.

One job: send one JSON POST that carries a secret and turn every way it can go wrong into a
`WebError` written for the model, never leaking the secret. The providers own their wire shapes
(what to send, how to map the answer); this module owns what is the same for all of them:

- **no redirects**: the client never follows one, and a 3xx fails before its Location is
  contacted (a redirect would hand the key to whatever host the Location names);
- **errors**: ``<Provider> API error (HTTP <status>): <the provider's own message>``, also for a
  2xx whose JSON object carries a non-empty ``error`` member; a body that
  is not a JSON object is ``<Provider> returned an unprocessable response body``; a network failure
  names its cause; the key is redacted from anything echoed back;
- **Retry-After**: a 429 or 503 that says when to come back is retried at most twice, only when the
  wait fits in what is left of the deadline (the wait itself is abortable);
- **deadline and abort**: one per-provider ``timeout`` covers the whole call, retries included;
  the caller's signal ends it at any stage with ``WEB_ABORTED``;
- **no key over plain http**: a base URL must be https, except http to a loopback host
  (``localhost``, 127.0.0.0/8, ``::1``), whether it comes from config, an env var or a chat route.

It also holds the skeleton the keyed providers share (docs/decisions/0050): the config base
:class:`KeyedApiConfig` and its field factories, the provider base :class:`KeyedSearchProvider`
(key and base URL resolved at every call, its ``post_json`` calls sharing one deadline through
:func:`json_poster`) and
:func:`register_keyed_provider` for the plugins' ``apply``. A provider supplies only what is its
own: id, label, endpoint path, auth headers, request body and response mapping.

It imports only ``dsh.web``, ``dsh.harness``, ``dsh._text``, ``dsh.providers._env_proxy``,
``httpx``, ``pydantic`` and the standard library, so every provider can use it without the
providers depending on each other.
"""

from __future__ import annotations

import asyncio
import datetime
import email.utils
import http
import ipaddress
import json
import logging
import os
import re
import time
import weakref
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any, ClassVar, Generic, Protocol, TypeVar
from urllib.parse import urlsplit

import httpx
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, SecretStr, field_validator
from pydantic_core import PydanticCustomError

from dsh._text import (
    mask_url_credentials,
    quoted_message,
    quoted_value,
    strip_controls,
    without_surrogates,
)
from dsh.harness import (
    SECRET_VALUE_ERROR,
    AbortError,
    AbortSignal,
    ConfigValueError,
    Context,
    Credentials,
    race_signal,
)
from dsh.providers._env_proxy import (
    UnusableProxy,
    UnusableProxyError,
    proxy_variable,
    unreachable_proxy_message,
    unusable_proxy_message,
)
from dsh.providers._os_error import os_error_text
from dsh.web import (
    WEB_ABORTED,
    WEB_PROVIDER_CREDENTIAL_MISSING,
    WEB_PROVIDER_ERROR,
    WebError,
    WebSearchProvider,
    WebSearchRequest,
    WebSearchResult,
    web_of,
)

_log = logging.getLogger("dsh.providers")

#: How often a 429/503 with ``Retry-After`` is retried before it is reported.
MAX_RETRIES = 2
#: Statuses that are retried when the response says when to come back.
RETRY_STATUSES = frozenset({429, 503})
#: A search API answer is a few kilobytes; anything near this is not one.
MAX_BODY_BYTES = 8 * 1024 * 1024
#: How much of an error body is read: it only supplies the short message quoted after the status.
MAX_ERROR_BODY_BYTES = 64 * 1024
#: What the client asks for. Not brotli (nor zstd): a few hundred bytes of it inflate to gigabytes
#: in the one decode step httpx gives each received chunk, before any size bound is checked;
#: gzip/deflate stay within ~1000x of a chunk. An answer is a few kilobytes, so little is lost.
ACCEPT_ENCODING = "gzip, deflate"
_ACCEPTED_ENCODINGS = frozenset({"", "identity", "gzip", "x-gzip", "deflate"})
#: Longest provider message quoted in an error (they are sometimes whole HTML pages).
_MAX_MESSAGE_CHARS = 300
_MAX_URL_CHARS = 120  # a base URL quoted in a message
_REDACTED = "[redacted]"
# See redact(): shorter keys are hidden as whole tokens only, keys under the first not at all.
_MIN_HIDDEN_KEY_CHARS = 4
_MIN_PLAUSIBLE_KEY_CHARS = 8


def user_agent() -> str:
    try:
        return f"dsh-web/{version('dsh-web')}"
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "dsh-web"


def new_client(timeout: float) -> httpx.AsyncClient:
    """The one reused client of a provider: never follows redirects, bounded per phase.

    ``timeout`` bounds each connect/read/write phase; the whole call (retries included) is bounded
    separately by :func:`post_json`. ``trust_env`` stays on so the standard proxy variables apply,
    SOCKS5 ones (``ALL_PROXY=socks5://…``, ``socks5h://``) included: ``httpx[socks]`` is a
    dependency, since building the client fails on such a variable without it. A variable naming
    a proxy httpx cannot use (``socks4://``) fails the calls routed through it, not the load, with
    an error that names it (:mod:`dsh.providers._env_proxy`); ``NO_PROXY`` hosts are still
    reached directly.
    """
    options: dict[str, Any] = {
        "follow_redirects": False,
        "timeout": httpx.Timeout(timeout),
        "headers": {
            "User-Agent": user_agent(),
            "Accept": "application/json",
            "Accept-Encoding": ACCEPT_ENCODING,
        },
    }
    # httpx reads the proxy variables once, here: what an unreachable proxy's error names.
    proxies = _environment_proxy_table()
    try:
        client = httpx.AsyncClient(**options)
    except (ValueError, httpx.InvalidURL):
        mounts = _environment_mounts()
        if not any(isinstance(route, UnusableProxy) for route in mounts.values()):
            raise
        # The routes httpx would have built, each unusable proxy replaced by a route that fails
        # its calls: no proxy is skipped silently, and NO_PROXY still applies. An explicit
        # `transport` keeps httpx from reading the proxy variables again; trust_env stays on for
        # the rest (SSL_CERT_FILE, .netrc), as in the client above.
        client = httpx.AsyncClient(**options, transport=httpx.AsyncHTTPTransport(), mounts=mounts)
    _CLIENT_PROXIES[client] = proxies
    return client


#: The proxy table each client of :func:`new_client` was built with (by scheme: the variable and
#: its value): the environment may change after, the client's proxies do not.
_CLIENT_PROXIES: weakref.WeakKeyDictionary[httpx.AsyncClient, dict[str, tuple[str, str]]] = (
    weakref.WeakKeyDictionary()
)


def _httpx_environment_proxies() -> dict[str, str | None]:
    """The proxy table httpx builds a client's proxy mounts from when ``trust_env`` is on: URL
    pattern (``http://``, ``all://*example.com``) to proxy URL, or ``None`` for a ``NO_PROXY``
    host reached directly.

    httpx has no public API for it (``httpx._utils.get_environment_proxies``, read by
    ``AsyncClient`` itself): a copy of its rules (lower case before upper case, a bare
    ``host:port`` read as ``http://``, ``NO_PROXY=*``, IPv6 hosts bracketed) would route a host
    otherwise than the client it explains once httpx changed them. This is the one place that
    reads it; tests/providers/test_providers_keyed_api.py fails if httpx moves it or changes its
    table's form.
    """
    from httpx._utils import get_environment_proxies

    return get_environment_proxies()


def _environment_proxy_table() -> dict[str, tuple[str, str]]:
    """The environment's proxy by scheme (``http``, ``https``, ``all``), as httpx reads it (lower
    case first, as urllib), with the variable it came from."""
    table: dict[str, tuple[str, str]] = {}
    proxies = _httpx_environment_proxies()
    for scheme in ("http", "https", "all"):
        value = proxies.get(f"{scheme}://")
        if value is not None:
            table[scheme] = (proxy_variable(scheme, value), value)
    return table


def _environment_mounts() -> dict[str, httpx.AsyncBaseTransport | None]:
    """httpx's own proxy mounts for the environment (``None``: direct, for ``NO_PROXY``).

    From the table httpx itself builds them from (:func:`_httpx_environment_proxies`), so a host
    is proxied or not exactly as when every proxy variable is usable.
    """
    mounts: dict[str, httpx.AsyncBaseTransport | None] = {}
    for pattern, url in _httpx_environment_proxies().items():
        if url is None:
            mounts[pattern] = None
            continue
        try:
            mounts[pattern] = httpx.AsyncHTTPTransport(proxy=httpx.Proxy(url))
        except (ValueError, httpx.InvalidURL) as error:
            scheme = pattern.removesuffix("://")
            variable = proxy_variable(scheme, url)
            mounts[pattern] = UnusableProxy(unusable_proxy_message(variable, url, error))
    return mounts


# -- configuration helpers ------------------------------------------------------------------------
def check_base_url(value: str) -> str:
    """``value`` without a trailing slash, or ValueError saying what is wrong with it.

    The messages quote the URL only up to its query and without userinfo: a gateway URL may carry
    a token there, and these messages reach the model and the logs. Quoted on one line and
    bounded, like any text the project does not control.
    """
    text = value.strip()
    if "://***@" in str(mask_url_credentials(text)):
        # Before parsing: a password with a raw '/', '?' or '#' ends the host for urlsplit,
        # whose error would then quote part of it as a bad port. The rule is the one every error
        # and `dsh-web config` mask by, so what is refused here is what they would hide.
        raise ValueError(_CREDENTIALS_REFUSED)
    cut = shown_base_url(text)
    shown = quoted_value(cut, _MAX_URL_CHARS)

    def refused(problem: str) -> ConfigValueError:
        # The config error's "(got …)" shows the value cut the same way, not whole.
        return ConfigValueError(f"{shown} {problem}", shown=cut)

    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as error:
        raise refused(f"is not a valid URL ({error})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise refused("is not an http(s) URL with a host, such as https://api.example")
    if parts.username or parts.password:
        raise ValueError(_CREDENTIALS_REFUSED)
    if parts.query or parts.fragment:
        raise refused("must not have a query or fragment")
    if parts.scheme == "http" and not is_loopback_host(parts.hostname):
        # Every request to a base URL carries an API key; on plain http anyone on the path reads it.
        raise refused(
            "uses plain http to a remote host, and https is required: every request "
            "carries an API key (http is allowed only to localhost, 127.0.0.0/8 and ::1)"
        )
    return text.rstrip("/")


_CREDENTIALS_REFUSED = "a base URL must not carry credentials; use the api key settings"


def shown_base_url(text: str) -> str:
    """How every message, config error and repr shows a base URL: cut before any query or
    fragment, userinfo dropped (``…`` marks a cut).

    Not only secret-named query values are hidden: a gateway signs with ``sig``,
    ``X-Amz-Signature``, ``code`` or ``token2``, and a base URL's query is refused anyway, so its
    names and values help no one find the mistake.
    """
    # Userinfo first by the shared rule: a password with a raw '/', '?' or '#' would otherwise
    # be cut as if it were the path.
    cut = str(mask_url_credentials(text)).split("?", 1)[0].split("#", 1)[0]
    scheme, sep, rest = cut.partition("://")
    if not sep:
        scheme, rest = "", cut
    authority, slash, path = rest.partition("/")
    if "@" in authority:
        authority = "…@" + authority.rsplit("@", 1)[1]
    shown = f"{scheme}{sep}{authority}{slash}{path}"
    return shown if shown == text else f"{shown}…"


def is_loopback_host(host: str) -> bool:
    """``localhost`` or a loopback IP literal (127.0.0.0/8, ``::1``); no DNS is consulted."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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


#: What in a body can decode to text a reader must not get: an escaped surrogate (``\ud83d``) or
#: control character (``\u001b``), or a raw DEL or C1 control (U+0080-U+009F in UTF-8).
_SUSPECT = re.compile(rb"\\u(?:[dD][89a-fA-F]|00[0189][0-9a-fA-F]|007[fF])|\x7f|\xc2[\x80-\x9f]")


def _loads(raw: bytes) -> Any:
    """``json.loads``, every string fit to show: no control characters, no broken characters.

    A page title or snippet is the page author's text: escape sequences, BEL or NUL in it reached
    the model and the terminal `dsh-web search` prints to; they are removed by the fetcher's rule
    (:func:`dsh._text.strip_controls`: tab, line feed and carriage return stay). A byte that is
    not UTF-8 (a character a backend cut at a byte count) is U+FFFD: one bad byte in a snippet is
    no reason to refuse the whole answer as "not JSON". So is a lone surrogate: a backend that
    cuts by UTF-16 units (JavaScript's) can split an emoji's pair, and JSON.stringify writes the
    half as an escape (``"\\ud83d"``), which decodes to a str no UTF-8 output can encode (the CLI
    failed on it and MCP could not send the result).
    """
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        data = json.loads(raw.decode("utf-8-sig", "replace"))
    if not _SUSPECT.search(raw):
        return data  # the common case: nothing to walk
    if isinstance(data, str):
        return _shown(data)
    # Iterative: the parsed value may be nested as deep as json allows.
    stack: list[Any] = [data] if isinstance(data, (dict, list)) else []
    while stack:
        node = stack.pop()
        pairs = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        for key, value in pairs:
            if isinstance(value, str):
                node[key] = _shown(value)
            elif isinstance(value, (dict, list)):
                stack.append(value)
    return data


def _shown(text: str) -> str:
    return strip_controls(without_surrogates(text))


def _json_kind(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
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


# A field the provider documents as a string, an array or an object may be absent or null (then it
# is omitted, never invented), but any other JSON type is not the documented shape: a broken or
# changed API. Dropping that field (or its result) would hand the model a plausible but wrong
# answer (an empty search, an answer without its text), so it is an unprocessable body naming the
# field by its path. The path is built by the provider's own code: it never quotes the body.
def string_at(provider: str, where: str, value: Any) -> str | None:
    """``value`` of the field at ``where``, documented as a string: as is, or None when null."""
    if value is None or isinstance(value, str):
        return value
    raise unprocessable(provider, f"`{where}` is {a_json_kind(value)}, not a string")


def text_at(provider: str, where: str, value: Any) -> str | None:
    """:func:`string_at`, then :func:`text_or_none` (blank is None too)."""
    return text_or_none(string_at(provider, where, value))


def array_at(provider: str, where: str, value: Any) -> list[Any]:
    """The array at ``where``; null or absent is an empty one."""
    if value is None:
        return []
    if isinstance(value, list):
        return value
    raise unprocessable(provider, f"`{where}` is {a_json_kind(value)}, not an array")


def object_at(provider: str, where: str, value: Any) -> dict[str, Any]:
    """The object at ``where`` (an array entry documented as an object)."""
    if isinstance(value, dict):
        return value
    raise unprocessable(provider, f"`{where}` is {a_json_kind(value)}, not an object")


def a_json_kind(value: Any) -> str:
    """``value``'s JSON type with its article, for a message: "an object", "a number", "null"."""
    kind = _json_kind(value)
    return kind if kind == "null" else f"an {kind}" if kind[0] in "ao" else f"a {kind}"


# -- the shared configuration ---------------------------------------------------------------------
#: A ``base_url`` config value: checked by :func:`check_base_url` at load, trailing slash removed.
BaseUrl = Annotated[str, AfterValidator(check_base_url)]

_KEY_ENV_DOC = "Credential reference resolved through ctx.credentials at every search."
_HTTPS_NOTE = "Must be https (plain http only to localhost, 127.0.0.0/8 or ::1)."


def api_key_field(provider: str) -> Any:
    """The ``api_key`` field, its description naming ``provider``."""
    return Field(
        default=None,
        description=" ".join(
            f"A literal {provider} API key. Discouraged: prefer `api_key_env`, so the key stays "
            "out of config files. A non-blank literal wins over `api_key_env`.".split()
        ),
    )


def api_key_env_field(default: str) -> Any:
    """The ``api_key_env`` field with the provider's documented variable as its default."""
    return Field(default=default, min_length=1, description=_KEY_ENV_DOC)


def base_url_field(*, path: str, env: str, default: str, api: str = "API") -> Any:
    """The ``base_url`` field: unset means ``$env`` (read at every call), else ``default``."""
    return Field(
        default=None,
        description=f"{api} base; `{path}` is appended. Unset: ${env}, else {default}. "
        + _HTTPS_NOTE,
    )


#: Below tool-web's `search_timeout` (30 s), so a slow provider ends with its own error (naming
#: this setting) rather than the tool's generic TOOL_TIMEOUT.
DEFAULT_TIMEOUT = 25.0


def timeout_field(default: float = DEFAULT_TIMEOUT) -> Any:
    """The ``timeout`` field (seconds over the whole call)."""
    return Field(
        default=default,
        gt=0,
        le=600,
        description="Seconds for the whole call, retries included. tool-web's `search_timeout` "
        "(30 s) bounds the whole web_search tool call, so keep this below it: a longer value "
        "only ends as the tool's timeout.",
    )


#: ``$NAME`` or ``${NAME}``, a shell's reference to an environment variable.
_VARIABLE_REFERENCE = re.compile(r"\$(?P<brace>\{)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?(brace)\})")


class KeyedApiConfig(BaseModel):
    """What every keyed search provider is configured with: whose key, which endpoint, how long.

    A provider's config extends it and re-declares a shared field only to say what is its own (the
    provider's name, its key variable, its endpoint, a longer deadline) through the factories
    above, so the constraints and the base URL check stay here.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    api_key: SecretStr | None = api_key_field("")
    api_key_env: str = Field(min_length=1, description=_KEY_ENV_DOC)
    base_url: BaseUrl | None = Field(default=None, description=f"API base. {_HTTPS_NOTE}")
    timeout: float = timeout_field()

    # Nothing expands `$VAR` / `${VAR}` in a config (the seeds have no such syntax), yet it is
    # the habit of docker-compose files and MCP client configs: taken as written, the reference
    # itself was sent as the key (the provider's 401 never said why), or named a variable that
    # cannot exist ("$EXA_API_KEY is not set" while EXA_API_KEY was). Only a whole value of that
    # shape is refused: a real key or a custom credential reference may contain a `$`.
    @field_validator("api_key", mode="after")
    @classmethod
    def _not_a_reference(cls, value: SecretStr | None) -> SecretStr | None:
        text = value.get_secret_value().strip() if value is not None else ""
        match = _VARIABLE_REFERENCE.fullmatch(text)
        if match:
            raise ValueError(
                # Named, not quoted: the value is under a secret key, so the config error
                # shows none of it (dsh/_text.py's hide_secrets would mask the quote).
                f"`api_key` holds a reference to the environment variable {match['name']}, but "
                "`api_key` is the key itself and is not expanded; to read the key from that "
                f"variable, set `api_key_env: {match['name']}` instead"
            )
        return value

    @field_validator("api_key_env", mode="after")
    @classmethod
    def _a_bare_name(cls, value: str) -> str:
        match = _VARIABLE_REFERENCE.fullmatch(value.strip())
        if match:
            raise ValueError(
                "`api_key_env` is the name of the variable, without `$` or braces: write "
                f"`api_key_env: {match['name']}`"
            )
        if _looks_like_a_key(value):
            # `api_key_env: sk-…` for `api_key: sk-…`: loaded, the key would be named as a
            # variable in every message ("sk-… is not set", to the model too), `dsh-web config`
            # and the repr. Refused unshown (SECRET_VALUE_ERROR: the config error says `***`).
            default = cls.model_fields["api_key_env"].default
            example = default if isinstance(default, str) and default else "MY_API_KEY"
            raise PydanticCustomError(
                SECRET_VALUE_ERROR,
                "`api_key_env` is the name of the variable that holds the key, but this value "
                "looks like a key itself: put the key in a variable and name that variable here "
                f"(`api_key_env: {example}`), or write the key as `api_key`",
            )
        return value


#: Exa's keys are UUIDs; DeepSeek's (`sk-` and 32 hex digits) and Perplexity's (`pplx-` and 48
#: letters and digits) have a long part mixing lower-case letters and digits, which a variable
#: name (`EXA_API_KEY`, `exa-key-2024`) does not.
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_KEY_LIKE_PART = re.compile(r"(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]{16,}")


def _looks_like_a_key(value: str) -> bool:
    text = value.strip()
    return bool(_UUID.fullmatch(text)) or any(
        _KEY_LIKE_PART.fullmatch(part) for part in re.split(r"[-_./:]", text)
    )


# -- the shared provider skeleton -----------------------------------------------------------------
ConfigT = TypeVar("ConfigT", bound=KeyedApiConfig)


class KeyedSearchProvider(ABC, Generic[ConfigT]):
    """A `WebSearchProvider` behind one keyed JSON endpoint.

    The key (a non-blank literal ``api_key``, else ``api_key_env`` through ``credentials``) and the
    base URL (config, else the ``base_url_env`` variable, else ``default_base_url``) are resolved
    at every call, so a key or override set after start-up is used by the next search. A subclass
    sets the class attributes and implements :meth:`auth_headers`, :meth:`build_body` and
    :meth:`map_response`.
    """

    id: str
    #: The provider's name in every message (``Exa API error (HTTP 401): …``).
    provider: ClassVar[str]
    #: Appended to the base URL: the one endpoint a search POSTs to.
    path: ClassVar[str]
    base_url_env: ClassVar[str]
    default_base_url: ClassVar[str]
    #: Config fields shown in the repr besides the base URL and the key reference.
    repr_fields: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self, config: ConfigT, credentials: Credentials, client: httpx.AsyncClient
    ) -> None:
        self._config = config
        self._credentials = credentials
        self._client = client

    def __repr__(self) -> str:
        # The base URL may come from the *_BASE_URL variable unchecked: cut, as in an error.
        shown = [f"base_url={shown_base_url(self.base_url)!r}"]
        shown += [f"{name}={getattr(self._config, name)!r}" for name in self.repr_fields]
        shown.append(f"key={self._config.api_key_env!r}")
        return f"{type(self).__name__}({', '.join(shown)})"

    @property
    def base_url(self) -> str:
        """Config, else ``base_url_env`` (read now), else the default; see :meth:`_checked_base`."""
        if self._config.base_url is not None:
            return self._config.base_url
        from_env = os.environ.get(self.base_url_env, "").strip()
        return (from_env or self.default_base_url).rstrip("/")

    def _checked_base(self) -> str:
        """:attr:`base_url`, refused when the env override is unusable (say, remote plain http).

        Config was checked at load and the default is https; only the env var is new at a call.
        """
        base = self.base_url
        try:
            return check_base_url(base)
        except ValueError as error:
            raise WebError(
                WEB_PROVIDER_ERROR,
                f"The {self.base_url_env} environment variable is not a usable {self.provider} "
                f"API base URL: {error}. Fix or unset {self.base_url_env}.",
                details={"provider": self.provider, "variable": self.base_url_env},
            ) from None

    def _key(self) -> str | None:
        literal = self._config.api_key.get_secret_value() if self._config.api_key else None
        return resolve_key(self._credentials, literal, self._config.api_key_env)

    def available(self) -> bool:
        return self._key() is not None and valid_base_url(self.base_url)

    def unavailable_reason(self) -> str | None:
        """What :meth:`available` misses, naming variables only (never a key or the URL)."""
        missing = []
        if self._key() is None:
            missing.append(f"{self._config.api_key_env} is not set")
        if not valid_base_url(self.base_url):
            # Only the env override can be bad here: config is checked at load.
            missing.append(
                f"{self.base_url_env} is not a usable base URL (https is required; plain http "
                "only to localhost, 127.0.0.0/8 or ::1)"
            )
        return " and ".join(missing) or None

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        key = self._key()
        if key is None:
            raise missing_key(self.provider, self._config.api_key_env)
        post = json_poster(
            self._client,
            provider=self.provider,
            url=f"{self._checked_base()}{self.path}",
            headers=self.auth_headers(key),
            secret=key,
            time_limit=self._config.timeout,
            signal=signal,
        )
        return await self.exchange(post, request)

    async def exchange(self, post: PostJson, request: WebSearchRequest) -> WebSearchResult:
        """The search's requests, sent through ``post`` (one deadline, one signal for all).

        One POST of :meth:`build_body`, mapped by :meth:`map_response`. A provider whose answer
        can ask for a follow-up request (DeepSeek's paused turn) overrides it.
        """
        return self.map_response(await post(self.build_body(request)))

    @abstractmethod
    def auth_headers(self, key: str) -> dict[str, str]:
        """The headers that carry ``key``."""

    @abstractmethod
    def build_body(self, request: WebSearchRequest) -> dict[str, Any]:
        """The JSON body for ``request``."""

    @abstractmethod
    def map_response(self, data: dict[str, Any]) -> WebSearchResult:
        """The seam's result from a 2xx JSON object (``unprocessable`` when the shape is wrong)."""


# -- the shared plugin apply ----------------------------------------------------------------------
class _Timed(Protocol):
    @property
    def timeout(self) -> float: ...


TimedConfigT = TypeVar("TimedConfigT", bound=_Timed)


def register_keyed_provider(
    ctx: Context,
    config: TimedConfigT,
    make_provider: Callable[[TimedConfigT, Credentials, httpx.AsyncClient], WebSearchProvider],
) -> None:
    """A plugin's ``apply``: one reused client, the provider registered, both disposed.

    Disposed newest-first: the provider leaves the registry before its client closes.
    """
    client = new_client(config.timeout)
    ctx.effect(client.aclose)
    provider = make_provider(config, ctx.credentials, client)
    ctx.effect(web_of(ctx).register_search_provider(provider))
