"""What the renderer writes for structures the fidelity reviews found misread (sessions 7 and
8): numbers and labels in stacked elements, ARIA tables, code spans and code listings, CJK title
links, ruby, formula fallbacks, Sphinx signatures, images and icons read as ✓/✗, emphasis
that parses, footnote marks, invisible joiners, social feeds in `pre`, browser-upgrade
notices."""

from __future__ import annotations

from tool_web.markdown.markdown_pages import PROSE, render


def test_numbers_in_stacked_elements_do_not_merge() -> None:
    # A quote's price, change and percentage, a day's high and low, a score: side by side in
    # the markup, as one text "182.52-1.23(-0.67%)" reads as a subtraction.
    out = render(
        f"<p>{PROSE}</p><div><span>182.52</span><span>-1.23</span><span>(-0.67%)</span></div>"
        "<p><span class='hi'>21°</span><span class='lo'>12°</span></p>"
        "<p><span>$549,000</span><span>-4.4%</span></p>"
        "<p><span>Arsenal</span><span>2</span>–<span>1</span><span>Chelsea</span></p>"
        "<p><span>08:36</span><span>+5</span>, <span>PE Ratio (TTM)</span><span>28.42</span></p>"
    )
    assert "182.52 -1.23 (-0.67%)" in out
    assert "21° 12°" in out
    assert "$549,000 -4.4%" in out
    assert "Arsenal 2–1 Chelsea" in out
    assert "08:36 +5, PE Ratio (TTM) 28.42" in out


def test_numbers_split_over_elements_stay_one_number() -> None:
    # Per-digit spans (odometers), a number split at its separator, a chemical formula.
    out = render(
        f"<p>{PROSE}</p><p><span>1</span><span>2</span><span>3</span> and "
        "<span>1</span><span>,000</span> and <span>$19</span><span>.99</span> and "
        "H<sub>2</sub>O and <span>CO</span><span>2</span> and <span>50</span><span>%</span></p>"
    )
    assert "123 and 1,000 and $19.99 and H2O and CO2 and 50%" in out


def test_a_note_number_linked_after_a_word_is_not_spaced_as_a_count() -> None:
    # Substack's footnote anchor: `<span>…preference</span><span><a href=…>1</a></span>`.
    out = render(
        f"<p>{PROSE}</p><p><span>known to have a preference</span><span><a "
        "href='https://example.com/p/post#footnote-1'>1</a></span></p>"
    )
    assert "a preference[1](https://example.com/p/post)" in out


def test_aria_tables_drawn_with_divs_are_tables_with_their_icons_and_screen_reader_cells() -> None:
    # A pricing comparison built from divs with ARIA table roles: without its grid "Storage5 GB"
    # merged, and the icons and screen-reader "Yes"/"No" that say which plan has what vanished.
    out = render(
        f"<main><h1>Plans</h1><p>{PROSE}</p><div role='table'><div role='rowgroup'>"
        "<div role='row'><span role='columnheader'></span><span role='columnheader'>Free</span>"
        "<span role='columnheader'>Pro</span></div></div><div role='rowgroup'><div role='row'>"
        "<span role='rowheader'>SSO</span><span role='cell'><svg aria-label='Not included'>"
        "</svg></span><span role='cell'><svg aria-label='Included'></svg></span></div>"
        "<div role='row'><span role='rowheader'>Audit log</span><span role='cell'>"
        "<span class='sr-only'>No</span></span><span role='cell'><i class='fa-solid fa-check'>"
        "</i></span></div><div role='row'><span role='rowheader'>Storage</span>"
        "<span role='cell'>5 GB</span><span role='cell'>100 GB</span></div></div></div></main>"
    )
    assert ("||Free|Pro|\n|---|---|---|\n|SSO|✗|✓|\n|Audit log|No|✓|\n|Storage|5 GB|100 GB|") in out


def test_aria_roles_that_do_not_make_a_grid_are_left_as_they_are() -> None:
    # Rows behind a wrapper that is no row group, a "row" holding a plain block: not a grid
    # the table rules can read, so the text stays in order as before.
    out = render(
        f"<main><h1>T</h1><p>{PROSE}</p><div role='grid'><div class='scroller'><div role='row'>"
        "<div role='gridcell'>Mon</div><div role='gridcell'>Tue</div></div></div></div>"
        "<div role='table'><div role='row'><div role='cell'>A</div><p>loose</p></div></div></main>"
    )
    assert "|" not in out
    assert "Mon\n\nTue" in out
    assert "loose" in out


