"""rustdoc's furniture beside each item: the version it is stable since, the link to its
source and the label of the toggle that folds the page's description. What rustdoc writes for
its readers' browsing, not about the item; emptied on the pages rustdoc declares it wrote.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.tree import empty, find_elements

# rustdoc declares itself in every page it writes (`<meta name="generator" content="rustdoc">`).
_RUSTDOC_GENERATOR: Final = b'content="rustdoc"'
# Beside each item's header, right-aligned: the version it is stable since and the link to its
# source (`rightside`, "1.0.0 (const: 1.48.0) · Source"; under the page's title, the same two in
# the `sub-heading`: `since`, `src`), and the label of the toggle that folds the page's
# description (`summary.hideme`, "Expand description": rustdoc's CSS hides it while the
# description is open).
_RUSTDOC_ITEM_FURNITURE: Final = etree.XPath(
    ".//*[contains(concat(' ', normalize-space(@class), ' '), ' rightside ')"
    " or contains(concat(' ', normalize-space(@class), ' '), ' since ')"
    " or (self::a and contains(concat(' ', normalize-space(@class), ' '), ' src '))"
    " or (self::summary and contains(concat(' ', normalize-space(@class), ' '), ' hideme '))]"
)
# What stands between the version and the source link ("1.0.0 · Source").
_SEPARATOR_ONLY: Final = re.compile(r"[\s·•|]*")


def is_rustdoc_page(source: bytes) -> bool:
    return _RUSTDOC_GENERATOR in source


def drop_rustdoc_item_furniture(root: etree._Element) -> None:
    """Empty what rustdoc writes beside an item for its readers' browsing, not about the item:
    its version and source link and the description's toggle label (no truth keeps them; every
    method read "1.0.0 (const: 1.48.0) · Source" over its signature). One pass over the tree,
    on rustdoc's pages only; each part is emptied in place, not removed, so no text moves (a
    tail joined to its neighbour's, part after part, would copy it each time), and a tail of
    separators alone ("1.0.0 · Source") is left as the space it stands for."""
    for element in find_elements(_RUSTDOC_ITEM_FURNITURE, root):
        empty(element)
        if element.tail and _SEPARATOR_ONLY.fullmatch(element.tail) is not None:
            element.tail = " "
