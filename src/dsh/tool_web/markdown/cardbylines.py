"""A card's own `footer` holding its byline and date, which `boilerplate.py` keeps.

`footer` is a furniture tag (`vocabulary.FURNITURE_TAGS`): the site's footer of legal notes and
link columns, and inside a post its share bar, tags and signature. HTML also gives an item its
own footer for "information about its section such as who wrote it" and when: a blog's or a
news site's listing writes each post card as an `article` or `li` whose `<footer>` holds the
byline and the `<time>` ("Man Yue Mo & Peter Stöckli · March 6, 2026" under each of GitHub's
blog cards), and the walk dropped every card's author and date. This module tells such a footer
apart: short, holding a `<time>`, inside an item that is a card, not the page's own post (the
item holds no `h1`: a documentation page's `article` footer "Last updated on … by …" is the
page's edit note). Asked on any page but one declaring a product (where such footers are
reviews' meta lines, "by … on March 26, 2025", which its truths leave out) whose source says
`<time`: GitHub's blog declares its listing an article, and an article's comments, whose footers
say "Palash Goyal says: August 1, 2020", are gone with their thread before the walk reaches them
(on WCXB dev, GitHub's listing alone changed).
"""

from __future__ import annotations

import itertools
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.tree import nearest_ancestor

# A byline and a date: an author or two, the date, a reading time. Longer, the footer holds the
# post's tags, share links or a signature.
_BYLINE_MAX: Final = 120
# The elements of a footer looked at for its `<time>`: a byline is a few.
_LOOKAHEAD: Final = 40
_ITEMS: Final = frozenset({"article", "li"})


class CardBylines:
    """Which `footer`s are a card's byline (`is_byline`); what holds an `h1` is found once,
    when first asked (each `h1`'s ancestors, the walk up stopping where an earlier one passed)."""

    def __init__(self, body: etree._Element, stats: TextStats) -> None:
        self._body = body
        self._stats = stats
        self._items: dict[etree._Element, etree._Element | None] = {}
        self._titled: set[etree._Element] | None = None

    def is_byline(self, element: etree._Element) -> bool:
        if element.tag != "footer" or self._stats.text.get(element, 0) > _BYLINE_MAX:
            return False
        if not any(part.tag == "time" for part in itertools.islice(element.iter(), 1, _LOOKAHEAD)):
            return False
        item = nearest_ancestor(element, _ITEMS, self._items)
        if item is None:
            return False
        if self._titled is None:
            self._titled = _holding_h1(self._body)
        return item not in self._titled


def _holding_h1(body: etree._Element) -> set[etree._Element]:
    holding: set[etree._Element] = set()
    for title in body.iter("h1"):
        for element in title.iterancestors():
            if element in holding:
                break
            holding.add(element)
    return holding
