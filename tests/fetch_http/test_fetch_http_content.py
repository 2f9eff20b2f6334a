"""Content classification and charset decoding, over a real local server."""

from __future__ import annotations

import asyncio
import codecs
import hashlib
import json
import time
from typing import Any

import charset_normalizer
import pytest

from dsh.providers.fetch_http import DEFAULT_USER_AGENT
from dsh.providers.fetch_http._content import ContentType
from dsh.providers.fetch_http._decode import DETECT_BYTES, HEAD_SCAN_BYTES, choose_encoding
from dsh.web import (
    WEB_UNSUPPORTED_CONTENT_TYPE,
    HtmlBody,
    TextBody,
    WebFetchRequest,
)
from fetch_http.fetch_support import (
    CHAR_CAPS,
    MakeFetcher,
    assert_nothing_left,
    chunked,
    expect_error,
)
from support.local_http import LocalServer, Request, write_head


@pytest.mark.parametrize(
    ("content_type", "kind"),
    [
        ("text/html; charset=utf-8", "html"),
        ("TEXT/HTML", "html"),
        ("application/xhtml+xml", "html"),
        ("text/plain", "text"),
        ("text/markdown; charset=utf-8", "text"),
        ("text/csv", "text"),
        ("application/json", "text"),
        ("application/problem+json", "text"),
        ("application/xml", "text"),
        ("application/rss+xml", "text"),
        ("image/svg+xml", "text"),
    ],
)
async def test_textual_types_are_classified(
    server: LocalServer, make_fetcher: MakeFetcher, content_type: str, kind: str
) -> None:
    server.respond("/doc", "<x>1</x>", content_type=content_type)
    fetcher = make_fetcher()
    result = await fetcher.fetch(WebFetchRequest(server.url("/doc")))
    assert result.body.kind == kind
    assert result.body.content == "<x>1</x>"


@pytest.mark.parametrize(
    "content_type", ["image/png", "application/octet-stream", "application/zip", "video/mp4"]
)
async def test_binary_types_are_refused_without_reading_the_body(
    server: LocalServer, make_fetcher: MakeFetcher, content_type: str
) -> None:
    wrote_body = asyncio.Event()

    async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
        await write_head(writer, 200, {"Content-Type": content_type, "Content-Length": "1000000"})
        # The body is held back: a client that read it would hang until the deadline.
        await wrote_body.wait()

    server.route("/bin", handler)
    fetcher = make_fetcher(timeout=20.0)
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/bin"))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    wrote_body.set()
    assert error.message == (
        f"{server.url('/bin')} answered with Content-Type {json.dumps(content_type)}; only HTML, "
        "text (including JSON and XML) and PDF can be fetched, so the body was not read."
    )
    await assert_nothing_left(fetcher, server)


