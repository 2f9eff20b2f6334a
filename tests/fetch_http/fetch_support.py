"""Helpers for the `web-fetch-http` tests: hostile bodies, hand-built PDFs, and the "nothing
left behind" check. Fixtures are in conftest.py."""

from __future__ import annotations

import asyncio
import gzip
import io
import zlib
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import brotli
import httpcore
import pytest

from dsh.providers.fetch_http import HttpFetchProvider
from dsh.providers.fetch_http._guard import IPAddress
from dsh.providers.fetch_http._network import TcpConnector
from dsh.web import HtmlBody, TextBody, WebError
from support.local_http import LocalServer, Request, write_head

# Opened for the local test servers only; every other non-public address stays blocked.
LOOPBACK = ("127.0.0.1", "::1")

MakeFetcher = Callable[..., HttpFetchProvider]

# Text bodies are capped by max_body_chars, HTML source by max_html_chars (decision 0041).
CHAR_CAPS = pytest.mark.parametrize(
    ("content_type", "cap_key", "body_type"),
    [("text/plain", "max_body_chars", TextBody), ("text/html", "max_html_chars", HtmlBody)],
    ids=["text", "html"],
)


class NoDnsResolver:
    """Tests use IP literals: a name lookup would be traffic off this machine, so it fails."""

    async def resolve(self, host: str, port: int) -> Sequence[IPAddress]:
        raise AssertionError(f"the test tried to resolve {host!r}")


class LoopbackOnlyConnector:
    """Connects to loopback only: even a guard regression could not reach anything else."""

    def __init__(self) -> None:
        self._real = TcpConnector()

    async def connect(
        self,
        ip: IPAddress,
        port: int,
        timeout: float | None,  # noqa: ASYNC109 - the Connector protocol's signature
    ) -> httpcore.AsyncNetworkStream:
        assert ip.is_loopback, f"the test tried to connect to {ip}"
        return await self._real.connect(ip, port, timeout)


async def assert_nothing_left(provider: HttpFetchProvider, *servers: LocalServer) -> None:
    """Close the provider, then: every server connection closed, no task but the test's own."""
    await provider.aclose()
    for server in servers:
        await server.wait_idle()
    current = asyncio.current_task()
    # A body left before its end abandons httpx's and httpcore's nested body generators (only the
    # outermost can be closed by the reader); asyncio finalises them in short tasks of their own.
    # Those must end at once; anything else still running is a leak.
    for _ in range(5):
        finalizers = [t for t in _running(current) if _is_generator_finalizer(t)]
        if not finalizers:
            break
        await asyncio.wait(finalizers, timeout=1.0)
    leftover = _running(current)
    assert leftover == [], [t.get_coro() for t in leftover]


def _running(current: asyncio.Task[Any] | None) -> list[asyncio.Task[Any]]:
    return [t for t in asyncio.all_tasks() if t is not current and not t.done()]


def _is_generator_finalizer(task: asyncio.Task[Any]) -> bool:
    return type(task.get_coro()).__name__ == "async_generator_athrow"


async def expect_error(awaitable: Awaitable[Any], code: str) -> WebError:
    with pytest.raises(WebError) as caught:
        await awaitable
    assert caught.value.code == code, caught.value.message
    return caught.value


# -- hostile bodies ------------------------------------------------------------------------------


