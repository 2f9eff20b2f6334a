"""Structure kept by html_to_markdown on small handwritten pages."""

from __future__ import annotations

import pytest

from dsh.tool_web import html_to_markdown
from dsh.tool_web.markdown.shell import EMPTY_SHELL_NOTICE
from tool_web.markdown.markdown_pages import PROSE, html_page, indented_comment


def render(body: str, url: str | None = "https://example.com/docs/page") -> str:
    return html_to_markdown(html_page(body), url=url)


def test_emphasis_wrapping_a_whole_heading_is_dropped() -> None:
    out = render(
        f"<p>{PROSE}</p><h2><strong>Key facts</strong></h2><h4><em><strong>Both</strong></em></h4>"
        "<h3><em>Why</em> it matters</h3>"
    )
    assert "\n## Key facts\n\n#### Both\n" in out
    assert out.endswith("\n### *Why* it matters")


def test_headings_and_paragraphs() -> None:
    out = render(f"<main><h1>Title</h1><p>{PROSE}</p><h3>Sub <em>part</em></h3><p>End.</p></main>")
    assert out.startswith("# Title\n\n")
    assert f"\n\n{PROSE}\n\n" in out
    assert "### Sub *part*" in out
    assert EMPTY_SHELL_NOTICE not in out


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


def test_inline_code_keeps_the_line_breaks_between_its_words() -> None:
    out = render(f"<p>{PROSE} Run <code>make<br>make install</code> as root.</p>")
    assert "`make make install`" in out


def test_nested_and_ordered_lists() -> None:
    out = render(
        f"<p>{PROSE}</p><ul><li>one<ul><li>inner</li></ul></li><li>two</li></ul>"
        '<ol start="3"><li>third</li><li>fourth</li></ol>'
    )
    assert "- one\n  - inner\n- two" in out
    assert "3. third\n4. fourth" in out


def test_content_written_straight_inside_a_list_is_kept() -> None:
    # Invalid but common: a list directly inside a list, text and inline elements between items.
    out = render(
        f"<p>{PROSE}</p><ul><li>Examples:</li><ul><li>salad bar</li><li>live cooking</li></ul>"
        "<strong>Web app examples</strong> – Gmail, Docs<li>last</li> trailing note</ul>"
    )
    assert (
        "- Examples:\n  - salad bar\n  - live cooking\n**Web app examples** – Gmail, Docs\n"
        "- last\ntrailing note"
    ) in out


def test_code_block_keeps_whitespace_and_language() -> None:
    code = "def f(x):\n    return  x * 2\n\n\nprint(f(2))"
    out = render(f'<p>{PROSE}</p><pre><code class="language-python">{code}</code></pre>')
    assert f"```python\n{code}\n```" in out


@pytest.mark.parametrize(
    ("wrappers", "language"),
    [
        ('<div class="highlight-python notranslate"><div class="highlight">', "python"),
        ('<div class="highlight highlight-source-shell"><div>', "shell"),
        ('<div class="highlight-default notranslate"><div class="highlight">', ""),
        ('<div class="lang-en"><div>', ""),
    ],
)
def test_code_language_named_on_the_wrappers_of_the_block(wrappers: str, language: str) -> None:
    out = render(f"<p>{PROSE}</p>{wrappers}<pre>ls -l</pre></div></div>")
    assert f"```{language}\nls -l\n```" in out


def test_code_blocks_stay_inside_list_items_and_quotes() -> None:
    out = render(
        f"<p>{PROSE}</p><ol><li>Install:<pre><code class='language-bash'>pip install x\n\n"
        "x --go</code></pre></li><li>Done</li></ol>"
        "<blockquote><p>Quoted:</p><pre>a = 1\nb = 2</pre></blockquote>"
    )
    assert "1. Install:\n   ```bash\n   pip install x\n\n   x --go\n   ```\n2. Done" in out
    assert "> Quoted:\n>\n> ```\n> a = 1\n> b = 2\n> ```" in out


def test_code_in_a_table_cell_is_inline_and_fences_outlast_backticks() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Command</th><th>Effect</th></tr>"
        "<tr><td><pre>ls -l\npwd</pre></td><td>lists</td></tr></table>"
        "<p>Quote with <code>`tick</code> or <code>a``b`c</code>.</p><pre>```\nfenced\n```</pre>"
    )
    assert "| `ls -l pwd` | lists |" in out
    assert "Quote with `` `tick `` or ```a``b`c```." in out
    assert "~~~\n```\nfenced\n```\n~~~" in out


def test_heading_nested_in_a_heading_keeps_its_own_line() -> None:
    # libxml2 keeps the h2 inside the h1; an HTML5 parser closes the h1 first.
    out = render(f"<h1>Title<h2>Sub<em>title</em></h2> tail</h1><p>{PROSE}</p>")
    assert out.startswith("# Title\n\n## Sub*title*\n\ntail\n\n")


def test_gfm_table() -> None:
    out = render(
        f"<p>{PROSE}</p><table><thead><tr><th>Name</th><th>Size</th></tr></thead>"
        "<tbody><tr><td>a|b</td><td>1 <b>kB</b></td></tr><tr><td>c</td></tr></tbody></table>"
    )
    assert "| Name | Size |\n|---|---|\n| a\\|b | 1 **kB** |\n| c | |" in out


def test_a_footer_written_before_the_body_rows_still_comes_last() -> None:
    out = render(
        f"<p>{PROSE}</p><table><thead><tr><th>Item</th><th>Cost</th></tr></thead>"
        "<tfoot><tr><td>Total</td><td>30</td></tr></tfoot>"
        "<tbody><tr><td>a</td><td>10</td></tr><tr><td>b</td><td>20</td></tr></tbody></table>"
    )
    assert "| Item | Cost |\n|---|---|\n| a | 10 |\n| b | 20 |\n| Total | 30 |" in out


def test_spanned_cells_keep_the_columns_of_the_cells_after_them() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Part</th><th>Size</th><th>Value</th></tr>"
        "<tr><td rowspan=2>Box</td><td>Height</td><td>10</td></tr><tr><td>Width</td><td>5</td></tr>"
        "<tr><td colspan=2>Total</td><td>15</td></tr>"
        "<tr><td rowspan=0>Lid</td><td>Height</td><td>1</td></tr><tr><td>Width</td></tr></table>"
    )
    assert (
        "| Part | Size | Value |\n|---|---|---|\n| Box | Height | 10 |\n| Box | Width | 5 |\n"
        "| Total | | 15 |\n| Lid | Height | 1 |\n| Lid | Width | |"
    ) in out


def test_cells_removed_as_furniture_leave_the_others_in_their_columns() -> None:
    # A cell that is all link (dropped from prose as a link block) or named like furniture goes,
    # but the cells after it must not slide left under the wrong header.
    rows = "".join(
        f"<tr><td><a href='/p{i}'>Model {i}</a></td><td>${i}0</td>"
        f"<td class='social'>share</td><td>{i} kg</td></tr>"
        for i in (1, 2)
    )
    out = render(
        f"<p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p><table><tr><th>Model</th><th>Price</th>"
        f"<th>Share</th><th>Weight</th></tr>{rows}</table>"
    )
    rows_by_price = {row.split("|")[2].strip(): row for row in out.split("\n") if "$" in row}
    assert set(rows_by_price) == {"$10", "$20"}  # each price under "Price"
    assert rows_by_price["$20"].split("|")[4].strip() == "2 kg"  # and its weight under "Weight"
    # A page laid out as a sidebar cell beside the post: without the sidebar, one column.
    out = render(
        "<table><tr><td class='sidebar'><a href='/a'>Home</a> <a href='/b'>About</a></td>"
        f"<td><h2>Post</h2><p>{PROSE}</p></td></tr></table>"
    )
    assert out.startswith(f"## Post\n\n{PROSE}")


