"""Headings: levels, whole-heading emphasis, nested headings, permalink marks, side-box labels."""

from __future__ import annotations

from dsh.tool_web.markdown.shell import EMPTY_SHELL_NOTICE
from tool_web.markdown.markdown_pages import PROSE, render


def test_emphasis_wrapping_a_whole_heading_is_dropped() -> None:
    out = render(
        f"<p>{PROSE}</p><h2><strong>Key facts</strong></h2><h4><em><strong>Both</strong></em></h4>"
        "<h3><em>Why</em> it matters</h3>"
    )
    assert "\n## Key facts\n\n#### Both\n" in out
    assert out.endswith("\n### *Why* it matters")


def test_emphasis_over_every_word_of_a_heading_in_several_runs_is_dropped() -> None:
    # Numbered headings and titles written in pieces, each bold, or bold inside the heading's
    # link: every word is emphasised, so nothing is singled out and the marks say nothing.
    out = render(
        f"<p>{PROSE}</p><h2><strong>9.</strong> <strong>Dailylook</strong></h2><p>{PROSE}</p>"
        f"<h4><b>1. Creating an Account</b>:</h4><p>{PROSE}</p>"
        "<h2><a href='https://example.com/news/at-17'><strong>At 17, She Solved It</strong></a>"
        f"</h2><p>{PROSE}</p><h3><b>Data</b> <b>and</b> <b>insights</b></h3><p>{PROSE}</p>"
        # Emphasis on some of the words singles them out, so do marks of another kind (a
        # botanical name in italics), and a star is the page's own.
        f"<h6><b>ZZ Plant</b> (<i>Zamioculcas</i>)</h6><p>{PROSE}</p>"
        f"<h2>Free <strong>SEO Checker</strong></h2><p>{PROSE}</p>"
        f"<h3><b>Same day service</b> available!*</h3><p>{PROSE}</p>"
    )
    assert "\n## 9. Dailylook\n" in out
    assert "\n#### 1. Creating an Account:\n" in out
    assert "\n## [At 17, She Solved It](https://example.com/news/at-17)\n" in out
    assert "\n### Data and insights\n" in out
    assert "\n## Free **SEO Checker**\n" in out
    assert "\n###### **ZZ Plant** (*Zamioculcas*)\n" in out
    assert "\n### **Same day service** available!*\n" in out


def test_headings_and_paragraphs() -> None:
    out = render(f"<main><h1>Title</h1><p>{PROSE}</p><h3>Sub <em>part</em></h3><p>End.</p></main>")
    assert out.startswith("# Title\n\n")
    assert f"\n\n{PROSE}\n\n" in out
    assert "### Sub *part*" in out
    assert EMPTY_SHELL_NOTICE not in out


def test_heading_nested_in_a_heading_keeps_its_own_line() -> None:
    # libxml2 keeps the h2 inside the h1; an HTML5 parser closes the h1 first.
    out = render(f"<h1>Title<h2>Sub<em>title</em></h2> tail</h1><p>{PROSE}</p>")
    assert out.startswith("# Title\n\n## Sub*title*\n\ntail\n\n")


def test_permalink_marks_and_footnote_returns_are_dropped() -> None:
    out = render(
        "<h2>Install<a class='headerlink' href='#install' title='Permalink'>¶</a></h2>"
        f"<p>{PROSE}<sup><a href='#fn1'>1</a></sup></p>"
        "<h3>Variants<a href='#variants' class='anchor'>§</a></h3><p>Two of them.</p>"
        "<ol><li id='fn1'>A note. <a href='#fnref1'>↩︎</a></li></ol>"
    )
    assert "## Install\n\n" in out
    assert "### Variants\n\n" in out
    assert out.endswith("1. A note.")
    assert "^1" in out  # a footnote reference is a number, not a mark


def test_headings_in_a_side_box_are_labels_not_sections_of_the_page() -> None:
    # An infobox's "Voiced by" as a `###` made the article's lead read as part of that section.
    out = render(
        "<main><article><h1>Obi-Wan Kenobi</h1><aside class='portable-infobox'>"
        "<h3>Homeworld</h3><div>Stewjon, a planet of the Outer Rim Territories</div>"
        "<h3>Voiced by</h3><div>James Arnold Taylor</div>"
        f"</aside><p>Obi-Wan Kenobi was a legendary Jedi Master. {PROSE}</p><h2>Biography</h2>"
        f"<p>{PROSE}</p></article></main>"
    )
    assert "**Voiced by**\n\nJames Arnold Taylor" in out
    assert "### Voiced by" not in out
    assert "## Biography" in out


