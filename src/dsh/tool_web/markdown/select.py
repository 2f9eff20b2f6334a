"""Main-content selection: the smallest subtree that still holds nearly all of the page's prose.

Recall-first: we descend from <body> only while a single child keeps most of the non-link text,
so forum threads, listings and product pages whose content spreads over many siblings stay whole,
while a page whose prose sits in one column loses the columns around it.
"""

from __future__ import annotations

from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats

# Share of the page's non-link text a child must hold for us to narrow down to it.
KEEP_SHARE: Final = 0.8

# Only wrappers are narrowed into; a paragraph, list or table holding most of the prose is
# part of the content, and the headings and code around it belong with it.
_WRAPPERS: Final = frozenset(
    {"body", "div", "section", "article", "main", "form", "span", "center", "font", "td"}
)


def _prose(stats: TextStats, element: etree._Element) -> int:
    return stats.text.get(element, 0) - stats.link_text.get(element, 0)


def content_root(body: etree._Element, stats: TextStats) -> etree._Element:
    total = _prose(stats, body)
    if total <= 0:
        return body
    current = body
    while True:
        best: etree._Element | None = None
        best_prose = -1
        for child in current:
            if child.tag not in _WRAPPERS:
                continue
            prose = _prose(stats, child)
            if prose > best_prose:
                best, best_prose = child, prose
        if best is None or best_prose < KEEP_SHARE * total:
            return current
        current = best