def test_malformed_spans_count_as_one() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th>A</th><th>B</th></tr>"
        '<tr><td colspan="wide">1</td><td rowspan="-2">2</td></tr>'
        "<tr><td>3</td><td>4</td></tr></table>"
    )
    assert "| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |" in out


def test_code_listings_laid_out_as_tables_keep_their_lines_without_the_numbers() -> None:
    pygments = (
        "<table class='highlighttable'><tr><td class='linenos'><pre>1\n2\n3</pre></td>"
        "<td class='code'><pre>def f(x):\n    return x\nprint(f(2))</pre></td></tr></table>"
    )
    hugo = (
        "<table class='lntable'><tr><td><pre><code><span>1\n</span><span>2\n</span></code></pre>"
        "</td><td><pre><code class='language-go'>package main\nfunc main() {}\n</code></pre></td>"
        "</tr></table>"
    )
    out = render(f"<p>{PROSE}</p>{pygments}{hugo}<p>Output:</p><pre>1\n2\n3</pre>")
    assert "```\ndef f(x):\n    return x\nprint(f(2))\n```" in out
    assert "```go\npackage main\nfunc main() {}\n```" in out
    assert out.endswith("Output:\n\n```\n1\n2\n3\n```")  # numbers alone are output, kept


def test_check_marks_and_crosses_drawn_as_icons_in_cells_are_kept() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Feature</th><th>Us</th><th>Them</th><th>Other</th></tr>"
        "<tr><td>Rank tracking</td><td><img src='/up/2018/11/tick.png' alt=''></td>"
        "<td><i class='fa-solid fa-xmark'></i></td>"
        "<td><svg class='icon'><use xlink:href='#icon-check'></use></svg></td></tr>"
        "<tr><td>Reviews</td><td><span class='no-wrap'></span></td>"
        "<td><i class='fa fa-check' aria-hidden='true'></i></td>"
        "<td><svg aria-label='Not included'><path d='M0 0'/></svg></td></tr>"
        "<tr><td>Press</td><td><img src='/logos/x_logo.png' alt=''></td>"
        "<td><img src='/logos/nyt.png' alt='The New York Times logo'></td><td>Yes</td></tr></table>"
    )
    assert ("| Rank tracking | ✓ | ✗ | ✓ |\n| Reviews | | ✓ | ✗ |\n| Press | | | Yes |") in out


def test_headings_in_cells_are_labels() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th><h4>Ingredient</h4></th><th><h4>Amount</h4></th></tr>"
        "<tr><td># of eggs</td><td>2</td></tr></table>"
    )
    assert "| Ingredient | Amount |\n|---|---|\n| # of eggs | 2 |" in out


def test_a_cell_holding_a_whole_post_is_a_page_column() -> None:
    post = f"<h2>Day 7</h2><p>{PROSE}</p>" * 12  # one <div> child: not caught by block count
    out = render(f"<table><tr><td><div>{post}</div></td><td>Sidebar: archive</td></tr></table>")
    assert "|" not in out
    assert f"## Day 7\n\n{PROSE}" in out


def test_layout_table_renders_as_blocks() -> None:
    out = render(f"<table><tr><td><p>{PROSE}</p><p>Second.</p><p>Third.</p></td></tr></table>")
    assert "|" not in out
    assert PROSE in out


def test_definition_lists_keep_each_value_with_its_term() -> None:
    out = render(
        f"<p>{PROSE}</p><dl><dt>Bluetooth</dt><dd>Yes</dd><dt>Wi-Fi:</dt><dd>Yes</dd>"
        "<div><dt>Weight</dt><dd>1.2 kg</dd></div>loose note<dt>Warranty</dt>"
        "<dd><p>Two years.</p><p>Parts only.</p></dd><dt>Orphan term</dt></dl>"
    )
    assert (
        "Bluetooth: Yes\n\nWi-Fi: Yes\n\nWeight: 1.2 kg\n\nloose note\n\nWarranty\n\n"
        "Two years.\n\nParts only.\n\nOrphan term"
    ) in out


def test_terms_sharing_a_definition_and_definitions_of_one_term_stay_with_it() -> None:
    # Several <dt> before one <dd> all have that definition ("Size" read as unlabelled), and
    # several <dd> after one <dt> are all its definitions ("Blue" alone was de-duplicated).
    out = render(
        f"<p>{PROSE}</p><p>Blue</p><dl><dt>Size</dt><dt>Fit</dt><dd>Regular</dd>"
        "<dt>Colour</dt><dd>Red</dd><dd>Blue</dd><dt>Care</dt><dd><p>Wash cold.</p>"
        "<p>Dry flat.</p></dd><dd>Blue</dd><dt>Origin</dt><dd>Made in Portugal.</dd>"
        "<dd>Organic.</dd><dt>Weight</dt><dd><img src='scale.png'></dd><dd>1.2 kg</dd></dl>"
    )
    assert (
        "Size / Fit: Regular\n\nColour: Red; Blue\n\nCare\n\nWash cold.\n\nDry flat.\n\n"
        "Care: Blue\n\nOrigin: Made in Portugal. Organic.\n\nWeight: 1.2 kg"
    ) in out


def test_a_term_with_an_empty_definition_shares_no_value_with_the_next() -> None:
    # A shop writes its SKU and UPC as terms with empty definitions (filled in by a script):
    # read as terms sharing the next definition, "SKU / UPC / Width: 4.00 (in)" gave the
    # product a SKU of four inches.
    out = render(
        f"<p>{PROSE}</p><dl><dt>SKU:</dt><dd></dd><dt>UPC:</dt><dd> </dd>"
        "<dt>Width:</dt><dd>4.00 (in)</dd><dt>Height:</dt><dd>8.00 (in)</dd></dl>"
    )
    assert "SKU:\n\nUPC:\n\nWidth: 4.00 (in)\n\nHeight: 8.00 (in)" in out


def test_a_term_holding_a_code_block_is_not_joined_to_its_definition() -> None:
    # "```: value" closes no fence: the code block would swallow the rest of the page.
    out = render(f"<p>{PROSE}</p><dl><dt><pre>run(x)</pre></dt><dd>Runs x.</dd></dl><p>After.</p>")
    assert "```\nrun(x)\n```\n\nRuns x.\n\nAfter." in out


