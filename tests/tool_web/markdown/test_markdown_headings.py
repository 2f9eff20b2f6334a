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
