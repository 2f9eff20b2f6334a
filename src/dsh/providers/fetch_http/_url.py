"""URL checks done before any connection: length, scheme, credentials, host syntax.

The same checks run on the request URL and on every redirect target, so a redirect can never
reach something the model could not have asked for directly.
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

import httpx

from dsh.providers.fetch_http._guard import parse_host
from dsh.web import WEB_BLOCKED_URL, WEB_INVALID_URL, WebError

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
DEFAULT_PORTS = {"http": 80, "https": 443}
_PARSE_LIMIT = 65_536  # httpx refuses longer URLs ("URL too long")


def check_url(raw: object, *, max_length: int) -> httpx.URL:
    """Parse a requested URL, or raise ``WEB_INVALID_URL`` / ``WEB_BLOCKED_URL`` saying why."""
    if not isinstance(raw, str) or not raw.strip():
        raise WebError(WEB_INVALID_URL, "url must be a non-empty string.")
    text = raw.strip()
    if len(text) > max(max_length, _PARSE_LIMIT):
        # Longer than httpx parses: over the limit whatever normalisation would remove.
        raise _too_long(len(text), max_length)
    if _CONTROL.search(text):
        raise WebError(
            WEB_INVALID_URL,
            f"The URL {quoted(text)} contains control characters (such as a newline or tab); "
            "remove them.",
        )
    scheme = text.split(":", 1)[0].lower() if ":" in text else ""
    if scheme not in DEFAULT_PORTS:
        if "://" not in text:
            raise WebError(
                WEB_INVALID_URL,
                f"{quoted(text)} is not an absolute URL; give the full address, starting "
                "with http:// or https://.",
            )
        raise WebError(
            WEB_INVALID_URL,
            f"Only http:// and https:// URLs can be fetched, not {scheme}: ({quoted(text)}).",
        )
    authority = re.split(r"[/?#]", text.split("://", 1)[1], maxsplit=1)[0]
    host_part = authority.rsplit("@", 1)[-1]
    if host_part.startswith("[") and "]" not in host_part:
        # httpx reads the address's last group as a port ("Invalid port: ':1'").
        raise WebError(
            WEB_INVALID_URL,
            f"{quoted(text)} opens an IPv6 address with '[' but does not close it; write the "
            "address in brackets, then the port: http://[2001:db8::1]:8080/.",
        )
    try:
        url = httpx.URL(text)
    except (httpx.InvalidURL, ValueError, TypeError) as error:
        raise WebError(WEB_INVALID_URL, f"{quoted(text)} is not a valid URL: {error}.") from None
    # Counted as sent (percent-encoded, punycode host, dot segments and default port removed),
    # the only form a redirect target has, so both meet the same limit (decision 0041).
    sent = len(str(url))
    if sent > max_length:
        raise _too_long(sent, max_length, written=len(text))
    return check_parsed(url, shown=text)


def _too_long(length: int, max_length: int, *, written: int | None = None) -> WebError:
    if written is None or written == length:
        how = ""
    elif written < length:
        how = (
            f" once encoded ({written:,} as written: non-ASCII characters and spaces are "
            "percent-encoded)"
        )
    else:
        how = f" once normalised ({written:,} as written)"
    return WebError(
        WEB_INVALID_URL,
        f"The URL is {length:,} characters long{how}; the limit is {max_length:,} "
        "(max_url_length). Fetch a shorter URL.",
    )


def check_parsed(url: httpx.URL, *, shown: str | None = None) -> httpx.URL:
    """The checks that need a parsed URL (also used on redirect targets)."""
    label = quoted(shown if shown is not None else without_credentials(url))
    if url.scheme not in DEFAULT_PORTS:
        raise WebError(
            WEB_INVALID_URL, f"Only http:// and https:// URLs can be fetched, not {url.scheme}:."
        )
    if url.userinfo:
        raise WebError(
            WEB_BLOCKED_URL,
            "URLs with credentials (user:password@host) are never fetched: the fetcher is "
            f"anonymous. Remove the credentials from {quoted(without_credentials(url))}.",
        )
    try:
        # httpx decodes an ``xn--`` (IDNA) host on access; a bad one raises UnicodeError.
        host = url.host
    except UnicodeError as error:
        raw = url.raw_host.decode("ascii", errors="replace")
        raise WebError(
            WEB_INVALID_URL,
            f"{label} has an invalid host name {quoted(raw)}: it is not a valid "
            f"internationalised domain name ({error}).",
        ) from None
    if not host:
        raise WebError(WEB_INVALID_URL, f"{label} has no host name.")
    if url.port is not None and not 0 < url.port < 65536:
        raise WebError(
            WEB_INVALID_URL, f"{label} has the port {url.port}, outside the range 1-65535."
        )
    try:
        parse_host(host)
    except ValueError:
        # The host as written (httpx percent-encodes a space), and what a valid one is: the
        # parser's own words only repeated the host ("invalid host name 'exa%20mple.com'").
        raise WebError(
            WEB_INVALID_URL,
            f"{label} has an invalid host name {quoted(unquote(host))}: a host name is letters, "
            "digits and hyphens in labels separated by dots (or an IP address).",
        ) from None
    return url


def origin(url: httpx.URL) -> tuple[str, str, int]:
    """Scheme, host and port (default ports made explicit), as browsers compare origins."""
    return url.scheme, url.host.lower(), url.port or DEFAULT_PORTS.get(url.scheme, 0)


def without_credentials(url: httpx.URL) -> str:
    return str(url.copy_with(username=None, password=None)) if url.userinfo else str(url)


def quoted(text: str, limit: int = 200) -> str:
    """A value quoted for a message as JSON (the model reads JSON: `"ftp://x"`, not Python's
    `'ftp://x'`), shortened so an over-long value does not flood the context."""
    return json.dumps(text if len(text) <= limit else text[: limit - 1] + "…", ensure_ascii=False)
