"""A heading over an empty list: the title of a list the page left for its scripts to fill.

Stack Overflow's newer layout writes a "Comments" heading (in a toggle), an "Add a comment"
button and an empty `role=list` under every answer without comments: the heading stood alone,
read as the title of the next answer. A heading whose box holds, besides it, only such a list
and controls (`controls.py`'s card controls: "Add a comment", "Load more") titles nothing, and
the box goes. Only then: a heading with nothing under it before the next heading is kept (the
truths keep about half of such headings; most are structure, a product's name over a price
the selection left out, a heading over sub-headings); a list with items, an image or a line
beside the heading keeps it.
"""

from __future__ import annotations

import itertools
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.controls import is_control_label
from dsh.tool_web.markdown.stats import TextStats, visible_length
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS

# How far up a heading's box is looked for (wrappers holding only the heading), and how many
# other children its box's parent may have: a heading's title row is a few elements, and a
# long run of siblings is walked by no heading twice.
_LEVELS_MAX: Final = 6
_SIBLINGS_MAX: Final = 8
# Longer text is no control.
_CONTROL_MAX_CHARS: Final = 40
# What a list without text can still show.
_MEDIA: Final = ("img", "picture", "video", "audio", "object", "embed", "canvas")


def drop_titles_of_empty_lists(main: etree._Element, stats: TextStats) -> None:
    """Remove from `main` each heading whose box holds nothing else but an empty list (`ul`,
    `ol`, `role=list`: no text, no image) and controls, with that box."""
    for heading in list(main.iter(*HEADING_TAGS)):
        chars = stats.text.get(heading, 0)
        if chars == 0:
            continue
        box = heading  # with the wrappers holding only it: the toggle around it
        for _ in range(_LEVELS_MAX):
            parent = box.getparent()
            if (
                parent is None
                or parent is main
                # Its only child (asked of its siblings: `len` counts all of a parent's
                # children, and 30,000 sibling headings each counted all the others).
                or box.getprevious() is not None
                or box.getnext() is not None
                or visible_length(parent.text)
                # Words after it inside the wrapper are its section's text, not a toggle's.
                or visible_length(box.tail)
            ):
                break
            box = parent
        widget = box.getparent()
        if widget is None or widget is main or not _titles_only_an_empty_list(widget, box, stats):
            continue
        stats.forget(widget)
        drop_keep_tail(widget)


def _titles_only_an_empty_list(
    widget: etree._Element, box: etree._Element, stats: TextStats
) -> bool:
    # The first children only: `len(widget)` walks them all, once per heading under it.
    first = sum(1 for _ in itertools.islice(widget, _SIBLINGS_MAX + 2))
    if first > _SIBLINGS_MAX + 1 or visible_length(widget.text):
        return False
    empty_list = False
    for child in widget:
        if visible_length(child.tail):
            return False
        if child is box or not isinstance(child.tag, str):
            continue
        chars = stats.text.get(child, 0)
        if chars:
            if chars > _CONTROL_MAX_CHARS or not is_control_label(string_value(child)):
                return False
        elif next(child.iter(*_MEDIA), None) is not None:
            return False
        elif child.tag in ("ul", "ol") or child.get("role") == "list":
            empty_list = True
    return empty_list
