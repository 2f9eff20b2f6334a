"""Comment threads nested by the width of an indent cell.

Hacker News writes each comment as a one-row table of its own, all of them rows of one outer
table: a first cell holding nothing but a spacer image as wide as the comment is deep
(`<td class="ind" indent="2"><img src="s.gif" height="1" width="80"></td>`), then a vote cell
and the comment. As one-row grids the thread lost who answers whom; the renderer shows each
comment as a block, nested as a list item by the rank of its indent among the comments beside
it. No site is named: any one-row table whose first cell is only a sized spacer is read so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.limits import MAX_BLOCK_NESTING
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.tables import table_rows
from dsh.tool_web.markdown.tree import empty, find_elements

# A spacer image this many pixels high or less is a strut, not a picture (an icon or a flag
# in a data table's first cell has a height of its own).
_STRUT_MAX_HEIGHT: Final = 2
# How many single-child wrappers (the outer row and its cell, a `tbody`, a `div`) may stand
# between a comment's table and the element holding the thread's comments side by side.
_MAX_WRAPPERS: Final = 4


def indent_of(rows: list[list[etree._Element]], stats: TextStats) -> float | None:
    """How far the one row of `rows` is indented, when its first cell is only a sized spacer
    and another cell holds text: the cell's `indent` attribute, else the width of its strut
    image (or of the empty cell itself). None for any other table."""
    if len(rows) != 1 or len(rows[0]) < 2:
        return None
    spacer, *content = rows[0]
    if stats.text.get(spacer, 0) or not any(stats.text.get(cell, 0) for cell in content):
        return None
    images = [child for child in spacer if isinstance(child.tag, str)]
    if len(images) > 1 or any(image.tag != "img" for image in images):
        return None
    indent = _number(spacer.get("indent"))
    if indent is not None:
        return indent
    if not images:
        return _number(spacer.get("width"))
    height = _number(images[0].get("height"))
    if height is None or height > _STRUT_MAX_HEIGHT:
        return None
    return _number(images[0].get("width"))


class ThreadLevels:
    """How deep each indented comment sits among the comments beside it, remembered per
    thread: the rank of its indent among the thread's distinct indents (0 for the least), so
    units of any width, and a page of replies that starts deep, nest alike."""

    def __init__(self, stats: TextStats) -> None:
        self._stats = stats
        self._ranks: dict[etree._Element, dict[float, int]] = {}
        # Whether an element has several child elements, asked once per element: each comment
        # of a thread asks it of the same container.
        self._several: dict[etree._Element, bool] = {}

    def level(self, table: etree._Element, indent: float) -> int | None:
        """`table`'s level in its thread; None when every comment beside it has the same
        indent (or it stands alone): then there is no nesting to show."""
        thread = self._thread(table)
        if thread is None:
            return None
        ranks = self._ranks.get(thread)
        if ranks is None:
            ranks = self._ranks[thread] = self._thread_ranks(thread)
        return ranks.get(indent)

    def _thread_ranks(self, thread: etree._Element) -> dict[float, int]:
        indents: set[float] = set()
        for child in thread:
            node: etree._Element | None = child
            for _ in range(_MAX_WRAPPERS):
                if node is None or node.tag == "table":
                    break
                node = _only_child(node)
            if node is not None and node.tag == "table":
                indent = indent_of(table_rows(node), self._stats)
                if indent is not None:
                    indents.add(indent)
        if len(indents) < 2:
            return {}
        return {indent: rank for rank, indent in enumerate(sorted(indents))}

    def _thread(self, table: etree._Element) -> etree._Element | None:
        """The element holding `table`'s comment beside the others: the first ancestor, past
        at most `_MAX_WRAPPERS` single-child wrappers, with more than one child."""
        node = table
        for _ in range(_MAX_WRAPPERS + 1):
            parent = node.getparent()
            if parent is None:
                return None
            several = self._several.get(parent)
            if several is None:
                several = self._several[parent] = _only_child(parent) is None
            if several:
                return parent
            node = parent
        return None


def _only_child(element: etree._Element) -> etree._Element | None:
    """The element's one child element (comments aside), or None if it has none or several."""
    only = None
    for child in element:
        if isinstance(child.tag, str):
            if only is not None:
                return None
            only = child
    return only


def _number(value: str | None) -> float | None:
    """A non-negative size or level as HTML writes it (`40`, `40px`, ` 2 `)."""
    if value is None:
        return None
    text = value.strip().removesuffix("px").strip()
    try:
        number = float(text)
    except ValueError:
        return None
    return number if 0 <= number < 1e6 else None


def custom_tags(source: bytes) -> set[str]:
    """The names of the custom elements (`<x-comment>`: a tag with a hyphen) in `source`, read
    by one C regex over the bytes, so that pages without any pay nothing more."""
    return {name.decode("ascii").lower() for name in _CUSTOM_TAG.findall(source)}


def has_comment_role(source: bytes) -> bool:
    return _COMMENT_ROLE.search(source) is not None


def has_parent_previews(source: bytes) -> bool:
    return _PARENT_PREVIEW_NAME in source