def test_api_signatures_are_code_without_their_permalink_and_source_link() -> None:
    # Sphinx: parameters in <em>, `*paths` a literal star, a viewcode "[source]" link, a ¶.
    out = render(
        f"<p>{PROSE}</p><dl class='py function'><dt class='sig sig-object py' id='os.path.join'>"
        "<span class='sig-prename'>os.path.</span><span class='sig-name'>join</span>("
        "<em class='sig-param'>path</em>, <em class='sig-param'><span>*</span>paths</em>)"
        "<a href='https://github.com/p/os.py#L5'><span class='viewcode-link'>[source]</span></a>"
        "<a class='headerlink' href='#os.path.join'>¶</a></dt>"
        "<dd><p>Join path segments.</p></dd></dl>"
    )
    assert "`os.path.join(path, *paths)`: Join path segments." in out


def test_api_signatures_are_not_taken_for_forum_signatures() -> None:
    # `signature` names a forum signature; API references use the word for the declaration.
    javadoc = (
        '<section class="detail" id="get(int)"><h3>get</h3><div class="member-signature">'
        '<span class="modifiers">public</span>&nbsp;<span class="return-type">E</span>&nbsp;'
        '<span class="element-name">get</span><span class="parameters">(int&nbsp;index)</span>'
        '</div><div class="block">Returns the element at the index.</div></section>'
    )
    typedoc = (
        '<div class="tsd-signature" id="parse-1"><span class="tsd-kind-call-signature">parse'
        '</span><span class="tsd-signature-symbol">(</span>text<span class="tsd-signature-symbol">'
        ':</span> <span class="tsd-signature-type">string</span><span class="tsd-signature-symbol">'
        ")</span></div><p>Parses the text.</p>"
    )
    jsdoc = (
        '<h4 class="name"><span class="type-signature">(static) </span>merge<span '
        'class="signature">(a, b)</span><span class="type-signature"> → {Object}</span></h4>'
        "<p>Merges two objects.</p>"
    )
    out = render(f"<main><h1>API</h1><p>{PROSE}</p>{javadoc}{typedoc}{jsdoc}</main>")
    assert "public E get(int index)" in out
    assert "parse(text: string)" in out
    assert "#### (static) merge(a, b) → {Object}" in out
    posts = "".join(
        f'<div class="post"><p>Post {n}: {PROSE}</p><div class="signature">My rig: 3080 Ti</div>'
        f'<aside class="message-signature">Sent from my phone</aside></div>'
        for n in range(3)
    )
    out = render(f"<main>{posts}</main>")
    assert "Post 2:" in out
    assert "My rig" not in out
    assert "Sent from" not in out


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


def test_task_list_checkboxes_keep_whether_each_item_is_done() -> None:
    out = render(
        f"<p>{PROSE}</p><ul>"
        '<li class="task-list-item"><input type="checkbox" disabled checked> Write the plan</li>'
        '<li><input type="checkbox" disabled="disabled"> Ship it</li>'
        '<li><p><input type="CheckBox" checked disabled>Loose item</p></li>'
        '<li>Filter <input type="checkbox" disabled></li>'
        '<li><div class="choice"><input type="checkbox" disabled checked>Chapter</div></li>'
        '<li><input type="checkbox" checked>Brand A (12)</li></ul>'
    )
    assert "- [x] Write the plan\n- [ ] Ship it\n- [x] Loose item\n- Filter\n" in out
    # Inside a widget's block or enabled, a checkbox is a form control, not a mark.
    assert "- Chapter\n- Brand A (12)" in out


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


def test_a_url_written_as_the_label_is_shown_once() -> None:
    out = render(
        f'<p>{PROSE} Source: <a href="https://data.example.org/t1/">https://data.example.org/t1</a>'
        ' and <a href="https://www.booking.com/">Booking.com</a> compared.</p>'
    )
    assert "Source: https://data.example.org/t1/ and [Booking.com](https://www.booking.com/)" in out


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


def test_an_empty_list_item_still_takes_its_number() -> None:
    out = render(f"<p>{PROSE}</p><ol><li>one</li><li> </li><li>three</li></ol>")
    assert "1. one\n3. three" in out


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


def test_repeated_link_target_shown_once() -> None:
    link = '<a href="https://other.org/x">other</a>'
    out = render(f"<p>{PROSE} First {link}.</p><p>{PROSE} Again {link}.</p>")
    assert out.count("https://other.org/x") == 1


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
    assert "| Attention | [View PDF](https://example.com/pdf/1706.03762.pdf) Abstract |" in out
    assert "| Results | [Data](https://example.com/data/t.CSV?v=2) |" in out


def test_a_heading_wrapped_in_a_title_link_keeps_its_marks_outside_the_label() -> None:
    # Listings wrap each entry's heading in its link: the marks are the heading's, not the label's.
    items = "".join(
        f'<li><a href="/posts/{i}"><h3>How to write post number {i}</h3></a>by someone</li>'
        for i in range(3)
    )
    out = render(f"<p>{PROSE}</p><ul>{items}</ul>")
    assert "- ### [How to write post number 1](https://example.com/posts/1)\n  by someone" in out
    assert "[###" not in out


def test_images_reduced_and_junk_removed() -> None:
    out = render(
        f'<p>{PROSE}<img src="/a.png" alt="diagram"></p><script>var secret = 1;</script>'
        "<style>.x{color:red}</style><svg><text>vector</text></svg><template>tpl</template>"
        "<noscript>enable js</noscript>"
    )
    for junk in ("secret", "color", "vector", "tpl", "enable js", "a.png"):
        assert junk not in out


def test_furniture_is_removed() -> None:
    out = render(
        '<header><a href="/">Home</a><a href="/about">About us</a></header>'
        '<nav><a href="/x">Menu entry</a></nav>'
        '<div class="cookie-banner">We use cookies to improve your experience.</div>'
        f"<main><article><h1>Story</h1><p>{PROSE}</p></article></main>"
        '<aside class="sidebar">Related things</aside><footer>Copyright 2025 Example</footer>'
    )
    assert "Story" in out
    assert PROSE in out
    for junk in ("About us", "Menu entry", "cookies", "Related things", "Copyright"):
        assert junk not in out


def test_furniture_named_container_holding_the_content_is_kept() -> None:
    # A wrongly named wrapper must not cost the page its content (recall first).
    out = render(f'<div class="sidebar-layout"><p>{PROSE}</p><p>{PROSE}</p></div>')
    assert PROSE in out


def test_forum_thread_keeps_every_post() -> None:
    posts = "".join(
        f'<div class="post"><span class="author">user{i}</span><p>Reply number {i}: {PROSE}</p>'
        "</div>"
        for i in range(6)
    )
    out = render(f'<div class="thread">{posts}</div><div class="side"><p>Short aside.</p></div>')
    for i in range(6):
        assert f"Reply number {i}" in out


def test_a_question_outweighed_by_its_answers_is_kept_with_them() -> None:
    # Stack Exchange's microdata: the Question item wraps the page, its own `text` sits beside
    # a column of answers holding far more than the 80 % that narrows the selection.
    answers = "".join(
        f'<div itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">'
        f'<div itemprop="text"><p>Answer {i}: {PROSE} {PROSE}</p></div></div>'
        for i in range(8)
    )
    out = render(
        '<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">'
        '<div id="mainbar"><div id="question"><div itemprop="text"><p>How do I undo a commit '
        f'that was already pushed?</p></div></div><div id="answers">{answers}</div></div>'
        '<div id="sidebar"><p>Hot network questions: unrelated titles.</p></div></div>'
    )
    assert "How do I undo a commit that was already pushed?" in out
    assert "Answer 7:" in out
    assert "Hot network questions" not in out


