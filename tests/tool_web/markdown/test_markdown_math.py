"""Formulas: MathML, KaTeX and MathJax written as TeX once."""

from __future__ import annotations

from tool_web.markdown.markdown_pages import PROSE, render


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


def test_stack_exchanges_tex_group_markers_around_posts_are_not_read() -> None:
    # MathJax typesets `\begingroup`/`\endgroup` as nothing; Stack Exchange writes them hidden
    # around every post and comment so one post's macros stay its own. A page about TeX
    # showing the command in code keeps it.
    out = render(
        "<main><h1>How does residential electricity work?</h1><div class='postcell'>"
        "<span class='d-none'>\\$\\begingroup\\$</span><div class='s-prose js-post-body'>"
        f"<p>{PROSE}</p></div><span class='d-none'>\\$\\endgroup\\$</span></div>"
        "<p>Write <code>$\\begingroup$</code> to open a group.</p></main>"
    )
    assert "begingroup\\$" not in out
    assert "endgroup" not in out
    assert "Write `$\\begingroup$` to open a group." in out
