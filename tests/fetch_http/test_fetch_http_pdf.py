"""PDF bodies: text page by page, the caps, scanned and encrypted files."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpcore
import pytest

import dsh.providers.fetch_http._provider as provider_module
from dsh.providers.fetch_http import HttpFetchProvider
from dsh.providers.fetch_http._guard import IPAddress
from dsh.providers.fetch_http._pdf import extract
from dsh.web import (
    WEB_FETCH_TIMEOUT,
    WEB_FETCH_TOO_LARGE,
    WEB_UNSUPPORTED_CONTENT_TYPE,
    PdfBody,
    TextBody,
    WebFetchRequest,
    WebFetchResult,
)
from fetch_http.fetch_support import (
    LoopbackOnlyConnector,
    MakeFetcher,
    assert_nothing_left,
    chunked,
    encrypt_pdf,
    expect_error,
    make_form_bomb_pdf,
    make_pdf,
    pdf_from_objects,
)
from support.local_http import LocalServer


async def fetch_pdf(
    server: LocalServer, fetcher: HttpFetchProvider, data: bytes, path: str = "/doc.pdf"
) -> WebFetchResult:
    server.respond(path, data, content_type="application/pdf")
    return await fetcher.fetch(WebFetchRequest(server.url(path)))


async def test_single_page(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    fetcher = make_fetcher()
    result = await fetch_pdf(server, fetcher, make_pdf(["Hello (PDF) world\nsecond line"]))
    assert result.body == PdfBody("Hello (PDF) world\nsecond line", page_count=1)
    assert result.truncated is False
    await assert_nothing_left(fetcher, server)


async def test_pages_are_separated_by_form_feeds(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    fetcher = make_fetcher()
    result = await fetch_pdf(server, fetcher, make_pdf(["first page", "second page", "third"]))
    assert result.body == PdfBody("first page\fsecond page\fthird", page_count=3)


async def test_control_characters_are_stripped_but_page_separators_kept(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    fetcher = make_fetcher()
    result = await fetch_pdf(server, fetcher, make_pdf(["one\x01two\x1b[0m", "three\x7f"]))
    assert result.body == PdfBody("onetwo[0m\fthree", 2)


async def test_surrogates_from_a_broken_cmap_never_reach_the_text(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # A ToUnicode CMap can map a code to half of a UTF-16 surrogate pair; pypdf passes it
    # through. A lone half cannot be encoded as UTF-8 (the MCP response and the CLI's output
    # would fail), and two halves from two codes are one character, not two.
    halves = {"\x01": "D83D", "\x02": "D83D", "\x03": "DE00"}
    fetcher = make_fetcher(max_body_chars=4)
    result = await fetch_pdf(server, fetcher, make_pdf(["A\x01B\x02\x03C"], to_unicode=halves))
    assert result.body == PdfBody("A\ufffdB\U0001f600", page_count=1)
    assert result.truncated is True
    result.body.content.encode()


async def test_char_cap_stops_extraction(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    pages = [f"page {n} " + "w" * 50 for n in range(40)]
    fetcher = make_fetcher(max_body_chars=120)
    result = await fetch_pdf(server, fetcher, make_pdf(pages))
    assert result.body == PdfBody(
        (pages[0] + "\f" + pages[1] + "\f" + pages[2])[:120], page_count=40
    )
    assert result.truncated is True


async def test_pdf_over_the_byte_cap_is_too_large(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    data = make_pdf(["x" * 500] * 20)
    server.route("/big.pdf", chunked(data, "application/pdf"))
    fetcher = make_fetcher(max_response_bytes=len(data) - 1)
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/big.pdf"))), WEB_FETCH_TOO_LARGE
    )
    assert error.message == (
        f"The PDF at {server.url('/big.pdf')} is larger than {len(data) - 1:,} bytes "
        "(max_response_bytes), and a partial PDF cannot be read."
    )
    await assert_nothing_left(fetcher, server)


async def test_scanned_pdf_is_refused_clearly(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    fetcher = make_fetcher()
    server.respond("/scan.pdf", make_pdf(["", ""], image_only=True), content_type="application/pdf")
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/scan.pdf"))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    assert error.message == (
        f"The PDF at {server.url('/scan.pdf')} has 2 pages but no extractable text: it is "
        "probably scanned images, and text recognition (OCR) is not supported."
    )


async def test_pdf_of_control_characters_only_is_refused_as_textless(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # A font without a usable encoding yields raw low codes; stripped, nothing is left: that
    # PDF has no extractable text, it is not an empty result.
    fetcher = make_fetcher()
    data = make_pdf(["\x01\x02\x03", "\x04\x05"])
    server.respond("/codes.pdf", data, content_type="application/pdf")
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/codes.pdf"))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    assert "has 2 pages but no extractable text" in error.message


async def test_pdf_char_cap_counts_text_after_stripping(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # As for text bodies, the cap counts what is returned, and a form feed inside a page is
    # not a page separator.
    fetcher = make_fetcher(max_body_chars=8)
    result = await fetch_pdf(server, fetcher, make_pdf(["ab\x01\x02\x03\x0ccd", "ef"]))
    assert (result.body, result.truncated) == (PdfBody("abcd\fef", page_count=2), False)


async def test_password_protected_pdf_is_refused_clearly(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    fetcher = make_fetcher()
    data = encrypt_pdf(make_pdf(["secret text"]), user_password="secret")
    server.respond("/locked.pdf", data, content_type="application/pdf")
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/locked.pdf"))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    assert error.message == (
        f"The PDF at {server.url('/locked.pdf')} is encrypted (password-protected), so its text "
        "cannot be extracted."
    )
    assert "secret text" not in error.message


async def test_permissions_only_encryption_is_read(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # An empty user password (only an owner password restricting printing etc.) opens for all.
    fetcher = make_fetcher()
    data = encrypt_pdf(make_pdf(["readable anyway"]), user_password="")
    result = await fetch_pdf(server, fetcher, data)
    assert result.body == PdfBody("readable anyway", page_count=1)


@pytest.mark.parametrize("data", [b"%PDF-1.4\nnot really a pdf", b"GIF89a...."])
async def test_damaged_pdf_is_a_clear_error(
    server: LocalServer, make_fetcher: MakeFetcher, data: bytes
) -> None:
    fetcher = make_fetcher()
    server.respond("/bad.pdf", data, content_type="application/pdf")
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/bad.pdf"))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    assert error.message.startswith(f"The PDF at {server.url('/bad.pdf')} could not be read (")
    assert error.message.endswith("); it may be damaged or not a PDF.")


async def test_a_long_parser_message_is_quoted_one_line_and_cut_visibly(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # pypdf quotes the bytes it choked on, as a bytes repr: 300 raw bytes make a 318-character
    # message. It was cut at 200 characters mid-escape, with no sign of the cut; it is quoted by
    # the shared rule (one line, secrets masked, `…` where it is cut).
    fetcher = make_fetcher()
    url = server.url("/junk.pdf")
    data = pdf_from_objects([b"} " + b"\x01" * 300], 1)
    server.respond("/junk.pdf", data, content_type="application/pdf")
    error = await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_UNSUPPORTED_CONTENT_TYPE)
    prefix, suffix = f"The PDF at {url} could not be read (", "); it may be damaged or not a PDF."
    assert error.message.startswith(prefix + "PdfReadError: Invalid Elementary Object")
    assert error.message.endswith("…" + suffix)
    assert len(error.message) == len(prefix) + 200 + len(suffix)


async def test_pdf_error_page_is_still_a_result(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    fetcher = make_fetcher()
    server.respond(
        "/e.pdf", make_pdf(["Access denied"]), status=403, content_type="application/pdf"
    )
    result = await fetcher.fetch(WebFetchRequest(server.url("/e.pdf")))
    assert (result.status_code, result.body) == (403, PdfBody("Access denied", page_count=1))


@pytest.mark.parametrize(
    "data", [b"<html><h1>404 Not Found</h1></html>", make_pdf(["x"], image_only=True)]
)
async def test_unreadable_pdf_error_page_is_a_result_with_its_status(
    server: LocalServer, make_fetcher: MakeFetcher, data: bytes
) -> None:
    # An error page labelled application/pdf (a .pdf URL's 404 page) is not readable as a PDF:
    # the status is the information, as for an error page of an unsupported type (decision 0041).
    fetcher = make_fetcher()
    server.respond("/gone.pdf", data, status=404, content_type="application/pdf")
    result = await fetcher.fetch(WebFetchRequest(server.url("/gone.pdf")))
    assert (result.status_code, result.body, result.truncated) == (404, TextBody(""), False)
    await assert_nothing_left(fetcher, server)


async def test_deadline_covers_extraction(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    # 3000 pages take pypdf seconds; the download takes milliseconds. The loop stays free
    # (extraction runs in a thread) and the deadline still ends the fetch on time.
    data = make_pdf([f"page {n} text" for n in range(3000)])
    server.respond("/long.pdf", data, content_type="application/pdf")
    fetcher = make_fetcher(timeout=0.3, max_body_chars=10_000_000)
    loop = asyncio.get_running_loop()
    start = loop.time()
    await expect_error(fetcher.fetch(WebFetchRequest(server.url("/long.pdf"))), WEB_FETCH_TIMEOUT)
    assert loop.time() - start < 1.5
    await assert_nothing_left(fetcher, server)


async def test_extraction_stops_inside_a_page_once_the_fetch_has_ended(
    server: LocalServer, make_fetcher: MakeFetcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A 1 KB page whose form XObject is drawn 5,000 times: 50 million text operations, about
    # half an hour of pypdf on one page. The stop flag used to be read between pages only, so
    # the worker thread ran on for that half hour after the fetch had timed out.
    ended = threading.Event()
    real_extract = extract  # what _provider imported, and calls until patched

    def observed_extract(*args: Any, **kwargs: Any) -> Any:
        try:
            return real_extract(*args, **kwargs)
        finally:
            ended.set()

    monkeypatch.setattr(provider_module, "extract", observed_extract)
    data = make_form_bomb_pdf(shows_per_form=10_000, form_calls=5_000)
    assert len(data) < 2_000
    server.respond("/bomb.pdf", data, content_type="application/pdf")
    fetcher = make_fetcher(timeout=0.3)
    await expect_error(fetcher.fetch(WebFetchRequest(server.url("/bomb.pdf"))), WEB_FETCH_TIMEOUT)
    # Ends at the next content-stream operator; the bound is generous for a loaded machine.
    assert await asyncio.to_thread(ended.wait, 10), "the PDF worker thread is still running"
    await assert_nothing_left(fetcher, server)


class CountingConnector(LoopbackOnlyConnector):
    """Counts the TCP connections the fetcher opens (a pooled one reused is not counted)."""

    def __init__(self) -> None:
        super().__init__()
        self.opened = 0

    async def connect(
        self,
        ip: IPAddress,
        port: int,
        timeout: float | None,  # noqa: ASYNC109 - the Connector protocol's signature
    ) -> httpcore.AsyncNetworkStream:
        self.opened += 1
        return await super().connect(ip, port, timeout)


async def test_the_connection_is_released_before_extraction(
    server: LocalServer, make_fetcher: MakeFetcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Decision 0040: the body is read whole, then the connection goes back to the pool before
    # pypdf runs (up to the deadline). Held instead, every PDF being extracted pins a connection,
    # and a fetch from the same site meanwhile has to open another one. (httpx releases it when
    # the body is read to its end, and _read's own aclose() keeps it so whatever reads the body:
    # with a reader that does not close, this fails without that aclose().)
    started = threading.Event()
    proceed = threading.Event()
    real_extract = extract  # what _provider imported, and calls until patched

    def held_extract(*args: Any, **kwargs: Any) -> Any:
        started.set()
        assert proceed.wait(10), "the test never let the extraction go on"
        return real_extract(*args, **kwargs)

    monkeypatch.setattr(provider_module, "extract", held_extract)
    server.respond("/doc.pdf", make_pdf(["the document"]), content_type="application/pdf")
    server.respond("/page.txt", "meanwhile")
    connector = CountingConnector()
    fetcher = make_fetcher(connector=connector)
    pdf = asyncio.ensure_future(fetcher.fetch(WebFetchRequest(server.url("/doc.pdf"))))
    try:
        assert await asyncio.to_thread(started.wait, 10), "the extraction never started"
        page = await fetcher.fetch(WebFetchRequest(server.url("/page.txt")))
        assert page.body == TextBody("meanwhile")
        assert connector.opened == 1  # the PDF's connection, already back in the pool
    finally:
        proceed.set()
    assert (await pdf).body == PdfBody("the document", page_count=1)
    await assert_nothing_left(fetcher, server)


# -- PDFs labelled as downloads ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "content_type", "disposition"),
    [
        # A file store's forced download (S3, many CMSs and university repositories).
        ("/download?id=7", "application/octet-stream", 'attachment; filename="paper.pdf"'),
        (
            "/download?id=7",
            "application/force-download",
            "attachment; filename*=UTF-8''p%C3%A9.PDF",
        ),
        # An object stored without a type (S3's default) at a .pdf path.
        ("/files/report.pdf", "binary/octet-stream", None),
        # The legacy type name.
        ("/download?id=7", "application/x-pdf", None),
    ],
)
async def test_a_pdf_served_as_a_named_download_is_read(
    server: LocalServer,
    make_fetcher: MakeFetcher,
    path: str,
    content_type: str,
    disposition: str | None,
) -> None:
    # Refused as "application/octet-stream" before, with no way for the model to get the text.
    headers = {"Content-Disposition": disposition} if disposition else {}
    route = path.split("?")[0]
    server.respond(route, make_pdf(["Downloaded text"]), content_type=content_type, headers=headers)
    fetcher = make_fetcher()
    result = await fetcher.fetch(WebFetchRequest(server.url(path)))
    assert result.body == PdfBody("Downloaded text", page_count=1)
    await assert_nothing_left(fetcher, server)


async def test_a_download_named_pdf_that_is_no_pdf_is_refused(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    server.respond("/x.pdf", b"PK\x03\x04 a zip archive", content_type="application/octet-stream")
    error = await expect_error(
        make_fetcher().fetch(WebFetchRequest(server.url("/x.pdf"))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    assert error.message == (
        f'{server.url("/x.pdf")} answered with Content-Type "application/octet-stream" and a '
        "PDF file name, but its body is not a PDF; only HTML, text (including JSON and XML) and "
        "PDF can be fetched."
    )


@pytest.mark.parametrize(
    ("path", "disposition"),
    [
        ("/data.bin", None),
        # The disposition's name is the file's name, whatever the path says.
        ("/x.pdf", 'attachment; filename="data.zip"'),
    ],
)
async def test_other_downloads_are_still_refused_unread(
    server: LocalServer, make_fetcher: MakeFetcher, path: str, disposition: str | None
) -> None:
    headers = {"Content-Disposition": disposition} if disposition else {}
    server.respond(path, make_pdf(["x"]), content_type="application/octet-stream", headers=headers)
    error = await expect_error(
        make_fetcher().fetch(WebFetchRequest(server.url(path))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    assert error.message.endswith("so the body was not read.")
