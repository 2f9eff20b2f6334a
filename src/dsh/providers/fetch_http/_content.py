"""Content classification (html / text / pdf / unsupported) from the ``Content-Type`` header.

Decided from the header alone, before any body byte is read: an image or a zip is refused
without downloading it. No sniffing: a server that mislabels its content gets what it said.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["html", "text", "pdf"]

_HTML = frozenset({"text/html", "application/xhtml+xml"})
_TEXT = frozenset(
    {
        "application/json",
        "application/xml",
        "application/javascript",
        "application/ecmascript",
        "application/x-javascript",
        "application/x-ndjson",
        "application/ld+json",
        "application/yaml",
        "application/x-yaml",
        "application/toml",
        "application/sql",
        "application/graphql",
    }
)
_XML = frozenset({"application/xml", "text/xml", "application/xhtml+xml"})


@dataclass(frozen=True)
class ContentType:
    """A parsed ``Content-Type``: lower-cased ``type/subtype`` and the ``charset`` parameter."""

    mime: str
    charset: str | None

    @property
    def is_xml(self) -> bool:
        return self.mime in _XML or self.mime.endswith("+xml")

    @property
    def is_json(self) -> bool:
        return self.mime == "application/json" or self.mime.endswith("+json")


def parse_content_type(header: str | None) -> ContentType | None:
    """``None`` when the header is missing or has no ``type/subtype``.

    A repeated header arrives joined with ``", "``; it is read like browsers read it (Fetch,
    "extract a MIME type"): the last valid type wins, keeping the charset of an earlier value of
    the same type when it declares none.
    """
    if not header:
        return None
    result: ContentType | None = None
    for value in header.split(","):
        parsed = _parse_one(value)
        if parsed is None:
            continue
        if result is not None and parsed.charset is None and parsed.mime == result.mime:
            parsed = result
        result = parsed
    return result


def _parse_one(header: str) -> ContentType | None:
    mime, _, params = header.partition(";")
    mime = mime.strip().lower()
    if "/" not in mime or not all(mime.split("/", 1)):
        return None
    charset: str | None = None
    for param in params.split(";"):
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset" and charset is None:
            # The first non-empty one counts, as in browsers (WHATWG "parse a MIME type"): a
            # default appended after the application's own charset must not override it.
            value = value.strip().strip("\"'").strip()
            charset = value or None
    return ContentType(mime, charset)


def classify(content_type: ContentType | None) -> Kind | None:
    """The body kind for a content type, or ``None`` when it is not fetched as text."""
    if content_type is None:
        return None
    mime = content_type.mime
    if mime in _HTML:
        return "html"
    if mime == "application/pdf":
        return "pdf"
    if mime.startswith("text/") or mime in _TEXT or mime.endswith("+json") or mime.endswith("+xml"):
        return "text"
    return None
