"""What a fidelity review of more page families found in the renderer (session 8, review B):
shop and pricing cards, forum software, newsletters, API references, papers."""

from __future__ import annotations

import warnings

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page, render


def test_a_price_beside_its_buy_button_is_no_link_block() -> None:
    # Pricing cards and a store's purchase options: the button's words outweigh the price, so
    # the block read as a link block and every plan lost its price.
    cards = "".join(
        f'<div class="plan"><h3>{name}</h3><div class="cta"><span class="amount">{price}</span>'
        f'<a class="btn" href="/signup?plan={name}">Start free trial</a></div>'
        f"<ul><li>{users} users</li><li>Email support</li></ul></div>"
        for name, price, users in (("Basic", "$9/mo", 3), ("Team", "$29/mo", 10))
    )
    bundle = (
        '<div class="purchase"><h2>Buy Hades + Soundtrack</h2><div class="action">'
        '<div class="price">$34.98</div><div class="btn"><a href="/cart?add=2">'
        "<span>Add to Cart</span></a></div></div></div>"
    )
    out = render(f"<main><h1>Pricing</h1><p>{PROSE}</p>{cards}{bundle}<p>{PROSE}</p></main>")
    assert "$9/mo" in out
    assert "$29/mo" in out
    assert "$34.98" in out
    # A grid of linked product cards, each with its price, is still a link block, and so is a
    # cross-sell card with its own name and picture.
    cross_sell = (
        '<article class="card"><img src="m.jpg" alt="Magnetic mat"><h3><a href="/p/mat">'
        'Magnetic Project Mat</a></h3><span>$19.95</span><a href="/cart?add=7">Add to cart</a>'
        "</article>"
    )
    out = render(f"<main><h1>Kit</h1><p>{PROSE}</p>{cross_sell}<p>{PROSE}</p></main>")
    assert "Magnetic Project Mat" not in out
    grid = "".join(
        f'<div class="card"><a href="/p/{n}">Matching leather lead number {n}</a> '
        f"<span>${n}9.00</span></div>"
        for n in range(1, 4)
    )
    prose = f"<p>{PROSE}</p>" * 2
    out = render(f"<main><h1>Collar</h1>{prose}<div>{grid}</div>{prose}</main>")
    assert "Matching leather lead" not in out


def test_forum_posters_linked_by_query_string_profiles_keep_their_names() -> None:
    # vBulletin links a poster to `member.php?u=7`, phpBB to `memberlist.php?mode=viewprofile&u=2`,
    # SMF to `index.php?action=profile;u=5`: the name alone in its block read as a link block,
    # so every post lost its author and a thread read as one voice.
    def post(n: int, href: str, user: str, text: str) -> str:
        return (
            f'<li class="postcontainer" id="post_{n}"><div class="posthead"><span class="date">'
            f'03-0{n}-2024, 09:12 AM</span></div><div class="userinfo"><div class="popupmenu">'
            f'<a class="username" href="{href}"><strong>{user}</strong></a>'
            f'<ul class="popupbody"><li><a href="{href}">View Profile</a></li>'
            f'<li><a href="search.php?do=finduser&amp;u={n}">View Forum Posts</a></li>'
            f'<li><a href="private.php?do=new&amp;u={n}">Send Private Message</a></li></ul>'
            "</div></div>"
            f'<div class="postbody"><div class="content">{text}</div></div></li>'
        )

    posts = [
        post(
            1,
            "member.php?u=7",
            "gearhead",
            f"My belt is due at 60k miles. {PROSE} {PROSE} {PROSE} {PROSE}",
        ),
        post(
            2,
            "memberlist.php?mode=viewprofile&amp;u=2",
            "wrench_jim",
            f"No. {PROSE} {PROSE} {PROSE}",
        ),
        post(
            3, "index.php?action=profile;u=5", "mia", f"Thanks, booked it. {PROSE} {PROSE} {PROSE}"
        ),
    ]
    out = render(f'<ol id="posts">{"".join(posts)}</ol>', url="https://forum.example.com/t/1")
    for user in ("gearhead", "wrench_jim", "mia"):
        assert user in out
    # The pop-up menu under a name (vBulletin's) is still a link list.
    assert "View Forum Posts" not in out
    # Other query strings are no profiles: a link list of them is still pruned.
    links = "".join(
        f'<li><a href="showthread.php?t={n}">Thread number {n}</a></li>' for n in range(4)
    )
    prose = f"<p>{PROSE}</p>" * 3
    out = render(f"<main><h1>Belt</h1>{prose}<div><ul>{links}</ul></div>{prose}</main>")
    assert "Thread number" not in out


def test_forum_posters_linked_by_relative_profile_paths_keep_their_names() -> None:
    # XenForo 1 writes its links relative to a `<base href>` (`members/pelex.1378134/`, no
    # leading slash): not read as a profile, each poster's name alone in its block went as a
    # link block, and the thread read as one voice.
    def post(user: str, text: str) -> str:
        return (
            f'<li class="message"><div class="messageUserInfo"><h3 class="userText">'
            f'<a href="members/{user}.1378134/" class="username">{user}</a></h3></div>'
            f'<div class="messageContent"><blockquote class="messageText">{text}</blockquote>'
            "</div></li>"
        )

    posts = post("pelex", f"My list of hosts. {PROSE} {PROSE}") + post("cdb", f"Thanks. {PROSE}")
    out = render(f'<ol class="messageList">{posts}</ol>', url="https://forum.example.com/t/1")
    assert "pelex" in out
    assert "cdb" in out
    # A relative path that only ends in a name is no profile: a list of them is still pruned.
    links = "".join(f'<li><a href="threads/t-{n}/">Thread number {n}</a></li>' for n in range(4))
    prose = f"<p>{PROSE}</p>" * 3
    out = render(f"<main><h1>Hosts</h1>{prose}<div><ul>{links}</ul></div>{prose}</main>")
    assert "Thread number" not in out


def test_a_newsletters_layout_tables_are_not_grids() -> None:
    # E-mail HTML lays out its stories in tables (marked role="presentation", as e-mail guides
    # ask): two stories side by side came out as one grid row, each heading run into its text.
    def story(title: str, text: str) -> str:
        return (
            f'<td width="50%" valign="top"><img src="a.jpg" alt=""><h2>{title}</h2><p>{text}</p>'
            '<a href="https://news.example.com/x">Read more</a></td>'
        )

    row = story("The cut", "Markets had priced it in.") + story("The chip", "Shipments in spring.")
    layout = f'<table role="presentation" width="100%"><tr>{row}</tr></table>'
    out = render(f"<p>{PROSE}</p>{layout}<p>{PROSE}</p>")
    assert "## The cut\n\nMarkets had priced it in." in out
    assert "## The chip\n\nShipments in spring." in out
    assert "|" not in out
    # The same without the role: a cell holding a heading and its text is a section, not a value.
    unmarked = layout.replace(' role="presentation"', "")
    out = render(f"<p>{PROSE}</p>{unmarked}<p>{PROSE}</p>")
    assert "## The cut\n\nMarkets had priced it in." in out
    # A table its author marked as no table (role="none") is read as blocks, as a screen reader
    # reads it.
    data = (
        '<table role="none"><tr><td>Oslo</td><td>4.1</td></tr><tr><td>Rome</td><td>15.2</td></tr>'
        "</table>"
    )
    out = render(f"<p>{PROSE}</p>{data}")
    assert "Oslo" in out
    assert "15.2" in out
    assert "|Oslo|" not in out


