"""Marks drawn as pictures or inputs, made into elements the stripping keeps.

One job: a check mark or a cross drawn as an `<svg>` (in a table cell, or outside tables when
its names say yes or no) becomes an empty `<i>` carrying its names, which `icons.py` reads as
✓ or ✗ once the svg itself is stripped; a task list's read-only checkbox becomes its `[x]` or
`[ ]` mark before the inputs go. `repairs.py`'s `repair_tree` runs both, after
`ariatables.py`'s tables (their cells count as cells) and before `coderepairs.py`'s code
repairs. Reading a mark from an icon's names is `icons.py`'s, at rendering.
"""

from __future__ import annotations

import itertools
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.icons import MARK_HINT, loose_icon

_XLINK_HREF: Final = "{http://www.w3.org/1999/xlink}href"


# Public: `repairs.repair_tree` runs it, before the svgs are stripped.
def cell_svgs_as_icons(root: etree._Element) -> None:
    """An `<svg>` in a table cell becomes an empty `<i>` carrying its names (class, label,
    title, the symbol it uses), so the renderer can read a check mark or a cross from it
    (`icons.py`) after the svg itself is stripped; outside tables, one whose names say yes or
    no (FontAwesome's `fa-check`, Lucide's `lucide-x`) does too."""
    for svg in list(root.iter("svg")):
        in_cell = next(svg.iterancestors("td", "th"), None) is not None
        if not in_cell and not _may_be_mark(svg):
            continue  # most svgs outside tables (logos, arrows) are passed over cheaply
        names = [svg.get("class"), svg.get("data-icon")]
        said = [svg.get("aria-label"), *(title.text for title in svg.iter("title"))]
        names += [
            use.get("href") or use.get("xlink:href") or use.get(_XLINK_HREF)
            for use in svg.iter("use")
        ]
        icon = etree.Element("i")
        if in_cell:
            names += said
        elif label := " ".join(name for name in said if name):
            icon.set("aria-label", label)  # human words, read as such (`icons.py`)
        icon.set("class", " ".join(["icon", *(name for name in names if name)]))
        if not in_cell and not loose_icon(icon):
            # Outside a table only a check mark or a cross is kept (a logo, a chevron: no).
            continue
        icon.tail = svg.tail
        parent = svg.getparent()
        if parent is not None:
            parent.replace(svg, icon)


def _may_be_mark(svg: etree._Element) -> bool:
    """Whether an svg outside tables may be named as a check mark or a cross, by its class,
    `data-icon` or `aria-label`, or by the `<title>` or the symbol's `<use>` among its first
    children (`<svg><title>Yes</title>…`, `<use href="#icon-check">`): a few reads each, as
    pages draw hundreds of svgs."""
    names = [svg.get("class"), svg.get("data-icon"), svg.get("aria-label")]
    for child in itertools.islice(svg, _NAMING_CHILDREN):
        if child.tag == "title":
            names.append(child.text)
        elif child.tag == "use":
            names.append(child.get("href") or child.get("xlink:href") or child.get(_XLINK_HREF))
    hint = " ".join(filter(None, names))
    if not hint:
        return False
    return MARK_HINT.search(hint.lower()) is not None


# A title or `use` stands first in an svg, before its drawing's paths.
_NAMING_CHILDREN: Final = 3


# A read-only checkbox leading a list item is a task list's mark (GitHub, GitLab, goldmark and
# markdown-it render `- [x]` so); dropped with the other inputs, done and open items read alike.
# Enabled checkboxes are form controls (a listing's filters), not marks.
# Public: `repairs.repair_tree` runs it, before the inputs are stripped.
def task_checkboxes_as_marks(root: etree._Element) -> None:
    # `iter` with a tag filters in C: an XPath over the whole tree costs ten times more.
    seen: set[etree._Element] = set()  # only an item's first checkbox can lead it
    for box in list(root.iter("input")):
        if box.get("disabled") is None or (box.get("type") or "").lower() != "checkbox":
            continue
        parent = box.getparent()
        if parent is None:
            continue
        # In the item itself or its first paragraph (a loose list), as Markdown renderers put it;
        # deeper (inside a `div` of a widget) it is a control that merely sits in a list.
        item = parent.getparent() if parent.tag == "p" else parent
        if item is None or item.tag != "li" or item in seen:
            continue
        seen.add(item)
        if _has_text_before(item, box):
            continue
        mark = etree.Element("span")
        mark.text = "[x] " if box.get("checked") is not None else "[ ] "
        mark.tail = box.tail
        parent.replace(box, mark)


def _has_text_before(container: etree._Element, target: etree._Element) -> bool:
    """Whether `container` shows any text before `target` (document order; stops at the first)."""
    for event, element in etree.iterwalk(container, events=("start", "end")):
        if element is target:
            return False
        text = (
            element.text if event == "start" else (None if element is container else element.tail)
        )
        if text and text.strip():
            return True
    return False