def test_relative_links_without_url_are_dropped() -> None:
    out = html_to_markdown(html_page(f'<p>{PROSE} <a href="/rel">relative</a>.</p>'))
    assert "relative" in out
    assert "](" not in out


def test_discourse_style_noscript_content_is_kept() -> None:
    posts = "".join(f"<p>Post {i}: {PROSE}</p>" for i in range(6))
    out = render(f'<div id="app"></div><noscript><div class="crawler">{posts}</div></noscript>')
    assert "Post 2" in out


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


def test_plain_buttons_are_dropped_and_disclosure_headers_kept() -> None:
    out = render(
        f'<main><p>{PROSE}</p><button type="button">Add to cart</button>'
        '<button class="accordion"><div>Specifications</div></button>'
        "<div><p>Weight: 2 kg</p></div></main>"
    )
    assert "Add to cart" not in out
    assert "Specifications" in out
    assert "Weight: 2 kg" in out


def test_accordion_questions_written_in_buttons_are_kept_with_their_answers() -> None:
    # The WAI-ARIA accordion: the question is the text of a button, in a heading or naming the
    # panel it opens. Dropped as a form control, the answers ("Yes.") stood without questions.
    bootstrap = "".join(
        f'<div class="accordion-item"><h2 class="accordion-header"><button type="button" '
        f'class="accordion-button" aria-expanded="false" aria-controls="c{n}">{q}</button></h2>'
        f'<div id="c{n}" class="accordion-collapse collapse"><div class="accordion-body">{a}'
        "</div></div></div>"
        for n, (q, a) in enumerate([("Who is eligible?", "Adults on a low income."),
                                    ("Can students apply?", "Yes.")])
    )  # fmt: skip
    custom = (
        '<div class="faq-item"><button class="faq-question" aria-expanded="false" '
        'aria-controls="a1"><span>Is there a deadline?</span></button>'
        '<div class="faq-answer" id="a1" hidden><p>Apply within 1 month.</p></div></div>'
    )
    out = render(
        f'<main><h1>Housing benefit</h1><p>{PROSE}</p><div class="accordion">{bootstrap}</div>'
        f'{custom}<button type="button">Add to cart</button>'
        '<h2>Install <button type="button">Copy path</button></h2><p>pip install x</p>'
        '<button aria-controls="drawer">Filters</button><p>Twelve products.</p>'
        '<div id="drawer"><p>Price</p></div></main>'
    )
    assert "## Who is eligible?\n\nAdults on a low income.\n\n## Can students apply?\n\nYes." in out
    assert "Is there a deadline?\n\nApply within 1 month." in out
    # Controls: beside a heading's own text, or opening something elsewhere (a filter drawer).
    assert "Add to cart" not in out
    assert "## Install\n" in out
    assert "Filters" not in out


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


def test_code_lines_built_from_br_and_divs_keep_their_line_breaks() -> None:
    with_br = render(f"<p>{PROSE}</p><pre>#!/bin/sh<br><br>echo hi<br>exit 0</pre>")
    assert "```\n#!/bin/sh\n\necho hi\nexit 0\n```" in with_br
    with_divs = render(
        f"<p>{PROSE}</p><pre><code class='language-python'><div class='line'>x = 1</div>"
        "<div class='line'>  y = 2</div></code></pre>"
    )
    assert "```python\nx = 1\n  y = 2\n```" in with_divs


def test_a_block_inside_code_starts_a_line() -> None:
    # rustdoc's declaration puts its where-clause in a <div class="where"> after the type: it
    # was joined to it ("Vec<T, A = Global>where").
    out = render(
        f"<p>{PROSE}</p><pre class='rust item-decl'><code>pub struct Vec&lt;T, A = <a href='g'>"
        "Global</a>&gt;<div class='where'>where\n    A: <a href='a'>Allocator</a>,</div>"
        "{ <span class='comment'>/* private fields */</span> }</code></pre>"
        "<pre>  <div>indented first line</div></pre>"
    )
    assert (
        "```\npub struct Vec<T, A = Global>\nwhere\n    A: Allocator,\n{ /* private fields */ }"
        "\n```"
    ) in out
    assert "```\n  indented first line\n```" in out


def test_table_caption_and_content_outside_cells_come_before_the_grid() -> None:
    # HTML5 moves what sits in a table but in no cell in front of it; libxml2 leaves it inside.
    out = render(
        f"<p>{PROSE}</p><table><caption>Table 1: test scores</caption>"
        "<div>Scores are out of ten.</div><tr><th>Name</th><th>Score</th></tr>"
        "<tr><td>Ada</td><td>9</td></tr>Loose note in the table.</table>"
    )
    assert (
        "Table 1: test scores\n\nScores are out of ten.\n\nLoose note in the table.\n\n"
        "| Name | Score |\n|---|---|\n| Ada | 9 |"
    ) in out


def test_mathml_is_kept_as_tex() -> None:
    wikipedia_inline = (
        '<span class="mwe-math-element"><span class="mwe-math-mathml-inline" style="display:none">'
        '<math alttext="{\\displaystyle E=mc^{2}}"><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi>'
        '<msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">'
        "{\\displaystyle E=mc^{2}}</annotation></semantics></math></span>"
        '<img src="f.svg" alt="{\\displaystyle E=mc^{2}}"></span>'
    )
    out = render(
        f"<p>{PROSE}</p><p>Energy is {wikipedia_inline} at rest, and "
        "<math><mi>x</mi><mo>=</mo><mn>2</mn></math> here.</p>"
        "<math display='block' alttext='\\sum_i x_i'><mi>x</mi></math><p>After.</p>"
    )
    assert "Energy is $E=mc^{2}$ at rest, and $x=2$ here.\n\n$$\\sum_i x_i$$\n\nAfter." in out


def test_struck_text_quotes_and_reversed_lists() -> None:
    out = render(
        f"<p>{PROSE}</p><p>Now <del>$120</del> $99, <s>sold out</s>, he said <q>buy</q>.</p>"
        "<ol reversed><li>three</li><li>two</li><li>one</li></ol>"
    )
    assert 'Now ~~$120~~ $99, ~~sold out~~, he said "buy".' in out
    assert "3. three\n2. two\n1. one" in out


def test_an_items_own_number_continues_the_count() -> None:
    # `<li value>` sets the number a browser shows, and the items after it count on from there.
    out = render(
        f"<p>{PROSE}</p><ol><li value='5'>five</li><li>six</li><li value='10'>ten</li></ol>"
        "<ol reversed><li value='3'>three</li><li>two</li></ol>"
    )
    assert "5. five\n6. six\n10. ten" in out
    assert "3. three\n2. two" in out


def test_stacked_inline_elements_do_not_merge_into_one_word() -> None:
    out = render(
        f"<p>{PROSE}</p><h3><span>PULL&amp;BEAR</span><span>Faux leather jacket</span></h3>"
        "<p><span>€49.99</span><span>VAT included</span>, <a href='/t/1'>cloud</a><a href='/t/2'>"
        "gaming</a></p><p>H<sub>2</sub>O, <b>W</b>ord, <span>colleges f</span><span>or them</span>"
        ", <span>H</span><span>i</span><span>!</span></p>"
    )
    assert "### PULL&BEAR Faux leather jacket" in out
    assert (
        "€49.99 VAT included, [cloud](https://example.com/t/1) [gaming](https://example.com/t/2)"
    ) in out
    assert "H2O, **W**ord, colleges for them, Hi!" in out