def test_a_heading_whose_name_links_to_its_source_keeps_its_name() -> None:
    # pkg.go.dev writes `<h4><span>func <a href=source>ClockSequence</a> <a>¶</a></span></h4>`:
    # the span is mostly link, so it was pruned as a link block and the function's section lost
    # its heading (its signature then read as part of the previous function's).
    def member(kind: str, name: str, decl: str, doc: str) -> str:
        return (
            f'<div class="Documentation-function"><h4 id="{name}" data-kind="function"><span>'
            f'{kind} <a class="Documentation-source" href="https://github.com/google/uuid/blob/'
            f'v1.6.0/time.go#L1">{name}</a> <a class="Documentation-idLink" href="#{name}">¶</a>'
            f'</span></h4><div class="Documentation-declaration"><pre>{decl}</pre></div>'
            f"<p>{doc}</p></div>"
        )

    body = (
        f"<main><h1>uuid</h1><p>{PROSE}</p>"
        + member("func", "ClockSequence", "func ClockSequence() int", "Returns the sequence.")
        + member("type", "UUID", "type UUID [16]byte", "A UUID is a 128 bit identifier.")
        + f"<p>{PROSE}</p></main>"
    )
    out = render(body, url="https://pkg.go.dev/github.com/google/uuid")
    assert "#### func ClockSequence" in out
    assert "#### type UUID" in out


def _math(tex: str, display: str = "inline") -> str:
    return (
        f'<math class="ltx_Math" alttext="{tex}" display="{display}"><semantics><mi>x</mi>'
        f'<annotation encoding="application/x-tex">{tex}</annotation></semantics></math>'
    )


def test_numbered_equations_laid_out_in_tables_are_display_math() -> None:
    # LaTeXML (arXiv's HTML papers, ar5iv) lays out each numbered equation as a table row:
    # padding cells, the formula (an `align` split at its `&`), the number. It came out as a grid,
    # `| | $$…$$ | | (1) |`, with a `|` in the TeX escaped into `\|` (TeX's norm).
    def row(cells: str, number: str) -> str:
        return (
            '<tr class="ltx_equation ltx_eqn_row"><td class="ltx_eqn_cell ltx_eqn_center_padleft">'
            f'</td>{cells}<td class="ltx_eqn_cell ltx_eqn_center_padright"></td>'
            f'<td class="ltx_eqn_cell ltx_eqn_eqno"><span class="ltx_tag">({number})</span>'
            "</td></tr>"
        )

    def cell(tex: str, display: str = "inline") -> str:
        return f"<td>{_math(tex, display)}</td>"

    single = row(cell(r"\left|x\right|=\sqrt{x^{2}}", "block"), "1")
    group = row(cell(r"\displaystyle h_{i}") + cell(r"\displaystyle=Wx_{i}"), "2") + row(
        cell(r"\displaystyle y") + cell(r"\displaystyle=h_{i}+b"), "3"
    )
    body = (
        f'<article><h1>Paper</h1><p>{PROSE}</p><table class="ltx_equation">{single}</table>'
        f'<p>{PROSE}</p><table class="ltx_equationgroup">{group}</table><p>{PROSE}</p></article>'
    )
    out = render(body, url="https://arxiv.org/html/2401.00001")
    assert "\n$$\\left|x\\right|=\\sqrt{x^{2}}$$ (1)\n" in out
    assert "\n$$\\displaystyle h_{i} \\displaystyle=Wx_{i}$$ (2)\n" in out
    assert "\n$$\\displaystyle y \\displaystyle=h_{i}+b$$ (3)" in out
    assert "|---|" not in out
    # A table of values with a formula in a cell is still a table.
    data = (
        f"<table><tr><th>Model</th><th>Loss</th></tr><tr><td>{_math('f(x)')}</td><td>(1)</td></tr>"
        f"<tr><td>Baseline</td><td>0.4</td></tr></table>"
    )
    out = render(f"<p>{PROSE}</p>{data}")
    assert "|$f(x)$|(1)|" in out


def test_an_equation_tables_caption_leads_its_equations() -> None:
    # A data table's caption is written above its grid and a layout table's as a block; a
    # table read as equations lost its caption (and anything else outside its cells).
    def row(tex: str, number: str) -> str:
        return f"<tr><td>{_math(tex, 'block')}</td><td>({number})</td></tr>"

    table = f"<table><caption>Table 2: Update rules</caption>{row('a=b', '1')}</table>"
    out = render(f"<article><h1>Paper</h1><p>{PROSE}</p>{table}<p>{PROSE}</p></article>")
    assert "\n\nTable 2: Update rules\n\n$$a=b$$ (1)" in out


def test_a_screen_reader_price_label_before_the_price_it_labels_as_text_is_kept() -> None:
    # Etsy writes `<p><span class="wt-screen-reader-only">Sale Price</span>£25.20</p>` and
    # strikes the original price with a class: without the labels "£25.20" and "£36.00" could
    # not be told apart.
    prices = (
        '<div><p class="wt-text-title"><span class="wt-screen-reader-only">Sale Price</span>'
        '£25.20</p><p class="wt-text-strikethrough"><span class="wt-screen-reader-only">'
        "Original Price</span>£36.00</p></div>"
    )
    out = render(f"<main><h1>Collar</h1>{prices}<p>{PROSE}</p></main>")
    assert "Sale Price £25.20" in out
    assert "Original Price £36.00" in out


def _discourse_post(user: str, body: str) -> str:
    return (
        '<div class="topic-body crawler-post"><div class="crawler-post-meta">'
        f'<span class="creator"><a href="/u/{user}"><span>{user}</span></a></span> '
        '<time datetime="2024-03-01T10:00:00Z">2024-03-01</time></div>'
        f'<div class="post">{body}</div></div>'
    )


_DISCOURSE_QUOTE = (
    '<aside class="quote" data-username="bob"><div class="title">bob:</div>'
    "<blockquote><p>Set proxy_read_timeout; it is 60s.</p></blockquote></aside>"
)


def test_a_short_quote_of_another_post_is_kept() -> None:
    # Discourse writes a quote of another post as `<aside class="quote">` holding a
    # blockquote; one shorter than the 50 characters of the prose rule for asides was dropped,
    # so the reply lost what it answered.
    thread = _discourse_post("alice", f"<p>My websocket drops after a minute. {PROSE}</p>") + (
        _discourse_post("bob", f"{_DISCOURSE_QUOTE}<p>Quoting myself: that fixed it for me.</p>")
    )
    out = render(f'<div id="main-outlet" role="main"><h1>Websocket drops</h1>{thread}</div>')
    assert "bob:\n\n> Set proxy_read_timeout; it is 60s." in out


def test_a_posters_repeated_header_stays_over_a_post_that_opens_with_a_quote() -> None:
    # Discourse: alice's second post of the day opens by quoting bob; its header "alice
    # 2024-03-01" repeated her first one's and was dropped, so her thanks read as bob's.
    thread = (
        _discourse_post("alice", f"<p>My websocket drops after a minute behind nginx. {PROSE}</p>")
        + _discourse_post("bob", "<p>Set <code>proxy_read_timeout</code>; the default is 60s.</p>")
        + _discourse_post(
            "alice", f"{_DISCOURSE_QUOTE}<p>That fixed it, thanks! I set it to 3600s.</p>"
        )
    )
    out = render(f'<div id="main-outlet" role="main"><h1>Websocket drops</h1>{thread}</div>')
    assert out.count("alice 2024-03-01") == 2
    assert out.index("bob:") > out.rindex("alice 2024-03-01")


