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


def test_a_quotes_lines_that_repeat_a_post_shown_before_go_and_its_attribution_stays() -> None:
    # A forum reply quotes the post it answers, often whole, and that post stands on the page
    # already: the thread read it twice, the copy as the replier's lines. A nested quote of a
    # quote goes the same way; what is new (the attribution, a line not shown before, a
    # short "Yes.") stays, and so does a quotation of a line shown nowhere else.
    question = "Which filter should I buy for a 40 litre tank with six small fish in it?"
    detail = "The tank came with a cheap internal filter that rattles all night long."
    first = "A hang-on-back filter rated for twice the tank volume is what I would get."
    posts = (
        f"<div class='post'><p>{question}</p><p>{detail}</p><p>Yes.</p></div>"
        "<div class='post'><blockquote><cite>alice wrote:</cite>"
        f"<p>{question}</p><p>{detail}</p><p>Yes.</p></blockquote><p>{first}</p></div>"
        "<div class='post'><blockquote><cite>bob wrote:</cite><blockquote>"
        f"<cite>alice wrote:</cite><p>{question}</p></blockquote><p>{first}</p>"
        "<p>Quoted from a post on another page, shown nowhere here.</p></blockquote>"
        "<p>Seconded, and clean its sponge every month.</p></div>"
    )
    out = render(f"<main><h1>Filters</h1>{posts}</main>")
    assert out.count(question) == 1
    assert out.count(detail) == 1
    assert out.count(first) == 1
    assert "> alice wrote:" in out
    assert "> bob wrote:" in out
    assert "> Yes." in out
    assert "> Quoted from a post on another page, shown nowhere here." in out
    assert "Seconded, and clean its sponge every month." in out
    assert "\n>\n\n" not in out
    assert not out.rstrip().endswith(">")


def test_the_same_speakers_line_under_each_of_their_quotes_stays() -> None:
    # An article quotes one expert twice, her name line under each quote, linked the first
    # time only: the second copy is no repeat to drop but whose the second quote is.
    speaker = "<p><strong>Jane Doe,</strong> VP of Research, {acme}</p>"
    linked = speaker.format(acme="<a href='https://acme.example/'>Acme</a>")
    out = render(
        f"<h1>Search trends</h1><p>{PROSE}</p>"
        f"<blockquote><p>Search is not dead, it is different.</p></blockquote>{linked}"
        f"<p>{PROSE} Again.</p>"
        f"<blockquote><p>Rankings are a directional metric now.</p></blockquote>"
        f"{speaker.format(acme='Acme')}<p>{PROSE} Once more.</p>"
        # A link's label under a quoted box is no speaker: its repeat still goes.
        f"<blockquote><p>The bottom line: eat fibre.</p></blockquote><p>Read the study.</p>"
        f"<blockquote><p>The bottom line: sleep well.</p></blockquote><p>Read the study.</p>"
    )
    assert out.count("VP of Research") == 2
    assert "directional metric now.\n\n**Jane Doe,** VP of Research, Acme" in out
    assert out.count("Read the study.") == 1