def test_emoji_drawn_as_images_stay_and_other_images_go() -> None:
    out = render(
        f"<p>{PROSE}</p><p>Loved it <img class='emoji' alt='😀' src='e.png'> "
        "<img alt='👨\u200d👩\u200d👧' src='f.png'><img alt='Company logo' src='l.png'>!</p>"
    )
    assert "Loved it 😀 👨\u200d👩\u200d👧!" in out


def test_invisible_characters_do_not_split_words() -> None:
    out = render(f"<p>{PROSE}</p><p>inter\u00adnational co\u200boperation\ufeff and\u00a0more</p>")
    assert "international cooperation and more" in out


def test_invisible_break_hints_are_removed_from_code_too() -> None:
    # Javadoc writes "get&#8203;(int index)" so a long signature may wrap: copied with it, the
    # code does not compile. Joiners that compose emoji and scripts stay.
    out = render(
        f"<p>{PROSE}</p><pre>list.get&#8203;(int&#8203; index)&#173;;\nx = '👨\u200d👩'"
        "  # \u200c</pre><div><code>ad\u2060dAll&#8203;(c)</code></div>"
    )
    assert "```\nlist.get(int index);\nx = '👨\u200d👩'  # \u200c\n```" in out
    assert "`addAll(c)`" in out


def test_superscript_numbers_do_not_merge_with_the_digits_before_them() -> None:
    out = render(
        f"<p>{PROSE}</p><p>About 10<sup>15</sup> operations on 30 m<sup>2</sup>, the "
        '1<sup>st</sup> time, as claimed<sup><a href="#fn3">[3]</a></sup>.</p>'
    )
    assert "About 10^15 operations on 30 m^2, the 1st time, as claimed^[3]." in out


def test_footnote_references_without_a_superscript_keep_their_caret() -> None:
    # A bare in-page link to a note glued its number to the word: "other2" read as a name.
    out = render(
        f"<p>{PROSE}</p><p>As other<a href='#fn2'>2</a> said, and<sup><a href='#fn3'>3</a>"
        "</sup> too, per Smith<a href='#cite_note-7'>7</a>, Jones<a href='#fn:a'>a</a>, "
        "Wu<a href='#footnote-12'>12</a>and Li<a id='r1' href='#_ftn1'>[1]</a>; see "
        "<a href='#section2'>2</a> and <a href='#fn-long'>the notes</a>.</p>"
    )
    assert (
        "As other^2 said, and^3 too, per Smith^7, Jones^a, Wu^12 and Li[1]; see 2 and the notes."
    ) in out


# -- session 6: what a fidelity review of handwritten pages found ----------------------------


def test_a_link_wrapped_in_a_span_inside_a_sentence_keeps_its_words() -> None:
    out = render(
        f"<article><p>{PROSE}</p><p>{PROSE}</p><p>The treaty was signed by <span class='nowrap'>"
        "<a href='/wiki/Bismarck'>Otto von Bismarck</a></span> in 1871, ending the war.</p>"
        "<div class='tags'><span><a href='/t/a'>Alpha tag</a></span> "
        "<span><a href='/t/b'>Beta tag</a></span></div></article>"
    )
    assert "signed by [Otto von Bismarck](https://example.com/wiki/Bismarck) in 1871" in out
    assert "Alpha tag" not in out  # a tag cloud of spans standing alone is still a link block


def test_a_repeated_answer_alone_under_a_new_question_stays() -> None:
    out = render(
        f"<p>{PROSE}</p><h3>Is it free?</h3><p>Yes.</p><h3>Is it open source?</h3><p>Yes.</p>"
        "<p>Does it run on ARM?</p><p>No.</p><p>Does it run on RISC-V?</p><p>No.</p>"
        "<p>Share</p><p>Share</p>"
    )
    assert "### Is it open source?\n\nYes.\n\nDoes it run on ARM?" in out
    assert out.endswith("Does it run on RISC-V?\n\nNo.\n\nShare")


def test_the_page_title_beside_the_content_column_is_kept_on_top() -> None:
    out = render(
        '<div id="content"><div id="header"><h1>Delete a bucket</h1></div>'
        f'<div id="body"><p>{PROSE}</p><p>{PROSE}</p><p>Run the command.</p></div></div>'
    )
    assert out.startswith("# Delete a bucket\n\n")


def test_notes_in_asides_inside_the_article_are_kept() -> None:
    out = render(
        f"<article><p>{PROSE}</p><aside class='caution'><strong>Caution:</strong> Deleting a "
        "bucket permanently removes all objects in it. This cannot be undone.</aside>"
        "<aside class='message-user'>carol Members</aside>"
        "<aside><a href='/a'>Related one</a> <a href='/b'>Related two</a></aside></article>"
        "<aside><p>A site sidebar with enough words to be a paragraph of prose on its own.</p>"
        "</aside>"
    )
    assert "**Caution:** Deleting a bucket permanently removes all objects" in out
    for furniture in ("carol", "Related one", "site sidebar"):
        assert furniture not in out


def test_a_form_with_nothing_to_fill_in_is_a_wrapper() -> None:
    # Old Reddit: every comment body sits in <form class="usertext"> with hidden inputs only.
    out = render(
        f"<div class='comment'><p>{PROSE}</p><form class='usertext'>"
        "<input type='hidden' name='thing_id' value='t1_x'><div class='md'><p>Use git rebase -i "
        "instead.</p></div></form></div><form class='search'><input name='q'><p>Search tips</p>"
        "</form>"
    )
    assert "Use git rebase -i instead." in out
    assert "Search tips" not in out


def test_a_hatnote_is_not_navigation() -> None:
    out = render(
        '<div role="note" class="hatnote navigation-not-searchable">For other uses, see '
        f"Springfield (disambiguation).</div><p>{PROSE}</p>"
    )
    assert "For other uses, see Springfield (disambiguation)." in out


def test_screen_reader_text_that_is_all_a_cell_or_badge_says_is_kept() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Feature</th><th>Free</th><th>Pro</th></tr>"
        "<tr><td>SSO</td><td><span class='sr-only'>Not included</span></td>"
        "<td><svg></svg><span class='sr-only'>Included</span></td></tr></table>"
        "<p>Use <code>bar()</code> <abbr class='icon'><span class='visually-hidden'>Deprecated"
        "</span></abbr> no more. <a href='/s'>Share<span class='sr-only'> on X</span></a></p>"
    )
    assert "| SSO | Not included | Included |" in out
    assert "`bar()` Deprecated no more" in out
    assert "on X" not in out


def test_adjacent_prices_do_not_merge_and_cjk_words_are_not_split() -> None:
    out = render(
        f"<p>{PROSE}</p><div><span class='old'>$120.00</span><span>$89.00</span></div>"
        "<p><b>東京</b><span>大学</span>の研究者。<span>機械</span><span>学習</span>。</p>"
    )
    assert "$120.00 $89.00" in out
    assert "**東京**大学の研究者。機械学習。" in out


