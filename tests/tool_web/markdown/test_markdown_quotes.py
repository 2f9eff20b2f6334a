"""Block quotes: paragraphs, the attribution in a quote's footer, a citation heading a quote."""

from __future__ import annotations

from tool_web.markdown.markdown_pages import PROSE, render


def test_blockquote() -> None:
    out = render(f"<p>{PROSE}</p><blockquote><p>Quoted one.</p><p>Quoted two.</p></blockquote>")
    assert "> Quoted one.\n>\n> Quoted two." in out


def test_a_quotations_attribution_in_its_footer_is_kept() -> None:
    out = render(
        f"<p>{PROSE}</p><blockquote><p>To be or not to be.</p>"
        "<footer>— <cite>Hamlet</cite></footer></blockquote><footer>Site footer links</footer>"
    )
    assert "> To be or not to be.\n>\n> — Hamlet" in out
    assert "Site footer" not in out


def test_a_citation_heading_a_quote_ends_its_line() -> None:
    # phpBB heads a quote with <cite>alice wrote: …</cite> and the quoted text straight after:
    # "9:00 amDid you try" ran the attribution into the quote.
    out = render(
        f"<p>{PROSE}</p><blockquote><div><cite><a href='/u/51'>alice</a> wrote: "
        "<a href='#p1'>↑</a><span>Tue Mar 05, 2024 9:00 am</span></cite>Did you try GRUB?"
        "</div></blockquote><blockquote><p>Short and <cite>sweet</cite> it was.</p></blockquote>"
    )
    assert "> alice wrote: Tue Mar 05, 2024 9:00 am\n> Did you try GRUB?" in out
    assert "> Short and sweet it was." in out