def test_a_post_written_in_a_blockquote_is_no_quotation() -> None:
    # vBulletin 4 (`blockquote.postcontent`) and XenForo 1 (`blockquote.messageText`) write
    # every post's message in a blockquote: each post read as a quotation, and a quote inside
    # it ran on into the reply at the same level.
    quote = (
        '<div class="bbcode_container"><div class="bbcode_quote"><div class="bbcode_postedby">'
        "Originally Posted by <strong>gearhead</strong></div>"
        '<div class="message">Is 60k miles too late for the belt?</div></div></div>'
    )
    posts = (
        f'<div id="post_message_1"><blockquote class="postcontent restore">{PROSE}</blockquote>'
        f'</div><div id="post_message_2"><blockquote class="postcontent restore">'
        f"<blockquote>{quote}</blockquote>No. If it snaps, the valves hit the pistons.</blockquote>"
        '</div><div><blockquote class="messageText SelectQuoteContainer ugc baseHtml">'
        "Thanks, booked it for next week.</blockquote></div>"
    )
    out = render(f"<main><h1>Timing belt</h1>{posts}</main>")
    assert f"\n\n{PROSE}\n\n" in out
    assert "\n\nNo. If it snaps, the valves hit the pistons." in out
    assert "> Is 60k miles too late for the belt?" in out
    assert "\n\nThanks, booked it for next week." in out
    # vBulletin 4 draws its quotes with divs (`bbcode_quote`): they are quotations, set apart
    # from the reply.
    posts = posts.replace(f"<blockquote>{quote}</blockquote>", quote)
    out = render(f"<main><h1>Timing belt</h1>{posts}</main>")
    assert "> Is 60k miles too late for the belt?\n\nNo. If it snaps" in out


def test_a_short_label_spanning_rows_is_repeated_in_each_row() -> None:
    # A pandas MultiIndex (nbconvert) and a model card's table span a group's label down its
    # rows: the later rows came out with an empty first cell, belonging to nothing.
    table = (
        "<table><thead><tr><th>country</th><th>city</th><th>mean</th></tr></thead><tbody>"
        '<tr><th rowspan="2">IT</th><th>Rome</th><td>15.2</td></tr>'
        "<tr><th>Milan</th><td>13.0</td></tr><tr><th>NO</th><th>Oslo</th><td>4.1</td></tr>"
        '<tr><td rowspan="2">A long note that spans two rows of the table and is written only once.'
        "</td><td>Bergen</td><td>7.6</td></tr><tr><td></td><td></td></tr></tbody></table>"
    )
    out = render(f"<p>{PROSE}</p>{table}")
    assert "|IT|Rome|15.2|\n|IT|Milan|13.0|\n|NO|Oslo|4.1|" in out
    # A long text is written once; a row with nothing of its own is no row.
    assert out.count("A long note") == 1
    assert out.rstrip().endswith("|Bergen|7.6|")


def test_code_blocks_of_pandoc_quarto_and_nbconvert_name_their_language() -> None:
    # pandoc (Quarto, R Markdown) writes `<pre class="sourceCode r">`, nbconvert wraps cells in
    # `<div class="highlight hl-ipython3">`: the fences came out without a language.
    blocks = (
        '<div class="sourceCode cell-code" id="cb1"><pre class="sourceCode r code-with-copy">'
        '<code class="sourceCode r">fit &lt;- lm(y ~ x)</code></pre></div>'
        '<div class="highlight hl-ipython3"><pre><span></span>df.head()</pre></div>'
        '<pre class="sourceCode"><code class="sourceCode">plain</code></pre>'
    )
    out = render(f"<main><h1>Report</h1><p>{PROSE}</p>{blocks}</main>")
    assert "```r\nfit <- lm(y ~ x)\n```" in out
    assert "```python\ndf.head()\n```" in out
    assert "```\nplain\n```" in out


def test_a_notebooks_stderr_output_is_told_from_its_stdout() -> None:
    # nbconvert's classic (`output_stderr`) and lab (`data-mime-type=…stderr`) templates, and
    # MyST-NB (`output stderr`): a warning or traceback read as the cell's printed result.
    cells = (
        '<div class="output_area"><div class="output_subarea output_stream output_stdout '
        'output_text"><pre>hello\n</pre></div></div><div class="output_area"><div '
        'class="output_subarea output_stream output_stderr output_text"><pre>/tmp/x.py:1: '
        "DeprecationWarning: old\n</pre></div></div>"
        '<div class="jp-OutputArea-child"><div class="jp-RenderedText jp-OutputArea-output" '
        'data-mime-type="application/vnd.jupyter.stderr"><pre>ZeroDivisionError: division by '
        'zero</pre></div></div><div class="jp-RenderedText jp-OutputArea-output" '
        'data-mime-type="application/vnd.jupyter.stdout"><pre>42</pre></div>'
        '<div class="output stderr highlight-myst-ansi notranslate"><div class="highlight">'
        "<pre><span></span>UserWarning: slow</pre></div></div>"
    )
    out = render(f"<main><h1>Notebook</h1><p>{PROSE}</p>{cells}</main>")
    assert "```\nhello\n```" in out, out
    assert "```stderr\n/tmp/x.py:1: DeprecationWarning: old\n```" in out
    assert "```stderr\nZeroDivisionError: division by zero\n```" in out
    assert "```\n42\n```" in out
    assert "```stderr\nUserWarning: slow\n```" in out


def test_bookmark_and_embed_cards_show_their_target_once() -> None:
    # Ghost's bookmark card (a link wrapped around its title, description and publisher),
    # WordPress's embed of another post (a lone link in a `blockquote`, an iframe beside it)
    # and a video embed (an iframe, lazily loaded): the model saw a title, or nothing, and
    # could not follow it to the page it names.
    ghost = (
        '<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" '
        'href="https://example.org/post?utm_source=ghost"><div class="kg-bookmark-content">'
        '<div class="kg-bookmark-title">How we cut build times in half</div><div '
        'class="kg-bookmark-description">What we changed in our pipeline, step by step.</div>'
        '<div class="kg-bookmark-metadata"><img class="kg-bookmark-icon" src="/icon.png" alt="">'
        '<span class="kg-bookmark-author">Example Blog</span></div></div><div '
        'class="kg-bookmark-thumbnail"><img src="/thumb.png" alt=""></div></a></figure>'
    )
    wordpress = (
        '<figure class="wp-block-embed is-type-wp-embed wp-block-embed-example"><div '
        'class="wp-block-embed__wrapper"><blockquote class="wp-embedded-content"><a '
        'href="https://example.net/2024/03/post/">A post on another blog</a></blockquote>'
        '<iframe class="wp-embedded-content" title="A post on another blog" '
        'src="https://example.net/2024/03/post/embed/#?secret=abc"></iframe></div></figure>'
    )
    video = (
        '<figure class="wp-block-embed is-type-video wp-block-embed-youtube"><div '
        'class="wp-block-embed__wrapper"><iframe class="lazy" title="How to bake bread at home" '
        'data-src="https://www.youtube.com/embed/abc123XYZ?feature=oembed&amp;enablejsapi=1" '
        'src="about:blank"></iframe></div>'
        '<figcaption class="wp-element-caption">Our baking video</figcaption></figure>'
    )
    out = render(
        f"<main><h1>Notes</h1><p>{PROSE}</p>{ghost}<p>{PROSE}</p>{wordpress}<p>{PROSE}</p>"
        f"{video}<p>{PROSE} And again, {PROSE}</p></main>",
        url="https://blog.example.com/p/",
    )
    assert "[How we cut build times in half](https://example.org/post)" in out, out
    assert "What we changed in our pipeline, step by step." in out
    assert "\n[A post on another blog](https://example.net/2024/03/post/)\n" in out
    assert "> " not in out  # a fallback for the iframe, not a quotation
    assert "[How to bake bread at home](https://www.youtube.com/embed/abc123XYZ)" in out
    assert "Our baking video" in out
    assert out.count("https://example.net/2024/03/post") == 1


def test_a_provisions_number_in_its_own_element_is_spaced_from_its_text() -> None:
    # legislation.gov.uk writes `<span class="LegP2No">(1)</span>Where this Act …`: the number
    # ran into the provision's first word, "(1)Where", "(a)in relation".
    provisions = (
        '<p><span class="LegDS LegP2No">(1)</span>Where this Act imposes a duty, this section'
        ' applies.</p><p><span class="LegDS LegP3No">(a)</span>in relation to a relevant'
        " matter, and</p><p>the word<span>(s)</span> and f<span>(x)</span> stay as written.</p>"
    )
    out = render(f"<main><h1>Equality Act 2010</h1><p>{PROSE}</p>{provisions}</main>")
    assert "(1) Where this Act imposes a duty" in out
    assert "(a) in relation to a relevant matter" in out
    assert "the word(s) and f(x) stay as written." in out