@pytest.mark.parametrize(
    ("attributes", "markers"),
    [
        ('type="a"', ("a.", "b.")),
        ('type="I" start="3"', ("III.", "IV.")),
        ('style="list-style-type: upper-alpha"', ("A.", "B.")),
    ],
)
def test_ordered_lists_count_as_their_type_says(attributes: str, markers: tuple[str, str]) -> None:
    out = render(f"<p>{PROSE}</p><ol {attributes}><li>first</li><li>second</li></ol>")
    assert f"{markers[0]} first\n{markers[1]} second" in out


def test_wikipedia_notes_count_in_letters_from_the_style_around_them() -> None:
    out = render(
        f"<p>{PROSE}</p><div class='reflist' style='list-style-type: lower-alpha;'>"
        "<ol class='references'><li>First note.</li><li>Second note.</li></ol></div>"
    )
    assert "a. First note.\nb. Second note." in out


def test_exponents_and_subscripts_keep_their_meaning() -> None:
    out = render(
        f"<p>{PROSE}</p><p>O(2<sup>n</sup>) and e<sup>-kt</sup> and x<sup><i>n</i>+1</sup>; "
        "log<sub>2</sub>8 and x<sub>i</sub>; H<sub>2</sub>O and CO<sub>2</sub>; the "
        "1<sup>st</sup>, Brand<sup>®</sup>, $1,899<sup>.00</sup>, note<sup>[a]</sup>.</p>"
    )
    assert "O(2^n) and e^(-kt) and x^(n+1); log_2 8 and x_i; H2O and CO2;" in out
    assert "the 1st, Brand®, $1,899.00, note[a]." in out


def test_katex_and_mathjax_formulas_are_tex_once() -> None:
    katex = (
        '<span class="katex"><span class="katex-mathml"><math><semantics><msup><mi>x</mi>'
        '<mn>2</mn></msup><annotation encoding="application/x-tex">x^2</annotation>'
        '</semantics></math></span><span class="katex-html" aria-hidden="true">'
        '<span class="mord">x</span><span class="mord">2</span></span></span>'
    )
    mathjax3 = (
        "<mjx-container><mjx-assistive-mml><math><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo>"
        "<mfrac><mn>1</mn><mi>n</mi></mfrac><msqrt><mi>y</mi></msqrt></math>"
        "</mjx-assistive-mml></mjx-container>"
    )
    out = render(
        f"<p>{PROSE}</p><p>KaTeX {katex} here, MathJax {mathjax3} there, and "
        '<script type="math/tex">a+b</script> inline.</p>'
        '<script type="math/tex; mode=display">\\int_0^1 f</script>'
    )
    assert "KaTeX $x^2$ here, MathJax $x^{2}+\\frac{1}{n}\\sqrt{y}$ there, and $a+b$ inline." in out
    assert "\n\n$$\\int_0^1 f$$" in out


def test_a_relative_time_keeps_the_date_it_stands_for() -> None:
    out = render(
        f"<p>{PROSE}</p><p>Posted <time datetime='2019-03-01T10:00:00Z'>5 years ago</time>, "
        "updated <time datetime='2020-01-02'>Jan 2, 2020</time>.</p>"
    )
    assert "Posted 5 years ago (2019-03-01), updated Jan 2, 2020." in out


def test_code_written_with_line_breaks_and_no_pre_is_a_code_block() -> None:
    out = render(
        f"<p>{PROSE}</p><div class='code'><code>def main():<br>&nbsp;&nbsp;&nbsp;&nbsp;for i in "
        "x:<br>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;print(i)<br>main()</code></div>"
        "<p>Run <code>make<br>make install</code> as root.</p>"
        "<div><code style='white-space: pre-wrap'>SELECT 1\nFROM t</code></div>"
    )
    assert "```\ndef main():\n    for i in x:\n        print(i)\nmain()\n```" in out
    assert "Run `make make install` as root." in out
    assert "```\nSELECT 1\nFROM t\n```" in out


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


def test_syntaxhighlighter_brush_names_the_language() -> None:
    out = render(f'<p>{PROSE}</p><pre class="brush: python; gutter: false">print(1)</pre>')
    assert "```python\nprint(1)\n```" in out


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


def test_line_numbers_printed_inside_code_are_dropped() -> None:
    out = render(
        f"<p>{PROSE}</p><pre><code><span class='line'><span class='ln'>1</span>import os</span>\n"
        "<span class='line'><span class='ln'>2</span>print(os)</span></code></pre>"
        "<pre><span class='linenos'> 9</span>x = 1\n<span class='linenos'>10</span>y = [2]</pre>"
    )
    assert "```\nimport os\nprint(os)\n```" in out
    assert "```\nx = 1\ny = [2]\n```" in out


def test_tab_labels_head_their_panels() -> None:
    out = render(
        f"<p>{PROSE}</p>"
        '<div class="tabbed-set"><div class="tabbed-labels"><label>pip</label><label>conda</label>'
        '</div><div class="tabbed-content"><div class="tabbed-block"><pre>pip install foo</pre>'
        '</div><div class="tabbed-block"><pre>conda install foo</pre></div></div></div>'
        '<ul role="tablist"><li role="tab" aria-controls="p1">npm</li>'
        '<li role="tab" aria-controls="p2">Yarn</li></ul><div role="tabpanel" id="p2">'
        '<pre>yarn add x</pre></div><div role="tabpanel" id="p1"><pre>npm i x</pre></div>'
        '<div><div role="tablist"><button role="tab">Windows</button><button role="tab">macOS'
        '</button></div><div role="tabpanel"><p>C:\\App</p></div><div role="tabpanel">'
        "<p>/Applications/App</p></div></div>"
    )
    assert "**pip**\n\n```\npip install foo\n```\n\n**conda**\n\n```\nconda install foo" in out
    assert "**Yarn**\n\n```\nyarn add x\n```\n\n**npm**\n\n```\nnpm i x\n```" in out
    assert "**Windows**\n\nC:\\App\n\n**macOS**\n\n/Applications/App" in out


# -- session 6, second review: the new rules attacked, and more page families ----------------


def test_a_table_whose_cells_wrap_each_value_in_a_paragraph_is_still_a_grid() -> None:
    rows = "".join(
        f"<tr><td><p>Bus {n}</p></td><td><div>08:{n}</div></td><td><p>On time</p></td></tr>"
        for n in (12, 14, 20, 25)
    )
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Route</th><th>Departs</th><th>Status</th></tr>{rows}</table>"
    )
    assert "| Bus 12 | 08:12 | On time |\n| Bus 14 | 08:14 | On time |" in out


def test_who_wrote_a_post_and_when_is_not_pruned_as_a_link_block() -> None:
    post = (
        '<article class="message"><div class="user"><h4><a href="/members/{0}.2/">{0}</a></h4>'
        '</div><div class="attribution"><a href="/posts/{1}"><time datetime="2024-03-0{1}">'
        "Mar {1}, 2024</time></a></div><div class='body'><p>{2}</p></div></article>"
    )
    out = render(
        f"<main><p>{PROSE}</p>"
        + post.format("bob", 1, "Sounds like an idle timeout on the load balancer to me.")
        + post.format("carol", 2, "That only hides the problem; enable TCP keepalive instead.")
        + "<div class='related'><a href='/t/1'>Other thread one</a> <a href='/t/2'>Other two</a>"
        " <a href='/t/3'>Other three</a></div></main>"
    )
    assert "#### bob\n\nMar 1, 2024\n\nSounds like" in out
    assert "#### carol\n\nMar 2, 2024\n\nThat only hides" in out
    assert "Other thread one" not in out