def test_adjacent_inline_code_spans_stay_separate_spans() -> None:
    # GitBook's and Redoc's enum lists: "`read``write``admin`" is one code span in CommonMark,
    # "read``write``admin".
    out = render(
        f"<p>{PROSE}</p><p>Available options: <code>read</code><code>write</code><code>admin"
        "</code>; press <kbd>Ctrl</kbd><kbd>C</kbd>; <code>a</code>, <code>b</code>.</p>"
    )
    assert "Available options: `read` `write` `admin`; press `Ctrl` `C`; `a`, `b`." in out


def test_chinese_and_japanese_title_links_show_their_target() -> None:
    # Written without spaces, a title was one "word" and never reached the three words a
    # listing entry's title link needs; a short label ("首页", "联系我们") still is no title.
    out = render(
        "<main><h1>T</h1><ul><li><h3><a href='https://blog.example.cn/a/1'>深入理解计算机系统读书"
        "笔记</a></h3><p>摘要……</p></li><li><h3><a href='https://blog.example.jp/a/2'>Dockerで"
        "ローカル開発環境を構築する方法</a></h3><p>概要……</p></li><li><h3><a href='/a/3'>联系我们"
        "</a></h3><p>摘要……</p></li></ul></main>"
    )
    assert "### [深入理解计算机系统读书笔记](https://blog.example.cn/a/1)" in out
    assert "### [Dockerでローカル開発環境を構築する方法](https://blog.example.jp/a/2)" in out
    assert "### 联系我们\n" in out


def test_line_numbers_written_as_a_list_inside_pre_are_dropped() -> None:
    # CSDN's `ul.pre-numbering` beside the code: "- 1 … - 3" followed the code block.
    out = render(
        f"<p>{PROSE}</p><pre><code class='language-python'>import os\nprint(os.sep)\nx = 1\n"
        "</code><ul class='pre-numbering'><li>1</li><li>2</li><li>3</li></ul></pre>"
        "<pre><ol><li>2</li><li>4</li></ol></pre>"
    )
    assert "```python\nimport os\nprint(os.sep)\nx = 1\n```" in out
    assert "- 1" not in out
    assert "4" in out  # not a run of line numbers: kept


def test_a_heading_inside_pre_ends_its_line() -> None:
    # man7.org writes each section of a man page as `<pre><h2>SYNOPSIS</h2>       <b>grep</b>
    # …`: the heading ran into the first line and took its indentation.
    out = render(
        f"<p>{PROSE}</p><pre><h2>SYNOPSIS</h2>       <b>grep</b> [OPTION...] PATTERNS\n"
        "       <b>grep</b> -e PATTERNS</pre><pre><h3>NOTES</h3>\n       Text.</pre>"
    )
    assert "```\nSYNOPSIS\n       grep [OPTION...] PATTERNS\n       grep -e PATTERNS\n```" in out
    # A line break of its own after the heading is a blank line, as a browser shows it.
    assert "```\nNOTES\n\n       Text.\n```" in out


def test_ruby_without_rp_reads_its_annotation_in_parentheses() -> None:
    # NHK News Web Easy and learner sites write ruby without `<rp>`: base and reading merged
    # ("漢字かんじを読む"). With `<rp>` the page's own parentheses are kept as they are.
    out = render(
        f"<p>{PROSE}</p><p><ruby>漢字<rt>かんじ</rt></ruby>を読む。<ruby>漢<rt>かん</rt>字<rt>じ"
        "</rt></ruby>です。</p><p><ruby>借用<rp>（</rp><rt>しゃくよう</rt><rp>）</rp></ruby>する。"
        "<ruby>東<rt></rt></ruby>京</p>"
    )
    assert "漢字(かんじ)を読む。漢(かん)字(じ)です。" in out
    assert "借用（しゃくよう）する。東京" in out


def test_a_formulas_text_fallback_beside_its_mathjax_source_is_not_written_twice() -> None:
    # Zhihu keeps the TeX both in a MathJax 2 script and in a server-rendered fallback beside
    # it: "$X\in…$X\in…". A neighbour saying something else stays.
    out = render(
        f"<p>{PROSE}</p><p>Let <span class='ztext-math'><script type='math/tex;mode=inline'>"
        "X\\in\\mathbb{R}^{n\\times d}</script><span class='tex2jax_ignore math-holder'>X\\in"
        "\\mathbb{R}^{n\\times d}</span></span> be a matrix.</p><div><span>\\( E = mc^2 \\)"
        "</span><script type='math/tex; mode=display'>E = mc^2</script></div><p><script "
        "type='math/tex'>a+b</script><span>is a sum</span></p>"
    )
    assert "Let $X\\in\\mathbb{R}^{n\\times d}$ be a matrix." in out
    assert "mc^2" not in out.replace("$$E = mc^2$$", "")
    assert "$a+b$is a sum" in out or "$a+b$ is a sum" in out
    out = render(
        f"<p>{PROSE}</p><p>Twice: <script type='math/tex'>x^2</script> <script "
        "type='math/tex'>x^2</script> <span>$x^2$</span></p>"
    )
    assert "Twice: $x^2$ $x^2$" in out  # the formulas written stay, the third is a fallback


