"""The web capability seam: types, `WebError` and `WebRuntime` (``ctx.web``).

Providers register capabilities here; the `tool-web` consumer reaches the web only through
``web.search()``, ``web.fetch()``, ``web.search_ready()`` and ``web.fetch_ready()``.
"""

from dsh.harness import Context
from dsh.web._errors import (
    WEB_ABORTED,
    WEB_BLOCKED_URL,
    WEB_DUPLICATE_PROVIDER,
    WEB_FETCH_TIMEOUT,
    WEB_FETCH_TOO_LARGE,
    WEB_INVALID_REQUEST,
    WEB_INVALID_URL,
    WEB_PROVIDER_AMBIGUOUS,
    WEB_PROVIDER_CONFIGURED_MISSING,
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_CREDENTIAL_MISSING,
    WEB_PROVIDER_ERROR,
    WEB_PROVIDER_UNAVAILABLE,
    WEB_REDIRECT_BLOCKED,
    WEB_UNSUPPORTED_CONTENT_TYPE,
    WebError,
)
from dsh.web._provider import (
    ReadyCheck,
    UnavailableReason,
    WebFetchProvider,
    WebSearchProvider,
)
from dsh.web._runtime import (
    FETCH_PROVIDER_ENV,
    SEARCH_PROVIDER_ENV,
    WebRuntime,
    describe_selection,
)
from dsh.web._types import (
    HtmlBody,
    PdfBody,
    TextBody,
    WebFetchBody,
    WebFetchRequest,
    WebFetchResult,
    WebSearchRequest,
    WebSearchResult,
    WebSearchSource,
    hostname,
    source_label,
)


def web_of(ctx: Context) -> WebRuntime:
    """``ctx.web``, typed."""
    return ctx.service("web", WebRuntime)


__all__ = [
    "FETCH_PROVIDER_ENV",
    "SEARCH_PROVIDER_ENV",
    "WEB_ABORTED",
    "WEB_BLOCKED_URL",
    "WEB_DUPLICATE_PROVIDER",
    "WEB_FETCH_TIMEOUT",
    "WEB_FETCH_TOO_LARGE",
    "WEB_INVALID_REQUEST",
    "WEB_INVALID_URL",
    "WEB_PROVIDER_AMBIGUOUS",
    "WEB_PROVIDER_CONFIGURED_MISSING",
    "WEB_PROVIDER_CONFIGURED_UNAVAILABLE",
    "WEB_PROVIDER_CREDENTIAL_MISSING",
    "WEB_PROVIDER_ERROR",
    "WEB_PROVIDER_UNAVAILABLE",
    "WEB_REDIRECT_BLOCKED",
    "WEB_UNSUPPORTED_CONTENT_TYPE",
    "HtmlBody",
    "PdfBody",
    "ReadyCheck",
    "TextBody",
    "UnavailableReason",
    "WebError",
    "WebFetchBody",
    "WebFetchProvider",
    "WebFetchRequest",
    "WebFetchResult",
    "WebRuntime",
    "WebSearchProvider",
    "WebSearchRequest",
    "WebSearchResult",
    "WebSearchSource",
    "describe_selection",
    "hostname",
    "source_label",
    "web_of",
]
