"""Redirect policy: resolve ``Location``, re-validate it, follow only same-origin hops.

A cross-origin redirect is not followed: the error names the target so the model can make a new
call, which goes through the tool layer's own checks again (the seeds' design, as in Claude Code's
WebFetch).
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from html import unescape
from html.entities import html5
from typing import NamedTuple

import httpx
import lxml.etree

from dsh.providers.fetch_http._decode import head_tags, without_comments
from dsh.providers.fetch_http._guard import NetworkPolicy, check_literal_host
from dsh.providers.fetch_http._url import check_parsed, origin, quoted, without_credentials
from dsh.web import (
    WEB_BLOCKED_URL,
    WEB_INVALID_URL,
    WEB_PROVIDER_ERROR,
    WEB_REDIRECT_BLOCKED,
    WebError,
)

# 300 and 304 are answers, not instructions to go elsewhere: they are returned as results.
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})

# A refresh's value, "<delay>[.fraction][;|,] [url=]<url>" (WHATWG "shared declarative refresh
# steps"); the URL may be quoted.
_REFRESH = re.compile(
    r"\s*(?P<delay>\d*)(?:\.[\d.]*)?\s*[;,]?\s*(?:url\s*=\s*)?(?P<url>.*)",
    re.IGNORECASE | re.DOTALL,
)
# A redirect stub's refresh is in its head; a page's start is enough (the charset prescan reads
# 4 KiB; a head can carry more inline style and script before its metas).
_META_SCAN_CHARS = 32_768


@dataclass(frozen=True)
class RedirectLimits:
    """What every hop of a fetch is checked against, fixed by the provider's config: the most
    redirects followed, the longest target URL (``max_url_length``) and the network policy."""

    max_redirects: int
    max_length: int
    policy: NetworkPolicy


def redirect_target(
    current: httpx.URL,
    response: httpx.Response,
    limits: RedirectLimits,
    *,
    hops: int,
    visited: AbstractSet[httpx.URL] = frozenset(),
) -> httpx.URL:
    """The URL to follow after ``response`` (a redirect of ``current``), or a ``WebError``.

    ``hops`` is how many redirects were already followed; ``visited`` the URLs this fetch
    requested so far (a target among them is a loop, never named as a URL to fetch). A target
    that is not followed is named for the model to fetch directly, unless ``limits.policy`` visibly
    blocks it (an IP literal or a local name; no lookup): then the error says so instead of
    suggesting a call that would fail.
    """
    # httpx joins repeated headers with ", ", which would make "/a" and "/b" one URL "/a, /b".
    locations = list(
        dict.fromkeys(v.strip() for v in response.headers.get_list("location") if v.strip())
    )
    if not locations:
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"{current} answered HTTP {response.status_code} (a redirect) without a Location "
            "header, so there is nowhere to go.",
        )
    if len(locations) > 1:
        shown_all = ", ".join(quoted(v, 100) for v in locations[:3])
        raise WebError(
            WEB_PROVIDER_ERROR,
            f"{current} sent several Location headers ({shown_all}); the redirect is "
            "ambiguous and was not followed.",
            details={"url": str(current)},
        )
    return location_target(current, locations[0], limits, hops=hops, visited=visited)


def location_target(
    current: httpx.URL,
    location: str,
    limits: RedirectLimits,
    *,
    hops: int,
    visited: AbstractSet[httpx.URL] = frozenset(),
    base: httpx.URL | None = None,
) -> httpx.URL:
    """The URL to follow to ``location`` (a ``Location``, or a refresh's URL) from ``current``,
    or a ``WebError``: the checks of :func:`redirect_target`. ``location`` is resolved against
    ``base`` (a page's ``<base href>``, see :func:`document_base`), else ``current``; the
    checks compare it with ``current`` whatever the base."""
    try:
        target = (current if base is None else base).join(location)
    except (httpx.InvalidURL, ValueError, TypeError) as error:
        raise _invalid_target(current, location, str(error)) from None
    shown = _clip(str(target))
    if target.scheme not in ("http", "https"):
        raise WebError(
            WEB_REDIRECT_BLOCKED,
            f"Redirect blocked: {current} redirected to {_clip(location)}, which is not an "
            "http:// or "
            "https:// URL.",
        )
    if len(str(target)) > limits.max_length:
        raise WebError(
            WEB_REDIRECT_BLOCKED,
            f"Redirect blocked: {current} redirected to a URL of {len(str(target)):,} "
            f"characters; the limit is {limits.max_length:,} (max_url_length).",
        )
    if target.userinfo:
        raise WebError(
            WEB_BLOCKED_URL,
            f"{current} redirected to a URL with credentials (user:password@host), "
            f"{_clip(without_credentials(target))}, which is never followed: the fetcher is "
            "anonymous.",
            details={"url": str(current), "location": without_credentials(target)},
        )
    # Host syntax, exactly as for a requested URL; the model's URL was fine, so the error says
    # the redirect was the problem.
    try:
        check_parsed(target)
    except WebError as error:
        if error.code != WEB_INVALID_URL:
            raise
        raise _invalid_target(current, location, error.message) from None
    if origin(target) != origin(current):
        # A same-origin target has the current host, which the guard already let through.
        _refuse_blocked(current, target, limits.policy)
        raise WebError(
            WEB_REDIRECT_BLOCKED,
            f"Redirect to a different origin blocked: {current} redirected to {shown}. "
            f"To follow it, fetch {shown} directly.",
            details={"url": str(current), "location": str(target)},
        )
    if target in visited:
        # Not "fetch it directly": the model would go round the same loop in new calls.
        raise WebError(
            WEB_REDIRECT_BLOCKED,
            f"Redirect blocked: {current} redirected to {shown}, which this fetch had already "
            "requested: a redirect loop, so fetching it again would loop the same way.",
            details={"url": str(current), "location": str(target)},
        )
    max_redirects = limits.max_redirects
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


def _refuse_blocked(current: httpx.URL, target: httpx.URL, policy: NetworkPolicy) -> None:
    """``WEB_BLOCKED_URL`` when the guard's static check refuses ``target``; the redirect
    target is only named, never contacted."""
    try:
        check_literal_host(target.host, policy)
    except WebError as error:
        if error.code != WEB_BLOCKED_URL:
            raise
        raise WebError(
            WEB_BLOCKED_URL,
            f"{current} redirected to {_clip(str(target))}, a blocked target, so it was not "
            f"followed. {error.message}",
            details={**error.details, "url": str(current), "location": str(target)},
        ) from None


def _invalid_target(current: httpx.URL, location: str, reason: str) -> WebError:
    return WebError(
        WEB_REDIRECT_BLOCKED,
        f"Redirect blocked: {current} redirected to an invalid Location {quoted(location, 300)}: "
        f"{reason.rstrip('.')}.",
        details={"url": str(current), "location": location},
    )


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def immediate_refresh(value: str | None) -> str | None:
    """The URL of a refresh that leaves the page at once (delay 0), else ``None``.

    Such a page is a redirect stub a browser never shows; a delayed refresh is a page a user
    reads first ("you will be redirected in 5 seconds"), and one without a URL reloads itself.
    """
    if value is None:
        return None
    match = _REFRESH.match(value)
    if match is None:
        return None
    # Zero as digits, not int(): past 4,300 digits int() raises (a header may carry more).
    delay = match.group("delay")
    if not delay or delay.strip("0"):
        return None
    url = match.group("url").strip()
    if url[:1] in ("'", '"'):
        url = url[1:].split(url[0], 1)[0]
    return url.strip() or None


# A redirect stub says at most a line ("Redirecting… If you are not redirected, follow this
# link."); a page with more to read than this keeps its refresh unfollowed.
STUB_TEXT_MAX_CHARS = 200
# The page is parsed in pieces of this many characters, until its text passes a stub's.
_STUB_FEED_CHARS = 65_536
# Not text to read: their tails are (the text after them is the page's).
_NOT_TEXT = frozenset({"head", "script", "style", "template"})


class _VisibleText:
    """An lxml parser target counting the non-blank characters outside :data:`_NOT_TEXT` (fed
    ``str``, lxml passes ``str``)."""

    def __init__(self) -> None:
        self.hidden = 0  # how many _NOT_TEXT elements are open
        self.chars = 0

    def start(self, tag: str | bytes, attrib: dict[str | bytes, str | bytes]) -> None:
        if tag in _NOT_TEXT:
            self.hidden += 1

    def end(self, tag: str | bytes) -> None:
        if tag in _NOT_TEXT and self.hidden:
            self.hidden -= 1

    def data(self, data: str | bytes) -> None:
        if not self.hidden:
            self.chars += sum(len(word) for word in data.split())

    def comment(self, text: str | bytes) -> None:
        pass

    def close(self) -> int:
        return self.chars


def reads_as_stub(html: str) -> bool:
    """Whether an HTML page has next to nothing to read (at most ``STUB_TEXT_MAX_CHARS`` of
    visible text), as a redirect stub has.

    A page with content and an immediate refresh (often one in ``<noscript>`` sending readers
    without scripts elsewhere) is shown as it is: its text is the answer, and a refresh to
    another origin would otherwise turn it into an error naming the target. The page is parsed
    piece by piece until its text passes a stub's, however much script comes first: judged on
    its first 256 KiB of source, a page whose inline scripts filled them read as a stub.
    """
    target = _VisibleText()
    parser = lxml.etree.HTMLParser(target=target)
    try:
        for start in range(0, len(html), _STUB_FEED_CHARS):
            parser.feed(html[start : start + _STUB_FEED_CHARS])
            if target.chars > STUB_TEXT_MAX_CHARS:
                return False
        parser.close()
    except lxml.etree.LxmlError:
        return True  # nothing a parser can read: nothing to show either
    return target.chars <= STUB_TEXT_MAX_CHARS


class MetaRefresh(NamedTuple):
    """A page's first ``<meta http-equiv="refresh">``: its ``content``, and the ``href`` of the
    first ``<base href>`` before it (``None``: none)."""

    content: str | None
    base: str | None


def meta_refresh(html: str) -> MetaRefresh | None:
    """The first ``<meta http-equiv="refresh">`` at the start of ``html``, with the base its URL
    is resolved against.

    A browser parses the refresh's URL when the meta is inserted, against the document's base
    URL then: the first ``<base href>`` already inserted, so one before the meta (HTML's "shared
    declarative refresh steps"; Chrome and Firefox alike).
    """
    # The charset prescan's reader, on the decoded page's start written back as UTF-8.
    prefix = html[:_META_SCAN_CHARS].encode("utf-8", "surrogatepass")
    base: str | None = None
    for name, attributes in head_tags(without_comments(prefix)):
        if name == b"base":
            if base is None and b"href" in attributes:
                base = _attribute_value(attributes[b"href"])
        elif attributes.get(b"http-equiv", b"").strip().lower() == b"refresh":
            content = attributes.get(b"content")
            return MetaRefresh(None if content is None else _attribute_value(content), base)
    return None


# A character reference: numeric, or a name and its ";" (a few legacy names may lack it).
_REFERENCE = re.compile(r"&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?)")


def _attribute_value(raw: bytes) -> str:
    """An attribute's value as a browser reads it: character references decoded.

    Templates escape ``&`` in attributes, so a refresh to ``?a=1&amp;b=2`` means ``?a=1&b=2``.
    A name is decoded only when it is whole (HTML's rule for attributes), and one without its
    ``;`` only when no ``=`` follows: ``?a=1&copy=2`` keeps its parameter ``copy``, and
    ``&notit;`` stays text.
    """
    return _REFERENCE.sub(_reference, raw.decode("utf-8", "replace"))


# Past U+10FFFF a number is U+FFFD (html.unescape's answer too): more digits than this, once
# leading zeros are dropped, mean no character, in hexadecimal as in decimal.
_MAX_REFERENCE_DIGITS = 8


def _reference(match: re.Match[str]) -> str:
    reference = match.group()
    if reference.startswith("&#"):
        # html.unescape reads the number with int(), which raises ValueError past 4,300 decimal
        # digits (CPython's limit): a page's markup must not raise, so the digits are cut here.
        hexadecimal = reference[2] in "xX"
        digits = reference[3 if hexadecimal else 2 :].rstrip(";").lstrip("0") or "0"
        if len(digits) > _MAX_REFERENCE_DIGITS:
            return "\ufffd"
        return unescape(f"&#{'x' if hexadecimal else ''}{digits};")
    # The pattern takes the whole name, so a name html5 lacks is one a browser reads only as a
    # legacy name's prefix followed by a letter or digit ("&notit;"), which in an attribute it
    # leaves as text; html.unescape would decode the prefix ("¬it;").
    if reference[1:] not in html5:
        return reference
    if not reference.endswith(";") and match.string[match.end() : match.end() + 1] == "=":
        return reference
    return unescape(reference)


def document_base(url: httpx.URL, href: str | None) -> httpx.URL:
    """The base URL of the page at ``url`` whose ``<base href>`` is ``href``.

    ``href`` is resolved against ``url``; one that does not parse, and a ``data:`` or
    ``javascript:`` one (which Chrome ignores), leave ``url`` the base, as in browsers.
    """
    if href is None:
        return url
    try:
        base = url.join(href.strip())
    except (httpx.InvalidURL, ValueError, TypeError):
        return url
    return url if base.scheme in ("data", "javascript") else base


# A URL's scheme, as the URL parser reads one at the start of its input.
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def resolves_against(base: httpx.URL, location: str) -> bool:
    """Whether a browser's URL parser reads ``location`` relative to ``base``: not when the base
    has an opaque path (``about:blank``, ``mailto:…``, ``tel:…``: HTML accepts any base but
    ``data:`` and ``javascript:``) and ``location`` has no scheme of its own. There the parse
    fails and HTML's refresh steps do nothing: the page stays, as if it had no refresh.
    """
    opaque = not str(base)[len(base.scheme) + 1 :].startswith("/")
    return not opaque or _SCHEME.match(location) is not None