async def test_missing_content_type_is_refused(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    server.respond("/none", b"\x00\x01binary", content_type=None)
    fetcher = make_fetcher()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/none"))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    assert error.message.startswith(f"{server.url('/none')} answered without a Content-Type; ")


async def test_error_status_is_a_result_with_its_body(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    server.respond("/missing", "<h1>Not here</h1>", status=404, content_type="text/html")
    server.respond("/boom", "oops", status=500)
    fetcher = make_fetcher()
    missing = await fetcher.fetch(WebFetchRequest(server.url("/missing")))
    assert (missing.status_code, missing.body, missing.truncated) == (
        404,
        HtmlBody("<h1>Not here</h1>"),
        False,
    )
    boom = await fetcher.fetch(WebFetchRequest(server.url("/boom")))
    assert (boom.status_code, boom.body) == (500, TextBody("oops"))


async def test_error_status_with_binary_body_is_a_result_with_no_body(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    server.respond("/gone", b"\x89PNG...", status=410, content_type="image/png")
    server.respond("/untyped", b"raw", status=404, content_type=None)
    server.respond("/empty", b"", status=200, content_type=None)
    fetcher = make_fetcher()
    for path, status in (("/gone", 410), ("/untyped", 404), ("/empty", 200)):
        result = await fetcher.fetch(WebFetchRequest(server.url(path)))
        assert (result.status_code, result.body, result.truncated) == (status, TextBody(""), False)


async def test_user_agent_and_headers(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    server.respond("/", "ok")
    fetcher = make_fetcher()
    await fetcher.fetch(WebFetchRequest(server.url("/")))
    custom = make_fetcher(user_agent="my-agent/2.0 (+https://example.org/bot)")
    await custom.fetch(WebFetchRequest(server.url("/")))
    first, second = server.requests
    assert first.headers["user-agent"] == DEFAULT_USER_AGENT
    assert DEFAULT_USER_AGENT.startswith("dsh-web/")
    assert DEFAULT_USER_AGENT.endswith(" (+https://github.com/dsh-web/dsh-web)")
    assert second.headers["user-agent"] == "my-agent/2.0 (+https://example.org/bot)"
    for request in server.requests:
        assert request.method == "GET"
        assert request.headers["accept-encoding"] == "gzip, deflate, br"
        assert not {"cookie", "authorization", "proxy-authorization"} & set(request.headers)


async def test_ipv6_loopback(server_v6: LocalServer, make_fetcher: MakeFetcher) -> None:
    server_v6.respond("/six", "over ::1")
    fetcher = make_fetcher()
    result = await fetcher.fetch(WebFetchRequest(server_v6.url("/six")))
    assert (result.url, result.body) == (server_v6.url("/six"), TextBody("over ::1"))
    await assert_nothing_left(fetcher, server_v6)


@pytest.mark.parametrize(
    ("first", "second", "encoding", "kind"),
    [
        ("text/html; charset=windows-1251", "text/html", "cp1251", "html"),
        ("application/json", "application/json", "utf-8", "text"),
        # Another type: the earlier charset does not carry over (the body is UTF-8).
        ("text/plain; charset=windows-1251", "text/html", "utf-8", "html"),
    ],
)
async def test_repeated_content_type_headers(
    server: LocalServer,
    make_fetcher: MakeFetcher,
    first: str,
    second: str,
    encoding: str,
    kind: str,
) -> None:
    # A server (or a proxy) that sends Content-Type twice: httpx joins the values with ", ".
    # Read like browsers do (Fetch "extract a MIME type"): the last type, with the charset of
    # an earlier one of the same type when it has none.
    body = "Привет".encode(encoding)

    async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
        headers = [("Content-Type", first), ("Content-Type", second)]
        await write_head(writer, 200, [*headers, ("Content-Length", str(len(body)))])
        writer.write(body)
        await writer.drain()

    server.route("/twice", handler)
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/twice")))
    assert (result.body.kind, result.body.content) == (kind, "Привет")


async def test_of_two_charset_parameters_the_first_counts(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # A framework's "; charset=utf-8" with a server default appended after it: read by the last
    # one, the UTF-8 page was mojibake ("Ã©"). Browsers keep the first (WHATWG "parse a MIME
    # type": a parameter already set is not overwritten).
    header = "text/html; charset=utf-8; charset=iso-8859-1"
    assert await fetch_bytes(server, make_fetcher, "<p>Déjà vu</p>".encode(), header) == (
        "<p>Déjà vu</p>"
    )


# -- charsets ------------------------------------------------------------------------------------


async def fetch_bytes(
    server: LocalServer, make_fetcher: MakeFetcher, body: bytes, content_type: str
) -> str:
    server.respond("/c", body, content_type=content_type)
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/c")))
    return result.body.content


async def test_charset_from_the_header(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    body = "Grüße, 世界".encode("gb18030")
    assert await fetch_bytes(server, make_fetcher, body, "text/plain; charset=GBK") == "Grüße, 世界"


async def test_header_wins_over_meta(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    body = '<meta charset="utf-8"><p>café</p>'.encode("cp1252")
    text = await fetch_bytes(server, make_fetcher, body, "text/html; charset=windows-1252")
    assert text == '<meta charset="utf-8"><p>café</p>'


@pytest.mark.parametrize(
    "meta",
    [
        b'<meta charset="shift_jis">',
        b"<meta charset=Shift_JIS>",
        b'<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=shift_jis">',
    ],
)
async def test_charset_from_meta(
    server: LocalServer, make_fetcher: MakeFetcher, meta: bytes
) -> None:
    body = b"<html><head>" + meta + b"</head><body>" + "日本語".encode("cp932") + b"</body>"
    text = await fetch_bytes(server, make_fetcher, body, "text/html")
    assert text.endswith("<body>日本語</body>")


@pytest.mark.parametrize(
    "meta",
    [
        b'<meta name="description" content="charset=koi8-r">',
        b'<meta property="og:description" content="Use text/html; charset=koi8-r">',
        # Delayed: an immediate refresh is followed (its URL here would be "charset=koi8-r").
        b'<meta http-equiv="refresh" content="5; charset=koi8-r">',
        b'<meta data-charset="koi8-r">',
        b'<meta name="x" content="a > b charset=koi8-r">',
        b"<metadata charset=koi8-r>",
    ],
)
async def test_charset_only_from_a_charset_attribute_or_a_content_type_pragma(
    server: LocalServer, make_fetcher: MakeFetcher, meta: bytes
) -> None:
    # WHATWG prescan: "charset=" in another attribute or another meta declares nothing.
    body = b"<head>" + meta + b"</head><p>" + "naïve – ok".encode() + b"</p>"
    text = await fetch_bytes(server, make_fetcher, body, "text/html")
    assert text.endswith("<p>naïve – ok</p>")


@pytest.mark.parametrize(
    "metas",
    [
        b'<meta name="description" content="charset=koi8-r"><meta charset="shift_jis">',
        b"<meta content='text/html; charset=\"shift_jis\"' http-equiv=content-type>",
        b'<meta http-equiv="Content-Type" content="text/html;charset = Shift_JIS;x=y">',
        b'<meta name="x" content="a > b"><meta charset=shift_jis charset=koi8-r>',
    ],
)
async def test_the_first_declaring_meta_wins(
    server: LocalServer, make_fetcher: MakeFetcher, metas: bytes
) -> None:
    body = b"<head>" + metas + b"</head><p>" + "日本語".encode("cp932") + b"</p>"
    assert (await fetch_bytes(server, make_fetcher, body, "text/html")).endswith("<p>日本語</p>")


# A head that declares its charset late: inline style and script before the meta, past the
# first 4 KiB (Polish in ISO-8859-2, which detection leaves to windows-1252, so only the meta
# can say what the bytes are).
LATE_HEAD = (
    b"<html><head><title>Strona</title><style>" + b"p { margin: 0 } " * 200 + b"</style>"
    b"<script>var config = {};" + b" config.x = '<p>';" * 200 + b"</script>"
    b'<link rel="stylesheet" href="/s.css"><noscript><p>no scripts</p></noscript>'
)
POLISH = "Zażółć gęślą jaźń"


async def test_a_meta_charset_later_in_the_head_is_read(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # Browsers read a <meta charset> anywhere in the head (Chrome scans on while the tags are
    # ones a head holds; Firefox reloads on a late one); only the first 4 KiB were read, and the
    # page came out as windows-1252 ("Za¿ó³æ").
    assert len(LATE_HEAD) > 4096
    body = LATE_HEAD + b'<meta charset="iso-8859-2"></head><body><p>' + POLISH.encode("iso8859-2")
    text = await fetch_bytes(server, make_fetcher, body + b"</p></body>", "text/html")
    assert text.endswith(f"<p>{POLISH}</p></body>")


@pytest.mark.parametrize(
    "late",
    [
        # After the head: too late in browsers too (the text before it is already shown).
        b"</head><body><p>text</p>" + b" " * 4096 + b'<meta charset="iso-8859-2">',
        # A tag no head holds ends the head, </head> or not.
        b"<div>text</div>" + b" " * 4096 + b'<meta charset="iso-8859-2">',
        # In a script it is the script's text, not a tag.
        b"<script>document.write('<meta charset=\"iso-8859-2\">');</script>",
        # Past the bound the head is read to (HEAD_SCAN_BYTES): windows-1252, as detection
        # leaves Polish.
        b"<style>" + b" " * HEAD_SCAN_BYTES + b'</style><meta charset="iso-8859-2">',
    ],
    ids=["body", "head-ended-by-a-tag", "script", "past-the-bound"],
)
async def test_a_meta_charset_past_the_head_is_not_read(
    server: LocalServer, make_fetcher: MakeFetcher, late: bytes
) -> None:
    body = LATE_HEAD + late + b"<p>" + POLISH.encode("iso8859-2") + b"</p>"
    text = await fetch_bytes(server, make_fetcher, body, "text/html")
    assert text.endswith("<p>" + POLISH.encode("iso8859-2").decode("cp1252") + "</p>")


async def test_meta_inside_a_comment_is_ignored(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    body = b'<!-- <meta charset="koi8-r"> --><p>' + "naïve".encode() + b"</p>"
    assert (await fetch_bytes(server, make_fetcher, body, "text/html")).endswith("<p>naïve</p>")


@pytest.mark.parametrize(
    ("bom", "encoding"),
    [
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    ],
)
async def test_charset_from_bom(
    server: LocalServer, make_fetcher: MakeFetcher, bom: bytes, encoding: str
) -> None:
    body = bom + "<p>Ωmega</p>".encode(encoding)
    assert await fetch_bytes(server, make_fetcher, body, "text/html") == "<p>Ωmega</p>"


@pytest.mark.parametrize("bom", [codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE])
async def test_utf16_label_takes_its_byte_order_from_the_bom(
    server: LocalServer, make_fetcher: MakeFetcher, bom: bytes
) -> None:
    # "utf-16" names no byte order: the BOM gives it (RFC 2781); little-endian only without one.
    encoding = "utf-16-le" if bom == codecs.BOM_UTF16_LE else "utf-16-be"
    body = bom + "<p>Ωmega</p>".encode(encoding)
    assert await fetch_bytes(server, make_fetcher, body, "text/html; charset=UTF-16") == (
        "<p>Ωmega</p>"
    )


@pytest.mark.parametrize(
    ("bom", "encoding", "label"),
    [
        # Notepad's UTF-8 file on a server whose default charset is Latin-1 (Apache's
        # AddDefaultCharset): read by the label, every accent was mojibake and the page
        # started with "ï»¿".
        (codecs.BOM_UTF8, "utf-8", "ISO-8859-1"),
        # A UTF-16 page under a wrong label was read as cp1252 and refused as binary.
        (codecs.BOM_UTF16_LE, "utf-16-le", "iso-8859-1"),
        (codecs.BOM_UTF16_BE, "utf-16-be", "utf-8"),
        (codecs.BOM_UTF8, "utf-8", "no-such-charset"),
    ],
)
async def test_a_bom_outweighs_the_header_charset(
    server: LocalServer, make_fetcher: MakeFetcher, bom: bytes, encoding: str, label: str
) -> None:
    # The bytes say which encoding they are in; a label that disagrees is a server default
    # (WHATWG "decode": the BOM wins over the transport's label, as in every browser).
    text = "<p>“Déjà vu” – naïve Ωmega</p>" * 20
    body = bom + text.encode(encoding)
    assert await fetch_bytes(server, make_fetcher, body, f"text/html; charset={label}") == text


async def test_latin1_label_and_unlabelled_legacy_bytes(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # iso-8859-1 means windows-1252 on the web (the curly quotes live in 0x80-0x9f).
    body = "“Déjà vu” – 5 €".encode("cp1252")
    labelled = await fetch_bytes(server, make_fetcher, body, "text/plain; charset=ISO-8859-1")
    assert labelled == "“Déjà vu” – 5 €"
    # No label, not UTF-8: the legacy default.
    assert await fetch_bytes(server, make_fetcher, body, "text/html") == "“Déjà vu” – 5 €"


# Unlabelled pages in the legacy encodings of non-Latin scripts: no charset in the header, no
# BOM, no <meta charset>. Read by the windows-1252 default they were mojibake ("“ú–{Œê").
UNLABELLED = [
    (
        "shift_jis",
        "<title>日本語のページ</title><p>これは日本語で書かれたテストページです。"
        "東京は日本の首都で、人口は約千四百万人です。</p>",
    ),
    (
        "gbk",
        "<title>中文网页</title><p>这是一个用简体中文写的测试页面。北京是中国的首都，"
        "也是一座历史悠久的城市。</p>",
    ),
    (
        "windows-1251",
        "<title>Русская страница</title><p>Это тестовая страница, написанная по-русски. "
        "Москва — столица России и крупнейший город страны.</p>",
    ),
    ("euc-jp", "<p>これは日本語で書かれたテストページです。東京は日本の首都です。</p>"),
    ("euc-kr", "<p>이것은 한국어로 작성된 테스트 페이지입니다. 서울은 한국의 수도입니다.</p>"),
    ("big5", "<p>這是一個用繁體中文寫的測試頁面。台北是台灣最大的城市之一。</p>"),
]


@pytest.mark.parametrize(("charset", "text"), UNLABELLED, ids=[c for c, _ in UNLABELLED])
@pytest.mark.parametrize("content_type", ["text/html", "text/plain"])
async def test_unlabelled_legacy_page_is_detected(
    server: LocalServer, make_fetcher: MakeFetcher, content_type: str, charset: str, text: str
) -> None:
    body = text.encode(charset)
    assert await fetch_bytes(server, make_fetcher, body, content_type) == text


async def test_unlabelled_windows_1252_stays_windows_1252(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # What detection must not take from the default: Western text with smart quotes, and the
    # Finnish and German whose letters a detector reads as Arabic or Shift_JIS.
    text = (
        "<p>It’s “déjà vu” — the café’s naïve façade… 5 €, © 2020.</p>"
        "<p>Hyvää päivää! Mitä kuuluu? Der Bürgermeister sagte: „Fußgängerübergänge“.</p>"
    )
    for body in (text, "a café.", "Zoë – “ok”"):
        assert await fetch_bytes(server, make_fetcher, body.encode("cp1252"), "text/html") == body


# An unlabelled page whose first 64 KiB are ASCII: a big inline script before the text.
ASCII_START = b"<script>" + b"var settings = {};\n" * 4000 + b"</script>"


@pytest.mark.parametrize(
    ("charset", "text"),
    [
        # ASCII reads alike in every candidate, so the detector answered its first (Big5), and
        # the accents came out "caf\ufffd d\u5db4\ufffd vu".
        ("cp1252", "<p>Un café, déjà vu, naïve façade.</p>"),
        # Read from the first non-ASCII byte on, the detector sees the page's text.
        ("shift_jis", UNLABELLED[0][1]),
        ("windows-1251", UNLABELLED[2][1]),
    ],
    ids=["windows-1252", "shift_jis", "windows-1251"],
)
async def test_detection_reads_past_an_ascii_start(
    server: LocalServer, make_fetcher: MakeFetcher, charset: str, text: str
) -> None:
    assert len(ASCII_START) > DETECT_BYTES
    body = ASCII_START + text.encode(charset)
    assert await fetch_bytes(server, make_fetcher, body, "text/html") == body.decode(charset)


@pytest.mark.parametrize("text", ["café", "Zoë", "voilà"])
async def test_unlabelled_windows_1252_ending_in_a_letter_is_not_utf8(
    server: LocalServer, make_fetcher: MakeFetcher, text: str
) -> None:
    # A lead byte at the end of the whole body is no UTF-8 character cut by the cap: "café" was
    # read as UTF-8 and came out "caf\ufffd".
    assert await fetch_bytes(server, make_fetcher, text.encode("cp1252"), "text/plain") == text


@pytest.mark.parametrize(
    "labelled",
    [
        (b"", "text/html; charset=iso-8859-1"),
        (b'<meta charset="iso-8859-1">', "text/html"),
        (b'<?xml version="1.0" encoding="iso-8859-1"?>', "application/xml"),
    ],
    ids=["header", "meta", "xml-declaration"],
)
async def test_a_labelled_page_is_never_detected(
    server: LocalServer, make_fetcher: MakeFetcher, labelled: tuple[bytes, str]
) -> None:
    declaration, content_type = labelled
    text = "<p>Это тестовая страница, написанная по-русски.</p>"
    # Unlabelled, these bytes are detected as windows-1251 ...
    assert await fetch_bytes(server, make_fetcher, text.encode("cp1251"), "text/html") == text
    # ... but a label is what the page says it is, and is followed (Latin-1 = windows-1252).
    body = declaration + text.encode("cp1251")
    assert await fetch_bytes(server, make_fetcher, body, content_type) == body.decode("cp1252")


async def test_detection_reads_a_bounded_prefix(
    server: LocalServer, make_fetcher: MakeFetcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A 5 MB unlabelled page: the detector reads its first 64 KiB only (the whole body took ten
    # times as long), cut at a whole character (the cut splits one here, which failed Shift_JIS).
    line = "東京は日本の首都です。人口は約千四百万人です。\n".encode("shift_jis")
    body = b"<pre>" + line * (5_000_000 // len(line)) + b"</pre>"
    with pytest.raises(UnicodeDecodeError):
        body[:DETECT_BYTES].decode("shift_jis")
    seen: list[int] = []
    real = charset_normalizer.from_bytes

    def from_bytes(sequences: bytes, **kwargs: Any) -> charset_normalizer.CharsetMatches:
        seen.append(len(sequences))
        return real(sequences, **kwargs)

    monkeypatch.setattr(charset_normalizer, "from_bytes", from_bytes)
    server.respond("/big", body, content_type="text/html")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/big")))
    assert result.body.content == body.decode("shift_jis")
    assert len(seen) == 1
    assert DETECT_BYTES - 64 < seen[0] <= DETECT_BYTES
    # The cost of that choice, measured: about 10 ms of CPU (a loaded machine's wait for a core
    # does not count); the bound leaves room for a slow machine.
    content_type = ContentType("text/html", None)
    started = time.process_time()
    assert choose_encoding(body, "html", content_type, url="http://127.0.0.1/") == "cp932"
    assert time.process_time() - started < 1.0


async def test_detection_of_a_cut_body_whose_text_starts_late(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # Detection reads 64 KiB from the first non-ASCII byte. When those run to the end of a body
    # the byte cap cut, the last character may be split: the window was not taken as cut, so
    # Shift_JIS failed on its lone lead byte and the page read as windows-1252 mojibake.
    line = "東京は日本の首都です。人口は約千四百万人です。\n".encode("shift_jis")
    body = b"<pre>" + b"x" * 100_000 + b"\n" + line * 40 + b"</pre>"
    cap = body.index(line[:1], 100_000) + len(line) * 20 + 1  # past a lead byte
    server.route("/cut", chunked(body, "text/html"))
    result = await make_fetcher(max_response_bytes=cap).fetch(WebFetchRequest(server.url("/cut")))
    assert result.truncated
    assert result.body.content == body[: cap - 1].decode("shift_jis")


@pytest.mark.parametrize(
    ("label", "codec", "text"),
    [
        ("iso-8859-8-i", "iso8859-8", "שלום עולם"),  # Hebrew sites' usual label
        ("logical", "iso8859-8", "שלום"),
        ("x-cp1251", "cp1251", "Привет, мир"),
        ("koi8", "koi8-r", "Привет"),
        ("iso88592", "iso8859-2", "Zażółć gęślą"),
        ("x-euc-jp", "euc-jp", "日本語"),
        ("x-mac-cyrillic", "mac-cyrillic", "Привет"),
        ("iso8859-9", "cp1254", "“Türkçe”"),  # windows-1254 on the web, like iso-8859-9
    ],
    ids=lambda value: value if value.isascii() else "",
)
async def test_whatwg_labels_browsers_read(
    server: LocalServer, make_fetcher: MakeFetcher, label: str, codec: str, text: str
) -> None:
    body = f"<p>{text}</p>".encode(codec)
    for content_type in (f"text/html; charset={label}", "text/html"):
        page = body if "charset" in content_type else f'<meta charset="{label}">'.encode() + body
        assert (await fetch_bytes(server, make_fetcher, page, content_type)).endswith(
            f"<p>{text}</p>"
        )


async def test_unlabelled_defaults_to_utf8(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    body = '{"name": "Zoë", "city": "東京"}'.encode()
    assert await fetch_bytes(server, make_fetcher, body, "application/json") == body.decode()


async def test_xml_declaration(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    body = '<?xml version="1.0" encoding="ISO-8859-7"?><t>αβγ</t>'.encode("iso-8859-7")
    text = await fetch_bytes(server, make_fetcher, body, "application/rss+xml")
    assert text.endswith("<t>αβγ</t>")


@pytest.mark.parametrize(
    ("content_type", "body", "where"),
    [
        ("text/plain; charset=klingon", b"abc", "the Content-Type header"),
        ("text/plain; charset=base64", b"abc", "the Content-Type header"),
        ("text/html; charset=x-no-such-thing", b"<p>hi", "the Content-Type header"),
    ],
)
async def test_unknown_charset_label_is_a_clear_error(
    server: LocalServer, make_fetcher: MakeFetcher, content_type: str, body: bytes, where: str
) -> None:
    server.respond("/c", body, content_type=content_type)
    error = await expect_error(
        make_fetcher().fetch(WebFetchRequest(server.url("/c"))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    label = content_type.split("=")[-1]
    assert error.message == (
        f"{server.url('/c')} declares the character encoding {label!r} in {where}, which is not "
        "a known text encoding, so its text cannot be decoded."
    )


@pytest.mark.parametrize(
    ("metas", "text", "codec"),
    [
        (b'<meta charset="x-no-such-thing">', "naïve – ok", "utf-8"),
        (b'<meta charset="utf8mb4">', "“Déjà vu” – 5 €", "cp1252"),  # not UTF-8: the default
        (b"<meta charset=base64><meta charset=utf-7>", "naïve", "utf-8"),
        (b'<meta charset="{{ charset }}"><meta charset="shift_jis">', "日本語", "cp932"),
        (
            b'<meta http-equiv="content-type" content="text/html; charset=klingon">'
            b'<meta charset="shift_jis">',
            "日本語",
            "cp932",
        ),
    ],
    ids=["unknown", "unknown-legacy-bytes", "not-text-encodings", "template", "pragma"],
)
async def test_unknown_meta_charset_is_ignored_like_browsers_do(
    server: LocalServer, make_fetcher: MakeFetcher, metas: bytes, text: str, codec: str
) -> None:
    # WHATWG prescan: a label that names no encoding is skipped and the scan goes on; with no
    # usable declaration the page gets the default (UTF-8 if valid, else windows-1252).
    body = b"<head>" + metas + b"</head><p>" + text.encode(codec) + b"</p>"
    assert (await fetch_bytes(server, make_fetcher, body, "text/html")).endswith(f"<p>{text}</p>")


async def test_invalid_bytes_never_crash(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    body = b"ok \xff\xfe\xc3 broken \xe2\x82 end"
    text = await fetch_bytes(server, make_fetcher, body, "text/plain; charset=utf-8")
    assert text.startswith("ok ")
    assert text.endswith(" end")
    assert "\ufffd" in text


async def test_multibyte_character_cut_by_the_byte_cap_stays_utf8(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # No label: "is it UTF-8?" must not be fooled by the cap splitting the last character.
    body = ("é" * 10).encode()
    server.route("/cut", chunked(body, "text/plain"))
    result = await make_fetcher(max_response_bytes=9).fetch(WebFetchRequest(server.url("/cut")))
    assert result.truncated is True
    # The cut half of a character is dropped, not shown as a replacement character.
    assert result.body.content == "éééé"


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("text/plain; charset=utf-16", codecs.BOM_UTF16_LE + ("😀" * 10).encode("utf-16-le")),
        ("text/html; charset=gb18030", ("😀" * 10).encode("gb18030")),
    ],
    ids=["utf-16-surrogate-pair", "gb18030"],
)
async def test_character_cut_by_the_byte_cap_is_dropped(
    server: LocalServer, make_fetcher: MakeFetcher, content_type: str, body: bytes
) -> None:
    server.route("/cut", chunked(body, content_type))
    result = await make_fetcher(max_response_bytes=11).fetch(WebFetchRequest(server.url("/cut")))
    assert result.truncated is True
    assert result.body.content == "😀" * 2


CONTROLS = "".join(chr(c) for c in [*range(0x20), 0x7F])


@CHAR_CAPS
async def test_control_characters_are_stripped(
    server: LocalServer,
    make_fetcher: MakeFetcher,
    content_type: str,
    cap_key: str,
    body_type: type,
) -> None:
    # NUL, escape sequences, backspace... reach no model; tab, newline and CR stay.
    server.respond("/ctl", f"a{CONTROLS}b\x1b[31mred\x08!".encode(), content_type=content_type)
    fetcher = make_fetcher(**{cap_key: 12})
    result = await fetcher.fetch(WebFetchRequest(server.url("/ctl")))
    # The cap counts what is returned, after stripping.
    assert (result.body, result.truncated) == (body_type("a\t\n\rb[31mred"), True)
    await assert_nothing_left(fetcher, server)


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        # UTF-8 can carry C1 controls (U+0080-U+009F) directly.
        ("text/plain; charset=utf-8", "a\u009b31mred\u009d0;title\u0007b\u0085c\u0080d".encode()),
        # ISO-8859-2 (like every ISO-8859 part) maps bytes 0x80-0x9F to them.
        ("text/html; charset=iso-8859-2", b"a\x9b31mred\x9d0;title\x07b\x85c\x80d"),
    ],
    ids=["utf-8", "iso-8859-2"],
)
async def test_c1_control_characters_are_stripped_too(
    server: LocalServer, make_fetcher: MakeFetcher, content_type: str, body: bytes
) -> None:
    # CSI (U+009B) and OSC (U+009D) start escape sequences as ESC [ and ESC ] do.
    assert await fetch_bytes(server, make_fetcher, body, content_type) == "a31mred0;titlebcd"


@pytest.mark.parametrize("content_type", ["text/plain; charset=windows-1252", "text/html"])
async def test_windows_1252_bytes_python_leaves_undefined_are_not_invalid(
    server: LocalServer, make_fetcher: MakeFetcher, content_type: str
) -> None:
    # WHATWG windows-1252 maps 0x81, 0x8D, 0x8F, 0x90, 0x9D to U+0081 ... (C1 controls, then
    # stripped like the others); Python's cp1252 calls them invalid and gave five U+FFFD.
    body = "“ok” ".encode("cp1252") + b"\x81\x8d\x8f\x90\x9d" + "– end".encode("cp1252")
    assert await fetch_bytes(server, make_fetcher, body, content_type) == "“ok” – end"


# The bytes Python's codecs leave undefined in 0x80-0x9F, read from the WHATWG indexes
# (encoding.spec.whatwg.org/index-windows-*.txt), where each is the C1 control of its value.
WHATWG_C1_GAPS = {
    "windows-874": bytes([*range(0x81, 0x85), *range(0x86, 0x91), *range(0x98, 0xA0)]),
    "windows-1250": b"\x81\x83\x88\x90\x98",
    "windows-1251": b"\x98",
    "windows-1253": b"\x81\x88\x8a\x8c\x8d\x8e\x8f\x90\x98\x9a\x9c\x9d\x9e\x9f",
    "windows-1254": b"\x81\x8d\x8e\x8f\x90\x9d\x9e",
    "windows-1255": b"\x81\x8a\x8c\x8d\x8e\x8f\x90\x9a\x9c\x9d\x9e\x9f",
    "windows-1257": b"\x81\x83\x88\x8a\x8c\x90\x98\x9a\x9c\x9f",
    "windows-1258": b"\x81\x8a\x8d\x8e\x8f\x90\x9a\x9d\x9e",
}


@pytest.mark.parametrize(("charset", "gaps"), WHATWG_C1_GAPS.items(), ids=WHATWG_C1_GAPS)
async def test_other_windows_code_pages_read_their_c1_gaps_as_whatwg_does(
    server: LocalServer, make_fetcher: MakeFetcher, charset: str, gaps: bytes
) -> None:
    # As for windows-1252 above: C1 controls (then stripped), not a row of U+FFFD.
    body = b"ok " + gaps + b" end"
    assert await fetch_bytes(server, make_fetcher, body, f"text/plain; charset={charset}") == (
        "ok  end"
    )


async def test_windows_1255_0xca_is_the_hebrew_point_holam_haser_for_vav(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # WHATWG (and Windows) map 0xCA to U+05BA; Python's cp1255 calls it invalid, so vocalised
    # Hebrew lost the vowel point to a U+FFFD.
    body = "שלום ".encode("cp1255") + b"\xe5\xca" + " end".encode("cp1255")
    text = await fetch_bytes(server, make_fetcher, body, "text/plain; charset=windows-1255")
    assert text == "שלום \u05d5\u05ba end"


@pytest.mark.parametrize(
    ("charset", "byte"),
    [
        ("windows-874", b"\xdb"),
        ("windows-1253", b"\xaa"),
        ("windows-1253", b"\xff"),
        ("windows-1255", b"\xd9"),
        ("windows-1255", b"\xff"),
        ("windows-1257", b"\xa1"),
        ("windows-1257", b"\xa5"),
    ],
)
async def test_bytes_whatwg_leaves_undefined_stay_invalid(
    server: LocalServer, make_fetcher: MakeFetcher, charset: str, byte: bytes
) -> None:
    body = b"ok " + byte + b" end"
    text = await fetch_bytes(server, make_fetcher, body, f"text/plain; charset={charset}")
    assert text == "ok \ufffd end"


# Pseudo-random bytes, as a compressed or encrypted body is: windows-1252 maps nearly every byte
# to a character, so only about one in eight reads as a control character.
RANDOM_BYTES = b"".join(hashlib.sha256(str(n).encode()).digest() for n in range(400))


@pytest.mark.parametrize(
    ("content_type", "body", "encoding"),
    [
        ("text/html", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + RANDOM_BYTES, "cp1252"),
        ("text/plain", RANDOM_BYTES, "cp1252"),
        ("text/plain; charset=utf-8", RANDOM_BYTES, "utf-8"),
        ("text/html; charset=utf-8", ("中文的网页内容。" * 200).encode("gb18030"), "utf-8"),
    ],
    ids=["png-as-html", "random-as-text", "random-as-utf-8", "gb18030-as-utf-8"],
)
async def test_a_body_that_is_no_text_is_refused_not_shown(
    server: LocalServer, make_fetcher: MakeFetcher, content_type: str, body: bytes, encoding: str
) -> None:
    # Binary data served as text (or text in another charset) reached the model as up to
    # max_body_chars of junk.
    server.respond("/bin", body, content_type=content_type)
    fetcher = make_fetcher()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/bin"))), WEB_UNSUPPORTED_CONTENT_TYPE
    )
    mime = content_type.split(";")[0]
    assert error.message.startswith(
        f"{server.url('/bin')} answered with Content-Type {json.dumps(mime)}, but its body is "
        "not readable text: "
    )
    assert f"bytes invalid in {encoding} (binary data, or text in another charset)" in error.message
    await assert_nothing_left(fetcher, server)


async def test_text_with_a_few_stray_bytes_is_still_text(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # Latin-1 accents in a page labelled UTF-8, a stray NUL: text with flaws, shown as text.
    body = ("Crème brûlée, café au lait. " * 40).encode("latin-1") + b"\x00 end"
    content = await fetch_bytes(server, make_fetcher, body, "text/plain; charset=utf-8")
    assert content.startswith("Cr\ufffdme br\ufffdl\ufffde, caf\ufffd au lait.")
    assert content.endswith(" end")


async def test_an_error_page_that_is_no_text_is_its_status(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    server.respond("/gone", RANDOM_BYTES, status=404, content_type="text/html")
    result = await make_fetcher().fetch(WebFetchRequest(server.url("/gone")))
    assert (result.status_code, result.body, result.truncated) == (404, TextBody(""), False)