def gzip_bomb(size: int) -> bytes:
    """``size`` spaces, gzip-compressed (about 1000:1). Spaces, not NULs: control characters
    are stripped from text bodies, so NULs would come back as an empty body."""
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as file:
        chunk = b" " * (1 << 20)
        for _ in range(size // len(chunk)):
            file.write(chunk)
    return out.getvalue()


def deflate(data: bytes, *, raw: bool = False) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS if raw else zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush()


def brotli_bomb(size: int) -> bytes:
    return bytes(brotli.compress(b" " * size, quality=5))


def endless(chunk: bytes = b"x" * 65536, *, content_type: str = "text/plain") -> Any:
    """A handler streaming ``chunk`` forever (chunked encoding) until the client goes away."""

    async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
        await write_head(
            writer, 200, {"Content-Type": content_type, "Transfer-Encoding": "chunked"}
        )
        frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
        while True:
            writer.write(frame)
            await writer.drain()

    return handler


def chunked(body: bytes, content_type: str) -> Any:
    """A handler sending ``body`` in one chunk of a chunked response (no Content-Length)."""

    async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
        await write_head(
            writer, 200, {"Content-Type": content_type, "Transfer-Encoding": "chunked"}
        )
        writer.write(f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n")
        await writer.drain()

    return handler


# -- PDFs ----------------------------------------------------------------------------------------


def make_pdf(
    pages: list[str], *, image_only: bool = False, to_unicode: dict[str, str] | None = None
) -> bytes:
    """A small valid PDF: one page per string (lines split on newlines), Helvetica.

    ``image_only`` makes pages that only paint an image, like a scan: no text to extract.
    ``to_unicode`` gives the font a ToUnicode CMap: character code -> UTF-16BE hex (``"D83D"``).
    """
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in below
    pages_id = add(b"")
    cmap = b""
    if to_unicode:
        pairs = b" ".join(
            b"<%02X> <%s>" % (ord(code), target.encode()) for code, target in to_unicode.items()
        )
        cmap = (
            b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T def "
            b"1 begincodespacerange <00> <FF> endcodespacerange "
            b"%d beginbfchar %s endbfchar endcmap CMapName currentdict /CMap defineresource pop "
            b"end end" % (len(to_unicode), pairs)
        )
        cmap_id = add(b"<< /Length %d >>\nstream\n" % len(cmap) + cmap + b"\nendstream")
        cmap = b" /ToUnicode %d 0 R" % cmap_id
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica%s >>" % cmap)
    image = add(
        b"<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray "
        b"/BitsPerComponent 8 /Length 4 >>\nstream\n\x00\xff\xff\x00\nendstream"
    )
    kids: list[int] = []
    for text in pages:
        if image_only:
            stream = b"q 500 0 0 700 50 50 cm /Im1 Do Q"
        else:
            lines = []
            for number, line in enumerate(text.split("\n")):
                escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
                move = b"72 720 Td" if number == 0 else b"0 -16 Td"
                lines.append(move + b" (" + escaped.encode("latin-1") + b") Tj")
            stream = b"BT /F1 12 Tf " + b" ".join(lines) + b" ET"
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        kids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                b"/Resources << /Font << /F1 %d 0 R >> /XObject << /Im1 %d 0 R >> >> >>"
                % (pages_id, content, font, image)
            )
        )
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id
    objects[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids),
        len(kids),
    )
    return pdf_from_objects(objects, catalog)


def make_form_bomb_pdf(*, shows_per_form: int, form_calls: int) -> bytes:
    """One page of about a kilobyte whose text takes pypdf ``shows_per_form * form_calls``
    text operations: its content draws one form XObject ``form_calls`` times (pypdf follows
    up to 5,000 a page), and that form shows a letter ``shows_per_form`` times (both
    streams Flate-compressed, so the file stays tiny)."""
    page = zlib.compress(b"/X1 Do " * form_calls, 9)
    form = zlib.compress(b"BT /F1 12 Tf " + b"(x) Tj " * shows_per_form + b"ET", 9)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> /XObject << /X1 6 0 R >> >> >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(page) + page + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R "
        b">> >> /Length %d /Filter /FlateDecode >>\nstream\n" % len(form) + form + b"\nendstream",
    ]
    return pdf_from_objects(objects, 1)


def pdf_from_objects(objects: list[bytes], catalog: int) -> bytes:
    """Objects numbered from 1 in order, with their cross-reference table and trailer."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        catalog,
        xref,
    )
    return bytes(out)


def encrypt_pdf(data: bytes, *, user_password: str, owner_password: str = "owner") -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=user_password, owner_password=owner_password, algorithm="AES-256")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
