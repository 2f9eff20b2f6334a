"""Defects earlier fidelity reviews left open (session 8): yes/no icons outside tables,
symbol footnote marks, adjacent emphasis of different kinds, invisible joiner lines, words
glued to their tail, browser-upgrade notices, Hacker News furniture, social feeds in `pre`;
and Material icon-font names read as words."""

from __future__ import annotations

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page, indented_comment


def render(body: str, url: str | None = "https://example.com/docs/page") -> str:
    return html_to_markdown(html_page(body), url=url)


def test_yes_and_no_icons_outside_tables_say_which_items_apply() -> None:
    # Microsoft Learn's "Applies to" line and a plan card's feature list: the icons are all
    # that says which products the page applies to and which features the plan has.
    out = render(
        f"<main><h1>CREATE INDEX</h1><p>Applies to: <img src='/media/yes-icon.svg' alt='Yes'>"
        " SQL Server <img src='/media/yes-icon.svg' alt='Yes'> Azure SQL Database "
        "<img src='/media/no-icon.svg' alt='No'> Azure Synapse Analytics</p>"
        f"<p>{PROSE}</p><h2>Starter plan</h2><ul><li><span class='icon icon-check' "
        "aria-label='Yes'></span>Unlimited projects</li><li><i class='fa-solid fa-xmark'></i>"
        "Single sign-on</li><li><img src='/img/check.svg' alt=''><div>Priority support</div></li>"
        "<li><svg class='svg-inline--fa fa-check' data-icon='check' aria-hidden='true'><path "
        "d='M0 0'/></svg>Audit log</li><li><span class='docon docon-x'></span>Custom domains</li>"
        "<li><svg class='lucide' aria-label='Close'><use href='#x'/></svg>Exports</li></ul></main>"
    )
    assert "Applies to: ✓ SQL Server ✓ Azure SQL Database ✗ Azure Synapse Analytics" in out, out
    assert (
        "- ✓ Unlimited projects\n- ✗ Single sign-on\n- ✓ Priority support\n- ✓ Audit log\n"
        "- ✗ Custom domains\n- Exports"
    ) in out


def test_an_icons_no_prefixed_utility_class_is_no_cross() -> None:
    # `no-margin`, `no-wrap`, `no-print` on an icon say how it is laid out, not that it is a
    # cross: a user icon beside a byline read "✗ Posted by bob" on a page that contrasts
    # marks elsewhere. A cross named "no" (`icon-no`, as WordPress's `dashicons-no-alt`) still
    # is one.
    out = render(
        f"<p>{PROSE}</p><ul><li><i class='fa fa-check'></i> Unlimited projects</li>"
        "<li><i class='icon-no-alt'></i> Single sign-on</li></ul>"
        "<p><i class='fa fa-user no-margin'></i> Posted by bob</p>"
    )
    assert "- ✓ Unlimited projects\n- ✗ Single sign-on" in out, out
    assert "\nPosted by bob" in out, out


def test_a_mark_between_one_letter_words_is_spaced_from_both() -> None:
    # A one-letter word between two icons (a size chart's "S", "M", options "A", "B"): each
    # mark is spaced from the words beside it, not the first's space taking the letter.
    out = render(
        f"<p>{PROSE}</p><p>Sizes: <i class='fa fa-check'></i>S<i class='fa fa-times'></i>M"
        "<i class='fa fa-check'></i>L</p>"
    )
    assert "Sizes: ✓ S ✗ M ✓ L" in out, out


def test_icons_that_contrast_nothing_or_act_stay_dropped() -> None:
    # Every feature ticked (a decoration), a close button, a share link to X, a press logo and
    # a forum's "Reply With Quote" image button: no ✓ or ✗ says anything here.
    out = render(
        f"<main><h1>Why us</h1><p>{PROSE}</p><ul><li><i class='fa fa-check'></i> Fast</li>"
        "<li><i class='fa fa-check'></i><div>Friendly</div></li></ul><div class='panel'>"
        "<span class='icon-close'></span><p>Featured in</p><img src='forbes.png' "
        "alt='Forbes'><a href='https://x.com/share'><i class='fab fa-x-twitter'></i></a>"
        "<a href='/reply'><img src='reply.gif' alt='Reply With Quote'></a></div><div>Learn more"
        "<svg class='lucide lucide-chevron-right group-hover:translate-x-1'></svg></div></main>"
    )
    assert "✓" not in out, out
    assert "✗" not in out
    assert "- Fast\n- Friendly" in out
    assert "Forbes" not in out
    assert "Reply With Quote" not in out
    # An icon whose own words name something else is that thing, whatever its class says.
    out = render(
        f"<main><h1>Rankings</h1><p>{PROSE}</p><p>Fees <img src='lock.svg' alt='lock' "
        "class='lock-icon-checked-js'></p><p>Scholarships <img src='no.svg' alt='No'></p></main>"
    )
    assert "✓" not in out, out
    assert "Fees\n" in out


