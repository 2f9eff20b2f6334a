"""Lists that only count: items reading 1, 2, 3 … and nothing else.

A page draws some widgets as a list whose items are their own ordinals: a review site's star
rating (`<ul class="ratingSM o5star"><li>1</li>…<li>5</li></ul>`, the score in the class, the
stars from CSS), a code sample's line numbers set beside its `pre`, a slider's dots, a stepper's
numbers over steps written elsewhere. Rendered, each became a column of lone numbers ("- 1",
"- 2", … "- 5", 47 times on one review page) that tells the model nothing: the count is the
list's own numbering. Such a list goes. Only when every item is its ordinal in order from 1,
written as the item's own text: an item holding any element (a pager's linked "2" leads to the
second page; an image, an icon) or any other word keeps the list. An item with children is read
no further, so each item costs the same whatever the page nests in it.
"""

from __future__ import annotations

from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.stats import TextStats, visible_length

# Fewer items than this may be a real short list ("1", "2" as answers).
_ITEMS_MIN: Final = 3


def drop_counting_lists(main: etree._Element, stats: TextStats) -> None:
    """Remove from `main` each `ul`/`ol` of at least three items whose items read 1, 2, 3 …
    in order as their own text and hold nothing else (no element, no other word)."""
    for counting in [lst for lst in main.iter("ul", "ol") if _only_counts(lst)]:
        stats.forget(counting)
        drop_keep_tail(counting)


def _only_counts(lst: etree._Element) -> bool:
    if len(lst) < _ITEMS_MIN or visible_length(lst.text):
        return False
    for ordinal, item in enumerate(lst, start=1):
        if (
            item.tag != "li"
            or len(item)
            or visible_length(item.tail)
            or (item.text or "").strip() != str(ordinal)
        ):
            return False
    return True
