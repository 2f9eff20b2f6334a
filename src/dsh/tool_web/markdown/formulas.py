"""Formulas, kept as the TeX the model reads best: MathML, KaTeX and MathJax output.

Dropped with the other non-content (`<math>` is not text a browser shows as such, MathJax 2's
source sits in a `<script>`), a science or engineering page loses every formula; kept as their
visual layer, they read as glyph soup (KaTeX's `x2` for x²). Each is replaced, before the
non-content is stripped, by an element holding `$tex$`, or `$$tex$$` on its own line for
display math.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import CODE_TAGS, class_tokens, empty, find_elements, is_or_inside

# The TeX its author wrote (an `application/x-tex` annotation, as Wikipedia, KaTeX and most
# converters emit), else the `alttext` attribute, else the MathML read as TeX.
_TEX_ANNOTATION: Final = etree.XPath(
    "string(.//annotation[@encoding='application/x-tex' or @encoding='TeX'])"
)
# Wikipedia wraps every formula in `{\displaystyle ...}`: a rendering hint, not the formula.
_DISPLAYSTYLE: Final = re.compile(r"\{\\(?:displaystyle|textstyle)\s*(.*)\}", re.S)
# Past this many MathML levels the formula is read as its plain text (a hostile page's nesting).
_MAX_MATHML_DEPTH: Final = 50


def formulas_as_tex(root: etree._Element) -> None:
    """Replace each formula under `root` with its TeX, in place."""
    _mathjax_sources_as_tex(root)
    if any(True for _ in root.iter("math")):
        _drop_katex_rendering(root)
    for math in list(root.iter("math")):
        if any(True for _ in math.iterancestors("math")):
            continue
        tex = str(_TEX_ANNOTATION(math)).strip() or (math.get("alttext") or "").strip()
        if not tex:
            tex = " ".join(_mathml_tex(math, 0).split())
        if wrapped := _DISPLAYSTYLE.fullmatch(tex):
            tex = wrapped[1].strip()
        display = (math.get("display") or "").lower() == "block"
        _replace(math, tex, display)


def _mathjax_sources_as_tex(root: etree._Element) -> None:
    # MathJax 2 keeps the source in `<script type="math/tex">` (`; mode=display` for display).
    written: set[etree._Element] = set()
    for script in list(root.iter("script")):
        kind = (script.get("type") or "").replace(" ", "").lower()
        if kind.startswith("math/tex"):
            tex = " ".join((script.text or "").split())
            _empty_text_fallbacks(script, tex, written)
            written.add(_replace(script, tex, "mode=display" in kind))


# TeX's own delimiters around a fallback's text: `\(…\)`, `\[…\]`, `$…$`, `$$…$$`.
_TEX_DELIMITED: Final = re.compile(r"(?:\$\$?|\\\(|\\\[)(.*?)(?:\$\$?|\\\)|\\\])", re.S)


def _empty_text_fallbacks(script: etree._Element, tex: str, written: set[etree._Element]) -> None:
    """Empty an element right beside a MathJax source (only whitespace between them) that
    shows the same TeX as text: a server-rendered fallback (Zhihu's `math-holder`, a
    `MathJax_Preview`) would follow the formula as `$X\\in…$X\\in…`. Formulas already written
    are not fallbacks: two equal formulas side by side stay two."""
    bare = "".join(tex.split())
    if not bare:
        return
    after, before = script.getnext(), script.getprevious()
    for neighbour, gap in (
        (after, script.tail),
        (before, before.tail if before is not None else None),
    ):
        if neighbour is None or neighbour in written or (gap and gap.strip()):
            continue
        if not isinstance(neighbour.tag, str) or neighbour.tag == "script":
            continue
        text = "".join(string_value(neighbour).split())
        if delimited := _TEX_DELIMITED.fullmatch(text):
            text = delimited[1]
        if text == bare:
            empty(neighbour)


def _drop_katex_rendering(root: etree._Element) -> None:
    """KaTeX writes each formula twice: MathML (read as TeX here) and an `aria-hidden` visual
    layer of glyph spans beside it (`<span class="katex-html">`), which would follow as `x2`.
    The layer goes when its KaTeX holder also has the MathML; one pass over the spans."""
    holds_mathml: dict[etree._Element, bool] = {}
    for layer in list(root.iter("span")):
        if "katex-html" not in class_tokens(layer):
            continue
        holder = layer.getparent()
        if holder is None:
            continue
        if holder not in holds_mathml:
            holds_mathml[holder] = any(
                "katex-mathml" in class_tokens(sibling) for sibling in holder
            )
        if holds_mathml[holder]:
            holder.remove(layer)


def _replace(element: etree._Element, tex: str, display: bool) -> etree._Element:
    replacement = etree.Element("div" if display else "span")
    replacement.text = (f"$${tex}$$" if display else f"${tex}$") if tex else ""
    replacement.tail = element.tail
    parent = element.getparent()
    if parent is not None:
        parent.replace(element, replacement)
    return replacement


def _mathml_tex(element: etree._Element, depth: int) -> str:
    """Presentation MathML as TeX: scripts, fractions and roots keep their structure
    (MathJax 3's assistive MathML has no TeX annotation: `<msup><mi>x</mi><mn>2</mn></msup>`
    read as text was `x2`)."""
    tag = element.tag if isinstance(element.tag, str) else ""
    if tag in ("annotation", "annotation-xml"):
        return ""
    if depth > _MAX_MATHML_DEPTH:
        return string_value(element)
    parts = [_mathml_tex(child, depth + 1) for child in element if isinstance(child.tag, str)]
    if tag in ("mi", "mn", "mo", "mtext", "ms"):
        return (element.text or "").strip()
    if tag == "msup" and len(parts) == 2:
        return f"{parts[0]}^{{{parts[1]}}}"
    if tag == "msub" and len(parts) == 2:
        return f"{parts[0]}_{{{parts[1]}}}"
    if tag == "msubsup" and len(parts) == 3:
        return f"{parts[0]}_{{{parts[1]}}}^{{{parts[2]}}}"
    if tag == "mfrac" and len(parts) == 2:
        return f"\\frac{{{parts[0]}}}{{{parts[1]}}}"
    if tag == "msqrt":
        return f"\\sqrt{{{''.join(parts)}}}"
    if tag == "mroot" and len(parts) == 2:
        return f"\\sqrt[{parts[1]}]{{{parts[0]}}}"
    if tag in ("munder", "mover") and len(parts) == 2:
        return f"{parts[0]}{'_' if tag == 'munder' else '^'}{{{parts[1]}}}"
    return "".join(parts)


# Stack Exchange's sites that run MathJax open and close every post and comment with TeX's
# grouping commands, so that a macro one post defines does not leak into the next: a hidden
# `<span class="d-none">\$\begingroup\$</span>` before the body and `\$\endgroup\$` after it
# (`\$` is the sites' inline delimiter where `$` is a price). MathJax typesets them as nothing;
# the model read "\$\begingroup\$" over each post and comment of a thread. An element holding
# only such a marker, in any of TeX's inline delimiters, is emptied; not one in code (a page
# about TeX showing the command).
_GROUP_MARKER: Final = re.compile(r"(?:\\?\$|\\\()\s*\\(?:begin|end)group\s*(?:\\?\$|\\\))")
_GROUP_MARKER_HOLDERS: Final = etree.XPath(
    "descendant::*[not(*)][contains(., 'begingroup') or contains(., 'endgroup')]"
)


def has_group_markers(source: bytes) -> bool:
    return b"\\begingroup" in source


def drop_group_markers(root: etree._Element) -> None:
    """Empty each element whose whole text is a TeX grouping marker (see above; call only on
    pages whose source says `\\begingroup`)."""
    memo: dict[etree._Element, etree._Element | None] = {}  # each ancestor passed once
    for element in find_elements(_GROUP_MARKER_HOLDERS, root):
        if element.tag == "script" or _GROUP_MARKER.fullmatch((element.text or "").strip()) is None:
            continue
        if not is_or_inside(element, CODE_TAGS, memo):
            empty(element)
