"""Dropping link-dense blocks (related-post grids, tag clouds, "more from" lists) from prose.

Only on pages whose content is prose: on listings and collections the links *are* the content
(the ground truth of such pages keeps every card title), so a content area that is itself
link-heavy is left alone.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.stats import TextStats

# The content area counts as prose when at most this share of its text is link text.
PROSE_LINK_SHARE: Final = 0.15
# A block inside prose is furniture when more than this share of its text is link text.
BLOCK_LINK_SHARE: Final = 0.5
# ... unless it holds this much of the content area (then a wrong guess costs too much).
_MAX_BLOCK_SHARE: Final = 0.3

# Not table cells: a comparison table's linked product names are all link, and are its first
# column (measured on WCXB: ±0.0000 F1, recall +0.0002 without `td`).
_BLOCKS: Final = frozenset(
    {"div", "section", "article", "span", "center", "font", "form", "ul", "ol"}
)


# Where profile pages live on forums, Q&A sites, blogs and code hosts.
_PROFILE_PATH: Final = re.compile(
    r"/(?:members?|users?|u|profiles?|authors?|people|community/profile)/[^/?#]+/?(?:[?#]|$)",
    re.IGNORECASE,
)


def _is_attribution(element: etree._Element, stats: TextStats) -> bool:
    """A post's author or date line: one or two links, to a profile or around a `<time>`
    ("bob", "Mar 1, 2024", "bob said:"). Pruned as link blocks, a thread read as one voice."""
    if stats.links.get(element, 0) > 2:
        return False
    for link in element.iter("a"):
        if link.find(".//time") is not None or _PROFILE_PATH.search(link.get("href") or ""):
            return True
    return False


# Inline wrappers: a block only when they stand on their own (a tag cloud's `<span>`), not when
# a sentence runs around them ("signed by <span><a>Otto von Bismarck</a></span> in 1871").
_INLINE: Final = frozenset({"span", "font"})


def _in_running_text(element: etree._Element) -> bool:
    if element.tail and element.tail.strip():
        return True
    before = element.getprevious()
    if before is not None:
        return bool(before.tail and before.tail.strip())
    parent = element.getparent()
    return parent is not None and bool(parent.text and parent.text.strip())


def _only_contact_links(element: etree._Element) -> bool:
    """Email addresses and phone numbers are what a contact block says, not navigation."""
    return all(
        (link.get("href") or "").lstrip().lower().startswith(("mailto:", "tel:"))
        for link in element.iter("a")
    )


def prune_link_blocks(root: etree._Element, stats: TextStats) -> None:
    """Remove link-dense blocks under `root` in place, keeping `stats` true for what remains."""
    total = stats.text.get(root, 0)
    if total <= 0 or stats.link_text.get(root, 0) > PROSE_LINK_SHARE * total:
        return
    doomed: list[etree._Element] = []
    stack = list(root)
    while stack:
        element = stack.pop()
        if not isinstance(element.tag, str):
            continue
        text = stats.text.get(element, 0)
        if (
            element.tag in _BLOCKS
            and text < _MAX_BLOCK_SHARE * total
            and stats.link_text.get(element, 0) > BLOCK_LINK_SHARE * text
            and not any(True for _ in element.iter("h1"))
            and not (element.tag in _INLINE and _in_running_text(element))
            and not _only_contact_links(element)
            and not _is_attribution(element, stats)
        ):
            doomed.append(element)
        else:
            stack.extend(element)
    for element in doomed:
        stats.forget(element)
        drop_keep_tail(element)
