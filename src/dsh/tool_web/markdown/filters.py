"""A shop's filter panels: the facets beside a category's grid (`facets`, `filters`,
`refinements`: "Brand", "Canon (125)", "Price $50 to $75", "Sort By: Featured"), which narrow
the grid in a browser and say nothing about its items to the model. Judged by `boilerplate.py`
during its furniture walk."""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.vocabulary import TOKEN_SPLIT

# Whole class/id words that name a filter panel (`facets-wrapper`, `facet-filters__sort`,
# `product-filters`, `mobile-search-refinements`, `Filters_title__…`).
FILTER_WORDS: Final = frozenset({"facet", "facets", "filters", "refinements"})

# A text this long is prose (an FAQ's answer under a row named `facet-row`), never a filter's
# label or a count.
_PROSE_CHARS: Final = 120

_PICTURE_TAGS: Final = frozenset({"img", "picture"})


def names_filters(source: bytes) -> bool:
    """Whether the page's source may name a filter panel (the words' letters after their first,
    which may be a capital: `Filters_title__…`); each search is a substring search in C."""
    return b"acet" in source or b"ilters" in source or b"efinements" in source


class FilterPanels:
    """Blocks named as filters that hold no picture and no prose: a filter panel, not the grid
    it filters (Shopify's Dawn wraps both in `facets-vertical`) nor an FAQ whose rows a theme
    names `facet-row`. The elements holding a picture or prose are found once, when the first
    named block is judged, so a page without one costs nothing."""

    def __init__(self, body: etree._Element) -> None:
        self._body = body
        self._holding: set[etree._Element] | None = None

    def is_panel(self, element: etree._Element, tokens: list[str]) -> bool:
        # Named so by its class, not only by its id: an id is often the slug of the section's
        # heading (Sphinx's and MkDocs' `<section id="filters">` over a template language's
        # filters), which names its subject, not its role.
        classes = element.get("class") or ""
        named = not FILTER_WORDS.isdisjoint(tokens) and not FILTER_WORDS.isdisjoint(
            TOKEN_SPLIT.split(classes.lower())
        )
        if not named and not _names_filters_in_camel_case(classes):
            return False
        return not self.holds_picture_or_prose(element)

    def holds_picture_or_prose(self, element: etree._Element) -> bool:
        """`element` holds an image or a text of at least `_PROSE_CHARS`: what no filter panel
        and no pager shows (`boilerplate.py` asks it of blocks named as pagers too)."""
        if self._holding is None:
            self._holding = _holding_pictures_or_prose(self._body)
        return element in self._holding


# A filter word as a hump of a camelCase class name, where the split at punctuation leaves it
# run together with the next or the previous word: CSS modules' `ProductList_filtersDesktop__…`,
# `searchRefinements`, `FacetsPanel`. At a name's start in either case, or capitalised after a
# lowercase letter or digit; never followed by one (not `filterset`, not `facetime`).
_FILTER_HUMP: Final = re.compile(
    r"(?:(?<![A-Za-z0-9])(?:[Ff]acets?|[Ff]ilters|[Rr]efinements)"
    r"|(?<=[a-z0-9])(?:Facets?|Filters|Refinements))(?![a-z0-9])"
)


def _names_filters_in_camel_case(classes: str) -> bool:
    """A class name of `classes` holds a filter word as a camelCase hump."""
    if "ilters" not in classes and "acet" not in classes and "efinements" not in classes:
        return False  # most classes: spare the search
    return _FILTER_HUMP.search(classes) is not None


def _holding_pictures_or_prose(body: etree._Element) -> set[etree._Element]:
    """The elements under `body` (itself included) that hold an image or a text of at least
    `_PROSE_CHARS`: one walk of the tree, each ancestor added once (the walk up stops where an
    earlier one passed)."""
    holding: set[etree._Element] = set()

    def mark(element: etree._Element | None) -> None:
        while element is not None and element not in holding:
            holding.add(element)
            element = element.getparent()

    for node in body.iter():
        tail = node.tail
        if tail is not None and len(tail) >= _PROSE_CHARS and len(tail.strip()) >= _PROSE_CHARS:
            mark(node.getparent())  # a tail is its parent's text, a comment's too
        if not isinstance(node.tag, str):
            continue
        text = node.text
        if node.tag in _PICTURE_TAGS or (
            text is not None and len(text) >= _PROSE_CHARS and len(text.strip()) >= _PROSE_CHARS
        ):
            mark(node)
    return holding