def test_mediawiki_section_edit_links_are_furniture() -> None:
    # MediaWiki writes "[edit]" beside every section heading (`span.mw-editsection`; since
    # 1.42 beside the `h2`, before inside it). On a page of links, where link blocks are not
    # pruned (Wikipedia's "List of …" pages), "[edit]" stood under each of 27 headings.
    def section(title: str) -> str:
        return (
            f'<div class="mw-heading mw-heading2"><h2 id="{title}">{title}</h2>'
            '<span class="mw-editsection"><span class="mw-editsection-bracket">[</span>'
            f'<a href="/w/index.php?title=L&amp;action=edit&amp;section=1">edit</a>'
            '<span class="mw-editsection-bracket">]</span></span></div>'
            + "".join(
                f'<li><a href="/wiki/{title}{n}">{title} language {n}</a></li>' for n in range(9)
            )
        )

    body = "".join(section(title) for title in ("A", "B", "C"))
    out = render(
        f'<main><h1>List of languages</h1><div class="mw-parser-output">{body}</div></main>'
    )
    assert "edit" not in out
    assert "## B" in out


def test_mediawiki_print_footer_is_furniture() -> None:
    # MediaWiki's `div.printfooter` ("Retrieved from "https://…/index.php?title=…&oldid=…"")
    # is shown only on paper; on a category page, where link blocks are not pruned, it stood
    # as the page's last line.
    members = "".join(f'<li><a href="/wiki/L{n}">Language number {n}</a></li>' for n in range(9))
    out = render(
        "<main><h1>Category:Programming languages</h1>"
        f'<div class="mw-category"><ul>{members}</ul></div>'
        '<div class="printfooter" data-nosnippet="">Retrieved from "<a dir="ltr" '
        'href="https://en.wikipedia.org/w/index.php?title=Category:P&amp;oldid=1">'
        'https://en.wikipedia.org/w/index.php?title=Category:P&amp;oldid=1</a>"</div></main>'
    )
    assert "Retrieved from" not in out, out
    assert "oldid" not in out
    assert "Language number 8" in out


def test_an_offscreen_copy_of_a_price_is_not_shown_beside_the_price() -> None:
    # Amazon writes every price twice, for screen readers (`a-offscreen`) and drawn in parts
    # (`aria-hidden`): "$35.99 $35.99", "List Price: $49.99 $49.99" read as two prices.
    price = (
        '<div class="price"><span class="a-price priceToPay"><span class="a-offscreen">$35.99'
        '</span><span aria-hidden="true"><span class="a-price-symbol">$</span><span '
        'class="a-price-whole">35<span class="a-price-decimal">.</span></span><span '
        'class="a-price-fraction">99</span></span></span></div><div class="basis">List Price: '
        '<span class="a-price a-text-price"><span class="a-offscreen">$49.99</span>'
        '<span aria-hidden="true">$49.99</span></span></div>'
    )
    out = render(f"<main><h1>Charger</h1>{price}<p>{PROSE}</p></main>")
    assert out.count("$35.99") == 1
    assert out.count("$49.99") == 1


def test_a_byline_with_wordless_anchors_is_still_an_attribution() -> None:
    # Lobsters writes each comment's byline as an anchor (`<a name="c_…">`), an avatar link,
    # the name and a `<time>` link: four links, so it was no author line but a link block, and
    # every comment lost who wrote it.
    def comment(cid: str, user: str, text: str) -> str:
        return (
            f'<li><div class="comment"><div class="byline"><a name="c_{cid}"></a><span>'
            f'<a aria-hidden="true" href="/~{user}"><img src="/a.png" alt="{user} avatar"></a> '
            f'<a href="/~{user}">{user}</a> <a href="/c/{cid}"><time datetime="2024-08-12">'
            f'1 year ago</time></a></span></div><div class="comment_text"><p>{text}</p></div>'
            "</div></li>"
        )

    thread = comment("a1", "kkiri", f"Very curious about ref counting. {PROSE}") + comment(
        "b2", "dureuill", f"So do I, and eliding clones would not help. {PROSE}"
    )
    out = render(f'<main><h1>Rust goals</h1><ol class="comments">{thread}</ol></main>')
    assert "kkiri 1 year ago" in out
    assert "dureuill 1 year ago" in out


def test_a_posters_extra_user_info_is_furniture() -> None:
    # vBulletin 4 (`dl.userinfo_extra`) and XenForo 1 (`dl.extraUserInfo`) print the poster's
    # join date, location and post count under every post: more words than many replies.
    def post(n: int, extra_class: str) -> str:
        return (
            f'<li class="postcontainer"><div class="userinfo"><a href="member.php?u={n}">u{n}</a>'
            f'<dl class="{extra_class}"><dt>Join Date</dt><dd>Aug 2004</dd><dt>Location</dt>'
            f"<dd>Earth</dd><dt>Posts</dt><dd>8,19{n}</dd></dl></div>"
            f'<div class="postbody">Reply number {n}: {PROSE}</div></li>'
        )

    out = render(f'<ol id="posts">{post(1, "userinfo_extra")}{post(2, "extraUserInfo")}</ol>')
    assert "Reply number 2" in out
    assert "Join Date" not in out
    assert "8,19" not in out


def test_jetpacks_like_bar_under_a_post_is_furniture() -> None:
    # WordPress Jetpack puts its like button under each post (`div.sharedaddy`, beside its
    # share bar): a title and a placeholder its script replaces, "Like this: / Like Loading…".
    out = render(
        f"<main><h1>Pruning clematis</h1><p>{PROSE}</p>"
        '<div class="sharedaddy sd-block sd-like jetpack-likes-widget-wrapper">'
        '<h3 class="sd-title">Like this:</h3>'
        '<div class="likes-widget-placeholder post-likes-widget-placeholder">'
        '<span class="button"><span>Like</span></span>'
        '<span class="loading">Loading…</span></div></div></main>'
    )
    assert "keeps going for a while" in out
    assert "Like" not in out


def test_signatures_named_as_one_word_or_by_data_role_are_furniture() -> None:
    # FluxBB and PunBB class a post's signature `postsignature`; Invision Community names it
    # by `data-role="memberSignature"` alone. Either stood under every post of its poster.
    def post(n: int, signature: str) -> str:
        return (
            f'<div class="post"><div class="postmsg"><p>Reply number {n}: {PROSE}</p></div>'
            f"{signature}</div>"
        )

    fluxbb = '<div class="postsignature postmsg"><hr><p>"UNIX is simple" - Ritchie</p></div>'
    invision = (
        '<div data-role="memberSignature" class="ipsBorder_top">'
        "<p>Message me on discord for more help</p></div>"
    )
    out = render(f"<main>{post(1, fluxbb)}{post(2, invision)}{post(3, fluxbb)}</main>")
    assert "Reply number 3" in out
    assert "UNIX is simple" not in out
    assert "discord" not in out


def test_invisions_author_badge_and_topic_overview_are_furniture() -> None:
    # Invision Community marks the topic starter's posts with an "Author" badge (4.x:
    # `ipsComment_authorBadge`; 5.x: `ipsBadge ipsBadge--author`) and 5.x sets a topic
    # overview over the replies ("Created / Last Reply / Top Posters In This Topic").
    def post(n: int, badge: str) -> str:
        return (
            f'<article class="ipsComment"><aside><h3><a href="/profile/{n}">poster{n}</a></h3>'
            f'</aside><ul>{badge}</ul><div data-role="commentContent" class="ipsType_richText">'
            f"<p>Reply number {n}: {PROSE}</p></div></article>"
        )

    v4 = '<li><strong class="ipsBadge ipsComment_authorBadge">Author</strong></li>'
    v5 = '<li><span class="ipsBadge ipsBadge--author">Author</span></li>'
    overview = (
        '<div class="cTopicOverview cTopicOverview--main"><ul><li>Created 1 yr</li>'
        "<li>Last Reply Sep 26</li></ul><h4>Top Posters In This Topic</h4>"
        "<ul><li><strong>poster1</strong> 56 posts</li></ul></div>"
    )
    out = render(f"<main>{post(1, v4)}{overview}{post(2, '')}{post(3, v5)}</main>")
    assert "Reply number 3" in out
    assert "Author" not in out
    assert "Top Posters" not in out
    assert "56 posts" not in out