def test_an_aside_that_holds_the_page_keeps_its_headings() -> None:
    out = render(
        f"<div><p>Short intro.</p><aside><h2>The whole story</h2><p>{PROSE}</p>"
        f"<h3>Part two</h3><p>{PROSE}</p></aside></div>"
    )
    assert "## The whole story" in out
    assert "### Part two" in out


def _titled_list(heading: str, items: str, controls: str = "") -> str:
    """A section as Stack Overflow's newer layout writes each post's comments: a heading in a
    toggle, a control ("Add a comment", a button holding a paragraph), then the list."""
    return (
        f'<div class="mt16"><div role="button" tabindex="0"><h2>{heading}</h2></div>'
        f'{controls}<div role="list">{items}</div></div>'
    )


_ADD = '<div><button type="button"><div><p>Add a comment</p></div></button></div>'


def test_a_heading_over_an_empty_list_goes_with_its_controls() -> None:
    # Under each answer without comments: "## Comments" over nothing, read as the title of the
    # next answer. Nothing was listed, so there is nothing for the title to title.
    page = "".join(
        f'<div class="answer"><div class="prose"><p>Answer {n} explains it. {PROSE}</p></div>'
        f"{_titled_list('Comments', '', _ADD)}</div>"
        for n in range(3)
    )
    out = render(f"<h1>Why is except: pass bad?</h1>{page}")
    for n in range(3):
        assert f"Answer {n} explains it." in out
    assert "Comments" not in out
    assert "Add a comment" not in out
    empty_ul = f"<div><h3>Reviews</h3><ul></ul><button>Load more</button></div><p>{PROSE}</p>"
    assert "Reviews" not in render(f"<p>{PROSE}</p>{empty_ul}")


def test_a_heading_over_a_list_or_anything_else_stays() -> None:
    # A list with items, an image or a line beside the list, a heading over a sub-heading, or
    # a heading alone in its box (its section follows in the next one) is structure.
    listed = _titled_list("2 Comments", '<div role="listitem">Which version?</div>', _ADD)
    pictured = "<div><h3>Gallery</h3><ul><li><img src='/a.png' alt=''></li></ul></div>"
    lined = "<div><h3>Changes</h3><p>None yet.</p><ul></ul></div>"
    nested = "<div><h2>Install</h2><div><h3>Linux</h3><ul></ul></div></div>"
    boxed = "<div><h3>Setup</h3></div><div><p>Run the installer.</p></div>"
    out = render(f"<p>{PROSE}</p>{listed}{pictured}{lined}{nested}{boxed}<p>{PROSE}</p>")
    for kept in ("## 2 Comments", "Which version?", "Gallery", "### Changes", "None yet."):
        assert kept in out
    assert "## Install" in out
    assert "### Setup" in out


def test_a_heading_over_an_empty_list_keeps_the_words_after_it_in_its_wrapper() -> None:
    # The words right after the heading inside the wrapper around it (its tail) are the
    # section's text: the box is not the heading's alone, so it does not go with the list.
    tailed = "<div><span><h3>Shipping</h3>Ships within two days from Leeds.</span><ul></ul></div>"
    out = render(f"<p>{PROSE}</p>{tailed}<p>{PROSE}</p>")
    assert "Ships within two days from Leeds." in out
    assert "Shipping" in out


def test_a_heading_written_around_a_paragraph_stays_a_heading() -> None:
    # HTML keeps `<h2><p>…</p></h2>` one heading; libxml2 ends the heading at the `<p>`, and
    # the title came out as a plain line under an empty heading.
    body = "Planarians regrow a whole head, memories included, from a small fragment of tail."
    pitch = (
        "Our new course walks you through twelve experiments on flatworms, each with a video, "
        "a reading list and a worksheet that your class can fill in at home or in the lab."
    )
    out = render(
        f"<p>{PROSE}</p><h2 class='title'><p>Why planarians think</p></h2><p>{body}</p>"
        f"<h3><p>{pitch}</p></h3>"
    )
    assert f"\n\n## Why planarians think\n\n{body}" in out
    # A paragraph longer than a title is prose a theme styled large: it stays a paragraph.
    assert out.endswith(f"\n\n{pitch}")


def test_a_heading_of_only_invisible_characters_leaves_no_bare_marks() -> None:
    # A builder's emptied title holding two zero-width spaces read "##", a title of nothing.
    out = render(f"<p>{PROSE}</p><h2>\u200b\u200b</h2><h2>Best budget earbuds</h2><p>Text.</p>")
    assert f"{PROSE}\n\n## Best budget earbuds\n\nText." in out
