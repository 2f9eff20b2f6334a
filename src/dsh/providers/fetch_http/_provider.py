"""`HttpFetchProvider`: the anonymous HTTP(S) fetcher behind the fetch provider id ``http``.

One request is: check the URL; then, under one total deadline and the caller's signal, connect
through the guarded transport, follow same-origin redirects by hand (each hop re-checked),
classify the content type before reading the body, read the body within the decoded-byte cap,
and decode it (text, HTML or PDF) within the character cap.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx

from dsh._text import quoted_message, strip_controls
from dsh.harness import AbortError, AbortSignal, race_signal
from dsh.providers.fetch_http._body import read_bounded
from dsh.providers.fetch_http._client import build_client
from dsh.providers.fetch_http._config import Config
from dsh.providers.fetch_http._content import (
    ContentType,
    classify,
    named_pdf,
    parse_content_type,
)
from dsh.providers.fetch_http._decode import (
    choose_encoding,
    decode,
    unreadable_share,
)
from dsh.providers.fetch_http._guard import NetworkPolicy, Resolver, check_literal_host
from dsh.providers.fetch_http._network import Connector
from dsh.providers.fetch_http._network_errors import head_too_large, network_error
from dsh.providers.fetch_http._pdf import extract
from dsh.providers.fetch_http._redirects import (
    REDIRECT_STATUSES,
    STUB_TEXT_MAX_CHARS,
    RedirectLimits,
    document_base,
    immediate_refresh,
    location_target,
    meta_refresh,
    reads_as_stub,
    redirect_target,
    resolves_against,
)
from dsh.providers.fetch_http._url import check_url, quoted
from dsh.web import (
    WEB_ABORTED,
    WEB_FETCH_TIMEOUT,
    WEB_FETCH_TOO_LARGE,
    WEB_PROVIDER_ERROR,
    WEB_UNSUPPORTED_CONTENT_TYPE,
    HtmlBody,
    PdfBody,
    TextBody,
    WebError,
    WebFetchBody,
    WebFetchRequest,
    WebFetchResult,
)

# Decoded text never needs more than 4 bytes per character (UTF-8, UTF-16, GB18030, and a
# replacement character never eats more than 4 bytes), so reading past 4 x max_body_chars
# bytes could only produce text that is cut anyway.
_BYTES_PER_CHAR = 4


class HttpFetchProvider:
    """Anonymous HTTP(S) GET with the limits of :class:`Config`.

    ``resolver`` and ``connector`` replace the guard's DNS lookup and TCP connect (tests and
    embedders use them to point names at local servers without touching the network).
    """

    id = "http"

    def __init__(
        self,
        config: Config | None = None,
        *,
        resolver: Resolver | None = None,
        connector: Connector | None = None,
    ) -> None:
        self.config = config or Config()
        self._policy = NetworkPolicy.from_config(
            self.config.allow_private_network, self.config.allowed_hosts
        )
        self._client = build_client(self.config, self._policy, resolver, connector)
        self._redirect_limits = RedirectLimits(
            self.config.max_redirects, self.config.max_url_length, self._policy
        )

    def __repr__(self) -> str:
        return f"HttpFetchProvider(id={self.id!r})"

    def available(self) -> bool:
        """Always: the fetcher needs no key."""
        return True

    async def aclose(self) -> None:
        """Close the connection pool (the plugin does this when its scope is disposed)."""
        await self._client.aclose()

    async def fetch(
        self, request: WebFetchRequest, signal: AbortSignal | None = None
    ) -> WebFetchResult:
        """Fetch ``request.url``; a 404 or 500 is a result, failures are :class:`WebError`."""
        url = check_url(request.url, max_length=self.config.max_url_length)
        if signal is not None and signal.aborted:
            raise _aborted(url, signal.reason)
        stop = threading.Event()
        deadline = asyncio.timeout(self.config.timeout)
        try:
            async with deadline:
                # race_signal cancels (and awaits) the fetch when the signal fires; the
                # deadline cancels it the same way. Either way `async with`/`finally` blocks
                # inside close the response, so the connection is released.
                return await race_signal(self._fetch(url, stop), signal)
        except TimeoutError:
            if deadline.expired():
                raise WebError(
                    WEB_FETCH_TIMEOUT,
                    f"Fetching {url} timed out after {self.config.timeout:g} s (the limit "
                    "covers connecting, the response headers and the whole body).",
                ) from None
            raise WebError(WEB_PROVIDER_ERROR, f"Fetching {url} timed out.") from None
        except AbortError as error:
            raise _aborted(url, error.reason) from None
        finally:
            stop.set()  # a PDF extraction still running in its thread ends at its next operator

    async def _fetch(self, url: httpx.URL, stop: threading.Event) -> WebFetchResult:
        current = url
        hops = 0
        visited = {url}
        while True:
            check_literal_host(current.host, self._policy)
            response = await _send(self._client, current)
            try:
                if response.status_code in REDIRECT_STATUSES:
                    current = redirect_target(
                        current, response, self._redirect_limits, hops=hops, visited=visited
                    )
                    visited.add(current)
                    hops += 1
                    continue
                result = await self._read(current, response, stop)
                target = await self._refresh_target(current, response, result, hops, visited)
                if target is None:
                    return result
                current = target
                visited.add(current)
                hops += 1
            except httpx.HTTPError as error:
                raise network_error(current, error) from None
            finally:
                await response.aclose()

    async def _refresh_target(
        self,
        url: httpx.URL,
        response: httpx.Response,
        result: WebFetchResult,
        hops: int,
        visited: set[httpx.URL],
    ) -> httpx.URL | None:
        """Where an immediate ``Refresh`` (header, or an HTML page's ``<meta http-equiv>``) of a
        2xx page leads, checked like a redirect's ``Location``; ``None`` to keep the page.

        Such a page is a redirect stub that a browser leaves at once: shown as it is, it read
        "no text content" and the model never learned where it pointed. A page with more to
        read than a stub's line keeps its refresh unfollowed (its text is the answer). An error
        page keeps its status (the information), and a refresh to a URL this fetch already
        requested keeps the page (what it says is the page; following would only loop).
        """
        if not response.is_success:
            return None
        # The header is read before the page exists: its URL resolves against the response's.
        location = immediate_refresh(response.headers.get("refresh"))
        base = url
        if location is None and isinstance(result.body, HtmlBody):
            meta = meta_refresh(result.body.content)
            if meta is not None:
                location = immediate_refresh(meta.content)
                base = document_base(url, meta.base)
        # Parsing the whole page to count its text takes a fraction of a second on megabytes
        # of markup: off the event loop, as rendering is, so other calls are not held up.
        if location is None or not resolves_against(base, location):
            return None  # a relative URL under `<base href="about:blank">`: browsers stay
        if not await asyncio.to_thread(_reads_as_stub, result.body):
            return None
        try:
            # A fragment is never sent: "#top" names the page already fetched.
            target = base.join(location).copy_with(fragment=None)
            if any(target == seen.copy_with(fragment=None) for seen in visited):
                return None
        except (httpx.InvalidURL, ValueError, TypeError):
            pass  # location_target words it
        return location_target(
            url, location, self._redirect_limits, hops=hops, visited=visited, base=base
        )

    async def _read(
        self, url: httpx.URL, response: httpx.Response, stop: threading.Event
    ) -> WebFetchResult:
        final = str(url)
        status = response.status_code
        content_type = parse_content_type(response.headers.get("content-type"))
        kind = classify(content_type)
        by_name = response.is_success and named_pdf(
            content_type, response.headers.get("content-disposition"), url.path
        )
        if by_name:
            kind = "pdf"
        if kind is None or content_type is None:
            if not response.is_success or _known_empty(response):
                # The status is the information; an error page's body in a type we do not
                # decode (or none) is not worth an error (decision 0041).
                return WebFetchResult(final, status, TextBody(""), truncated=False)
            raise _unsupported(final, response.headers.get("content-type"))
        max_bytes = self.config.max_response_bytes
        declared = _content_length(response)
        if declared is not None and declared > max_bytes:
            raise WebError(
                WEB_FETCH_TOO_LARGE,
                f"The response from {final} is {declared:,} bytes (Content-Length); the limit "
                f"is {max_bytes:,} bytes (max_response_bytes).",
            )
        if kind == "pdf":
            data, more = await read_bounded(response, max_bytes, url=final)
            if more:
                raise WebError(
                    WEB_FETCH_TOO_LARGE,
                    f"The PDF at {final} is larger than {max_bytes:,} bytes "
                    "(max_response_bytes), and a partial PDF cannot be read.",
                )
            if by_name and b"%PDF-" not in data[:1024]:  # where PDF readers look for it
                raise WebError(
                    WEB_UNSUPPORTED_CONTENT_TYPE,
                    f"{final} answered with Content-Type {quoted(content_type.mime)} and a PDF "
                    "file name, but its body is not a PDF; only HTML, text (including JSON and "
                    "XML) and PDF can be fetched.",
                )
            # Release the connection before the CPU-bound part. httpx has already done so when
            # read_bounded read to the end (aiter_raw closes the response there); this keeps it
            # true whatever reads the body (the test holds extraction and fetches meanwhile).
            await response.aclose()
            try:
                pdf = await asyncio.to_thread(
                    extract, data, max_chars=self.config.max_body_chars, stop=stop, url=final
                )
            except WebError as error:
                if response.is_success or error.code != WEB_UNSUPPORTED_CONTENT_TYPE:
                    raise
                # An error page that is no readable PDF (a .pdf URL's 404 page): the status is
                # the information, as for an error page of an unsupported type (decision 0041).
                return WebFetchResult(final, status, TextBody(""), truncated=False)
            # Control characters are stripped page by page in extract(), as for text.
            return WebFetchResult(
                final, status, PdfBody(pdf.content, pdf.page_count), truncated=pdf.truncated
            )
        # HTML source is the renderer's input, not the model's: its cap is the renderer's bound.
        max_chars = self.config.max_html_chars if kind == "html" else self.config.max_body_chars
        limit = min(max_bytes, _BYTES_PER_CHAR * max_chars + _BYTES_PER_CHAR)
        data, more = await read_bounded(response, limit, url=final)
        encoding = choose_encoding(data, kind, content_type, url=final, cut=more)
        decoded = decode(data, encoding, cut=more)
        if (unreadable := unreadable_share(decoded)) is not None:
            if not response.is_success:
                # The status is the information, as for an error page of a type we do not
                # read (decision 0041).
                return WebFetchResult(final, status, TextBody(""), truncated=False)
            raise WebError(
                WEB_UNSUPPORTED_CONTENT_TYPE,
                f"{final} answered with Content-Type {quoted(content_type.mime)}, but its body "
                f"is not readable text: {unreadable:.0%} of its first characters are control "
                f"characters or bytes invalid in {encoding} (binary data, or text in another "
                "charset), so it was not shown.",
            )
        text = strip_controls(decoded)
        truncated = more or len(text) > max_chars
        text = text[:max_chars]
        body: WebFetchBody = HtmlBody(text) if kind == "html" else TextBody(text)
        return WebFetchResult(final, status, body, truncated=truncated)


def _reads_as_stub(body: WebFetchBody) -> bool:
    """Whether a refreshing page has next to nothing to read, as a redirect stub has."""
    if isinstance(body, HtmlBody):
        return reads_as_stub(body.content)
    return len("".join(body.content.split())) <= STUB_TEXT_MAX_CHARS


class _ReusedConnection:
    """A ``trace`` callback (the request extension httpx and httpcore document) noting whether a
    request went out on a kept-alive connection: httpcore reports ``connection.connect_tcp``
    (through a SOCKS proxy ``socks.connect_tcp``) for each connection it opens, and nothing for
    one it reuses, then ``http11.send_request_headers`` as it sends the request.

    Reuse is only concluded from both: events httpcore no longer names so read as a new
    connection, whose failure is not resent (two GETs for one fetch), never the reverse."""

    def __init__(self) -> None:
        self.opened = False
        self.sent = False

    @property
    def reused(self) -> bool:
        return self.sent and not self.opened

    async def __call__(self, event: str, _info: dict[str, Any]) -> None:
        if event.endswith(".connect_tcp.started"):
            self.opened = True
        elif event.endswith(".send_request_headers.started"):
            self.sent = True


async def _send(client: httpx.AsyncClient, url: httpx.URL) -> httpx.Response:
    connection = _ReusedConnection()
    request = client.build_request("GET", url, extensions={"trace": connection})
    try:
        return await client.send(request, stream=True)
    except (httpx.RemoteProtocolError, httpx.ReadError) as error:
        # Sent on a kept-alive connection, a request can fail through no fault of its own: the
        # server closed it meanwhile, or an earlier response left bytes past its Content-Length
        # in its buffer (read as this response: "illegal status line"). The connection is
        # discarded now, so the GET is sent once more, on a new one through the guard, as
        # browsers resend a request that fails on a reused connection. On a new connection the
        # failure is the server's answer, and so are response headers too large to read.
        if not connection.reused or head_too_large(error):
            raise network_error(url, error) from None
    except httpx.HTTPError as error:
        raise network_error(url, error) from None
    try:
        return await client.send(client.build_request("GET", url), stream=True)
    except httpx.HTTPError as error:
        raise network_error(url, error) from None


def _content_length(response: httpx.Response) -> int | None:
    value = response.headers.get("content-length")
    if value is None or not value.strip().isdigit():
        return None
    return int(value.strip())


def _known_empty(response: httpx.Response) -> bool:
    return response.status_code in (204, 205, 304) or _content_length(response) == 0


def _unsupported(url: str, header: str | None) -> WebError:
    supported = "HTML, text (including JSON and XML) and PDF"
    if header is None or not header.strip():
        what = "without a Content-Type"
    else:
        content_type: ContentType | None = parse_content_type(header)
        shown = content_type.mime if content_type else header.strip()[:80]
        what = f"with Content-Type {quoted(shown)}"
    return WebError(
        WEB_UNSUPPORTED_CONTENT_TYPE,
        f"{url} answered {what}; only {supported} can be fetched, so the body was not read.",
    )


def _aborted(url: httpx.URL, reason: BaseException | None) -> WebError:
    # The caller's reason, quoted: one line, bounded, URL credentials and query secrets masked.
    text = quoted_message(str(reason)) if reason is not None else ""
    detail = f": {text}" if text else "."
    return WebError(WEB_ABORTED, f"Fetching {url} was aborted{detail}")


__all__ = ["HttpFetchProvider"]
