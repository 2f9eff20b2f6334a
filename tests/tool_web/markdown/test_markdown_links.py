"""Links: absolute and cleaned targets, redirectors, base element, labels, which keep targets."""

from __future__ import annotations

import pytest

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page, render


def test_inline_links_are_absolute_and_cleaned() -> None:
    out = render(
        f'<p>{PROSE} See <a href="/api/v2?utm_source=x&amp;id=7#frag">the API</a> and '
        '<a href="#top">top</a> or <a href="javascript:void(0)">this</a>.</p>'
    )
    assert "[the API](https://example.com/api/v2?id=7)" in out
    assert "top" in out
    assert "#top" not in out
    assert "javascript" not in out


def test_dropping_tracking_parameters_leaves_the_rest_of_the_query_as_written() -> None:
    # Re-encoding the query broke links: a Latin-1 escape became U+FFFD's, a bare key gained "=".
    out = render(
        f'<p>{PROSE} See <a href="/search?q=caf%E9&amp;utm_source=x&amp;sort;asc&amp;flag">'
        "the search</a>.</p>"
    )
    assert "[the search](https://example.com/search?q=caf%E9&sort;asc&flag)" in out


@pytest.mark.parametrize(
    ("base", "expected"),
    [
        ("https://cdn.example.org/docs/", "https://cdn.example.org/docs/guide.html"),
        ("/v2/", "https://example.com/v2/guide.html"),  # itself relative to the page's URL
        ("javascript:alert(1)", "https://example.com/docs/guide.html"),  # unusable: ignored
        ("", "https://example.com/docs/guide.html"),
    ],
)
def test_relative_links_resolve_against_the_base_element(base: str, expected: str) -> None:
    html = html_page(
        f'<p>{PROSE} Read <a href="guide.html">the guide</a> first.</p>',
        head=f'<base href="{base}">',
    )
    out = html_to_markdown(html, url="https://example.com/docs/page")
    assert f"[the guide]({expected})" in out


@pytest.mark.parametrize("url", [None, "https://example.com/guide?utm_source=feed&ref=home"])
def test_a_link_to_the_address_the_page_names_as_its_own_keeps_its_label_alone(
    url: str | None,
) -> None:
    # The page's canonical address is the page itself, whatever address it was fetched at:
    # a blog's title linked to its permalink, a breadcrumb's last step, showed the page's own
    # URL, which leads the model nowhere new. Another page's link keeps its target.
    body = (
        '<h1><a href="https://www.example.com/guide/">A guide to kettles</a></h1>'
        f'<p>{PROSE} See <a href="https://example.com/kettles/">our kettle tests</a>.</p>'
    )
    head = '<link rel="canonical" href="https://example.com/guide">'
    out = html_to_markdown(html_page(body, head=head), url=url)
    assert "# A guide to kettles" in out
    assert "/guide" not in out
    assert "[our kettle tests](https://example.com/kettles/)" in out


@pytest.mark.parametrize(
    "url", ["https://example.com/guide", "https://example.com/guide?utm_campaign=spring"]
)
def test_a_link_to_the_page_itself_with_a_tracking_query_keeps_its_label_alone(url: str) -> None:
    # Tracking parameters are dropped from every shown target, so they must not make a link
    # back to the page (or the page fetched with one) look like another page.
    body = (
        '<h1><a href="https://example.com/guide?utm_source=nav">A guide to kettles</a></h1>'
        f'<p>{PROSE} See <a href="https://example.com/guide?page=2">page two</a>.</p>'
    )
    out = html_to_markdown(html_page(body), url=url)
    assert "# A guide to kettles" in out
    assert "[page two](https://example.com/guide?page=2)" in out


def test_a_canonical_link_the_parser_moved_into_the_body_still_names_the_page() -> None:
    # A `div` in the head (a tag manager's noscript fallback, a stray banner) makes libxml2
    # open the body there, and the rest of the head, the canonical link with it, lands in it.
    html = (
        "<html><head><title>Kettles</title><div>Skip to content</div>"
        '<link rel="canonical" href="https://example.com/guide"></head><body>'
        '<h1><a href="https://example.com/guide">A guide to kettles</a></h1>'
        f"<p>{PROSE}</p></body></html>"
    )
    out = html_to_markdown(html)
    assert "# A guide to kettles" in out
    assert "/guide" not in out