def test_a_forums_generated_thread_summary_is_furniture() -> None:
    # XenForo's thread-summary add-on sets a language model's digest over the posts
    # (`xfa-gptts-block`); the posters' words follow it.
    posts = "".join(
        f'<article class="message"><div class="bbWrapper"><p>Reply number {n}: {PROSE}</p>'
        "</div></article>"
        for n in range(3)
    )
    summary = (
        '<div class="xfa-gptts-block"><div class="xfa-gptts-details">Click For Summary</div>'
        '<div class="xfa-gptts-body"><h2>Discussion Overview</h2><p>Participants explore '
        "various aspects of purchasing software.</p></div></div>"
    )
    out = render(f"<main><h1>Buying Office</h1>{summary}{posts}</main>")
    assert "Reply number 2" in out
    assert "Discussion Overview" not in out
    assert "Participants explore" not in out


def test_a_qa_threads_closing_notice_is_furniture() -> None:
    # Stack Exchange closes every question with a pitch to ask one (`js-bottom-notice`):
    # "Start asking to get answers", "Explore related questions" and the question's tags again,
    # or "You must log in to answer this question."
    answers = "".join(
        '<div itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">'
        f'<div itemprop="text"><p>Answer {n}: {PROSE}</p></div></div>'
        for n in range(3)
    )
    out = render(
        '<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">'
        f'<h1>How do I list loop devices?</h1><div itemprop="text"><p>{PROSE}</p></div>'
        f"{answers}"
        '<h2 class="js-bottom-notice bottom-notice">You must log in to answer this question.</h2>'
        '<div class="js-bottom-notice d-flex"><div><p>Start asking to get answers</p>'
        "<p>Find the answer to your question by asking.</p>"
        '<a href="/questions/ask">Ask question</a></div>'
        "<div><p>Explore related questions</p><ul><li><a href='/questions/tagged/bash'>bash</a>"
        "</li></ul><p>See similar questions with these tags.</p></div></div></div>"
    )
    assert "Answer 2:" in out
    assert "You must log in" not in out
    assert "Start asking" not in out
    assert "Explore related questions" not in out


def test_a_comparison_table_whose_header_cells_describe_each_plan_stays_a_grid() -> None:
    # A plan's name over a sentence in each header cell is a label, not a page section: the
    # feature rows under it are a grid whatever its header says.
    header = "".join(
        f"<th><h3>{name}</h3><p>For teams of {size} people or more.</p></th>"
        for name, size in (("Team", 5), ("Business", 50))
    )
    rows = "".join(
        f"<tr><td>{feature}</td><td>{a}</td><td>{b}</td></tr>"
        for feature, a, b in (
            ("Storage", "5 GB", "1 TB"),
            ("SSO", "No", "Yes"),
            ("Audit", "-", "Yes"),
        )
    )
    out = render(f"<p>{PROSE}</p><table><tr><th></th>{header}</tr>{rows}</table>")
    assert "|SSO|No|Yes|" in out


def test_a_table_of_formulas_side_by_side_stays_a_grid() -> None:
    # Two formulas in a row that do not continue each other (a function and its derivative)
    # are two columns, not one aligned equation.
    def cell(tex: str) -> str:
        return "<td>" + _math("\\displaystyle " + tex) + "</td>"

    rows = "".join(
        "<tr>" + cell(f) + cell(d) + "</tr>" for f, d in (("x^{n}", "nx^{n-1}"), ("e^{x}", "e^{x}"))
    )
    out = render(f"<p>{PROSE}</p><table>{rows}</table>")
    assert "|$\\displaystyle x^{n}$|$\\displaystyle nx^{n-1}$|" in out


def test_a_posts_date_beside_its_promoted_title_comes_with_it() -> None:
    # WordPress and most blog themes write the title and the date in the post's header, and
    # the body (`entry-content`) is what the selection takes: the title was put back on top,
    # the date was lost, so the model could not tell how old the post is.
    page = (
        '<article class="post"><header class="entry-header"><h1 class="entry-title">Descaling'
        ' a kettle</h1><div class="entry-meta"><span class="posted-on">Posted on <a href="/2024'
        '/03/01/" rel="bookmark"><time class="entry-date published" datetime="2024-03-01T09:00'
        ':00+00:00">March 1, 2024</time></a></span><span class="byline"> by <a href="/author/'
        f'jane/">Jane</a></span></div></header><div class="entry-content"><p>{PROSE}</p>'
        f"<p>{PROSE} Again.</p></div></article>"
    )
    head = '<meta property="og:type" content="article">'
    out = html_to_markdown(html_page(page, head), url="https://blog.example.com/descaling/")
    assert out.startswith("# Descaling a kettle\n\nMarch 1, 2024\n\n")


def test_a_products_variations_offered_in_a_select_read_as_one_line() -> None:
    # A shop offers sizes and colours in `<select>`s; the form controls were dropped, options
    # and all, and the purchase form went as furniture: the model could not tell which sizes
    # there are. Placeholders ("Choose an option"), quantities, sorting and navigation go.
    form = (
        "<form class='variations_form cart' action='/product/atmos' method='post'>"
        "<table class='variations'><tr><th><label for='pa_size'>Size</label></th><td>"
        "<select id='pa_size' name='attribute_pa_size'><option value=''>Choose an option</option>"
        "<option value='s'>Small</option><option value='m'>Medium</option>"
        "<option value='l'>Large</option></select></td></tr></table>"
        "<div><select aria-label='Colour' name='options[Colour]'><option>Black</option>"
        "<option>Marlow Brown</option></select></div>"
        "<select name='quantity'><option>1</option><option>2</option><option>3</option></select>"
        "<button type='submit'>Add to cart</button></form>"
    )
    sort = (
        "<label for='sort'>Sort reviews</label><select id='sort'><option>Most Recent</option>"
        "<option>Highest Rating</option></select>"
    )
    jump = (
        "<label>Jump to <select><option value='/docs/a'>Part A</option>"
        "<option value='/docs/b'>Part B</option></select></label>"
    )
    out = render(f"<main><h1>Atmos AG 65</h1><p>{PROSE}</p>{form}<div>{sort}{jump}</div></main>")
    assert "Size: Small, Medium, Large" in out
    assert "Colour: Black, Marlow Brown" in out
    assert "Choose an option" not in out
    assert "Most Recent" not in out
    assert "Part A" not in out


def test_a_select_outside_the_purchase_form_it_names_is_read_without_warnings() -> None:
    # Shopify themes put the variant picker outside the form it submits with, naming it by
    # `form="product-form"`. The form was looked up with `found or fallback`, truth-testing an
    # lxml element (a FutureWarning, and False for a form without children).
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = render(
            f"<main><h1>Atmos AG 65</h1><p>{PROSE}</p>"
            "<form id='product-form' action='/cart/add'><input type='hidden' name='id' value='7'>"
            "<button>Add to cart</button></form>"
            "<label for='size'>Size</label><select id='size' form='product-form'>"
            "<option>Small</option><option>Large</option></select></main>"
        )
    assert "Size: Small, Large" in out


_PRODUCT_HEAD = '<script type="application/ld+json">{"@type": "Product"}</script>'


