"""How an ordered list numbers its items, so the model cites them as the page does.

The first number (`start`, counting down for `reversed`), an item's own `value`, and the style
the numbers are written in (`type`, or `list-style-type` inherited from a non-list wrapper:
`a.`, `III.`; Wikipedia's notes are cited as [a], [b]); items that carry their own numbers
(`1.1 Services …`) get none in front.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import string_value


def start_number(element: etree._Element, reversed_order: bool) -> int:
    """The first item's number: `start`, else 1 (a `reversed` list counts down from its length)."""
    try:
        return int(element.get("start") or "")
    except ValueError:
        return sum(1 for _ in element.iterchildren("li")) if reversed_order else 1


_LIST_STYLE: Final = re.compile(r"list-style(?:-type)?\s*:\s*([a-z-]+)")
_STYLE_KINDS: Final = {
    "lower-alpha": "a", "lower-latin": "a", "upper-alpha": "A", "upper-latin": "A",
    "lower-roman": "i", "upper-roman": "I", "decimal": "1",
}  # fmt: skip
# The CSS is inherited: Wikipedia sets `list-style-type: lower-alpha` on the div around the
# notes list, and the text cites them as [a], [b].
_LIST_STYLE_LEVELS: Final = 3


def list_style(element: etree._Element) -> str:
    """How an ordered list counts: "1", "a", "A", "i", "I" (its `type`, else inline CSS), or
    "none" (no numbers shown: the items carry their own)."""
    kind = (element.get("type") or "").strip()
    if kind in ("1", "a", "A", "i", "I"):
        return kind
    for holder in itertools.islice(
        itertools.chain([element], element.iterancestors()), _LIST_STYLE_LEVELS
    ):
        if holder is not element and holder.tag in ("ol", "ul", "li"):
            break  # a browser numbers every list decimal unless told: an outer list's style stays
        if found := _LIST_STYLE.search((holder.get("style") or "").lower()):
            return _STYLE_KINDS.get(found[1], "none" if found[1] == "none" else "1")
    if _numbers_itself(element):
        return "none"
    return "1"


# A counting `list-style-type`, wherever it stands in `list-style` (`upper-roman inside`).
_COUNTING_STYLE: Final = re.compile(
    r"list-style(?:-type)?\s*:[^;]*?\b(decimal|(?:lower|upper)-(?:alpha|latin|roman))\b"
)


def counting_style(element: etree._Element) -> str | None:
    """How an unordered list counts when CSS numbers it ("1", "a", "A", "i", "I"), else None.

    WP Recipe Maker writes its steps as a `<ul>` whose items say `list-style-type: decimal`:
    the page shows numbers and is cited by them ("in step 3"). Its own style counts, or every
    item's (one numbered item among bullets is no numbered list).
    """
    if found := _COUNTING_STYLE.search((element.get("style") or "").lower()):
        return _STYLE_KINDS.get(found[1], "1")
    kinds: set[str] = set()
    for item in element.iterchildren("li"):
        found = _COUNTING_STYLE.search((item.get("style") or "").lower())
        if found is None:
            return None
        kinds.add(_STYLE_KINDS.get(found[1], "1"))
    return kinds.pop() if len(kinds) == 1 else None


# "1.1", "2.3.4", "(a)", "iv.", "§ 3": a clause number written into the item's own text.
_OWN_NUMBER: Final = re.compile(r"\s*(?:\d+(?:\.\d+)+\.?|\(?[a-z\d]{1,3}\)|§\s*\d)\s", re.I)


def _numbers_itself(element: etree._Element) -> bool:
    """Every item starts with its own number (legal text: "1.1 Services …"), and the page's
    stylesheet hides the list's: a second number in front would be read as part of it."""
    items = [item for item in element.iterchildren("li")]
    return len(items) >= 2 and all(_OWN_NUMBER.match(string_value(item) + " ") for item in items)


def counter(number: int, style: str) -> str:
    """`number` written as the list style counts: 3 → "c", "C", "iii" or "III"."""
    if style == "1" or not 0 < number < 4000:
        return str(number)
    if style in ("a", "A"):
        letters = ""
        while number:
            number, rest = divmod(number - 1, 26)
            letters = chr(ord("a") + rest) + letters
        return letters if style == "a" else letters.upper()
    roman = ""
    for value, numeral in _ROMAN:
        count, number = divmod(number, value)
        roman += numeral * count
    return roman if style == "I" else roman.lower()


_ROMAN: Final = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def item_number(item: etree._Element, number: int) -> int:
    """An item's own `value` (the number a browser shows, and counts on from), else `number`."""
    try:
        return int(item.get("value") or "")
    except ValueError:
        return number
