"""Carousels kept as content: a slider that is the page's own listing, a comparison chart or
customers' testimonials.

A block named `carousel` is furniture to `boilerplate.py`'s walk (a promotion beside the
content) unless it is one of these: the page's items drawn as a slider after its title, a
shop's product comparison drawn as one, or testimonials (off product pages). This module only
tells them apart; `boilerplate.py` keeps them and passes the word down to their parts. Overlays
are in `overlays.py`, author boxes in `authorboxes.py`. Split out of `boilerplate.py`.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.limits import PROSE_READ, PROSE_READ_ELEMENTS
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.vocabulary import FURNITURE_PAIRS, FURNITURE_WORDS, is_furniture_by_kind

# A carousel of the page's own items: on a page that declares itself neither an article nor a
# product, a block whose only furniture word is `carousel`, after the page's `h1`, holding at
# least so many item headings (`h2`–`h5`) or prices is the listing drawn as a slider (a shop's
# "New arrivals" and "Hot deals" rows, a blog's featured posts), not a promotion beside it.
# Promo bars sit above the title; testimonials and brand logos carry no item headings or prices.
# On articles such rows are related posts, on products other products: there the word stands,
# and likewise when the block holding the title holds more than a title and a short intro (an
# undeclared post or product description, with the carousel beside it).
_CAROUSEL_ITEMS: Final = 3
_TITLE_BLOCK_MAX: Final = 1000
_ITEM_HEADINGS: Final = ("h2", "h3", "h4", "h5")
_PRICE: Final = re.compile(r"[$€£¥]\s?\d")


# An ancestor of the page's first `h1` (`body` included): its child holding the title, and the
# position of each of its children.
# Public: the type of `title_order`'s answer, which `boilerplate.remove_furniture` keeps.
TitleOrder = dict[etree._Element, tuple[etree._Element, dict[etree._Element, int]]]


# Public: read by `boilerplate.remove_furniture`.
def is_item_carousel(
    element: etree._Element, tokens: list[str], stats: TextStats, title: TitleOrder
) -> bool:
    if FURNITURE_WORDS.intersection(tokens) != {"carousel"} or is_furniture_by_kind(element):
        return False
    if not FURNITURE_PAIRS.isdisjoint(itertools.pairwise(tokens)):
        return False
    block = _title_block_before(element, title)
    if block is None or stats.text.get(block, 0) > _TITLE_BLOCK_MAX:
        return False
    # Headings and prices are counted in its first elements and characters only.
    headings = 0
    read: list[str] = []
    size = 0
    for node in itertools.islice(element.iter(), PROSE_READ_ELEMENTS):
        if node.tag in _ITEM_HEADINGS:
            headings += 1
            if headings >= _CAROUSEL_ITEMS:
                return True
        if size < PROSE_READ:
            for text in (node.text if isinstance(node.tag, str) else None, node.tail):
                if text:
                    read.append(text)
                    size += len(text)
    return len(_PRICE.findall("".join(read))) >= _CAROUSEL_ITEMS


# Public: read by `boilerplate.remove_furniture`.
def is_comparison_carousel(element: etree._Element, tokens: list[str]) -> bool:
    """A product comparison chart a shop draws as a slider (`product-carousel--comparison`,
    `<product-comparison-grid class="carousel">`): its columns are the products compared."""
    if FURNITURE_WORDS.intersection(tokens) != {"carousel"}:
        return False
    return "comparison" in tokens or "comparison" in str(element.tag)


# Customers' words drawn as a slider: a block whose only furniture word is `carousel` and whose
# names say `testimonial` or `testimonials` (Elementor's `elementor-widget-testimonial-carousel`,
# one per quote; Owl Carousel's `owl-carousel owl-testimonial`). Laid out as a grid or a list,
# the same quotes were never furniture: only the slider made them so, and a testimonial section
# is one of a landing page's own sections (a drum school's pupils and parents, a training
# company's clients and their roles). Not a footer, header or navigation by tag or role, nor a
# block named by a furniture pair.
_TESTIMONIAL_WORDS: Final = frozenset({"testimonial", "testimonials"})


# Public: read by `boilerplate.remove_furniture`.
def is_testimonial_carousel(element: etree._Element, tokens: list[str]) -> bool:
    if _TESTIMONIAL_WORDS.isdisjoint(tokens):
        return False
    if FURNITURE_WORDS.intersection(tokens) != {"carousel"} or is_furniture_by_kind(element):
        return False
    return FURNITURE_PAIRS.isdisjoint(itertools.pairwise(tokens))


# Public: read by `boilerplate.remove_furniture`.
def title_order(body: etree._Element) -> TitleOrder:
    """What `_title_block_before` compares against: empty without an `h1`."""
    title = body.find(".//h1")
    order: TitleOrder = {}
    node = title
    while node is not None and node is not body:
        parent = node.getparent()
        if parent is None:
            break
        order[parent] = (node, {child: index for index, child in enumerate(parent)})
        node = parent
    return order


def _title_block_before(element: etree._Element, title: TitleOrder) -> etree._Element | None:
    """The block holding the page's first `h1`, a sibling of `element` or of one of its
    ancestors, when `element` comes after it; None when it comes before the title."""
    node = element
    while (parent := node.getparent()) is not None:
        if parent in title:
            block, positions = title[parent]
            return block if positions[node] > positions[block] else None
        node = parent
    return None
