"""Code the stripping and the renderer would misread, put right in the parsed tree.

One job: `<code>` written with `<br>` line breaks or its own kept newlines, alone in its
block, becomes a `pre` (code written without `<pre>`); line numbers printed inside code, and
a list of nothing but the lines' numbers inside a `pre` or right after it, are emptied.
`repairs.py`'s `repair_tree` runs both, after `drawnmarks.py`'s marks and before its own
control repairs; how code is then written (fences, language, inline spans) is
`codeblocks.py`'s.
"""

from __future__ import annotations

import itertools
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import text_without_whitespace
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import class_tokens


# Code written as `<code>` with `<br>` line breaks (Blogger, older WordPress plugins, forum
# archives), or with its own newlines kept by `white-space: pre` (a stylesheet usually says
# so; an inline style sometimes): alone in its block it is a code block, not inline code run
# into one line (the loop body and the call after it read as one statement).
# Public: `repairs.repair_tree` runs it.
def broken_code_as_blocks(root: etree._Element) -> None:
    # A block's children with text, the first two at most (computed once per block: a block
    # of thousands of `<code>` asked the same for each).
    texts_in: dict[etree._Element, list[etree._Element]] = {}
    for code in list(root.iter("code")):
        parent = code.getparent()
        if parent is None or (code.tail or "").strip() or (parent.text or "").strip():
            continue
        if parent not in texts_in:
            with_text = (
                child for child in parent if text_without_whitespace(child, with_tail=True)
            )
            texts_in[parent] = list(itertools.islice(with_text, 2))
        if any(child is not code for child in texts_in[parent]):
            continue  # not alone in its block
        if any(True for _ in code.iterancestors("pre")) or not _has_lines(code):
            continue
        code.tag = "pre"


def _has_lines(code: etree._Element) -> bool:
    if code.find("br") is not None:
        return True
    text = string_value(code).strip()
    if "\n" not in text:
        return False
    return "white-space:pre" in (code.get("style") or "").replace(" ", "") or text.count("\n") >= 2


# Line numbers printed inside the code itself (Chroma's `<span class="ln">1</span>`, Pygments'
# `linenos=inline`, highlight.js plugins): kept, every line began with its number ("1import os").
_LINE_NUMBER_CLASSES: Final = frozenset(
    {"ln", "lnt", "linenos", "lineno", "line-number", "line-numbers", "hljs-ln-numbers", "gutter",
     "codelinenumber"}
)  # fmt: skip


# Public: `repairs.repair_tree` runs it, after `broken_code_as_blocks`.
def inline_line_numbers_dropped(root: etree._Element) -> None:
    for pre in root.iter("pre"):
        if any(True for _ in pre.iterancestors("pre")):
            continue  # looked through with the block around it, not once per level
        numbers = [
            e
            for e in pre.iter("span", "td", "div")
            # CSS modules suffix a hash: Docusaurus writes `codeLineNumber_Tfdd`.
            if not _LINE_NUMBER_CLASSES.isdisjoint(
                token.split("_")[0].lower() for token in class_tokens(e)
            )
            and string_value(e).strip().isdigit()
        ]
        for number in numbers:
            # Emptied in place, its tail (the line's code) where it was: moving each tail onto
            # the text before would copy the growing text once per line.
            for child in list(number):
                number.remove(child)
            number.text = None
        # A list of the lines' numbers beside the code (CSDN's `ul.pre-numbering`, which
        # libxml2 puts right after the `pre`): as a list after the code block it read
        # "- 1 … - 6". Inside the `pre`, or after it when it numbers as many lines.
        lists = list(pre.iter("ul", "ol"))
        after = pre.getnext()
        if after is not None and after.tag in ("ul", "ol") and not (pre.tail or "").strip():
            lines = string_value(pre).strip("\n").count("\n") + 1
            if abs(len(after) - lines) <= 1:
                lists.append(after)
        for numbering in lists:
            if _counts_lines(numbering):
                numbering.text = None
                for child in list(numbering):
                    numbering.remove(child)


def _counts_lines(numbering: etree._Element) -> bool:
    """Items numbered 1, 2, 3, … and nothing else (an item's own text: lists nested in items
    are not measured again for each level around them)."""
    items = list(numbering)
    return bool(items) and all(
        item.tag == "li" and not len(item) and (item.text or "").strip() == str(line)
        for line, item in enumerate(items, start=1)
    )