def test_a_url_written_as_the_label_is_shown_once() -> None:
    out = render(
        f'<p>{PROSE} Source: <a href="https://data.example.org/t1/">https://data.example.org/t1</a>'
        ' and <a href="https://www.booking.com/hotels">Booking.com</a> compared.</p>'
    )
    # "Booking.com" is a name as written (not replaced by the URL); to another page than the
    # site's home it keeps its target.
    expected = (
        "Source: https://data.example.org/t1/ and [Booking.com](https://www.booking.com/hotels)"
    )
    assert expected in out


def test_a_label_naming_the_site_a_link_leads_home_to_keeps_its_label_alone() -> None:
    # "ollama.com" linked to `http://ollama.com/`: the label is an address the model can fetch
    # as written, and the target said it again. Another page of the site, or another site,
    # keeps its target.
    out = render(
        f'<p>{PROSE} Get it from <a href="http://ollama.com/">ollama.com</a> or '
        '<a href="https://www.Booking.com/"><b>Booking.com</b></a>, read '
        '<a href="https://arxiv.org/abs/2401.1">arxiv.org</a> and '
        '<a href="https://example.org/">example.com</a>.</p>'
    )
    assert (
        "Get it from ollama.com or **Booking.com**, read [arxiv.org](https://arxiv.org/abs/2401.1)"
        in out
    )
    assert "[example.com](https://example.org/)" in out


def test_a_label_writing_the_address_without_its_scheme_keeps_its_label_alone() -> None:
    # "github.com/ashvardanian/StringZilla" linked to itself: the label is the address as a
    # page writes it, and the target said it again. A label shorter than its target (another
    # page's name) keeps the target.
    out = render(
        f"<p>{PROSE} The code is at <a href='https://github.com/ashvardanian/StringZilla/'>"
        "github.com/ashvardanian/StringZilla</a>, the specs at "
        "<a href='https://c2sp.org/tlog-tiles'>c2sp.org</a>.</p>"
    )
    assert "The code is at github.com/ashvardanian/StringZilla, the specs at" in out
    assert "[c2sp.org](https://c2sp.org/tlog-tiles)" in out


def test_contact_links_keep_the_address_the_label_does_not_show() -> None:
    out = render(
        f"<p>{PROSE}</p><p>Write to <a href='mailto:help@example.com?subject=Hi'>our team</a>, "
        "<a href='mailto:sales@example.com'>sales@example.com</a> or "
        "<a href='tel:+1 555 0100 200'>(555) 0100-200</a>, <a href='tel://5550100300'>"
        "1-555-0100-300</a>.</p>"
        "<div><a href='tel:+44-20-7946-0000'>Call us</a></div>"  # standalone, not prose
        "<div><a href='mailto:bad(address)'>Odd</a> <a href='mailto:'>Empty</a></div>"
    )
    assert (
        "Write to [our team](mailto:help@example.com), sales@example.com or (555) 0100-200, "
        "1-555-0100-300."
    ) in out
    assert "[Call us](tel:+44-20-7946-0000)" in out
    assert "Odd Empty" in out


def test_link_labels_and_targets_that_would_break_the_link_syntax() -> None:
    out = render(
        f"<p>{PROSE} See <a href='/a\u00a0b'>the odd link</a>, <a href='/c'>a path\\</a> and "
        "<a href='/d'>C:\\Users\\[x]</a> here.</p>"
    )
    assert "[the odd link](https://example.com/a%C2%A0b)" in out
    assert "[a path\\\\](https://example.com/c)" in out
    assert "[C:\\Users\\\\\\[x\\]](https://example.com/d)" in out


def test_repeated_link_target_shown_once() -> None:
    link = '<a href="https://other.org/x">other</a>'
    out = render(f"<p>{PROSE} First {link}.</p><p>{PROSE} Again {link}.</p>")
    assert out.count("https://other.org/x") == 1


def test_a_target_spelled_two_ways_is_shown_once() -> None:
    # The same address with and without `www.`, its trailing slash, `http` or `https`, the
    # host's case, a fragment: one page of the site, paid for once.
    spellings = [
        "https://www.other.org/guide/",
        "http://other.org/guide",
        "https://Other.org/guide#setup",
    ]
    out = render(
        "".join(
            f'<p>{PROSE} Step {n}, <a href="{href}">the guide</a>.</p>'
            for n, href in enumerate(spellings)
        )
        + f'<p>{PROSE} Or <a href="https://other.org/guide?page=2">its next page</a>.</p>'
    )
    assert out.count("](") == 2
    assert "[the guide](https://www.other.org/guide/)" in out
    assert "[its next page](https://other.org/guide?page=2)" in out  # another query: another page


