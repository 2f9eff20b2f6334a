"""A fact grid written as label/value pairs of blocks, one `Label: value` line each.

A tree pass before rendering, for `repeats.py`: a fact written as two blocks shares its value
("Central", "Yes") with other facts, and the value went as a repeat; written as one line it is
an item field, which the de-duplication keeps.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value

# A fact grid written as pairs of blocks, one fact per pair (`<div class="fact"><div>Cooling
# </div><div>Central</div></div>`: real-estate facts, specifications, job facts): rendered as
# two blocks, a value shared with an earlier fact ("Central", "Yes", "Included") was a repeat
# and went, so the label read as having no value. Joined into one `Label: value` line, each
# fact is an item field (`repeats._ITEM_FIELD`) and keeps its value. The limits are that
# field's.
_PAIR_CONTAINERS: Final = ("div", "li")
_PAIR_PARTS: Final = frozenset({"div", "p"})
_LABEL_MAX: Final = 40
_VALUE_MAX: Final = 120
# A part is a short line: a few inline elements at most, looked at without walking further.
_PART_ELEMENTS: Final = 6
_INLINE_PARTS: Final = frozenset(
    {"span", "a", "b", "strong", "i", "em", "small", "abbr", "time", "data", "sup", "sub",
     "code", "br", "img", "mark", "u", "s", "del", "font", "bdi"}
)  # fmt: skip


def join_fact_pairs(root: etree._Element, stats: TextStats) -> None:
    """Write each label/value pair of blocks in a run of two or more (a fact grid) as one
    `Label: value` line. A lone pair is left as it is: a card's "Share" / "Save"."""
    pairs = [element for element in root.iter(*_PAIR_CONTAINERS) if _is_pair(element, stats)]
    # Each pair with the wrappers around it that add no text (an icon beside it, a flex item):
    # the run of pairs is a run of such units.
    units = {_unit(pair, stats): pair for pair in pairs}
    for unit, pair in units.items():
        if _in_a_run(unit, unit.getprevious(), units) or _in_a_run(unit, unit.getnext(), units):
            label, value = (child for child in pair if isinstance(child.tag, str))
            for part in (label, value):
                _drop_empty_blocks(part, stats)
            _end_with_colon(label)
            label.tag = value.tag = "span"
            label.tail = " "


def _drop_empty_blocks(part: etree._Element, stats: TextStats) -> None:
    """Remove the blocks without text inside a pair's part (a tooltip's wrappers, an icon's
    box: at most `_PART_ELEMENTS`, `_is_pair` made sure), which would break its line."""
    for element in list(part.iterdescendants()):
        parent = element.getparent()
        if element.tag in _INLINE_PARTS or stats.text.get(element, 0) or parent is None:
            continue
        if (element.tail or "").strip():
            previous = element.getprevious()
            if previous is not None:
                previous.tail = (previous.tail or "") + (element.tail or "")
            else:
                parent.text = (parent.text or "") + (element.tail or "")
        parent.remove(element)


def _end_with_colon(label: etree._Element) -> None:
    """A colon after the label's last word, outside the element that word is in when it ends
    the label (`**Cooling**: Central`), once the blanks after that word are gone (`<span>Watts
    <!-- --> </span>` read "Watts : 1200 W")."""
    _drop_trailing_blanks(label)
    last = label[-1] if len(label) else None
    if last is not None:
        last.tail = (last.tail or "").rstrip()
        if not last.tail.endswith(":") and not (last.text or "").rstrip().endswith(":"):
            last.tail += ":"
    else:
        label.text = (label.text or "").rstrip()
        if not label.text.endswith(":"):
            label.text += ":"


def _drop_trailing_blanks(element: etree._Element) -> bool:
    """Remove the whitespace after the last word inside `element` (its tail aside); whether it
    holds a word (a label part holds at most `_PART_ELEMENTS` elements, `_is_pair` made sure)."""
    for child in reversed(element):
        if (child.tail or "").strip():
            child.tail = (child.tail or "").rstrip()
            return True
        child.tail = None
        if isinstance(child.tag, str) and _drop_trailing_blanks(child):
            return True
    if (element.text or "").strip():
        element.text = (element.text or "").rstrip()
        return True
    return False


# How many wrappers without text of their own a pair may sit in (BLACKROLL's routine cards:
# a flex item holding an icon and the label/value pair).
_UNIT_REACH: Final = 2


def _in_a_run(
    unit: etree._Element,
    neighbour: etree._Element | None,
    units: dict[etree._Element, etree._Element],
) -> bool:
    """`neighbour` is a pair's unit too, and the two are pairs side by side or wrappers of one
    kind (same tag, class and role: the fields of one card), not two unrelated wrapped pairs
    (a grid's row of two cells beside a table's)."""
    if neighbour is None or neighbour not in units:
        return False
    if units[unit] is unit and units[neighbour] is neighbour:
        return True
    kind = unit.get("class")
    return (
        (kind is not None or unit.tag == "li")  # items of one list are of one kind
        and neighbour.tag == unit.tag
        and neighbour.get("class") == kind
        and neighbour.get("role") == unit.get("role")
    )


def _unit(pair: etree._Element, stats: TextStats) -> etree._Element:
    """`pair`, or the outermost of its next `_UNIT_REACH` ancestors that holds no text but
    the pair's."""
    unit = pair
    text = stats.text.get(pair, 0)
    for _ in range(_UNIT_REACH):
        parent = unit.getparent()
        if (
            parent is None
            or parent.tag not in _PAIR_CONTAINERS
            or stats.text.get(parent, 0) != text
        ):
            break
        unit = parent
    return unit


def _is_pair(element: etree._Element, stats: TextStats) -> bool:
    """Two short blocks and nothing else: a label (no sentence) and its value."""
    if len(element) != 2 or (element.text or "").strip():
        return False
    if (element.get("role") or "").lower() == "tabpanel":
        return False  # a tab's label (`tabs.py`) heads its panel, as on the other panels
    label, value = element[0], element[1]
    if label.tag not in _PAIR_PARTS or value.tag not in _PAIR_PARTS:
        return False
    if (label.tail or "").strip() or (value.tail or "").strip():
        return False
    if not 0 < stats.text.get(label, 0) <= _LABEL_MAX:
        return False
    if not 0 < stats.text.get(value, 0) <= _VALUE_MAX:
        return False
    for part in (label, value):
        inside = list(itertools.islice(part.iterdescendants(), _PART_ELEMENTS + 1))
        if len(inside) > _PART_ELEMENTS or any(
            e.tag not in _INLINE_PARTS and stats.text.get(e, 0) for e in inside
        ):
            return False
    label_text = string_value(label).strip()
    value_text = string_value(value).strip()
    return not (
        _STAT_FIGURE.match(label_text)  # "300K+" over "Moves completed": a figure, not a label
        or ":" in label_text.rstrip(":")  # "Free tier: 1 million events" is a field already
        or label_text.endswith((".", "!", "?"))
        or value_text.endswith((".", "!", "?"))  # a card's title over its blurb
        or label_text.lower() == value_text.lower()
    )


# A figure leading a statistic ("$15,000", "300K+", "40% higher …"): what follows is its
# caption, not its value.
_STAT_FIGURE: Final = re.compile(r"[$€£¥₹+~<>≈]?\s?\d|\W*$")