def test_a_products_variations_offered_as_radio_buttons_read_as_one_line() -> None:
    # Shops offer sizes and colours as radio buttons or swatches as often as in selects:
    # Shopify's variant picker (a fieldset outside the form, its legend saying the chosen
    # colour, swatches named only by screen-reader text and `title`), WooCommerce's swatches
    # named by a `<label for>` the attribute's name, BigCommerce's labelled rectangles in the
    # cart form. They read as a column of single words, or nothing (the form went).
    picker = (
        "<variant-picker><fieldset><legend>Color: Black</legend>"
        "<input type='radio' id='c0' name='Color' value='Black' checked>"
        "<label for='c0' title='Black'><span class='sr-only'>Black</span></label>"
        "<input type='radio' id='c1' name='Color' value='Copper'>"
        "<label for='c1' title='Copper'><span class='sr-only'>Copper</span></label></fieldset>"
        "<fieldset><legend>Size</legend>"
        "<input type='radio' id='s0' name='Size' value='1 lb'><label for='s0'>1 lb"
        "<span class='visually-hidden'>Variant sold out or unavailable</span></label>"
        "<input type='radio' id='s1' name='Size' value='2 lbs'><label for='s1'>2 lbs"
        "<span class='visually-hidden'>Variant sold out or unavailable</span></label>"
        "</fieldset></variant-picker>"
    )
    out = html_to_markdown(
        html_page(
            f"<main><h1>Kettle</h1><p>{PROSE}</p>{picker}<p>{PROSE}</p></main>", _PRODUCT_HEAD
        )
    )
    assert "Color: Black, Copper" in out
    assert "Size: 1 lb, 2 lbs" in out
    assert "Variant sold out" not in out
    assert "\n\n2 lbs\n" not in out  # the column is gone
    cart = (
        "<form action='/cart.php' class='form'><div class='form-field'>"
        "<label class='form-label'>Leg Stain:</label><div class='options'>"
        "<input type='radio' id='l0' name='attribute[7]' value='67630'>"
        "<label for='l0'><span>Almond</span></label>"
        "<input type='radio' id='l1' name='attribute[7]' value='67631'>"
        "<label for='l1'><span>Noir</span></label></div></div>"
        "<div role='radiogroup' aria-labelledby='fabric'><div id='fabric'>Fabric: </div>"
        "<input type='radio' id='f0' name='attribute[8]' value='1'><label for='f0'>Linen</label>"
        "<input type='radio' id='f1' name='attribute[8]' value='2'><label for='f1'>Velvet</label>"
        "</div><button>Add to cart</button></form>"
    )
    out = render(f"<main><h1>Atelier Sofa</h1><p>{PROSE}</p>{cart}<p>{PROSE}</p></main>")
    assert "Leg Stain: Almond, Noir" in out
    assert "Fabric: Linen, Velvet" in out


def test_a_variant_picker_shown_twice_reads_as_one_line() -> None:
    # Themes write the variant picker twice (one for wide screens, one for phones) with the
    # same radio names: both copies were one group, its place the block holding both (here
    # `main` itself), and the line went before `main`, outside the content, while the
    # options' labels were dropped: the sizes were lost altogether.
    picker = (
        "<fieldset><legend>Size</legend>"
        "<label><input type='radio' name='Size' value='Small'>Small</label>"
        "<label><input type='radio' name='Size' value='Large'>Large</label></fieldset>"
    )
    body = (
        f"<main><h1>Kettle</h1><p>{PROSE}</p><div class='desktop'>{picker}</div>"
        f"<p>{PROSE}</p><div class='mobile'>{picker}</div></main>"
    )
    out = html_to_markdown(html_page(body, _PRODUCT_HEAD))
    assert "Size: Small, Large" in out
    assert out.count("Small") == 1


def test_a_variation_whose_name_holds_ship_inside_a_word_is_read() -> None:
    # Shipping choices are no variations, but "ship" was searched anywhere in the name, so a
    # club's "Membership" (or a "Relationship", "Ownership") choice read as a column still.
    picker = (
        "<fieldset><legend>Membership</legend>"
        "<label><input type='radio' name='membership' value='Individual'>Individual</label>"
        "<label><input type='radio' name='membership' value='Family'>Family</label></fieldset>"
        "<fieldset><legend>Shipping</legend>"
        "<label><input type='radio' name='ship' value='Post'>Post</label>"
        "<label><input type='radio' name='ship' value='Courier'>Courier</label></fieldset>"
    )
    body = f"<main><h1>Museum pass</h1><p>{PROSE}</p>{picker}<p>{PROSE}</p></main>"
    out = html_to_markdown(html_page(body, _PRODUCT_HEAD))
    assert "Membership: Individual, Family" in out
    assert "Shipping:" not in out


def test_radio_buttons_that_are_no_products_choices_are_left_alone() -> None:
    # A poll, a review's stars, a shipping choice, a cookie banner's choice and a listing's
    # cards have radio buttons too: none is the product's variations, and each reads as
    # before.
    poll = (
        "<form action='/poll/vote'><fieldset><legend>Favourite season</legend>"
        "<label><input type='radio' name='q' value='a'>Summer</label>"
        "<label><input type='radio' name='q' value='b'>Winter</label></fieldset></form>"
    )
    stars = "".join(
        f"<input type='radio' id='r{n}' name='rating' value='{n}'><label for='r{n}'>{n}</label>"
        for n in range(1, 6)
    )
    review = (
        f"<form action='/reviews/new'><fieldset><legend>Your rating</legend>{stars}</fieldset>"
        "</form>"
    )
    shipping = (
        "<fieldset><legend>How do you want your item?</legend>"
        "<input type='radio' id='h0' name='fulfillment'><label for='h0'>Shipping</label>"
        "<input type='radio' id='h1' name='fulfillment'><label for='h1'>Pickup</label></fieldset>"
    )
    consent = (
        "<form id='consent'><fieldset><legend>Analytics cookies</legend>"
        "<label><input type='radio' name='analytics' value='1'>Allow</label>"
        "<label><input type='radio' name='analytics' value='0'>Deny</label></fieldset></form>"
    )
    cards = "".join(
        f"<div class='card'><h3>{name}</h3><fieldset><legend>Color</legend>"
        f"<label><input type='radio' name='c-{name}'>Red</label>"
        f"<label><input type='radio' name='c-{name}'>Blue</label></fieldset></div>"
        for name in ("Mug", "Cup")
    )
    body = f"<main><h1>Mug</h1><p>{PROSE}</p>{poll}{review}{shipping}{consent}{cards}</main>"
    out = html_to_markdown(html_page(body, _PRODUCT_HEAD))
    for line in ("Favourite season:", "Your rating:", "How do you want your item?:"):
        assert line not in out
    assert "Analytics cookies:" not in out
    assert "Color: Red, Blue" not in out
    assert "Pickup" in out  # as it read before


def test_a_listings_cards_and_other_forms_keep_their_selects_out() -> None:
    # A collection's cards each have a purchase form with its sizes; a search filter and a
    # contact form have selects too: none is the page's subject's choices.
    def card(name: str) -> str:
        return (
            f"<div class='card'><h3>{name}</h3><form action='/cart/add'>"
            "<label for='s'>Size</label><select id='s'><option>1 bag</option>"
            "<option>2 bags</option></select><button>Add</button></form></div>"
        )

    filters = (
        "<div class='facet'><label for='f'>Battery backup</label><select id='f'>"
        "<option>4 hours</option><option>8 hours</option></select></div>"
    )
    cards = card("Basil") + card("Thyme")
    out = render(f"<main><h1>Seeds</h1><p>{PROSE}</p>{cards}{filters}</main>")
    assert "bag" not in out
    assert "8 hours" not in out


