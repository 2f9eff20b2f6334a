"""The seam's vocabulary: requests, results and the closed union of fetched body kinds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit


@dataclass(frozen=True)
class WebSearchRequest:
    """One query. ``max_results`` bounds the sources; ``None`` means unbounded."""

    query: str
    max_results: int | None = None


@dataclass(frozen=True)
class WebSearchSource:
    """A citeable source. Only ``url`` is required: adapters never invent a title.

    Render ``title or hostname(url)`` for display (see :func:`source_label`).
    """

    url: str
    title: str | None = None
    snippet: str | None = None
    summary: str | None = None
    published_at: str | None = None


@dataclass(frozen=True)
class WebSearchResult:
    """Sources (already cut to ``max_results`` by the seam) and an optional provider answer."""

    sources: tuple[WebSearchSource, ...]
    content: str | None = None
    truncated: bool = False


@dataclass(frozen=True)
class WebFetchRequest:
    """What to retrieve. No timeout, format or extraction fields, by design."""

    url: str


@dataclass(frozen=True)
class HtmlBody:
    """Decoded HTML, as served; the consumer renders it (to Markdown)."""

    content: str
    kind: Literal["html"] = "html"


@dataclass(frozen=True)
class TextBody:
    """Decoded text of any other textual type (plain text, JSON, XML, ...)."""

    content: str
    kind: Literal["text"] = "text"


@dataclass(frozen=True)
class PdfBody:
    """Text extracted from a PDF, pages separated by form feeds (``\\f``)."""

    content: str
    page_count: int
    kind: Literal["pdf"] = "pdf"


# Closed: consumers `match` on it and end with `assert_never`, so a new kind fails type-checking
# at every consumer until it is handled.
WebFetchBody = HtmlBody | TextBody | PdfBody


@dataclass(frozen=True)
class WebFetchResult:
    """``url`` is the final URL after allowed redirects; a 404 or 500 is a result, not an error."""

    url: str
    status_code: int
    body: WebFetchBody
    truncated: bool = False


def hostname(url: str) -> str | None:
    """The host name of ``url`` (what a source without a title is shown as), or None."""
    try:
        return urlsplit(url).hostname or None
    except ValueError:
        return None


def source_label(source: WebSearchSource) -> str:
    """The display label of a source: its title, else its host name, else the raw URL."""
    if source.title and source.title.strip():
        return source.title.strip()
    return hostname(source.url) or source.url