def test_a_short_reply_keeps_its_author_beside_its_number_and_date_links() -> None:
    # Three links (author, "#2", date) outweigh a one-line reply; the author and date links
    # say who wrote it, so they do not make the post a link block. Without them the reply
    # vanished and the next post's text read as the previous author's.
    post = (
        '<div class="message"><div class="head"><a href="/members/{0}.7/">{0}</a> · '
        '<a href="#post-{1}">#{1}</a> · <a href="#post-{1}"><time datetime="2024-01-1{1}">'
        "Jan 1{1}, 2024</time></a></div><div class='body'>{2}</div></div>"
    )
    out = render(
        f"<main><p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>"
        + post.format("Babylon Timer", 2, "In-house movements.")
        + post.format("Cosmo", 3, "Smaller cases, and more titanium everywhere this year.")
        + "<div class='more'><a href='/t/1'>Other thread one</a> <a href='/t/2'>Other two</a>"
        " <a href='/t/3'>Other three</a></div></main>"
    )
    assert "Babylon Timer" in out
    assert "In-house movements." in out
    assert out.index("Babylon Timer") < out.index("In-house") < out.index("Cosmo")
    assert "Other thread one" not in out


def test_the_site_logo_is_not_taken_for_the_page_title() -> None:
    out = render(
        '<header class="site-header"><h1 class="site-title"><a href="/">Gadget Blog</a></h1>'
        '</header><div class="wrap"><div class="content"><h2>How to replace a battery</h2>'
        f"<p>{PROSE}</p><p>{PROSE}</p></div></div>"
    )
    assert "Gadget Blog" not in out
    assert out.startswith("## How to replace a battery")


def test_a_cloudflare_protected_link_keeps_its_own_label() -> None:
    out = render(
        f"<p>{PROSE} Write to <a href='/cdn-cgi/l/email-protection#264f484049664e4756564f4a5f454948"
        "4843455243420845494b'>Dr. Jane Smith</a> about it.</p>"
    )
    assert "Write to [Dr. Jane Smith](mailto:info@happilyconnected.com) about it." in out


def test_only_relative_times_get_their_date() -> None:
    out = render(
        f"<p>{PROSE}</p><p><time datetime='2024-11-06T03:42:00Z'>10:42 p.m. ET</time>, "
        "<time datetime='2021-05-05'>May 5</time>, "
        "<time datetime='2024-01-01T00:00Z'>3h</time>.</p>"
    )
    assert "10:42 p.m. ET, May 5, 3h (2024-01-01)." in out


def test_a_relative_time_beside_its_own_clock_time_gets_no_contradicting_date() -> None:
    # A live blog's "9:42 p.m. ET 7 min ago" is Nov 5 in the page's zone; the UTC value's date
    # alone, 2024-11-06, contradicted it: beside a written clock time a UTC value is shown as
    # the UTC time it is. A written date needs none; a value in the page's own offset (XenForo's
    # "Today at 3:26 AM") keeps its date.
    out = render(
        f"<p>{PROSE}</p><p><time datetime='2024-11-06T02:42:00Z'><span>9:42 p.m. ET</span> "
        "<span>7 min ago</span></time>; <time datetime='2024-11-06T02:00:00Z'>Nov 5, 2 hours "
        "ago</time>; <time datetime='2024-11-06T02:00:00+00:00'>9 pm, yesterday</time>; "
        "<time datetime='2026-03-05T03:26:28-0500'>Today at 3:26 AM</time>; "
        "<time datetime='2019-03-01T10:00:00Z'>5 years ago</time>.</p>"
    )
    assert (
        "9:42 p.m. ET 7 min ago (2024-11-06 02:42 UTC); Nov 5, 2 hours ago; "
        "9 pm, yesterday (2024-11-06 02:00 UTC); Today at 3:26 AM (2026-03-05); "
        "5 years ago (2019-03-01)."
    ) in out


def test_superscripts_that_are_not_exponents() -> None:
    out = render(
        f"<p>{PROSE}</p><p>$19<sup>99</sup>; D<sup>r</sup>, 1<sup>ers</sup>, "
        "Pricing<sup>NEW</sup>; "
        "1 <sup>1</sup>/<sub>2</sub> tsp; Fe<sub>2</sub>O<sub>3</sub>, MgCl<sub>2</sub>.</p>"
    )
    assert "$19.99; Dr, 1ers, Pricing NEW; 1 1/2 tsp; Fe2O3, MgCl2." in out


def test_a_mixed_numbers_whole_part_stays_apart_from_its_fraction() -> None:
    # "2<sup>1</sup>⁄<sub>4</sub>" merged into "21⁄4", read as 21/4 rather than 2 1/4.
    out = render(
        f"<p>{PROSE}</p><ul><li><span class='amount'>2<span class='fraction'><sup>1</sup>&frasl;"
        "<sub>4</sub></span></span> teaspoons yeast</li><li>1<sup>1</sup>/<sub>2</sub> tsp salt"
        "</li><li>x<sup>1</sup>/<sub>2</sub> and <sup>3</sup>/<sub>4</sub> cup</li></ul>"
    )
    assert "- 2 1\u20444 teaspoons yeast\n- 1 1/2 tsp salt\n- x1/2 and 3/4 cup" in out


def test_asides_in_an_article_named_as_promotions_or_bios_stay_furniture() -> None:
    note = "Never commit your API key to the repository, not even in a private one."
    out = render(
        f"<div role='main'><p>{PROSE}</p><aside class='note'>{note}</aside>"
        f"<aside class='story-card'><p>{PROSE} Another story.</p></aside>"
        f"<aside class='author-bio'><p>Jo writes about databases and has done so for years.</p>"
        "</aside></div>"
    )
    assert note in out
    assert "Another story" not in out
    assert "Jo writes" not in out


def test_lists_whose_items_carry_their_own_numbers_get_no_second_one() -> None:
    out = render(
        f"<p>{PROSE}</p><ol><li>1.1 Services are provided.</li><li>1.2 Fees apply.</li></ol>"
        "<ol style='list-style-type: upper-roman'><li>Part one<ol><li>inner a</li></ol></li></ol>"
    )
    assert "- 1.1 Services are provided.\n- 1.2 Fees apply." in out
    assert "I. Part one\n   1. inner a" in out


