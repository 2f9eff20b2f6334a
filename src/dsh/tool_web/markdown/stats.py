"""Per-element text measurements shared by the pruning and selection passes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import lxml.etree as etree


def visible_length(text: str | None) -> int:
    """Characters that would survive whitespace normalisation (roughly: inner runs count)."""
    return len(text.strip()) if text else 0


def text_without_whitespace(element: etree._Element, *, with_tail: bool) -> str:
    """The text of `element` with all whitespace removed, serialised by libxml2: how much text
    there is, whatever the markup's indentation; with its tail (the text after it, up to its
    next sibling) when `with_tail`."""
    text: str = etree.tostring(element, method="text", encoding="unicode", with_tail=with_tail)
    return "".join(text.split())


# JSON this long in an element's own text is script state (hidden grids, widget configs).
_DUMP_MIN_CHARS: Final = 100


def is_data_dump(text: str | None) -> bool:
    if not text:
        return False
    stripped = text.strip()
    return stripped[:2] in ('{"', "[{", '["') and stripped[-1:] in ("}", "]")


@dataclass
class TextStats:
    """Text and link-text lengths of every element, computed in one bottom-up pass."""

    text: dict[etree._Element, int] = field(default_factory=dict)
    link_text: dict[etree._Element, int] = field(default_factory=dict)
    links: dict[etree._Element, int] = field(default_factory=dict)
    # Elements whose own text is JSON state left for a script (found while measuring, for free).
    data_dumps: list[etree._Element] = field(default_factory=list)

    def forget(self, element: etree._Element) -> None:
        """Take an element about to be removed (or emptied) out of its ancestors' sums."""
        text, linked, count = (
            self.text.get(element, 0) + visible_length(element.tail),
            self.link_text.get(element, 0),
            self.links.get(element, 0),
        )
        for ancestor in element.iterancestors():
            if ancestor.tag == "a":
                # All of a link's text is link text: a badge or button removed from a card
                # wrapped in a link took its text out of the card and not out of its link
                # text, and a shop's product grid then counted more link text than text.
                linked = text
            self.text[ancestor] = self.text.get(ancestor, 0) - text
            self.link_text[ancestor] = self.link_text.get(ancestor, 0) - linked
            self.links[ancestor] = self.links.get(ancestor, 0) - count
        self.text[element] = self.link_text[element] = self.links[element] = 0


def measure(root: etree._Element) -> TextStats:
    stats = TextStats()
    text, link_text, links = stats.text, stats.link_text, stats.links
    # Reversed document order visits every child before its parent, so sums are ready in O(n).
    dumps = stats.data_dumps
    for element in reversed(list(root.iter())):
        own = element.text
        # `visible_length`, inlined: this loop runs once per element of every page.
        total = len(own.strip()) if own else 0
        if total >= _DUMP_MIN_CHARS and is_data_dump(own):
            dumps.append(element)
        linked = 0
        count = 0
        # Most elements are leaves: `len` spares them the child iterator. Every child was
        # measured before its parent, so its sums are looked up, not defaulted.
        if len(element):
            for child in element:
                tail = child.tail
                total += text[child] + (len(tail.strip()) if tail else 0)
                linked += link_text[child]
                count += links[child]
        if element.tag == "a":
            linked = total
            count += 1
        text[element] = total
        link_text[element] = linked
        links[element] = count
    return stats