def test_a_sphinx_method_signature_shows_its_class() -> None:
    # `get(url, **kwargs)` inside `class requests.Session` read like the module-level
    # `requests.get`: a member shown by its name alone gets the name its class shows, when
    # the `id`s say it is that class's member. A signature showing a path of its own, or
    # standing alone (a page leaving module names out: Django's `class CommonMiddleware`), is
    # left as it is.
    out = render(
        f"<p>{PROSE}</p><dl class='py function'><dt class='sig sig-object py' id='requests.get'>"
        "<span class='sig-prename descclassname'><span class='pre'>requests.</span></span>"
        "<span class='sig-name descname'><span class='pre'>get</span></span>(<em class='sig-param'>"
        "url</em>)<a class='headerlink' href='#requests.get'>¶</a></dt><dd><p>Sends a GET.</p></dd>"
        "</dl><dl class='py class'><dt class='sig sig-object py' id='requests.Session'><em "
        "class='property'>class </em><span class='sig-prename descclassname'>requests.</span>"
        "<span class='sig-name descname'>Session</span></dt><dd><p>A session.</p><dl class='py "
        "method'><dt class='sig sig-object py' id='requests.Session.get'><span class='sig-name "
        "descname'><span class='pre'>get</span></span><span class='sig-paren'>(</span><em "
        "class='sig-param'>url</em>, <em class='sig-param'>**kwargs</em><span class='sig-paren'>)"
        "</span></dt><dd><p>Sends a GET request.</p></dd></dl><dl class='cpp function'><dt "
        "class='sig sig-object cpp' id='_CPPv43getv'><span class='sig-name descname'>get</span>"
        "()</dt><dd><p>C++.</p></dd></dl></dd></dl>"
    )
    assert "`requests.get(url)`: Sends a GET." in out
    assert "`class requests.Session`" in out
    assert "`requests.Session.get(url, **kwargs)`: Sends a GET request." in out
    assert "`get()`: C++." in out
    out = render(
        f"<p>{PROSE}</p><dl class='py class'><dt class='sig sig-object py' id='django.mw."
        "CommonMiddleware'><em class='property'>class </em><span class='sig-name descname'>"
        "CommonMiddleware</span></dt><dd><dl class='py attribute'><dt class='sig sig-object py' "
        "id='django.mw.CommonMiddleware.redirect_class'><span class='sig-name descname'>"
        "redirect_class</span></dt><dd><p>Defaults to X.</p></dd></dl><dl class='py function'>"
        "<dt class='sig sig-object py' id='functools.cache'><span class='sig-prename "
        "descclassname'>@</span><span class='sig-prename descclassname'>functools.</span><span "
        "class='sig-name descname'>cache</span>(f)</dt><dd><p>Caches.</p></dd></dl></dd></dl>"
    )
    assert "`class CommonMiddleware`" in out
    assert "`CommonMiddleware.redirect_class`: Defaults to X." in out
    assert "`@functools.cache(f)`: Caches." in out


def test_an_image_that_is_all_a_table_cell_says_keeps_its_alt_text() -> None:
    # A forecast's conditions, a medal table's flags: the image is the cell's only content,
    # and its short alt text is what it says. Logos, icons, file names still go.
    out = render(
        f"<p>{PROSE}</p><table><tr><th></th><th>Mon</th><th>Tue</th><th>Wed</th></tr>"
        '<tr><th>Sky</th><td><img src="sun.svg" alt="Sunny"></td>'
        '<td><img src="rain.svg" alt="Light rain"></td><td><img src="c.svg" alt="cloud icon">'
        "</td></tr>"
        '<tr><th>Team</th><td><a href="/fr"><img src="fr.png" alt="France"></a></td>'
        '<td><img src="x.png" alt="IMG_2041.jpg"></td><td><img src="l.png" alt="Acme logo"> '
        "Acme</td></tr></table>"
    )
    assert "|Sky|Sunny|Light rain||" in out
    assert "|Team|France||Acme|" in out


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