def test_adjacent_emphasis_of_different_kinds_parses_as_marked() -> None:
    # A label bolded apart from its colon through a link or span, a word's last letter bolded
    # in the next span, bold-italic beside italic or bold: as written side by side the marks
    # made runs like `**Local Moving****:**` and `***X****.*`, which CommonMark reads as no
    # emphasis (literal stars), and which cost tokens.
    out = render(
        f"<p>{PROSE}</p><p><a href='#local-moving'><strong><u>Local Moving</u></strong></a>"
        "<strong>:</strong> Whether you are moving down the street.</p><ul><li><strong>"
        "Facebook Insights</strong><span><strong>:</strong> This analytics feature.</span></li>"
        "</ul><p>But when you chase<b> corporate event trend</b><span><strong>s</strong> for "
        "their own sake.</p><p><strong><em>On the other hand</em></strong><em>, there is</em> "
        "more.</p><p><span><i><b>Fortune</b></i><b>®</b> World's Most Admired</span></p>"
        "<p>See <em><strong>bold italic</strong></em><strong>bold</strong> here.</p>"
    )
    assert "**Local Moving:** Whether" in out, out
    assert "- **Facebook Insights:** This analytics" in out
    assert "chase **corporate event trends** for" in out
    assert "***On the other hand**, there is* more." in out
    assert "***Fortune*®** World's" in out
    assert "See ***bold italic*bold** here." in out


def test_literal_stars_are_not_wrapped_in_emphasis() -> None:
    # `<em>*** Follow me</em>`: the page's own stars beside ours made `**** Follow me…*`.
    # A bolded footnote star after a bolded year: `**2023*******`.
    out = render(
        f"<p>{PROSE}</p><p><em>*** Follow me on Instagram for more ***</em></p>"
        "<p>Posted <b>Dec 10</b>, <b>2023</b><span><b>*</b></span>. Modified later.</p>"
    )
    assert "\n*** Follow me on Instagram for more ***" in out, out
    assert "**Dec 10**, **2023***. Modified" in out


def test_a_literal_star_is_not_joined_with_the_emphasis_after_it() -> None:
    # A bolded footnote star at the end of a span, right before italic: its star (no mark,
    # being all the text) was taken for the bold's closing mark and joined with the italic's
    # opening, `PriceNote*`, losing the star and leaving one unpaired.
    # (CommonMark reads `Price**Note*` as the star and an emphasised "Note".)
    out = render(f"<p>{PROSE}</p><p>Only <span>Price<b>*</b></span><i>Note</i> applies.</p>")
    assert "Only Price**Note* applies." in out, out


def test_symbol_footnote_marks_stay_as_their_notes_marks() -> None:
    # `*`, `†`, `‡` linked to their notes read as a heading's permalink mark and vanished, so
    # the notes below them were attached to nothing; a permalink's `¶` and `#` still go.
    out = render(
        f"<p>{PROSE}</p><h2 id='trial'>Trial <a href='#trial'>¶</a></h2><p>The trial ran for "
        "six weeks<sup><a href='#fn1'>*</a></sup> with 40 adults<sup><a href='#fn2'>†</a>"
        "</sup>; results<a href='#fn3'>‡</a> follow.</p><ol><li id='fn1'>Two sites.</li>"
        "<li id='fn2'>Aged 18–65.</li><li id='fn3'>Unblinded.</li></ol>"
    )
    assert "## Trial\n" in out, out
    assert "six weeks* with 40 adults†; results‡ follow." in out