def test_an_unordered_list_counted_by_its_style_is_numbered() -> None:
    # WP Recipe Maker numbers its steps with CSS on a <ul>: as bullets, "step 3" had to be
    # counted. A list counts when its own style says so, or every item's does.
    step = "<li class='step' style='list-style-type: decimal;'>{}</li>"
    out = render(
        f"<p>{PROSE}</p><ul class='steps'>{step.format('Whisk.')}{step.format('Bake.')}</ul>"
        "<ul style='list-style: upper-roman inside'><li>Part</li><li>Whole</li></ul>"
        "<ul><li style='list-style-type: disc'>Salt</li><li style='list-style-type: decimal'>"
        "Pepper</li></ul><ul style='list-style-type: none'><li>Plain</li></ul>"
    )
    assert "1. Whisk.\n2. Bake.\n\nI. Part\nII. Whole\n\n- Salt\n- Pepper\n\n- Plain" in out


def test_names_beside_prices_korean_words_and_bidi_marks() -> None:
    out = render(
        f"<p>{PROSE}</p><div><span>Acme Trail Boot</span><span>$89.00</span></div>"
        "<div><span>삼성전자</span><span>갤럭시</span></div><p>abc\u202edef\u202c ghi\u200f.</p>"
    )
    assert "Acme Trail Boot $89.00" in out
    assert "삼성전자 갤럭시" in out
    assert "abcdef ghi." in out


def test_a_label_in_a_span_stays_apart_from_the_text_after_it() -> None:
    # arXiv's "<span>Title:</span>Attention …" ran into one word. A word running into the text
    # after it is as often one word marked in part: it is left as written.
    out = render(
        f"<p>{PROSE}</p><h2><span class='descriptor'>Title:</span>Attention Is All You Need</h2>"
        "<p><span class='descriptor'>Authors:</span><a href='/a/v'>Ashish Vaswani</a></p>"
        "<ul><li><span class='q'>1</span><span class='u'>tbsp</span>sugar</li></ul>"
        "<p><span>Size:</span><span>Large</span></p>"
        "<p>H<sub>2</sub>O, <span>f</span>or, <span>9:</span>30, <span>US</span>$5, "
        "<span class='hl'>un</span>believable <a href='/x'>API</a>s.</p>"
    )
    assert "## Title: Attention Is All You Need" in out
    assert "Authors: Ashish Vaswani" in out
    assert "Size: Large" in out
    assert "- 1tbspsugar" in out  # as "stitch<span>es</span>" is one word: no space
    assert "H2O, for, 9:30, US$5, unbelievable [API](https://example.com/x)s." in out


def test_a_struck_price_and_a_step_number_stay_apart_from_what_follows() -> None:
    # A listing's "~~$140.00~~$99.00" and GOV.UK's step "1Check you're allowed to drive".
    out = render(
        f"<p>{PROSE}</p><div class='price'><s class='was'>$140.00</s><span>$99.00</span></div>"
        "<p><del>€20</del>€15 today</p>"
        "<h2><span class='circle'><span><span class='visually-hidden'>Step</span> 1</span></span>"
        "<span class='title'>Check you're allowed to drive</span></h2>"
        "<p><span>1</span><span>st</span> place, <span>2</span><span>x</span> faster</p>"
    )
    assert "~~$140.00~~ $99.00" in out
    assert "~~€20~~ €15 today" in out
    assert "## 1 Check you're allowed to drive" in out
    assert "1st place, 2x faster" in out


def test_stacked_fractions_keep_the_sign_between_their_parts() -> None:
    out = render(
        f"<p>{PROSE}</p><p>Gauge 4 ft <span class='frac'>8<span class='sr-only'>+</span>"
        "<span class='num'>1</span>&#8260;<span class='den'>2</span></span> in, ratio "
        "<span class='sfrac'><span class='num'>4</span><span class='sr-only'>/</span>"
        "<span class='den'>3</span></span>.</p>"
    )
    assert "Gauge 4 ft 8+1\u20442 in, ratio 4/3." in out


def test_docusaurus_line_numbers_and_googles_url_parameter() -> None:
    out = render(
        f"<p>{PROSE} See <a href='https://www.google.com/url?sa=t&amp;url=https%3A%2F%2Fex.org%2Fa"
        "&amp;q='>the example page</a> for more.</p><pre><code><span class='codeLine_x'>"
        "<span class='codeLineNumber_Tfdd'>1</span><span>const x = 1;</span></span></code></pre>"
    )
    assert "[the example page](https://ex.org/a)" in out
    assert "```\nconst x = 1;\n```" in out


def test_a_tab_set_nested_in_a_panel_keeps_its_own_labels() -> None:
    out = render(
        f"<p>{PROSE}</p>"
        '<div class="tabbed-set"><div class="tabbed-labels"><label>Linux</label>'
        '<label>Windows</label></div><div class="tabbed-content"><div class="tabbed-block">'
        '<div class="tabbed-set"><div class="tabbed-labels"><label>pip</label><label>conda</label>'
        '</div><div class="tabbed-content"><div class="tabbed-block"><pre>pip install x</pre></div>'
        '<div class="tabbed-block"><pre>conda install x</pre></div></div></div></div>'
        '<div class="tabbed-block"><p>Use the Windows installer.</p></div></div></div>'
    )
    assert (
        "**Linux**\n\n**pip**\n\n```\npip install x\n```\n\n**conda**\n\n```\nconda install x\n```"
        "\n\n**Windows**\n\nUse the Windows installer."
    ) in out


def test_comments_nested_by_an_indent_cells_width_are_nested_list_items() -> None:
    # Hacker News: one one-row table per comment, nested by the width of a spacer image in its
    # first cell. As one-row grids, the thread lost who answers whom.
    thread = "".join(
        [
            indented_comment(1, "alice", 0, "Latency is <i>the</i> point.<p>Not throughput.</p>"),
            indented_comment(2, "bob", 1, "Only past a point: below 5 ms it stopped mattering."),
            indented_comment(3, "carol", 2, "Which tests?<pre><code>ping -c 3 host</code></pre>"),
            indented_comment(4, "dave", 1, "Agreed."),
            indented_comment(5, "erin", 0, "The site is down for me."),
        ]
    )
    out = render(f"<p>{PROSE}</p><table border='0' class='comment-tree'>{thread}</table>")
    assert out.endswith(
        "- alice 2 hours ago\n  Latency is *the* point.\n  Not throughput.\n\n"
        "  - bob 2 hours ago\n    Only past a point: below 5 ms it stopped mattering.\n\n"
        "    - carol 2 hours ago\n      Which tests?\n      ```\n      ping -c 3 host\n"
        "      ```\n\n"
        "  - dave 2 hours ago\n    Agreed.\n\n"
        "- erin 2 hours ago\n  The site is down for me."
    )


def test_spacer_cells_do_not_turn_data_tables_into_threads() -> None:
    # A table of several rows is data whatever its first cells hold; one comment alone, or all
    # at one level, is a block of its own.
    out = render(
        f"<p>{PROSE}</p><table><tr><td><img src='s.gif' height='1' width='40'></td><td>Q1</td>"
        "<td>Q2</td></tr><tr><td><img src='s.gif' height='1' width='80'></td><td>12</td>"
        f"<td>15</td></tr></table><table>{indented_comment(1, 'alice', 0, 'Only me.')}"
        f"{indented_comment(2, 'bob', 0, 'And me.')}</table>"
    )
    assert "| | Q1 | Q2 |\n|---|---|---|\n| | 12 | 15 |" in out
    assert out.endswith("alice 2 hours ago\n\nOnly me.\n\nbob 2 hours ago\n\nAnd me.")


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
