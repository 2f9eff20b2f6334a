"""Markup the HTML parser reads oddly: content after the end tags, unclosed button, repeated id."""

from __future__ import annotations

from collections.abc import Callable

import lxml.etree as etree

from dsh.tool_web import html_to_markdown
from dsh.tool_web.markdown.parse import parse
from dsh.tool_web.markdown.streamed import with_boundary_markers
from tool_web.markdown.markdown_pages import PROSE, html_page, render


def body_attributes(html: bytes) -> dict[str, str]:
    """The attributes the parsed page's `body` ended up with."""
    body = parse(html).find("body")
    assert body is not None
    return {str(name): str(value) for name, value in body.attrib.items()}


def test_unclosed_button_does_not_swallow_the_article() -> None:
    # libxml2 ignores this `</button>` (a <div> inside is still open) and nests the rest of the
    # page inside the button; buttons are dropped as interface, so the article went with it.
    out = render(
        '<header><div class="menu-button-container"><button class="menu-button">'
        '<span>Menu</span><div class="menu-button-inner"><div></button></div></header>'
        f"<main><article><h1>Story</h1><p>{PROSE}</p></article></main>"
    )
    assert "# Story" in out
    assert PROSE in out


def test_content_after_the_document_end_tags_is_kept() -> None:
    # HTML5 puts it in <body> (browsers show it); libxml2 alone would drop what follows </html>.
    html = (
        "<html><head><title>T</title></head><body><header><a href='/'>Home</a></header>"
        f"</body></html>\n<div><h1>Late story</h1><p>{PROSE}</p></div>"
    )
    out = html_to_markdown(html)
    assert "# Late story" in out
    assert PROSE in out
    after_body = f"<html><body><p>{PROSE}</p></BODY >\n<p>Second paragraph after the body.</p>"
    assert "Second paragraph after the body." in html_to_markdown(after_body)
    # Either name in any case, each end tag closed within its bound; `</bodyfoo>` is not one.
    mixed = (
        f"<html><body><p>{PROSE}</p></BoDy\n></HtMl\t>\n<p>Third paragraph after the html.</p>"
        "<p>Inside a <bodyfoo>custom</bodyfoo> element.</p></HTML>"
    )
    out = html_to_markdown(mixed)
    assert "Third paragraph after the html." in out
    assert "Inside a custom element." in out


def test_a_repeated_id_naming_depth_keeps_the_page_structured() -> None:
    """libxml2 reported a repeated id as "ID depth already defined", which the check for its
    nesting-depth error read as that error: the page came out as plain text, no headings."""
    out = html_to_markdown(
        html_page(
            '<h2 id="depth">Depth</h2><p>The lake is 40 metres deep.</p>'
            '<h2 id="depth">Depth, again</h2><p>A template repeated the section.</p>'
        )
    )
    assert "## Depth" in out
    assert "## Depth, again" in out


def test_a_body_tag_in_a_scripts_string_or_a_comment_gives_the_body_nothing() -> None:
    # A pixel in the head opened the body, so the page's own `<body>` is reported misplaced and
    # every `<body` of its line is read; on a minified page's one line that included a
    # script's string and a commented-out tag, whose `hidden` and `archive` the body took
    # (the page then read as hidden, and as a list of posts).
    root = parse(
        b"<html><head><img src='/p.gif'><script>var w = '<body hidden class=\"archive\">';"
        b"</script><!-- <body style='display:none'> --></head><body class='home'><p>x</p>"
    )
    body = root.find("body")
    assert body is not None
    assert body.get("class") == "home"
    assert body.get("hidden") is None
    assert body.get("style") is None


def test_a_body_tag_in_any_element_whose_content_is_text_gives_the_body_nothing() -> None:
    # As in a script's string: in a style, a title, a text area or an `xmp` a `<body …>` is
    # their text (HTML reads no tag there), so the body takes none of its attributes.
    assert body_attributes(
        b"<html><head><img src='/p.gif'><style>/* <body hidden> */</style>"
        b"<title>A <body class='archive'> story</title><textarea><body style='display:none'>"
        b"</textarea><xmp><body lang='la'></xmp></head><body class='home'><p>x</p>"
    ) == {"class": "home"}


