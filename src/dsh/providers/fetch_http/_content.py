"""Content classification (html / text / pdf / unsupported) from the ``Content-Type`` header.

Decided from the header alone, before any body byte is read: an image or a zip is refused
without downloading it. No sniffing: a server that mislabels its content gets what it said. A
download type (``application/octet-stream``) whose file name ends in ``.pdf`` is read as a PDF
(:func:`named_pdf`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote

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
_PDF = frozenset({"application/pdf", "application/x-pdf"})
# Types that say only "a file to download": file stores and CMSs serve PDFs under them.
_DOWNLOAD = frozenset(
    {
        "application/octet-stream",
        "binary/octet-stream",
        "application/force-download",
        "application/download",
        "application/x-download",
    }
)
_FILENAME = re.compile(r"""filename(\*?)\s*=\s*(?:"([^"]*)"|([^;]*))""", re.IGNORECASE)


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
    if mime in _PDF:
        return "pdf"
    if mime.startswith("text/") or mime in _TEXT or mime.endswith("+json") or mime.endswith("+xml"):
        return "text"
    return None


def named_pdf(content_type: ContentType | None, disposition: str | None, path: str) -> bool:
    """Whether a download type (``application/octet-stream`` ...) names a PDF file: the
    ``Content-Disposition`` file name, else the URL path's last segment, ends in ``.pdf``.

    Still decided from the headers alone (the body is checked for ``%PDF-`` once read): a file
    store's PDF was refused though the name said what it was, and the model had no other way to
    its text.
    """
    if content_type is None or content_type.mime not in _DOWNLOAD:
        return False
    names = {
        star: (quoted or bare).strip()
        for star, quoted, bare in _FILENAME.findall(disposition or "")
    }
    # RFC 6266: filename* (RFC 5987, charset''percent-encoded) wins over filename.
    name = names.get("*", "").rpartition("'")[2] or names.get("", "")
    name = unquote(name) if name else path.rpartition("/")[2]
    return name.lower().endswith(".pdf")