def test_a_paid_link_keeps_its_label_not_its_target() -> None:
    # `rel=sponsored` is the page saying the link is an ad or an affiliate placement: its target
    # is an opaque redirect to a shop. A `nofollow` link is the page's own reference and stays.
    out = render(
        f"<p>{PROSE} We liked the "
        '<a href="https://geni.us/hgc-ratiosix" rel="nofollow noopener SPONSORED">Ratio Six</a>'
        ' best, as <a href="https://lab.example.org/tests" rel="nofollow">our tests</a> show.</p>'
    )
    assert "We liked the Ratio Six best" in out
    assert "geni.us" not in out
    assert "[our tests](https://lab.example.org/tests)" in out


@pytest.mark.parametrize(
    "href",
    [
        "https://amzn.to/44EZoqR",
        "https://rei.pxf.io/c/2536211/1448521/17195?u=https%3A%2F%2Fwww.rei.com%2Fproduct%2F1",
        "http://www.jdoqocy.com/click-6014437-13115332?sid=wp-382805",
    ],
)
def test_a_link_through_an_affiliate_click_host_keeps_its_label_not_its_target(href: str) -> None:
    # An affiliate programme's short link or network redirect is paid for whether or not the
    # page marks it `sponsored`, and its target is an opaque code. A shop's own address, or a
    # host that only ends in the same letters, keeps its target.
    out = render(
        f'<p>{PROSE} Buy the <a href="{href}">Mantis UL</a> or the '
        '<a href="https://www.rei.com/product/2">Kammok hammock</a>; see '
        '<a href="https://notpxf.io/guide">the guide</a>.</p>'
    )
    assert "Buy the Mantis UL or" in out
    assert "[Kammok hammock](https://www.rei.com/product/2)" in out
    assert "[the guide](https://notpxf.io/guide)" in out


def test_skip_links_are_dropped_but_a_sentence_saying_skip_to_stays() -> None:
    # "Skip to main content" jumps a keyboard past the site's header: left in the selection
    # (inside a shop's `main`, a header kept for its size) it stood as the page's first
    # line. A sentence linking to a section in the same words is the page's own.
    out = render(
        "<main><a href='#main-content' class='skip'><span>Skip to main content</span></a>"
        "<a href='#product-list'>Skip to product list</a> | <a href='#footer'>Skip "
        f"navigation</a><h1>Sofas</h1><p>{PROSE}</p><p>New here? You can "
        "<a href='#setup'>skip to the setup</a> if the basics are familiar.</p></main>"
    )
    assert out.startswith("# Sofas")
    assert "Skip to" not in out
    assert "Skip navigation" not in out
    assert "New here? You can skip to the setup if the basics are familiar." in out


def test_a_skip_link_past_one_part_of_the_page_is_dropped() -> None:
    # Moodle writes "Skip <block> block" before each side block, to an empty `span` right
    # after it; a shop's gallery "Skip images" to an empty mark past the gallery. Told from a
    # link into the page in the same words by where it lands: an empty mark just past.
    block = "<ul>" + "".join(f"<li><a href='/t/{n}'>Topic {n}</a></li>" for n in range(3))
    out = render(
        "<main><div><a class='skip-block' href='#sb-1'>Skip Course introduction block</a>"
        f"<div class='block'><h2>Course introduction</h2>{block}</ul></div>"
        "<span id='sb-1'></span></div><div><div class='gallery'><div><a href='#skip-img'>"
        "Skip images</a><img src='a.jpg' alt='Shelf'></div></div><div><div id='skip-img'>"
        f"</div><h1>Shelf unit</h1><p>{PROSE}</p></div></div>"
        "<p><a href='#steps'>Skip the theory</a></p><h2 id='steps'>Steps</h2>"
        f"<p>{PROSE}</p></main>"
    )
    assert "Skip Course" not in out
    assert "Skip images" not in out
    assert "## Course introduction" in out
    # A link to a section with words of its own is a link into the page: it stays.
    assert "Skip the theory" in out