def test_text_elements_are_known_by_their_whole_name_in_any_case() -> None:
    # An iframe's, a `noembed`'s or a `noframes`' content is text too (HTML and libxml2 read
    # no tag there), and so is all that follows `plaintext`; a `<Script>` is a script however
    # its name is written. A `<style-guide>` element is no style: the page's own `<body>`
    # after it is a tag, whose class the body takes.
    assert body_attributes(
        b"<html><head><img src='/p.gif'><Script>var w = '<body hidden>';</Script>"
        b"<iframe><body lang='la'></iframe><noembed><body dir='rtl'></noembed>"
        b"<noframes><body style='display:none'></noframes><style-guide></style-guide>"
        b"</head><body class='home'><p>x</p>"
    ) == {"class": "home"}
    assert body_attributes(
        b"<html><head><img src='/p.gif'><style-guide>x</style-guide></head>"
        b"<body class='archive'><p>x</p><plaintext><body id='shown-as-text'>"
    ) == {"class": "archive"}


def test_the_fallbacks_for_browsers_without_embeds_or_frames_are_not_shown() -> None:
    # Every browser embeds and frames, so none shows a `noembed`'s or a `noframes`' content;
    # libxml2 reads it as text, and its markup came out as words: "<b>Cannot embed</b>".
    out = render(
        f"<p>{PROSE}</p><noembed><b>Cannot embed</b></noembed>"
        "<noframes><p>Your browser has no frames.</p></noframes>"
    )
    assert "embed" not in out.lower()
    assert "frames" not in out


def test_a_misplaced_body_tags_attributes_are_read_as_utf8() -> None:
    # The attributes libxml2 dropped from a `<body>` after the body began are given to the
    # body (as HTML merges them), read from the page's UTF-8 like the rest of it: read alone,
    # the tag's bytes were taken for Latin-1 ("Ã‰tÃ©").
    root = parse('<html><head><img src="/p.gif"></head><body data-saison="Été">x'.encode())
    body = root.find("body")
    assert body is not None
    assert body.get("data-saison") == "Été"


def test_main_left_in_a_menu_item_by_an_unclosed_div_is_read_after_the_menu() -> None:
    # The submenu leaves a `div` open. HTML's `</li>` closes it with the item; libxml2 refuses
    # that end tag (a `div` outranks a `li`), so the menu item stayed open and held `main`:
    # the whole page came out as the item's lines, "- Solutions" over an indented article.
    out = html_to_markdown(
        '<html><body><header><nav><ul><li><a href="/s">Solutions</a>'
        '<div class="submenu"><div><a href="/a">Audit</a></div><div><a href="/r">Risk</a></div>'
        '</li><li><a href="/i">Industries</a></li></ul></nav></header>'
        f"<main><h1>Data services</h1><p>{PROSE}</p></main>"
        "<footer><p>Copyright</p></footer></body></html>"
    )
    assert out.startswith("# Data services\n")
    assert f"\n{PROSE}" in out
    assert "Solutions" not in out


def test_react_streamed_segments_are_read_where_their_boundaries_stand() -> None:
    # React's streaming server rendering leaves a placeholder and a fallback where a part
    # belongs and sends the part late, hidden at the end, with a script that moves it in
    # (`$RC` for a boundary, `$RS` for a segment). Without scripts the reviews came after the
    # footer note and "Loading reviews…" stayed.
    html = (
        f"<html><body><main><h1>Chair</h1><p>{PROSE}</p>"
        '<!--$?--><template id="B:0"></template><p>Loading reviews…</p><!--/$-->'
        "<p>Shipping note at the end of the article.</p></main>"
        '<div hidden id="S:0"><h2>Reviews</h2><p>A sturdy chair, easy to assemble.</p>'
        '<template id="P:1"></template></div>'
        '<div hidden id="S:1"><p>Second review: comfortable for long days.</p></div>'
        '<script>$RC("B:0","S:0")</script><script>$RS("S:1","P:1")</script></body></html>'
    )
    out = html_to_markdown(html)
    assert "Loading reviews" not in out
    reviews = out.index("## Reviews")
    assert out.index(PROSE) < reviews < out.index("A sturdy chair")
    assert out.index("A sturdy chair") < out.index("Second review")
    assert out.index("Second review") < out.index("Shipping note at the end")