def test_a_select_naming_another_form_is_not_the_products_choice() -> None:
    # A select inside the purchase form may belong to another one (`form="search"`: HTML's
    # form owner is the one it names); its options were read as the product's.
    out = render(
        f"<main><h1>Atmos AG 65</h1><p>{PROSE}</p><form class='cart' action='/cart/add'>"
        "<label for='in'>Search in</label><select id='in' form='search'><option>Tents</option>"
        "<option>Stoves</option></select><label for='size'>Size</label><select id='size'>"
        "<option>Small</option><option>Large</option></select><button>Add</button></form>"
        "<form id='search' action='/search'></form></main>"
    )
    assert "Size: Small, Large" in out
    assert "Tents" not in out


def test_a_page_controls_word_inside_a_variations_name_is_no_control() -> None:
    # The page's own controls (sort, rating, page, ...) are told by their words, searched
    # anywhere: "sort" inside "Assorted" and "rating" inside "Decorating" made a product's
    # choices controls, and they were lost. Whole words, a name's camelCase humps split.
    out = render(
        f"<main><h1>Truffle box</h1><p>{PROSE}</p><form class='cart' action='/cart/add'>"
        "<label for='a'>Assorted flavours</label><select id='a' name='assorted'>"
        "<option>Mint</option><option>Berry</option></select>"
        "<label for='d'>Decorating kit</label><select id='d' name='decoratingKit'>"
        "<option>Gold leaf</option><option>Sprinkles</option></select>"
        "<label for='o'>Show</label><select id='o' name='sortOrder'>"
        "<option>Newest</option><option>Oldest</option></select>"
        "<label for='r'>Your rating</label><select id='r' name='x'>"
        "<option>Good</option><option>Bad</option></select>"
        "<label for='b'>Sorted by</label><select id='b' name='y'>"
        "<option>Price</option><option>Name</option></select><button>Add</button></form></main>"
    )
    assert "Assorted flavours: Mint, Berry" in out
    assert "Decorating kit: Gold leaf, Sprinkles" in out
    assert "Newest" not in out
    assert "Good" not in out
    assert "Price, Name" not in out


def test_a_radio_groups_name_and_options_are_read_as_html_reads_them() -> None:
    # `aria-labelledby` naming several ids names the group by their texts joined by spaces
    # (it was read as one id, found nothing, and the group read as a column); screen-reader
    # text inside an option's label is skipped where it stands (its words were searched for
    # and the first match removed: "Large <span class=sr-only>L</span>" read "arge L").
    picker = (
        "<div role='radiogroup' aria-labelledby='frame finish'>"
        "<span id='frame'>Frame</span> <span id='finish'>finish</span>"
        "<label><input type='radio' name='f' value='1'>Oak</label>"
        "<label><input type='radio' name='f' value='2'>Walnut</label></div>"
        "<fieldset><legend>Size</legend>"
        "<label><input type='radio' name='s' value='1'>Small <span class='sr-only'>S</span>"
        "</label><label><input type='radio' name='s' value='2'>Large "
        "<span class='sr-only'>L</span></label></fieldset>"
    )
    body = f"<main><h1>Mirror</h1><p>{PROSE}</p>{picker}<p>{PROSE}</p></main>"
    out = html_to_markdown(html_page(body, _PRODUCT_HEAD))
    assert "Frame finish: Oak, Walnut" in out
    assert "Size: Small, Large" in out


def test_a_price_before_a_select_is_not_its_label() -> None:
    # Without a label, the short element right before a select names it ("<span>Size</span>");
    # a price there read as the label of the sizes ("$10.00: Small, Medium").
    out = render(
        f"<main><h1>Atmos AG 65</h1><p>{PROSE}</p><form class='cart' action='/cart/add'>"
        "<span class='price'>$10.00</span><select name='x'><option value='s'>Small</option>"
        "<option value='m'>Medium</option></select><span>Colour</span><select name='y'>"
        "<option value='b'>Black</option><option value='w'>White</option></select>"
        "<button>Add</button></form></main>"
    )
    assert "$10.00: Small" not in out
    assert "Colour: Black, White" in out


def test_edge_delivery_section_metadata_is_furniture() -> None:
    # Adobe Edge Delivery Services writes each section's settings as a `section-metadata`
    # block of key/value rows, which the site's script reads into classes and removes: they
    # read "Style / text-center, purple-gradient" between the sections.
    def section(title: str, style: str) -> str:
        return (
            f'<div><div class="section-metadata"><div><div>Style</div><div>{style}</div></div>'
            "<div><div>source</div><div>insurance_lp_hero</div></div></div>"
            f"<h2>{title}</h2><p>{PROSE}</p></div>"
        )

    out = render(
        f"<main><div><h1>Pet insurance</h1><p>{PROSE}</p></div>"
        f"{section('What does it cover?', 'text-center, purple-gradient')}"
        f"{section('Pet Insurance FAQs', 'orange-wave')}</main>"
    )
    assert "## Pet Insurance FAQs" in out
    assert "Style" not in out
    assert "purple-gradient" not in out
    assert "insurance_lp_hero" not in out


def test_webflow_form_state_messages_are_furniture() -> None:
    # Webflow writes a form's sent and failed messages beside it (`w-form-done`,
    # `w-form-fail`), hidden by its stylesheet until the script shows one: they read "Thank
    # you! Your submission has been received!" under a landing page's plans. A "done" or
    # "fail" word not after "form" says nothing of the kind.
    out = render(
        f"<main><h1>Identity protection</h1><p>{PROSE}</p><div class='plans w-form'>"
        "<form><p>Essential $8/month</p><p>Premium $32/month</p></form>"
        "<div class='w-form-done'><div>Thank you! Your submission has been received!</div></div>"
        "<div class='w-form-fail'><div>Oops! Something went wrong while submitting the form."
        "</div></div></div><div class='task-done'><p>Setup done in minutes.</p></div></main>"
    )
    assert "Identity protection" in out
    assert "Thank you! Your submission" not in out
    assert "Oops!" not in out
    assert "Setup done in minutes." in out


def test_framer_breakpoint_variants_read_once() -> None:
    # Framer renders a responsive section once per breakpoint, as adjacent `ssr-variant`s
    # each hidden (`hidden-<id>`) at the widths the others show: the hero read three times,
    # each copy laid out for another screen. Variants shown at a common width are different
    # sections, and one shown at every width stands alone.
    def hero(hidden: str, title: str) -> str:
        return f'<div class="ssr-variant {hidden}"><h2>{title}</h2><p>Drew, Maria</p></div>'

    out = render(
        f"<main><h1>Brainstorm to breakthrough</h1><p>{PROSE}</p><div class='framer-hero'>"
        + hero("hidden-mobile hidden-tablet", "Canvas for teams")
        + hero("hidden-desktop hidden-mobile", "Canvas for teams, tablet")
        + hero("hidden-desktop hidden-tablet", "Canvas, phone")
        + hero("hidden-mobile hidden-tablet", "Plans for everyone")
        + hero("hidden-mobile", "Trusted by 250,000 companies")
        + '<div class="ssr-variant"><p>Loved by designers</p></div>'
        + f"</div><p>{PROSE}</p></main>"
    )
    assert "## Canvas for teams" in out
    assert out.count("Drew, Maria") == 3  # the hero's, the plans' and the trust line's
    assert "tablet" not in out
    assert "phone" not in out
    assert "## Plans for everyone" in out
    assert "Trusted by 250,000 companies" in out  # shown on tablets with the plans' desktop copy
    assert "Loved by designers" in out


