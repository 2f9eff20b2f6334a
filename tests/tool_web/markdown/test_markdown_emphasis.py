"""Emphasis: bold and italic nested, side by side and around blocks; struck text; inline quotes."""

from __future__ import annotations

from tool_web.markdown.markdown_pages import PROSE, render


def test_emphasis_and_inline_code() -> None:
    out = render(f"<p>{PROSE} Use <strong>bold</strong>, <i>italic</i> and <code>x = 1</code>.</p>")
    assert "**bold**" in out
    assert "*italic*" in out
    assert "`x = 1`" in out


def test_nested_emphasis_keeps_every_level() -> None:
    # The outer emphasis used to be dropped whenever the inner one put its marks in its text.
    out = render(
        f"<p>{PROSE}</p><p>One <em>a <strong>b</strong> c</em>, two <strong>x <em>y</em> z</strong>"
        ", three <em><strong>both</strong></em>, four <b>x <b>y</b> z</b>, five <em>a<strong> b "
        f"</strong>c</em>.</p><p>{PROSE} See <em>the <a href='/docs'>install guide</a> first</em>, "
        "then <a href='/faq'>the <em>old</em> answers</a>.</p>"
    )
    assert (
        "One *a **b** c*, two **x *y* z**, three ***both***, four **x y z**, five *a **b** c*."
    ) in out
    # Side by side, two pairs of one kind are one pair (`**Note****:**` is no emphasis).
    assert "**Note:** *a**b** c*" in render(
        f"<p>{PROSE}</p><p><b>Note</b><b>:</b> <em>a</em><em><strong>b</strong> c</em></p>"
    )
    assert (
        "See *the [install guide](https://example.com/docs) first*, then "
        "[the *old* answers](https://example.com/faq)."
    ) in out


def test_emphasis_around_blocks_keeps_the_emphasis_inside_them() -> None:
    out = render(f"<p>{PROSE}</p><b><p>First <b>bold</b> word.</p><p>Second <i>it</i>.</p></b>")
    assert "First **bold** word.\n\nSecond *it*." in out


def test_struck_text_quotes_and_reversed_lists() -> None:
    out = render(
        f"<p>{PROSE}</p><p>Now <del>$120</del> $99, <s>sold out</s>, he said <q>buy</q>.</p>"
        "<ol reversed><li>three</li><li>two</li><li>one</li></ol>"
    )
    assert 'Now ~~$120~~ $99, ~~sold out~~, he said "buy".' in out
    assert "3. three\n2. two\n1. one" in out
