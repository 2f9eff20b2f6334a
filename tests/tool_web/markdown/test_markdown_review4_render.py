"""What a fidelity review of new page families found in the renderer (session 7, probe 4):
numbers in stacked elements, ARIA tables, code spans, CJK title links, code listings."""

from __future__ import annotations

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page


def render(body: str, url: str | None = "https://example.com/docs/page") -> str:
    return html_to_markdown(html_page(body), url=url)


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
    assert (
        "| | Free | Pro |\n|---|---|---|\n| SSO | ✗ | ✓ |\n| Audit log | No | ✓ |\n"
        "| Storage | 5 GB | 100 GB |"
    ) in out


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