def test_docbook_navigation_tables_are_furniture() -> None:
    # The DocBook XSL stylesheets put a table of links to the previous, parent and next pages
    # above and below each page of a manual (`div.navheader`, `div.navfooter`), the pages'
    # titles in plain cells: they read as "|Prev|Up|Next|" grids around the chapter.
    header = (
        '<div class="navheader"><table width="100%" summary="Navigation header">'
        '<tr><th colspan="5" align="center">Chapter 11. Indexes</th></tr><tr>'
        '<td><a accesskey="p" href="typeconv-select.html">Prev</a></td>'
        '<td><a accesskey="u" href="sql.html">Up</a></td>'
        '<th width="60%">Part II. The SQL Language</th>'
        '<td><a accesskey="h" href="index.html">Home</a></td>'
        '<td><a accesskey="n" href="indexes-intro.html">Next</a></td></tr></table><hr></div>'
    )
    footer = (
        '<div class="navfooter"><hr><table width="100%" summary="Navigation footer"><tr>'
        '<td><a accesskey="p" href="typeconv-select.html">Prev</a></td>'
        '<td><a accesskey="u" href="sql.html">Up</a></td>'
        '<td><a accesskey="n" href="indexes-intro.html">Next</a></td></tr><tr>'
        '<td width="40%">10.6. SELECT Output Columns</td>'
        '<td><a accesskey="h" href="index.html">Home</a></td>'
        '<td width="40%">11.1. Introduction</td></tr></table></div>'
    )
    out = render(
        f'<div id="docContent">{header}<div class="chapter"><div class="titlepage">'
        f'<h2 class="title">Chapter 11. Indexes</h2></div><p>{PROSE}</p></div>{footer}</div>'
    )
    assert "## Chapter 11. Indexes" in out
    assert "Prev" not in out
    assert "The SQL Language" not in out
    assert "11.1. Introduction" not in out


def test_rustdoc_version_and_source_links_and_toggle_label_are_furniture() -> None:
    # rustdoc writes beside each item the version it is stable since and a link to its source
    # (`span.rightside`: "1.0.0 (const: 1.48.0) · Source"; under the title, `span.since` and
    # `a.src` in the sub-heading), and the label of the toggle that folds the description
    # (`summary.hideme`: "Expand description", hidden by its CSS while the description is open).
    method = (
        '<details class="toggle method-toggle" open><summary>'
        '<section id="method.is_ok" class="method"><span class="rightside">'
        '<span class="since" title="Stable since Rust version 1.0.0">1.0.0</span> '
        '(const: 1.48.0) · <a class="src" href="../../src/core/result.rs.html#586">Source</a>'
        '</span><h4 class="code-header">pub const fn <a href="#method.is_ok" class="fn">is_ok'
        "</a>(&amp;self) -&gt; bool</h4></section></summary>"
        '<div class="docblock"><p>Returns <code>true</code> if the result is <code>Ok</code>.'
        "</p></div></details>"
    )
    body = (
        '<main><section id="main-content" class="content"><div class="main-heading">'
        '<h1>Enum <span class="enum">Result</span></h1><span class="sub-heading">'
        '<span class="since" title="Stable since Rust version 1.0.0">1.0.0</span> · '
        '<a class="src" href="../../src/core/result.rs.html#557">Source</a> </span></div>'
        '<details class="toggle top-doc" open><summary class="hideme"><span>Expand description'
        f'</span></summary><div class="docblock"><p>{PROSE}</p></div></details>'
        f'<h2 id="implementations">Implementations</h2><div class="impl-items">{method}</div>'
        "</section></main>"
    )
    out = render(f'<html><head><meta name="generator" content="rustdoc"></head><body>{body}')
    assert "# Enum Result" in out
    assert "pub const fn is_ok(&self) -> bool" in out
    assert "Returns `true` if the result is `Ok`." in out
    assert "Expand description" not in out
    assert "1.0.0" not in out
    assert "Source" not in out
    assert "·" not in out
    # Without rustdoc's name on the page, the classes are any page's.
    assert "Source" in render(body)


def test_parts_the_page_names_nocontent_are_furniture() -> None:
    # `nocontent` is the class Google's site search documents for what its index should skip;
    # pages write it on their menus, share bars and content footers (Google's developer sites:
    # the licence and "Last updated" under every page).
    footer = (
        '<devsite-content-footer class="nocontent"><p>Except as otherwise noted, the content '
        'of this page is licensed under the <a href="https://creativecommons.org/licenses/by/'
        '4.0/">Creative Commons Attribution 4.0 License</a>.</p><p>Last updated 2026-03-05 UTC.'
        "</p></devsite-content-footer>"
    )
    out = render(
        f'<div class="devsite-article"><h1>Introduction to IAM</h1><p>{PROSE}</p>'
        f"<p>Roles grant permissions to principals.</p>{footer}</div>"
    )
    assert "# Introduction to IAM" in out
    assert "Roles grant permissions to principals." in out
    assert "Creative Commons" not in out
    assert "Last updated" not in out


def test_parts_marked_data_nosnippet_are_furniture_once_the_content_is_chosen() -> None:
    # Google's `data-nosnippet` marks what a search snippet should never quote: Valnet's
    # in-article "Related" cards, a forum's in-post advertisement, a shop's "Call us" line.
    out = render(
        f"<main><h1>I automated my morning</h1><p>{PROSE}</p>"
        '<div class="display-card" data-nosnippet><span>Related</span><h5><a href="/tools">'
        "4 automation tools that save time</a></h5><p>Save time with these tools.</p></div>"
        "<p>The script opens my apps in order.</p>"
        '<div data-nosnippet="true">Need help? Call 1-888-888-4532 for expert assistance.</div>'
        "</main>"
    )
    assert "# I automated my morning" in out
    assert "The script opens my apps in order." in out
    assert "automation tools" not in out
    assert "Save time with these tools." not in out
    assert "1-888-888-4532" not in out


def test_a_part_marked_data_nosnippet_holding_most_of_the_page_stays() -> None:
    # A publisher that keeps its whole story out of snippets still shows it.
    out = render(
        f"<main><h1>A story</h1><div data-nosnippet><p>{PROSE}</p><p>{PROSE}</p></div></main>"
    )
    assert PROSE[:40] in out


def _product_page(description: str, shown: str) -> str:
    data = f'{{"@type": "Product", "name": "Quarter Socks", "description": "{description}"}}'
    head = f'<script type="application/ld+json">{data}</script>'
    body = f"<main><h1>Quarter Socks</h1><p>€17</p><p>Size: L</p>{shown}<p>{PROSE}</p></main>"
    return html_to_markdown(html_page(body, head))


def test_a_products_declared_description_comes_under_its_title_when_the_page_shows_none() -> None:
    # A Next.js shop ships its buy box as HTML and draws the description from the script's
    # data: the model read a sock's title, price and size, and not what the sock is. The
    # JSON-LD Product's description (markup and references read as text) goes under the title.
    description = (
        "These <b>Quarters</b> are engineered for comfort &amp; designed to stand out, higher "
        "than an ankle sock and lower than a calf sock, right for a million shoes."
    )
    out = _product_page(description, "")
    assert out.startswith(
        "# Quarter Socks\n\nThese Quarters are engineered for comfort & designed to stand out"
    )
    assert "€17" in out
    # Shown by the page (in other words too), it is not added; nor a description that is no
    # prose (URL-encoded, as one shop declares it).
    shown = "<p>Engineered for comfort, these quarters stand out: higher than an ankle sock.</p>"
    assert "million shoes" not in _product_page(description, shown)
    encoded = "An%20elegant%20sofa%20embodying%20a%20curved%20design%20and%20a%20harmonious"
    assert "elegant" not in _product_page(encoded, "")


def test_an_empty_shells_declared_description_leaves_it_a_shell() -> None:
    # A product page whose script renders everything gets the shell's notice and all of its
    # script data; the description alone under the title would have made it a page of text.
    description = (
        "Soft merino socks knitted in Portugal, cushioned underfoot and made to last through "
        "long walks, cold mornings and every season of the year, with a seamless toe, a heel "
        "that stays in place and a cuff that never slips down."
    )
    data = f'{{"@type": "Product", "name": "Socks", "description": "{description}"}}'
    head = f'<script type="application/ld+json">{data}</script><script src="/app.js"></script>'
    out = html_to_markdown(html_page("<div id='root'><h1>Socks</h1></div>", head))
    assert "rendered by JavaScript" in out
    assert out.count("Soft merino socks") == 1
