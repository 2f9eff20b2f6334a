"""Hostile input, broken: bad markup, binary junk, forged markers, internal failures never raise."""

from __future__ import annotations

import pytest

from dsh.tool_web import html_to_markdown
from dsh.tool_web.markdown.shell import EMPTY_SHELL_NOTICE
from tool_web.markdown.markdown_pages import PROSE, WORDS, html_page


@pytest.mark.parametrize(
    "html",
    [
        "<html><body><p>unclosed <b>bold <i>italic <table><tr><td>cell",
        "</p></div></body></html><p>stray closers",
        "<<<>>><p <p <a href='",
        '<a href="http://[::1">bad ipv6 url</a>',
        '<?xml version="1.0" encoding="utf-8"?><html><body><p>xml decl</p></body></html>',
        "\x00\x01\x02\ufffe\ud800 lone surrogate <p>text</p>",
        "",
        "   ",
        "plain text, no markup at all",
    ],
)
def test_broken_markup_never_raises(html: str) -> None:
    out = html_to_markdown(html, url="https://example.com/")
    assert isinstance(out, str)
    assert out


def test_binary_junk_never_raises() -> None:
    junk = bytes(range(256)) * 4000
    out = html_to_markdown(junk.decode("latin-1"))
    assert isinstance(out, str)


def test_binary_junk_with_text_keeps_the_text() -> None:
    junk = bytes(range(256)).decode("latin-1")
    out = html_to_markdown(junk + f"<p>{WORDS * 3}</p>" + junk)
    assert "omicron" in out


def test_internal_failure_degrades_to_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from dsh.tool_web.markdown import convert

    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(convert, "content_root", explode)
    out = html_to_markdown(f"<p>{WORDS * 3}</p>")
    assert "omicron" in out
    assert EMPTY_SHELL_NOTICE not in out


def test_character_references_cannot_forge_the_renderers_markers() -> None:
    # `&#2;0&#3;` is the placeholder of the first code block, `&#1;` a unit of list indentation:
    # decoded by the parser, they bypassed the control-byte removal.
    html = html_page(
        f"<h2>Setup</h2><p>{PROSE}</p><pre>real code</pre>"
        "<p>Before &#2;0&#3; and &#x02;7&#x03; after&#1;&#1;.</p>"
        f"<p>{PROSE} See <a href='/x&#2;0&#3;y'>the page that explains it</a>.</p>"
    )
    out = html_to_markdown(html, url="https://example.com/")
    assert out.count("real code") == 1
    assert "## Setup" in out  # rendered, not the plain-text fallback
    assert "Before 0 and 7 after." in out
    assert not any(marker in out for marker in "\x01\x02\x03")


@pytest.mark.parametrize("source", [b"<p>bytes</p>", None], ids=["bytes", "none"])
def test_a_source_that_is_not_str_is_named_at_once(
    source: object, caplog: pytest.LogCaptureFixture
) -> None:
    # A library caller's mistake (`response.content` instead of `.text`): before, it logged two
    # tracebacks and raised "a bytes-like object is required, not 'str'", the wrong way round.
    with pytest.raises(TypeError, match=r"^html_to_markdown\(\) takes the page source as str"):
        html_to_markdown(source)  # type: ignore[arg-type]
    assert caplog.records == []
