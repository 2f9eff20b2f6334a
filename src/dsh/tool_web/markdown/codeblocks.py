"""Code as the model reads it: fenced blocks with their language, and inline code spans.

What the code's text is (`<br>` and one element per line end lines; no-break spaces are
spaces), which language the page names for it (on the `pre`, its `code`, or the wrappers
Sphinx and GitHub put around it), which fence the code cannot close, and which `pre` is only
the line numbers of a listing laid out as a table.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import collapse, without_break_hints

_LANGUAGE_PREFIXES: Final = ("language-", "lang-", "highlight-source-", "highlight-", "brush:")
_WRAPPER_LANGUAGE_PREFIXES: Final = ("highlight-source-", "highlight-", "hl-")
_LANGUAGE_WRAPPER_LEVELS: Final = 2
_NOT_QUOTE_MARKER: Final = re.compile(r"[^>\s]")
_BACKTICK_RUNS: Final = re.compile("`+")


def fenced_block(prefix: str, language: str, code: str) -> str:
    """A code block fenced in place after `prefix` (what stands before it on its line: list
    indentation, quote markers, a list item's own marker), every line carrying its list
    indentation or `>`."""
    fence = _block_fence(code)
    lines = [f"{fence}{language}", *code.split("\n"), fence]
    # After the first line a list marker ("1. ", "- ") becomes indentation; quotes stay.
    continuation = _NOT_QUOTE_MARKER.sub(" ", prefix)
    return prefix + "\n".join(
        [
            lines[0],
            *(continuation + line if line else continuation.rstrip() for line in lines[1:]),
        ]
    )


def inline_code(text: str) -> str:
    code = collapse(text).strip()
    if not code:
        return ""
    fence = _inline_fence(code)
    if code.startswith("`") or code.endswith("`"):
        code = f" {code} "  # CommonMark strips one space each side; a backtick would merge
    return f"{fence}{code}{fence}"


def _inline_fence(code: str) -> str:
    """The shortest run of backticks that the code does not contain (CommonMark code spans)."""
    runs = {len(run) for run in _BACKTICK_RUNS.findall(code)}
    length = 1
    while length in runs:
        length += 1
    return "`" * length


def _block_fence(code: str) -> str:
    """Three backticks, or a fence the code cannot close: `~~~` when it has a run of three
    backticks or more, longer backticks when it has `~~~` too."""
    longest = max((len(run) for run in _BACKTICK_RUNS.findall(code)), default=0)
    if longest < 3:
        return "```"
    if "~~~" not in code:
        return "~~~"
    return "`" * (longest + 1)


# Class names that say how to highlight, not in what language: Discourse writes `lang-auto` on
# every block its poster fenced without a language (highlight.js guesses one in the browser),
# Stack Exchange `lang-none`, Sphinx `highlight-default`; highlight.js skips `nohighlight`. As
# a fence's info string the model read "auto" or "none" as the code's language.
_NO_LANGUAGE: Final = frozenset(
    {"auto", "none", "default", "nohighlight", "no-highlight", "undefined", "null"}
)


def code_language(pre: etree._Element) -> str:
    for element in (pre, *pre.iter("code")):
        for attribute in ("data-lang", "data-language"):
            value = (element.get(attribute) or "").strip()
            if value.isidentifier() and value.lower() not in _NO_LANGUAGE:
                return value.lower()
        # A name of no language is passed over: the `code` inside may name one.
        language = _class_language(element, _LANGUAGE_PREFIXES)
        if language and language not in _NO_LANGUAGE:
            return language
        if language := _pandoc_language(element):
            return language
    wrappers = list(itertools.islice(pre.iterancestors(), _LANGUAGE_WRAPPER_LEVELS))
    if any(_is_stderr_output(wrapper) for wrapper in wrappers):
        return "stderr"
    # Sphinx and GitHub name it on the wrappers (`<div class="highlight-python"><div
    # class="highlight"><pre>`). Only their `highlight-` names: a wrapper's `lang-en` is the
    # page's human language, and Sphinx's `highlight-default`/`-none` name no language.
    for wrapper in wrappers:
        language = _class_language(wrapper, _WRAPPER_LANGUAGE_PREFIXES)
        if language and language not in _NO_LANGUAGE:
            return _IPYTHON.sub("python", language)
    return ""


def _is_stderr_output(wrapper: etree._Element) -> bool:
    """A notebook's error output: nbconvert's `output_stderr` (classic) or
    `data-mime-type="application/vnd.jupyter.stderr"` (lab), MyST-NB's `output stderr`. Its
    fence says `stderr`: a warning or a traceback read as the cell's printed result."""
    if (wrapper.get("data-mime-type") or "").endswith(".stderr"):
        return True
    classes = (wrapper.get("class") or "").split()
    return "output_stderr" in classes or ("stderr" in classes and "output" in classes)


# nbconvert names a notebook's cells after their kernel (`hl-ipython3`): Python.
_IPYTHON: Final = re.compile(r"^ipython\d*$")


def _pandoc_language(element: etree._Element) -> str:
    """pandoc (Quarto, R Markdown) writes the language as the class after `sourceCode`:
    `<pre class="sourceCode r">`, `<code class="sourceCode python">`."""
    tokens = (element.get("class") or "").split()
    for before, token in itertools.pairwise(tokens):
        if before == "sourceCode" and token.isidentifier() and not token.startswith("code"):
            return token.lower()
    return ""


def _class_language(element: etree._Element, prefixes: tuple[str, ...]) -> str:
    # SyntaxHighlighter writes `class="brush: python; gutter: false"`: the name is a token
    # of its own after `brush:`.
    tokens = (element.get("class") or "").replace("brush: ", "brush:").split()
    for token in tokens:
        for prefix in prefixes:
            if token.startswith(prefix) and len(token) > len(prefix):
                return token[len(prefix) :].rstrip(";").lower()
    return ""


_LINE_NUMBERS: Final = re.compile(r"\s*\d+(?:\s+\d+)+\s*")


def is_line_number_gutter(pre: etree._Element, code: str) -> bool:
    """The line numbers of a code listing laid out as a table: a `pre` of nothing but numbers,
    in a cell whose row holds the code in another `pre`."""
    if not _LINE_NUMBERS.fullmatch(code):
        return False
    cell = next(pre.iterancestors("td", "th"), None)
    row = cell.getparent() if cell is not None else None
    return row is not None and any(
        True for other in row if other is not cell for _ in other.iter("pre")
    )


# Inside <pre>, these end a line even without a newline character: pages that build code
# listings from `<br>` or one `<div>` per line would otherwise run every line together, and
# man7.org's section headings (`<pre><h2>SYNOPSIS</h2>       grep …`) ran into the first line.
# One also starts a line when code text stands just before it.
_CODE_LINE_ENDS: Final = frozenset(
    {"div", "p", "li", "tr", "dt", "dd", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"}
)


def code_text(pre: etree._Element) -> str:
    """The text of a code block, with `<br>` and per-line block elements as newlines.

    No-break spaces (`&nbsp;` indentation, as editors that write code without `<pre>` do) are
    plain spaces: code copied with them does not run.
    """
    parts: list[str] = []
    for event, element in etree.iterwalk(pre, events=("start", "end")):
        if event == "start":
            if element.tag == "br" or (element.tag in _CODE_LINE_ENDS and _after_code(element)):
                parts.append("\n")
            if element.text:
                parts.append(element.text)
            continue
        if element is pre:
            break
        if parts and not parts[-1].endswith("\n") and _ends_line(element):
            parts.append("\n")
        if element.tail:
            parts.append(element.tail)
    return without_break_hints("".join(parts)).replace("\u00a0", " ")


def _ends_line(element: etree._Element) -> bool:
    """Whether the end of `element` ends a line of code that its tail does not end."""
    if element.tag in _CODE_LINE_ENDS:
        return True
    return _is_line_wrapper(element) and not (element.tail or "").startswith("\n")


def _is_line_wrapper(element: etree._Element) -> bool:
    """A highlighter's element for one line of code (Shiki's `line`, prism-react-renderer's
    `token-line`, gatsby-remark-prismjs's `gatsby-highlight-code-line`): laid out as a block by
    the page's style, often with no newline between them, so the lines ran together and a
    `//` comment commented out the code after it."""
    return any(
        token == "line" or token.endswith("-line") for token in (element.get("class") or "").split()
    )


def _after_code(block: etree._Element) -> bool:
    """Whether code text stands just before `block` on its line, so the block starts a new one
    (rustdoc's `<div class="where">` after the type it bounds). Not after an element: a line's
    number in a `span` is laid out beside the `div` of its code (Twilio's listings)."""
    previous = block.getprevious()
    if previous is not None:
        before = previous.tail
    else:
        parent = block.getparent()
        before = parent.text if parent is not None else None
    return bool((before or "").rsplit("\n", 1)[-1].strip())