def test_standalone_link_lists_keep_labels_not_targets() -> None:
    items = "".join(f'<li><a href="/p/{i}">Product {i}</a></li>' for i in range(5))
    out = render(f"<p>{PROSE}</p><ul>{items}</ul>")
    assert "- Product 3" in out
    assert "/p/3" not in out


def test_listing_entry_titles_keep_their_targets() -> None:
    # A listing's entries are where the model goes next: their title links stay followable.
    items = "".join(
        f'<li><a href="/posts/{i}">How to write a good post number {i}</a> by someone</li>'
        for i in range(3)
    )
    heading = '<h2><a href="/guide">The complete guide to links</a></h2>'
    out = render(f"{heading}<p>{PROSE}</p><ul>{items}</ul>")
    assert "- [How to write a good post number 1](https://example.com/posts/1) by someone" in out
    assert "## [The complete guide to links](https://example.com/guide)" in out


def test_links_to_documents_keep_their_targets() -> None:
    # A "View PDF" button's file is where the model would go next, and its address cannot be
    # guessed from the label; other short links beside it keep only their labels.
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Paper</th><th>Files</th></tr><tr><td>Attention</td>"
        "<td><a href='/pdf/1706.03762.pdf'>View PDF</a> <a href='/abs/1706.03762'>Abstract</a>"
        "</td></tr><tr><td>Results</td><td><a href='/data/t.CSV?v=2'>Data</a></td></tr></table>"
    )
    assert "|Attention|[View PDF](https://example.com/pdf/1706.03762.pdf) Abstract|" in out
    assert "|Results|[Data](https://example.com/data/t.CSV?v=2)|" in out


def test_a_heading_wrapped_in_a_title_link_keeps_its_marks_outside_the_label() -> None:
    # Listings wrap each entry's heading in its link: the marks are the heading's, not the label's.
    items = "".join(
        f'<li><a href="/posts/{i}"><h3>How to write post number {i}</h3></a>by someone</li>'
        for i in range(3)
    )
    out = render(f"<p>{PROSE}</p><ul>{items}</ul>")
    assert "- ### [How to write post number 1](https://example.com/posts/1)\n  by someone" in out
    assert "[###" not in out


def test_relative_links_without_url_are_dropped() -> None:
    out = html_to_markdown(html_page(f'<p>{PROSE} <a href="/rel">relative</a>.</p>'))
    assert "relative" in out
    assert "](" not in out


def test_cloudflare_protected_emails_are_decoded() -> None:
    out = render(
        f"<p>{PROSE}</p><div class='contact'><h3>Contact us by email:</h3><div>"
        '<a href="/cdn-cgi/l/email-protection" class="__cf_email__" '
        'data-cfemail="264f484049664e4756564f4a5f4549484843455243420845494b">'
        "[email&#160;protected]</a></div></div><p>Broken: <span data-cfemail='zz'>"
        "[email&#160;protected]</span>.</p>"
    )
    assert "### Contact us by email:\n\ninfo@happilyconnected.com" in out
    assert "Broken: [email\u00a0protected]." in out or "Broken: [email protected]." in out


@pytest.mark.parametrize(
    ("href", "target"),
    [
        (
            "https://www.google.com/url?q=https://example.org/a%3Fb%3D1&sa=D",
            "https://example.org/a?b=1",
        ),
        (
            "https://l.facebook.com/l.php?u=https%3A%2F%2Fnews.example%2Fs&h=AT0",
            "https://news.example/s",
        ),
        (
            "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fx.org%2Fp&data=5",
            "https://x.org/p",
        ),
        (
            "https://www.google.com/url?q=javascript:alert(1)",
            "https://www.google.com/url?q=javascript:alert%281%29",
        ),
    ],
)
def test_click_tracking_redirectors_show_the_target_they_wrap(href: str, target: str) -> None:
    out = render(f"<p>{PROSE} It is explained in <a href='{href}'>this source</a> in detail.</p>")
    assert f"[this source]({target})" in out


def test_a_cloudflare_protected_link_keeps_its_own_label() -> None:
    out = render(
        f"<p>{PROSE} Write to <a href='/cdn-cgi/l/email-protection#264f484049664e4756564f4a5f454948"
        "4843455243420845494b'>Dr. Jane Smith</a> about it.</p>"
    )
    assert "Write to [Dr. Jane Smith](mailto:info@happilyconnected.com) about it." in out
