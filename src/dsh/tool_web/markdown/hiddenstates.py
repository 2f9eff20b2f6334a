"""What a page's script or state class hides, dropped as the page would show it.

One job: the parts a state hides without CSS or a script to hide them: a Dawn-style price
block's parts its state class does not show (`shown_price_parts`), on a declared product page
the elements classed `hide` (`drop_hidden_by_class`) and the short ones hidden by an inline
`display: none` (`drop_hidden_states`), and the parts NodeBB names by a `component` attribute
and classes `hidden`, states its topic or post is not in (`drop_hidden_components`). The
pipeline in `convert.py` calls each only on pages whose source names what it looks for; the
tree repairs are `repairs.py`'s.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import (
    attributes_found,
    class_tokens,
    empty_all_but_title,
    find_elements,
    nearest_where,
)

# Shopify's Dawn theme and the many built on it write every price block with both its parts,
# `price__regular` and `price__sale`, and both badges, and let the block's state class pick
# what is shown (`price--on-sale`: the sale part and the "Sale" badge; `price--sold-out`: the
# "Sold out" badge; otherwise the regular part alone). Without the CSS each card read "Regular
# price $19.99" then "Sale price $19.99 Regular price ~~$19.99~~", a sale that is none, and
# a lone "/" from the unit price left empty and hidden.
_PRICE_PARTS: Final = etree.XPath("//*[contains(@class, 'price__sale')]")
_PRICE_BLOCK_REACH: Final = 2  # the sale part sits in the block's `price__container`


def shown_price_parts(root: etree._Element) -> None:
    """Only the parts of each Dawn-style price block its state shows (call only when the page
    has such blocks: the search walks the whole tree)."""
    done: set[etree._Element] = set()
    for sale in find_elements(_PRICE_PARTS, root):
        if "price__sale" not in class_tokens(sale):
            continue
        block = _price_block(sale)
        if block is None or block in done:
            continue
        done.add(block)
        state = class_tokens(block)
        on_sale = "price--on-sale" in state
        hidden = {"price__regular", "price__badge-sold-out"} if on_sale else {"price__sale"}
        if not on_sale:
            hidden.add("price__badge-sale")
        if "price--sold-out" in state:
            hidden.discard("price__badge-sold-out")
        elif not on_sale:
            hidden.add("price__badge-sold-out")
        # The parts are the block's children or its container's: two levels, so that each
        # element is looked at for one block only, however the blocks nest.
        parts = [
            part
            for child in block
            for part in (child, *child)
            if isinstance(part.tag, str) and _is_hidden_part(class_tokens(part), hidden)
        ]
        for part in parts:
            drop_keep_tail(part)


def _is_hidden_part(names: list[str], hidden: set[str]) -> bool:
    # A product without a unit price gets an empty `unit-price hidden` line: its lone "/".
    return not hidden.isdisjoint(names) or ("unit-price" in names and "hidden" in names)


def _price_block(sale: etree._Element) -> etree._Element | None:
    node = sale.getparent()
    for _ in range(_PRICE_BLOCK_REACH):
        if node is None:
            return None
        if "price" in class_tokens(node):
            return node
        node = node.getparent()
    return None


# The hiding utility of Bootstrap 3, Foundation and the shop themes built on them (`.hide`:
# `display: none !important`). On a product page the hidden elements are the states the
# shopper has not chosen: another variant's dimensions and custom fields (BigCommerce's
# `productView-info hide`, 90 words of `cat_thumb_…` URLs per colour), "Coming soon" badges
# of products on sale, a seller's listings behind a toggle. Elsewhere a script reveals them
# (read-more text, answers): on articles the truths keep 6,337 of such words against 116
# extra, on product pages 474 against 1,813, hence declared products only.
_HIDE_CLASS: Final = "hide"


def drop_hidden_by_class(root: etree._Element) -> None:
    """Drop the elements classed `hide` (call only on pages that declare a product and whose
    source says `hide`), except one holding the page's first `h1`: each element is looked at
    once."""
    title = next(root.iter("h1"), None)
    holding_title = set(title.iterancestors()) if title is not None else set()
    hidden = [
        element
        for element in root.iter()
        if isinstance(element.tag, str)
        and _HIDE_CLASS in class_tokens(element)
        and element not in holding_title
    ]
    for element in hidden:
        # In document order: an ancestor goes first, and a hidden element inside it is then
        # moved within the removed part only.
        if element.getparent() is not None:
            drop_keep_tail(element)


# A short element a declared product page hides with an inline `display: none`: a state its
# script shows when the shopper does something (Steam's "English and 12 more" banner beside its
# language table, "Sold Out" and "Notify me" beside the price, a cart's error message). A longer
# one is content the page reveals (an accordion's body, a tab's panel), and stays; so does an
# answer under its question (an FAQ's "Q: …?" over its hidden "A: …", which its truths keep).
_INLINE_HIDDEN: Final = re.compile(r"display\s*:\s*none", re.IGNORECASE)
_HIDDEN_STATE_MAX: Final = 200  # characters of text
_HIDDEN_STATE_VISITS: Final = 400  # elements looked at to measure it: more is no short state
_STYLES: Final = etree.XPath("descendant::*/@style")


def drop_hidden_states(root: etree._Element) -> None:
    """Drop the short elements hidden by an inline `display: none` (see above; call only on
    pages that declare a product and whose source says `display`), except one holding the
    page's first `h1`. A dropped element's descendants are not looked at."""
    title = next(root.iter("h1"), None)
    holding_title = set(title.iterancestors()) if title is not None else set()
    # Only the elements with a hiding style are looked at, in document order (found in C: a
    # walk of every element in Python cost 2 % of the renderer's time, on product pages'
    # large trees); one inside an element already dropped (or a cell emptied) is no longer
    # under `root`, which the walk up finds, each element passed on the way remembered.
    dropped: set[etree._Element] = set()
    memo: dict[etree._Element, etree._Element | None] = {}

    def is_stop(node: etree._Element) -> bool:
        return node is root or node in dropped

    for element, style in attributes_found(_STYLES, root):
        if _INLINE_HIDDEN.search(style) is None or element in holding_title:
            continue
        if nearest_where(element, is_stop, memo) is root and _is_hidden_state(element):
            drop_keep_tail(element)
            dropped.add(element)


def _is_hidden_state(element: etree._Element) -> bool:
    style = element.get("style")
    if style is None or _INLINE_HIDDEN.search(style) is None:
        return False
    chars = 0
    for visits, node in enumerate(element.iter()):
        if visits >= _HIDDEN_STATE_VISITS:
            return False
        chars += len((node.text or "").strip()) + (
            len((node.tail or "").strip()) if node is not element else 0
        )
        if chars > _HIDDEN_STATE_MAX:
            return False
    question = element.getprevious()
    while question is not None and not isinstance(question.tag, str):
        question = question.getprevious()
    return question is None or not string_value(question).strip().endswith("?")


# NodeBB names each part of its pages by a `component` attribute (`topic/labels`, `post/editor`,
# `topic/deleted/message`) and writes every state's part into the page, classing `hidden` the
# ones the topic or post is not in, which its client script shows when the state changes: a
# thread read "Scheduled Pinned Locked Moved" over its first post (labels of states it is not
# in), "This topic has been deleted. Only users with topic management privileges can see it."
# over a topic that is not, "last edited by" over every post never edited, "1 Reply Last reply"
# under posts. A part so named and so classed is dropped; the class alone is not enough (tab
# panels, answers and read-more text hide with it too: the first round measured −0.001 to
# −0.017 F1 for dropping it anywhere).
_NAMED_COMPONENTS: Final = etree.XPath("descendant::*/@component")
_HIDDEN_CLASS: Final = "hidden"
_COMPONENT_NAME: Final = b'component="post/'


def has_named_components(source: bytes) -> bool:
    """Whether the source names parts as NodeBB does (`component="post/content"`, …)."""
    # One scan of every page (0.13 s over WCXB's 405 MB; the attribute's name alone, 0.17 s: `=`
    # is everywhere): every NodeBB topic page names its posts' parts so, in double quotes.
    return _COMPONENT_NAME in source


def drop_hidden_components(root: etree._Element) -> None:
    """Empty each element named by a `component` attribute and classed `hidden`, except one
    holding the page's first `h1` (call only when `has_named_components`). Emptied, not
    removed: their tails stay where they stand."""
    empty_all_but_title(
        root,
        (
            element
            for element, _ in attributes_found(_NAMED_COMPONENTS, root)
            if _HIDDEN_CLASS in class_tokens(element)
        ),
    )
