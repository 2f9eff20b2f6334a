"""A block named `related` that holds the page's own content, which `boilerplate.py` keeps.

`related` is a furniture word (`vocabulary.FURNITURE_WORDS`): beside an article or a product it
names the rail of other posts or products. Some themes name the page's own content so: Kress's
category page draws its only grid of mowers in `section.related-product`, a legal aid
directory its map and the organisations found in `div#map-and-related`. Such a block is
smaller than the size protection (40 % of the body's text: the site's header, mega-menu and
footer outweigh a thin page's content), but it holds most of what the page shows besides its
header, footer and navigation; a rail of related items beside a post or a product holds a
small part of it (at most 20 % of it on WCXB dev, against 52 % and 57 % for the two pages).
This module only tells them apart; `boilerplate.py` keeps them and passes the word down to
their parts.
"""

from __future__ import annotations

from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.tree import nearest_ancestor, nearest_where
from dsh.tool_web.markdown.vocabulary import FURNITURE_WORDS, is_furniture_by_kind

# Public: the word `boilerplate.py` passes down to the parts of a block kept here
# (`related-product__item`), which are not judged by it again.
RELATED_WORD: Final = frozenset({"related"})
# The share of the page's own text (outside its site header, footer and navigation) a block
# named `related` must hold to be that content: the share by which any block is content
# (`boilerplate._PROTECTED_SHARE`), measured without the site's furniture.
_OWN_SHARE: Final = 0.4
_SITE_TAGS: Final = ("header", "footer", "nav")
# A `header` inside these heads that content (a post, a card), as `boilerplate.py` reads it.
_CONTENT_HEADER_HOLDERS: Final = frozenset({"article", "main", "li"})


class PageRelated:
    """Which blocks named `related` are the page's own content (`holds_page`); the page's own
    text is measured when first asked, on the pages that have such a block."""

    def __init__(self, body: etree._Element, stats: TextStats) -> None:
        self._body = body
        self._stats = stats
        self._own: int | None = None
        self._site: set[etree._Element] = set()  # the outermost site blocks
        self._inside: dict[etree._Element, etree._Element | None] = {}  # walks up to them

    def holds_page(self, element: etree._Element, tokens: list[str]) -> bool:
        """`element`, whose only furniture word is `related` and which is no header, footer or
        navigation by its tag or role nor inside one, holds at least `_OWN_SHARE` of the
        page's own text."""
        if FURNITURE_WORDS.intersection(tokens) != RELATED_WORD or is_furniture_by_kind(element):
            return False
        if self._own is None:
            self._own = self._own_text()
        length = self._stats.text.get(element, 0)
        if self._own <= 0 or length < _OWN_SHARE * self._own:
            return False
        # A menu's panel of related links inside a site header holding the whole page (an
        # unclosed `header`) is the site's.
        return nearest_where(element, self._site.__contains__, self._inside) is None

    def _own_text(self) -> int:
        """The body's text less that of its outermost site headers, footers and navigation
        blocks (a `header` heading a post, a `main` or a list item is content). One inside
        another is not counted again; the walks up to find them remember every element passed,
        so each element is passed once."""
        held: dict[etree._Element, etree._Element | None] = {}
        site = 0
        for element in self._body.iter(*_SITE_TAGS):
            # Document order: the blocks holding `element` were judged before it.
            if nearest_where(element, self._site.__contains__, self._inside) is not None:
                continue
            if (
                element.tag == "header"
                and nearest_ancestor(element, _CONTENT_HEADER_HOLDERS, held) is not None
            ):
                continue
            self._site.add(element)
            site += self._stats.text.get(element, 0)
        return self._stats.text.get(self._body, 0) - site
