"""Small questions several passes ask of the parsed tree.

A compiled XPath's matching elements (lxml types its result as any XPath value: a list, a
string, a number, a boolean), an element's class tokens, and its nearest ancestor of some tags
(or passing any test) with the answer remembered for every element passed (so many questions
walk each path once).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

import lxml.etree as etree

# The heading elements, for the passes that ask whether an element is one.
HEADING_TAGS: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# The elements whose text is code (or a key, a sample): a pass rewriting the page's words leaves
# what stands in them alone (a page about templates or TeX shows the syntax).
CODE_TAGS: Final = frozenset({"pre", "code", "kbd", "samp", "tt"})
# The elements the renderer lays out as blocks of their own (`render.py`); the walks up from a
# link to the block around it stop at them (`linktargets.py`).
BLOCK_TAGS: Final = frozenset(
    {
        "p", "div", "section", "article", "main", "header", "footer", "aside", "nav",
        "figure", "figcaption", "address", "center", "fieldset", "form", "details",
        "summary", "dl", "dt", "dd", "tr", "td", "th", "tbody", "thead", "tfoot", "caption",
        "body", "html", "hgroup", "search", "legend", "label", "li", "option", "noframes",
    }
)  # fmt: skip


# Attribute tests: a search testing several values of one attribute reads it once per element,
# as a node-set filtered by the tests (`.//*[@class[contains(., 'a') or contains(., 'b')]]`),
# not once per test (`contains(@class, 'a') or contains(@class, 'b')`, each a string made of
# the attribute): the same elements, as an element holds one attribute of a name. Measured over
# WCXB's trees, a sixth to a half less time. Not from the attributes up to their elements
# (`.//@class[…]/..`), faster still on real pages: libxml2 removes the parent step's duplicates
# by comparing each element found with all found before, and 300,000 matching elements took
# minutes.


def find_elements(path: etree.XPath, context: etree._Element) -> list[etree._Element]:
    """The elements `path` selects from `context`, in document order."""
    found = path(context)
    return [e for e in found if isinstance(e, etree._Element)] if isinstance(found, list) else []


def attributes_found(
    path: etree.XPath, context: etree._Element
) -> list[tuple[etree._Element, str]]:
    """The attributes `path` selects from `context` (a path ending in an attribute step,
    `descendant::*/@style`), each with the element holding it, in document order.

    Faster than the elements' own search (`descendant::*[@style]`: libxml2 evaluates the
    predicate on every element, the attribute step only looks the name up), and linear: the
    elements are the attributes' parents read here, not by a parent step (`/..`), whose
    duplicates libxml2 removes by comparing each element found with all found before."""
    found = path(context)
    if not isinstance(found, list):
        return []
    pairs: list[tuple[etree._Element, str]] = []
    for value in found:
        if isinstance(value, etree._ElementUnicodeResult) and value.is_attribute:
            owner = value.getparent()
            if owner is not None:
                pairs.append((owner, str(value)))
    return pairs


def attribute_owners(path: etree.XPath, context: etree._Element) -> list[etree._Element]:
    """The elements holding the attributes `path` selects (`descendant::*/@role[.='tab']`),
    in document order: `attributes_found` without the values. An element holds one attribute
    of a name, so a path with one attribute step finds each element once."""
    return [owner for owner, _ in attributes_found(path, context)]


def empty(element: etree._Element) -> None:
    """Take the element's text and children out and leave it standing, its attributes and its
    tail in place: removing it would mean moving its tail onto a neighbour, and a table cell's
    place, a panel's heading or a preview's slot says where the text after it belongs."""
    element.text = None
    del element[:]


def empty_all_but_title(root: etree._Element, elements: Iterable[etree._Element]) -> None:
    """Empty each of `elements` (parts a page's state hides), except one holding `root`'s first
    `h1`. One inside an element already emptied is no longer under `root`, which the walk up
    finds, each element passed on the way remembered: each is passed once."""
    title = next(root.iter("h1"), None)
    holding_title = set(title.iterancestors()) if title is not None else set()
    memo: dict[etree._Element, etree._Element | None] = {}

    def is_root(node: etree._Element) -> bool:
        return node is root

    for element in elements:
        if element not in holding_title and nearest_where(element, is_root, memo) is root:
            empty(element)


def class_tokens(element: etree._Element) -> list[str]:
    """The words of the element's `class` attribute, as written."""
    return (element.get("class") or "").split()


def holders_up_to(elements: Iterable[etree._Element], top: etree._Element) -> set[etree._Element]:
    """Every ancestor of `elements` up to `top`, `top` included (the elements themselves only
    where one holds another): each walk up stops at an ancestor already known, so that every
    element is passed once, however many `elements` it holds."""
    holders: set[etree._Element] = set()
    for element in elements:
        for ancestor in element.iterancestors():
            if ancestor in holders:
                break
            holders.add(ancestor)
            if ancestor is top:
                break
    return holders


def nearest_ancestor(
    element: etree._Element,
    stops: frozenset[str],
    memo: dict[etree._Element, etree._Element | None],
) -> etree._Element | None:
    """The nearest ancestor of `element` whose tag is in `stops` (None at the root), with every
    element passed on the way remembered in `memo`."""
    return nearest_where(element, lambda node: node.tag in stops, memo)


def is_or_inside(
    element: etree._Element,
    tags: frozenset[str],
    memo: dict[etree._Element, etree._Element | None],
) -> bool:
    """Whether `element` is or is inside an element of `tags`; the nearest one above is
    remembered for each element on the way up (one `memo` per `tags`), so that every element
    is walked past once."""
    return element.tag in tags or nearest_ancestor(element, tags, memo) is not None


def nearest_where(
    element: etree._Element,
    is_stop: Callable[[etree._Element], bool],
    memo: dict[etree._Element, etree._Element | None],
) -> etree._Element | None:
    """The nearest ancestor of `element` that `is_stop` (None at the root), with every element
    passed on the way remembered in `memo` (one memo per question)."""
    passed: list[etree._Element] = []
    node = element.getparent()
    while node is not None and not is_stop(node):
        if node in memo:
            found = memo[node]
            break
        passed.append(node)
        node = node.getparent()
    else:
        found = node
    for wrapper in passed:
        memo[wrapper] = found
    return found


_DISPLAY_NONE: Final = re.compile(r"display\s*:\s*none")


def hidden_by_style(element: etree._Element) -> bool:
    """Hidden by its inline style (`display: none`, in any case)."""
    style = element.get("style")
    return style is not None and _DISPLAY_NONE.search(style.lower()) is not None


def holds(ancestor: etree._Element, element: etree._Element) -> bool:
    """`element` is `ancestor` or inside it."""
    return element is ancestor or any(a is ancestor for a in element.iterancestors())


# Moved from `boilerplate.py`: read by it and `authorboxes.py`.
def has_heading(element: etree._Element, tags: tuple[str, ...]) -> bool:
    return any(True for _ in element.iter(*tags))
