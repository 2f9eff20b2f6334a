"""How the fetcher words a failed request: :func:`network_error` turns an httpx error into the
``WEB_PROVIDER_ERROR`` the model reads (an unusable or unreachable proxy, a refused connection,
an undecodable or oversized response head), from the most specific cause in its chain.

Used by the fetch (``_provider.py``) and by the proxy router of its client (``_client.py``);
it imports neither (an import-linter contract).
"""

from __future__ import annotations

import httpcore
import httpx

from dsh.providers._env_proxy import UnusableProxyError
from dsh.providers._os_error import os_error_text
from dsh.providers.fetch_http._network import ProxyConnectError
from dsh.web import WEB_PROVIDER_ERROR, WebError

__all__ = ["cause", "head_too_large", "network_error", "unreachable_proxy"]


def network_error(url: httpx.URL, error: httpx.HTTPError) -> WebError:
    cause_text = cause(error)
    if isinstance(error, UnusableProxyError):
        message = f"Could not fetch {url}: {error.problem}."
    elif isinstance(error, httpx.ProxyError):
        message = f"The proxy failed to fetch {url}: {cause_text}."
    elif isinstance(error, httpx.ConnectError) and (proxy := unreachable_proxy(error)):
        message = f"Could not connect to the proxy {proxy} (fetching {url}): {cause_text}."
    elif isinstance(error, httpx.ConnectError):
        message = f"Could not connect to {url.host} (fetching {url}): {cause_text}."
    elif isinstance(error, httpx.DecodingError):
        message = f"The response from {url} could not be decoded: {cause_text}."
    elif head_too_large(error):
        message = (
            f"Fetching {url} failed: the server's response headers are larger than "
            f"{_head_limit()} reads, so its response could not be read."
        )
    else:
        message = f"Fetching {url} failed: {cause_text}."
    return WebError(WEB_PROVIDER_ERROR, message, details={"url": str(url)})


# httpcore's bound on a response head (its h11 max_incomplete_event_size): a class attribute it
# reads itself but does not document, so it is looked up by name and may be missing.
_HEAD_LIMIT_ATTRIBUTE = "MAX_INCOMPLETE_EVENT_SIZE"


def _head_limit() -> str:
    """Who reads the response head, and how much: "the 100 KiB an HTTP client" from httpcore's
    limit, or "an HTTP client" without it."""
    limit = getattr(httpcore.AsyncHTTP11Connection, _HEAD_LIMIT_ATTRIBUTE, None)
    if not isinstance(limit, int) or limit < 1024:
        return "an HTTP client"
    return f"the {limit // 1024} KiB an HTTP client"


def head_too_large(error: BaseException) -> bool:
    """Whether ``error`` is h11's "Receive buffer too long": the response's head (status line and
    headers) outgrew what httpcore reads of it, as huge or endless headers do. h11 marks it with
    the status 431 (header fields too large); its text named no header."""
    seen: set[int] = set()
    inner: BaseException | None = error
    while inner is not None and id(inner) not in seen:
        seen.add(id(inner))
        if getattr(inner, "error_status_hint", None) == 431:
            return True
        inner = inner.__cause__ or inner.__context__
    return False


def unreachable_proxy(error: BaseException) -> str | None:
    """``host:port`` of the proxy that could not be reached, when that is what ``error`` is."""
    seen: set[int] = set()
    inner: BaseException | None = error
    while inner is not None and id(inner) not in seen:
        seen.add(id(inner))
        if isinstance(inner, ProxyConnectError):
            return inner.proxy
        inner = inner.__cause__ or inner.__context__
    return None


def cause(error: BaseException) -> str:
    """The most specific description in the exception chain.

    httpx wraps httpcore, which wraps anyio's "All connection attempts failed", which wraps the
    OSError that says what happened ("Connection refused"): prefer its errno's description.
    """
    seen: set[int] = set()
    inner: BaseException | None = error
    text = ""
    while inner is not None and id(inner) not in seen:
        seen.add(id(inner))
        if (described := os_error_text(inner)) is not None:
            return described
        text = text or str(inner).strip()
        inner = inner.__cause__ or inner.__context__
    return (text or type(error).__name__).rstrip(".")