def drop_parent_previews(root: etree._Element) -> None:
    """Empty each reply's preview of the post it answers (NodeBB's `component="post/parent"`:
    the parent's author and its whole message, which the page clamps to one line above the
    reply). The parent is on the page in full already; the preview printed it again inside
    every reply, which read as the replier's own words. Not when it names a parent that is not
    among the page's posts (`data-parent-pid`, or the link form's `data-topid`): on page 2 of a
    thread a reply to a post of page 1 holds its only copy here. Emptied, not removed: its tail
    stays where it stands without being joined to a neighbour's (quadratic over a run of them)."""
    previews = find_elements(_PARENT_PREVIEWS, root)
    if not previews:
        return
    posts_on_page = {post.get("data-pid") for post in find_elements(_POSTS, root)}
    for preview in previews:
        parent_id = preview.get("data-parent-pid") or preview.get("data-topid")
        if parent_id is not None and parent_id not in posts_on_page:
            continue
        empty(preview)


def nest_comment_elements(
    root: etree._Element, stats: TextStats, tags: set[str], comment_role: bool
) -> None:
    """Wrap each comment nested in another of its kind in a list item, so that a reply renders
    under what it answers, nested as lists are (and, like them, at most `MAX_BLOCK_NESTING`
    deep). A comment is a custom element (`<x-comment>`, of one of `tags`) or an element with
    `role=comment`; its kind is its tag, or the role. The outer one must have text of its own
    beside the reply: a custom element wrapping another of its name is layout."""
    if comment_role:
        _nest(root, stats, find_elements(_COMMENTS, root), _is_comment)
    if tags:
        # lxml filters by tag in C: only the custom elements themselves are visited.
        for tag in tags:
            found = list(root.iter(tag))
            if len(found) > 1:
                _nest(root, stats, found, _has_tag(tag))


def _has_tag(tag: str) -> Callable[[etree._Element], bool]:
    def has_tag(element: etree._Element) -> bool:
        return element.tag == tag

    return has_tag


def _is_comment(element: etree._Element) -> bool:
    return element.get("role") == "comment"


def _nest(
    root: etree._Element,
    stats: TextStats,
    elements: list[etree._Element],
    same_kind: Callable[[etree._Element], bool],
) -> None:
    levels: dict[etree._Element, int] = {}
    for element in elements:  # document order: a comment's parent comment comes first
        outer = _enclosing(element, root, same_kind)
        if outer is None:
            levels[element] = 0
            continue
        level = levels.get(outer, 0) + 1
        levels[element] = level
        text = stats.text.get(element, 0)
        if not text or stats.text.get(outer, 0) <= text or level > MAX_BLOCK_NESTING:
            continue  # layout, or deeper than lists are shown nested anyway
        _wrap_in_item(element, stats)


def _enclosing(
    element: etree._Element,
    root: etree._Element,
    same_kind: Callable[[etree._Element], bool],
) -> etree._Element | None:
    """The comment `element` answers: its nearest ancestor of its kind, past at most
    `_MAX_COMMENT_WRAPPERS` other elements (and the list item and list it may be put in)."""
    node = element.getparent()
    for _ in range(_MAX_COMMENT_WRAPPERS + 1):
        if node is None or node is root:
            return None
        if same_kind(node):
            return node
        node = node.getparent()
    return None


def _wrap_in_item(element: etree._Element, stats: TextStats) -> None:
    """Put `element` in a `li`, in the `ul` made for the reply right before it or a new one.
    The new elements get `element`'s text measures, so later rules see them as they see it."""
    previous = element.getprevious()
    item = etree.Element("li")
    if (
        previous is not None
        and previous.tag == "ul"
        and previous.get(_MADE) is not None
        and not (previous.tail or "").strip()
    ):
        listing = previous
        element.addprevious(item)  # keeps the tail on `element` for now
        listing.append(item)
    else:
        listing = etree.Element("ul", {_MADE: ""})
        element.addprevious(listing)
        listing.append(item)
    listing.tail = element.tail
    element.tail = None
    item.append(element)
    for measure in (stats.text, stats.link_text, stats.links):
        measure[item] = measure.get(element, 0)
        measure[listing] = measure.get(listing, 0) + measure[item]


# NodeBB names each part of a post by its `component` attribute; `post/parent` is the preview
# of the post a reply answers. A preview inside another (none seen) goes with it.
_PARENT_PREVIEW_NAME: Final = b'component="post/parent"'
_PARENT_PREVIEWS: Final = etree.XPath(".//*[@component='post/parent']")
# The ids of the thread's posts on this page (NodeBB's `<li component="post" data-pid="…">`).
_POSTS: Final = etree.XPath("//*[@component='post'][@data-pid]")
_CUSTOM_TAG: Final = re.compile(rb"<([a-zA-Z][a-zA-Z0-9]*-[a-zA-Z0-9._-]*)")
# Case-sensitive with a literal start, as `_COMMENTS` matches: with `re.IGNORECASE` and
# optional spaces this one search cost a tenth of the renderer's time.
_COMMENT_ROLE: Final = re.compile(rb"""role=["']?comment\b""")
_COMMENTS: Final = etree.XPath(".//*[@role='comment']")
# How many elements (a `div slot="children"`, a replies list) may stand between a reply and
# the comment it answers.
_MAX_COMMENT_WRAPPERS: Final = 4
# Marks a list made here, so replies side by side share it (dropped never: render ignores it).
_MADE: Final = "data-dsh-replies"
