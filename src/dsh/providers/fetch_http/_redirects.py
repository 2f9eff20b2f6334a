"""Redirect policy: resolve ``Location``, re-validate it, follow only same-origin hops.

A cross-origin redirect is not followed: the error names the target so the model can make a new
call, which goes through the tool layer's own checks again (the seeds' design, as in Claude Code's
WebFetch).
"""

from __future__ import annotations

import httpx

from dsh.providers.fetch_http._url import check_parsed, origin
from dsh.web import WEB_PROVIDER_ERROR, WEB_REDIRECT_BLOCKED, WebError

# 300 and 304 are answers, not instructions to go elsewhere: they are returned as results.
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


def redirect_target(
    current: httpx.URL, response: httpx.Response, *, hops: int, max_redirects: int, max_length: int
) -> httpx.URL:
    """The URL to follow after ``response`` (a redirect of ``current``), or a ``WebError``.

    ``hops`` is how many redirects were already followed.
    """
    location = response.headers.get("location", "").strip()
    if not location:
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"{current} answered HTTP {response.status_code} (a redirect) without a Location "
            "header, so there is nowhere to go.",
        )
    try:
        target = current.join(location)
    except (httpx.InvalidURL, ValueError, TypeError) as error:
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"{current} redirected to an invalid Location {_clip(location)!r}: {error}.",
        ) from None
    shown = _clip(str(target))
    if target.scheme not in ("http", "https"):
        raise WebError(
            WEB_REDIRECT_BLOCKED,
            f"Redirect blocked: {current} redirected to {_clip(location)}, which is not an "
            "http:// or "
            "https:// URL.",
        )
    if len(str(target)) > max_length:
        raise WebError(
            WEB_REDIRECT_BLOCKED,
            f"Redirect blocked: {current} redirected to a URL of {len(str(target)):,} "
            f"characters; the limit is {max_length:,} (max_url_length).",
        )
    # Credentials (WEB_BLOCKED_URL) and host syntax, exactly as for a requested URL.
    check_parsed(target)
    if origin(target) != origin(current):
        raise WebError(
            WEB_REDIRECT_BLOCKED,
            f"Redirect to a different origin blocked: {current} redirected to {shown}. "
            f"To follow it, fetch {shown} directly.",
            details={"url": str(current), "location": str(target)},
        )
    if hops >= max_redirects:
        reason = (
            "redirects are not followed (max_redirects is 0)"
            if max_redirects == 0
            else f"stopped after {max_redirects} redirect{'s' if max_redirects != 1 else ''} "
            "(max_redirects)"
        )
        raise WebError(
            WEB_REDIRECT_BLOCKED,
            f"Redirect blocked: {reason}; {current} redirected to {shown}. "
            f"To follow it, fetch {shown} directly.",
            details={"url": str(current), "location": str(target)},
        )
    return target


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
