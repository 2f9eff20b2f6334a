"""Code: inline spans, fenced blocks and language, code built from breaks, line numbers, APIs."""

from __future__ import annotations

import pytest

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page, render


def test_inline_code_keeps_the_line_breaks_between_its_words() -> None:
    out = render(f"<p>{PROSE} Run <code>make<br>make install</code> as root.</p>")
    assert "`make make install`" in out


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


@pytest.mark.parametrize(
    ("pre", "language"),
    [
        # Discourse fences a block posted without a language as `lang-auto`; Stack Exchange
        # writes `lang-none`: neither names a language, and the fence read "```auto".
        ('<pre><code class="lang-auto">', ""),
        ('<pre class="lang-none prettyprint-override"><code>', ""),
        ('<pre data-lang="none"><code>', ""),
        # A name of no language on the `pre` leaves the `code`'s own name to be read.
        ('<pre class="lang-auto"><code class="language-python">', "python"),
    ],
)
def test_a_class_naming_no_language_is_no_fence_language(pre: str, language: str) -> None:
    out = render(f"<p>{PROSE}</p>{pre}ls -l</code></pre>")
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
    assert "|`ls -l pwd`|lists|" in out
    assert "Quote with `` `tick `` or ```a``b`c```." in out
    assert "~~~\n```\nfenced\n```\n~~~" in out


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


def test_invisible_break_hints_are_removed_from_code_too() -> None:
    # Javadoc writes "get&#8203;(int index)" so a long signature may wrap: copied with it, the
    # code does not compile. Joiners that compose emoji and scripts stay.
    out = render(
        f"<p>{PROSE}</p><pre>list.get&#8203;(int&#8203; index)&#173;;\nx = '👨\u200d👩'"
        "  # \u200c</pre><div><code>ad\u2060dAll&#8203;(c)</code></div>"
    )
    assert "```\nlist.get(int index);\nx = '👨\u200d👩'  # \u200c\n```" in out
    assert "`addAll(c)`" in out


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


def test_syntaxhighlighter_brush_names_the_language() -> None:
    out = render(f'<p>{PROSE}</p><pre class="brush: python; gutter: false">print(1)</pre>')
    assert "```python\nprint(1)\n```" in out


def test_line_numbers_printed_inside_code_are_dropped() -> None:
    out = render(
        f"<p>{PROSE}</p><pre><code><span class='line'><span class='ln'>1</span>import os</span>\n"
        "<span class='line'><span class='ln'>2</span>print(os)</span></code></pre>"
        "<pre><span class='linenos'> 9</span>x = 1\n<span class='linenos'>10</span>y = [2]</pre>"
    )
    assert "```\nimport os\nprint(os)\n```" in out
    assert "```\nx = 1\ny = [2]\n```" in out


def test_docusaurus_line_numbers_and_googles_url_parameter() -> None:
    out = render(
        f"<p>{PROSE} See <a href='https://www.google.com/url?sa=t&amp;url=https%3A%2F%2Fex.org%2Fa"
        "&amp;q='>the example page</a> for more.</p><pre><code><span class='codeLine_x'>"
        "<span class='codeLineNumber_Tfdd'>1</span><span>const x = 1;</span></span></code></pre>"
    )
    assert "[the example page](https://ex.org/a)" in out
    assert "```\nconst x = 1;\n```" in out


@pytest.mark.parametrize(
    "line",
    [
        '<span class="gatsby-highlight-code-line">{}</span>',  # gatsby-remark-prismjs
        '<span class="token-line">{}</span>',  # prism-react-renderer
        '<span class="line">{}</span>',  # Shiki
    ],
    ids=["gatsby", "prism-react", "shiki"],
)
def test_highlighted_lines_written_as_spans_keep_one_line_each(line: str) -> None:
    # Highlighters that lay each line out as a block by their style wrote no newline between
    # them: the lines ran together, a `//` comment commenting out the code after it.
    lines = ['<span class="token comment">// runs on mount</span>', "  useEffect();", "}"]
    spans = "".join(line.format(text) for text in lines)
    out = render(f"<p>{PROSE}</p><pre><code>{spans}\n{line.format('done();')}\n</code></pre>")
    assert "```\n// runs on mount\n  useEffect();\n}\ndone();\n```" in out


def test_a_termynal_session_reads_as_the_terminal_shows_it() -> None:
    # FastAPI's docs hand each line of a `termy` block's text to termynal.js as HTML, so the
    # session's colours are markup written into the code's text; shown as code, every word
    # came wrapped in `<font color=…>` tags.
    session = (
        '<span class="gp">$ </span>&lt;font color=&quot;#4E9A06&quot;&gt;fastapi&lt;/font&gt;'
        " dev main.py\n"
        '<span class="go">  &lt;b&gt;[&lt;/b&gt;&amp;apos;/home/app&amp;apos;&lt;b&gt;]&lt;/b&gt;'
        " Uvicorn on http://127.0.0.1:8000</span>"
    )
    head = '<link rel="stylesheet" href="../css/termynal.css">'
    block = (
        f'<div class="termy"><div class="highlight"><pre><code>{session}</code></pre></div></div>'
    )
    out = html_to_markdown(html_page(f"<p>{PROSE}</p>{block}", head))
    assert (
        "```\n$ fastapi dev main.py\n  ['/home/app'] Uvicorn on http://127.0.0.1:8000\n```" in out
    )
    # Without the library, code that shows markup is the markup it shows.
    plain = render(f"<p>{PROSE}</p>{block}")
    assert '$ <font color="#4E9A06">fastapi</font> dev main.py' in plain