def test_react_external_runtime_and_styled_completions_move_segments_too() -> None:
    # React's external runtime writes its instructions as `template`s (`data-rci` a boundary,
    # `data-rsi` a segment) and `$RR` completes a boundary once its stylesheets load: the
    # same moves as `$RC`/`$RS`. A `data-rxi` boundary is left to the client: its fallback
    # stays. Before, the external form and `$RR` were not read: the parts came at the end.
    html = (
        f"<html><body><main><h1>Chair</h1><p>{PROSE}</p>"
        '<!--$?--><template id="B:0"></template><p>Loading reviews…</p><!--/$-->'
        '<!--$?--><template id="B:1"></template><p>Loading specifications…</p><!--/$-->'
        '<!--$?--><template id="B:2"></template><p>Questions from buyers go here.</p><!--/$-->'
        "<p>Shipping note at the end of the article.</p></main>"
        '<div hidden id="S:0"><h2>Reviews</h2><p>A sturdy chair, easy to assemble.</p>'
        '<template id="P:3"></template></div>'
        '<div hidden id="S:3"><p>Second review: comfortable for long days.</p></div>'
        '<div hidden id="S:1"><h2>Specifications</h2><p>Oak frame, linen seat.</p></div>'
        '<template data-rci="" data-bid="B:0" data-sid="S:0"></template>'
        '<template data-rsi="" data-sid="S:3" data-pid="P:3"></template>'
        '<template data-rxi="" data-bid="B:2" data-dgst="timeout"></template>'
        '<script>$RR("B:1","S:1",[["/reviews.css","high"]])</script></body></html>'
    )
    out = html_to_markdown(html)
    assert "Loading reviews" not in out
    assert "Loading specifications" not in out
    assert "Questions from buyers" in out
    assert out.index(PROSE) < out.index("A sturdy chair") < out.index("Second review")
    questions = out.index("Questions from buyers")
    assert out.index("Second review") < out.index("Oak frame") < questions
    assert questions < out.index("Shipping note at the end")


def test_react_segment_holding_its_own_placeholder_keeps_the_fallback() -> None:
    # A boundary whose placeholder stands inside its own segment cannot be completed (the
    # script would fail the same way): the segment stays where it is and so does the
    # fallback. Before, the fallback was removed first and the move then refused.
    html = (
        f"<html><body><main><h1>Chair</h1><p>{PROSE}</p></main>"
        '<div hidden id="S:0"><p>Delivery within three days.</p>'
        '<!--$?--><template id="B:0"></template><p>Checking stock in your area.</p><!--/$-->'
        '</div><script>$RC("B:0","S:0")</script></body></html>'
    )
    out = html_to_markdown(html)
    assert "Checking stock in your area." in out


def test_main_left_in_a_menu_item_is_read_after_the_menu_on_a_page_with_many_errors() -> None:
    # libxml2 reports only its first 100 errors: after 150 stray `</div>`s, the menu's refused
    # `</li>` went unlogged, and the page stayed one list item of the menu.
    out = html_to_markdown(
        "<html><body>" + "<p>x</div>" * 150 + '<header><nav><ul><li><a href="/s">Solutions</a>'
        '<div class="submenu"><div><a href="/a">Audit</a></div>'
        '</li><li><a href="/i">Industries</a></li></ul></nav></header>'
        f"<main><h1>Data services</h1><p>{PROSE}</p></main>"
        "<footer><p>Copyright</p></footer></body></html>"
    )
    assert "\n# Data services\n" in out
    assert f"\n{PROSE}" in out