def test_a_quantity_or_block_span_is_spaced_from_the_text_after_it() -> None:
    # An ingredient's quantity in a span of its own, recipe plugins' amount and unit parts,
    # a span displayed as a block (inline style or a framework's class): the source separates
    # them from what follows, and glued they read "1 tbspsugar", "2cupsflour". Words marked
    # in part still read as one word.
    out = render(
        f"<p>{PROSE}</p><ul><li><span>1 tbsp</span>sugar</li><li><span class='ingredient-amount'>"
        "2</span><span class='ingredient-unit'>cups</span>flour</li></ul>"
        "<p><span style='display: block'>Reading time: 3 minutes</span>Procurement made easy.</p>"
        "<p><span class='d-block'>Quick</span>Links to the rest of the guide.</p>"
        "<p><b>W</b>ord, <span>backp</span>ack, stitch<span>es</span>, <span>1</span>st and "
        "<span>4</span>K.</p>"
    )
    assert "- 1 tbsp sugar\n- 2 cups flour" in out, out
    assert "Reading time: 3 minutes Procurement made easy." in out
    assert "Quick Links to the rest" in out
    assert "**W**ord, backpack, stitches, 1st and 4K." in out


def test_invisible_joiners_do_not_make_lines_or_pad_them() -> None:
    # Webflow's spacer paragraphs hold a lone zero-width joiner: each was a line of its own
    # (an invisible character the model still reads), and joiners padded lines' ends. Between
    # characters they stay: an emoji family, a Persian word.
    out = render(
        f"<p>{PROSE}</p><p>&zwj;</p><p>&zwnj;&#8203;&#8288;</p><p>First point.&zwj;</p>"
        "<p>&zwj; Second point &zwnj;and more.<b>&zwj;</b></p><p>A family 👨&zwj;👩&zwj;👧 wants "
        "\u0645\u06cc&zwnj;\u062e\u0648\u0627\u0647\u0645.</p>"
    )
    assert "\u200d\n" not in out, out
    assert "\n\u200d" not in out
    assert "\u200c\n" not in out
    assert f"{PROSE}\n\nFirst point.\n\nSecond point and more.\n\n" in out
    assert "👨\u200d👩\u200d👧 wants \u0645\u06cc\u200c\u062e" in out


def test_browser_upgrade_notices_are_no_lede_nor_content() -> None:
    # B&H hides an "update your browser" section (a heading and a line per browser) before the
    # product: it came along as the page's lede. XenForo's hidden `js-browserWarning` notice
    # opened every thread.
    notice = (
        "<div class='upgradeBrowserWrapper' style='display:none'><div><h3>Please update your "
        "browser to take advantage of the latest technology security enhancements to ensure "
        "your shopping experience is as safe as it is enjoyable:</h3></div><div class='browsers'>"
        + "".join(
            f"<div class='browser'><p>{name} is a browser you can install today</p>"
            f"<a href='//example.org/{name}'>Download</a></div>"
            for name in ("Google Chrome", "Safari", "Firefox")
        )
        + "</div></div>"
    )
    out = render(
        f"<div class='page'>{notice}<div class='product'><h1>Nikon D750</h1>"
        + f"<p>{PROSE}</p>" * 12
        + "</div></div>"
    )
    assert "update your browser" not in out, out
    assert out.startswith("# Nikon D750")
    out = render(
        "<div class='p-body'><div class='blockMessage js-browserWarning' style='display: none'>"
        "You are using an out of date browser. It may not display this or other websites "
        "correctly.<br>You should upgrade or use an <a href='https://example.org/'>alternative "
        f"browser</a>.</div><h1>Application thread</h1><article><p>{PROSE}</p></article>"
        f"<article><p>{PROSE} Second post.</p></article></div>"
    )
    assert "out of date browser" not in out, out
    assert out.startswith("# Application thread")


def test_thread_controls_are_not_read_as_comment_text() -> None:
    # Hacker News' comment head links to the parent and next comments and folds the thread
    # (`| parent | next [–]`), and each comment ends in a "reply" link; old Reddit's fold
    # toggle ran into the author (`[–]alice`). Controls of the page, not what anyone wrote.
    thread = indented_comment(1, "alice", 0, "Latency is the point.") + indented_comment(
        2, "bob", 1, "Only past a point."
    )
    out = render(f"<p>{PROSE}</p><table class='comment-tree'>{thread}</table>")
    assert out.endswith(
        "- alice 2 hours ago\n  Latency is the point.\n\n"
        "  - bob 2 hours ago\n    Only past a point."
    ), out
    out = render(
        f"<p>{PROSE}</p><div class='comment'><p class='tagline'><a href='javascript:void(0)' "
        "class='expand'>[–]</a><a href='https://example.com/user/alice'>alice</a> 12 points</p>"
        "<p>Might this also cure tinnitus?</p><a href='#c2'>reply</a></div>"
    )
    assert out.endswith(
        "\n[alice](https://example.com/user/alice) 12 points\n\nMight this also cure tinnitus?"
    ), out