def test_an_svg_named_by_its_title_or_symbol_outside_tables_says_yes_or_no() -> None:
    # An svg outside a table whose only name is its `<title>` or the symbol it uses (a sprite's
    # `#icon-check`): the feature list read as if every feature were included. A `<title>`
    # naming something else (a logo) is no mark.
    out = render(
        f"<p>{PROSE}</p><ul><li><svg viewBox='0 0 9 9'><title>Yes</title><path d='M0 0'/></svg>"
        " Unlimited projects</li><li><svg viewBox='0 0 9 9'><title>No</title><path d='M0 0'/>"
        "</svg> Single sign-on</li><li><svg class='icon'><use href='#icon-check'></use></svg> "
        "Audit log</li><li><svg class='icon'><use xlink:href='/sprite.svg#icon-x'></use>"
        "</svg> Exports</li><li><svg><title>Acme logo</title></svg> Partner</li></ul>"
    )
    assert (
        "- ✓ Unlimited projects\n- ✗ Single sign-on\n- ✓ Audit log\n- ✗ Exports\n- Partner"
    ) in out, out


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


def test_a_footnote_star_opening_a_line_is_no_list_item() -> None:
    # A price list's note under a bolded (or superscript) star: "* Prices exclude VAT." is a
    # bullet in Markdown, so the note read as a one-item list; in a list item's second line
    # it read as a nested item.
    out = render(
        f"<p>{PROSE}</p><p><b>*</b> Prices exclude VAT.</p><p><sup>+</sup> Members only.</p>"
        "<ul><li>Basic plan<br><b>*</b> billed yearly</li><li><b>*</b> Setup fee</li></ul>"
        "<blockquote><p><b>*</b> Quoted note.</p></blockquote>"
    )
    assert "\n\\* Prices exclude VAT." in out, out
    assert "\n\\+ Members only." in out
    assert "- Basic plan\n  \\* billed yearly\n- \\* Setup fee" in out
    assert "> \\* Quoted note." in out


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
        f"{PROSE}\n\nCite this\n\n|Feature|Free|Pro|\n|---|---|---|\n"
        "|Sync|✓|✓|\n|Backup|✗|✓|\n\nApplies to: ✓ SQL Server ✗ Synapse\n\nWhy Go"
    )


def test_a_link_wrapped_around_a_cards_picture_and_number_is_in_no_sentence() -> None:
    # A listing's card in a list item links its picture and a number heading ("### 1") and,
    # below, its title to the same page. The item holds the card's whole text, so the first
    # link read as one written into a sentence and showed its target on the number; the
    # title, its target already shown, kept only its label ("### [1](…)" over "# Price
    # Match Guarantee"). A link holding blocks is in no sentence: the title shows the target.
    cards = "".join(
        f'<li><a href="/coupons/{slug}/"><img src="/c{n}.jpg" alt=""><h3>{n}</h3></a>'
        f'<div class="desc"><a href="/coupons/{slug}/"><h2>{title}</h2></a>'
        f"<p>{PROSE}</p></div></li>"
        for n, (slug, title) in enumerate(
            [("price-match", "Price Match Guarantee"), ("panel", "Ten Percent Off Panels")], 1
        )
    )
    out = render(
        f"<main><h1>Coupons</h1><ul>{cards}</ul></main>", url="https://electric.example.com/c"
    )
    assert "### 1\n" in out, out
    assert "## [Price Match Guarantee](https://electric.example.com/coupons/price-match/)" in out
    assert "[1]" not in out
    assert "[2]" not in out


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


def test_a_card_wrapped_in_its_link_shows_its_titles_target_as_a_title_link_would() -> None:
    # A listing's card wrapped whole in its link (`<a><h3>…</h3><p>…</p></a>`) kept only its
    # blocks, so the model could open "Tree Dasher 2" when its heading held the link and not
    # when the link held the heading. Either way a title of three words or more shows its
    # target, once, on the heading; a shorter one, "Wool Runner", keeps its label (the link
    # policy's title rule).
    names = [("wool-runner", "Wool Runner"), ("tree-dasher-2", "Tree Dasher 2")]
    titled = "".join(
        f'<div class="card"><h3><a href="/p/{slug}">{name}</a></h3><p>Blurb of {name}.</p></div>'
        for slug, name in names
    )
    wrapped = "".join(
        f'<div class="card"><a href="/q/{slug}"><h3>{name}</h3><p>Blurb of {name}.</p></a></div>'
        for slug, name in names
    )
    # A heading holding a link of its own keeps it, not wrapped in the card's.
    inner = (
        '<div class="card"><a href="/r/1"><h3><a href="/s/1">The Green Living Guy</a></h3>'
        "<p>A podcast.</p></a></div>"
    )
    out = render(
        f"<main><h1>Shoes</h1>{titled}{wrapped}{inner}</main>", url="https://shop.example.com/c"
    )
    assert "### [Tree Dasher 2](https://shop.example.com/p/tree-dasher-2)\n" in out, out
    assert "### [Tree Dasher 2](https://shop.example.com/q/tree-dasher-2)\n\nBlurb of" in out
    assert "### Wool Runner\n" in out
    assert "/wool-runner" not in out
    assert "[\\[" not in out