def test_react_boundary_comments_are_markers_only_where_they_are_comments() -> None:
    # In a title, a script (JSON-LD), a style or a text area `<!--$-->` is text: a marker
    # written there was shown in the title, or its quotes broke the JSON-LD string. Nor in a
    # comment. Outside them, every boundary comment becomes a marker.
    text_elements = (
        "<title>React <!--$--> streaming</title>"
        '<script type="application/ld+json">{"name": "<!--$?-->"}</script>'
        "<style>/* <!--/$--> */</style><textarea><!--$!--></textarea><!-- <script> -->"
    )
    out = with_boundary_markers(f"{text_elements}<p><!--$?-->x<!--/$--></p>".encode())
    markers = '<template data-dsh-suspense="open"></template>x'
    markers += '<template data-dsh-suspense="close"></template>'
    assert out == f"{text_elements}<p>{markers}</p>".encode()
    # Nor in an iframe, a `noembed` or a `noframes` (their content is text as well), nor
    # anywhere after `plaintext`, which no end tag closes.
    text_elements = (
        "<iframe><!--$--></iframe><NoEmbed><!--$?--></NoEmbed><noframes><!--/$--></noframes>"
    )
    out = with_boundary_markers(
        f"{text_elements}<p><!--$?-->x<!--/$--></p><plaintext><!--$--></plaintext><!--/$-->".encode()
    )
    assert out == (
        f"{text_elements}<p>{markers}</p><plaintext><!--$--></plaintext><!--/$-->".encode()
    )


def test_attribute_searches_find_what_a_test_of_every_element_finds() -> None:
    # The passes test an attribute's values on the attribute read once (`tree.py`): the same
    # elements, once each and in document order, as a test of every element; attribute names
    # in any case (the parser lowers them), a repeated attribute (the parser keeps the first),
    # the context element itself left out of a search of its descendants.
    from dsh.tool_web.markdown import boilerplate, linkblocks, overlays, screenreader, tabs
    from dsh.tool_web.markdown.tree import attribute_owners, find_elements

    root = parse(
        b'<html><body role="dialog"><div ROLE="Dialog"><p role="dialog" role="tab">a</p>'
        b'<div Aria-Modal="true"><span popover>b</span><span aria-hidden="true">1</span></div>'
        b'<div role="navigation" class="x msg-body" id="ext"><a role="tab">c</a></div>'
        b'<section data-role="content" itemprop="text" role="contentinfo">d</section>'
        b'<aside class="tool-tip__text" aria-hidden="false">e</aside></div></body></html>'
    )
    body = root.find("body")
    assert body is not None

    def where(test: Callable[[etree._Element], bool]) -> list[etree._Element]:
        return [e for e in body.iterdescendants() if test(e)]

    assert overlays.dialog_elements(body) == where(
        lambda e: (
            e.get("role") in ("dialog", "alertdialog", "tooltip")
            or e.get("aria-modal") == "true"
            or e.get("popover") is not None
        )
    )
    assert len(overlays.dialog_elements(body)) == 3
    assert attribute_owners(boilerplate._SITE_ROLES, body) == where(
        lambda e: e.get("role") in ("navigation", "contentinfo")
    )
    assert attribute_owners(screenreader._ARIA_HIDDEN, body) == where(
        lambda e: e.get("aria-hidden") == "true"
    )
    assert attribute_owners(tabs._TABS, body) == where(lambda e: e.get("role") == "tab")
    assert [e.tag for e in find_elements(overlays.NAMED_TOOLTIPS, body)] == ["aside"]
    # A class or id with `ody`, `ext`, `sg`, ..., the microdata text, a `data-role` content.
    assert [e.tag for e in find_elements(linkblocks._POST_BODY_CANDIDATES, body)] == [
        "div",
        "section",
        "aside",
    ]