def test_a_social_feed_wrapped_in_code_is_no_code_block() -> None:
    # A shop's Instagram feed (Smash Balloon) that the page wraps in `<pre>`, or in `<code>`
    # alone in its paragraph: a code block of posts' captions and "Follow us" links, its
    # whitespace kept, as if it were a program. Code whose names are links stays code.
    posts = "".join(
        f"<div class='sbi_item'><a class='sbi_photo' href='https://instagram.com/p/{n}'>"
        f"<span class='sbi-screenreader'>{caption}</span><img src='{n}.jpg' alt=''></a></div>"
        for n, caption in enumerate(["Sound on for Vivaldi, sung live", "Back from the isles"])
    )
    follow = "<a href='https://instagram.com/shop'>Follow us on Instagram</a>"
    feed = f"<div class='sbi'>\n\n{posts}\n\n{follow}</div>"
    out = render(
        f"<p>{PROSE}</p><pre>{feed}</pre><p><code>{feed}</code></p>"
        "<pre>public static <a href='/String'>String</a> <a href='/valueOf'>valueOf</a>"
        "(<a href='/Object'>Object</a> obj)</pre>"
    )
    assert out.count("```") == 2, out
    assert "Sound on for Vivaldi, sung live" in out
    assert "```\npublic static String valueOf(Object obj)\n```" in out


def test_material_icon_names_are_icons_not_words() -> None:
    # Google's icon fonts draw an icon from its name written as text: read as words they ran
    # into their neighbours ("verifiedCite") and a comparison table said "check" in each cell.
    out = render(
        f"<main><p>{PROSE}</p><p><span class='material-icons'>verified</span>Cite this</p>"
        "<table><tr><th>Feature</th><th>Free</th><th>Pro</th></tr>"
        "<tr><td>Sync</td><td class='material-icons'>check</td><td class='material-icons'>"
        "check</td></tr><tr><td>Backup</td><td><i class='material-icons'>close</i></td>"
        "<td><i class='material-icons'>check_circle</i></td></tr></table>"
        "<p>Applies to: <span class='material-symbols-outlined'>done</span> SQL Server "
        "<span class='material-symbols-outlined'>cancel</span> Synapse</p>"
        "<p><a href='/prev'><i class='material-icons'>navigate_before</i>Why Go</a></p></main>"
    )
    assert out == (
        f"{PROSE}\n\nCite this\n\n| Feature | Free | Pro |\n|---|---|---|\n"
        "| Sync | ✓ | ✓ |\n| Backup | ✗ | ✓ |\n\nApplies to: ✓ SQL Server ✗ Synapse\n\nWhy Go"
    )


def test_a_link_feed_in_pre_keeps_its_lines() -> None:
    # nginx's directory listing (autoindex) is a `<pre>` of one file a line, its name linked
    # and its date and size after it: with long names, mostly link text and no code
    # punctuation, it reads as a link feed, whose lines must stay apart (each file's date and
    # size ran into the next file's name on one line).
    names = [f"very-long-package-name-{n}.2.3-x86_64.pkg.tar.zst" for n in range(4)]
    rows = "".join(
        f'<a href="{name}">{name}</a>                 01-Jan-2024 10:0{n}    {n}234\n'
        for n, name in enumerate(names)
    )
    out = render(f'<h1>Index of /pub/</h1><hr><pre><a href="../">../</a>\n{rows}</pre><hr>')
    for n, name in enumerate(names):
        assert f"\n{name} 01-Jan-2024 10:0{n} {n}234\n" in out + "\n", out


def test_words_linked_within_the_page_in_prose_are_no_thread_controls() -> None:
    # A thread's "parent", "next" and "reply" links are dropped; the same words linked to an
    # anchor in running text (a glossary term, a section) are the sentence's words.
    out = render(
        f"<p>{PROSE}</p><p>Read the <a href='#sec2'>next</a> section, then attach it to the"
        " <a href='#term-root'>root</a> of the tree and <a href='#form'>reply</a> below.</p>"
    )
    assert "Read the next section, then attach it to the root of the tree and reply below." in (
        out.replace("](https://example.com/docs/page#sec2)", "")
        .replace("](https://example.com/docs/page#term-root)", "")
        .replace("](https://example.com/docs/page#form)", "")
        .replace("[", "")
    ), out
