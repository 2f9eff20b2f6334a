"""Tab labels put back on their panels.

A tabbed widget shows one panel at a time under a row of labels ("pip" / "conda", "Windows" /
"macOS", "Description" / "Specifications"). The labels are buttons or links in a list, the
panels follow as siblings: rendered in order, the model read "pip conda" and then two code
blocks with nothing saying which is which. Each panel gets its tab's label as a bold line on
top, and the row of labels goes.

Pairs come from ARIA (`role=tab` with `aria-controls` naming its `role=tabpanel`), else from
order (the tabs of one tablist and the panels beside it, when there are as many of each), and
from MkDocs Material's `tabbed-set` (labels, then blocks, in order). Last, for widgets with no
ARIA (Microsoft Learn's zone pivots: `<a data-pivot="cli">Azure CLI</a>` in a row,
`<div class="zone" data-pivot="cli">` below), a row of short labels each carrying a distinct
value of one `data-*` attribute is paired with the blocks after it carrying the same values.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import class_tokens, find_elements

# A label longer than this is not a tab's name (a whole card posing as a tab).
_MAX_LABEL_CHARS: Final = 80


def label_tab_panels(root: etree._Element) -> None:
    """Give each tab panel under `root` its label, in place; drop the labels' row.

    Call it only on pages whose source has tabs (`role="tab"`, `tabbed-set`): it searches
    the whole tree. At most `_MAX_WIDGETS` widgets of each kind are paired, their tabs are
    found by one walk up from each tab (not a walk through each widget: widgets can nest), and
    each panel is looked up by its near ancestors, so a page of a hundred thousand tab rows
    stays linear.
    """
    by_id: dict[str, etree._Element] | None = None
    near: dict[etree._Element, list[etree._Element]] | None = None
    tablists = find_elements(_TABLISTS, root)[:_MAX_WIDGETS]
    tabs_in = _members(tablists, find_elements(_TABS, root))
    for tablist in tablists:
        tabs = tabs_in[tablist]
        if not tabs:
            continue
        targets = [(tab.get("aria-controls") or "").strip() for tab in tabs]
        panels: list[etree._Element | None] = []
        if all(targets):
            if by_id is None:
                by_id = {str(e.get("id")): e for e in find_elements(_WITH_ID, root)}
            panels = [by_id.get(target) for target in targets]
        if not panels or any(panel is None for panel in panels):
            if near is None:
                near = _panels_by_ancestor(root)
            panels = _panels_beside(tablist, len(tabs), near)
        _pair(tablist, tabs, panels)
    tab_sets = find_elements(_TABBED_SETS, root)[:_MAX_WIDGETS]
    labels_in = _members(tab_sets, list(root.iter("label")))
    blocks_in = _members(tab_sets, _with_class(root, "tabbed-block"))
    holders_in = _members(tab_sets, _with_class(root, "tabbed-labels"))
    for tab_set in tab_sets:
        if holders_in[tab_set]:
            _pair(holders_in[tab_set][0], labels_in[tab_set], blocks_in[tab_set])


_MAX_WIDGETS: Final = 200
# How far above a panel its tab row may sit: the row's parent or grandparent holds the panels,
# at most this many levels above each of them.
_PANEL_LEVELS: Final = 4
_TABLISTS: Final = etree.XPath("//*[@role='tablist']")
_TABS: Final = etree.XPath("//*[@role='tab']")
_PANELS: Final = etree.XPath("//*[@role='tabpanel']")
_WITH_ID: Final = etree.XPath("//*[@id]")
_TABBED_SETS: Final = etree.XPath("//div[contains(@class, 'tabbed-set')]")


# A label is a few inline elements at most (a link holding a `span`, an icon).
_MAX_LABEL_ELEMENTS: Final = 8
# Longer attribute values are data (JSON, URLs), not the name of a tab.
_MAX_VALUE_CHARS: Final = 100
# How many text pieces of a panel are looked at to see that it shows something.
_MAX_TEXT_PIECES: Final = 200
# A tab's value is carried by its label and its panels, as many for every tab: a value carried
# by more elements than this names a kind of component (`data-qa="Heading"`).
_MAX_CARRIERS: Final = 10
# Controls and inline elements are no panels (a share button's `data-ga-label="twitter"`).
# Nor are a table's cells and rows: a spec table's first row is no row of tabs over the others.
_CELLS: Final = frozenset({"td", "th", "tr"})
_NO_PANEL: Final = (
    frozenset({"a", "button", "label", "span", "img", "input", "option", "li"}) | _CELLS
)


def label_data_panels(root: etree._Element) -> None:
    """Give each block under `root` the label whose `data-*` attribute it shares, in place;
    drop the labels' row.

    A row is an element whose children (each possibly one wrapper deep, a list's `li`) are
    all labels, two or more: short text (at most `_MAX_LABEL_CHARS`, a few elements), each
    with a distinct value of the same `data-*` attribute and nothing else beside them. It is
    paired only when every one of its values is carried by as many blocks after it (at least
    one; at most `_MAX_CARRIERS` elements carry it in all) that are no controls, inline
    elements or cells and do not open with the label's own words; every such block gets the
    label (Microsoft Learn repeats a pivot's zones through the page). Rows are found from the
    labels up (each element is looked at as a row once per attribute), at most `_MAX_WIDGETS`
    are paired, and no block is labelled twice.
    """
    # One walk in Python: libxml2's XPath for elements with a `data-*` attribute took 47 s
    # over 80,000 of them (sorting its node sets).
    order: dict[etree._Element, int] = {}
    carriers: dict[tuple[str, str], list[etree._Element]] = {}
    for element in root.iter():
        if not element.attrib:
            continue
        for name, written in element.attrib.items():
            value = str(written).strip()
            if str(name).startswith("data-") and value and len(value) <= _MAX_VALUE_CHARS:
                carriers.setdefault((str(name), value), []).append(element)
                order.setdefault(element, len(order))
    candidates: list[tuple[etree._Element, str]] = []
    seen: set[tuple[etree._Element, str]] = set()
    for (name, _value), carrying in carriers.items():
        for element in carrying:
            for row in itertools.islice(element.iterancestors(), 2):
                if (row, name) not in seen:
                    seen.add((row, name))
                    candidates.append((row, name))
    rows: list[tuple[etree._Element, str, list[tuple[etree._Element, str, str]]]] = []
    in_rows: set[etree._Element] = set()
    for row, name in candidates:
        labels = _row_labels(row, name)
        if labels:
            rows.append((row, name, labels))
            in_rows.update(row.iter())
    rows.sort(key=lambda found: order[found[2][0][0]])
    labelled: set[etree._Element] = set()
    for row, name, labels in rows[:_MAX_WIDGETS]:
        if row.getparent() is None or any(label in labelled for label, _, _ in labels):
            continue  # removed with an earlier row, or inside a labelled panel's label line
        holders = [carriers.get((name, value), []) for _, value, _ in labels]
        if any(len(elements) > _MAX_CARRIERS for elements in holders):
            continue  # a value carried everywhere: a kind of component, not a tab
        last = order[labels[-1][0]]
        panels = [
            [block for block in elements if order[block] > last and block not in in_rows]
            for elements in holders
        ]
        if len({len(blocks) for blocks in panels}) != 1 or not panels[0]:
            continue  # values carried unevenly: not one widget's tabs
        if any(
            block.tag in _NO_PANEL or block in labelled or _first_text(block) in ("", text)
            for (_, _, text), blocks in zip(labels, panels, strict=True)
            for block in blocks
        ):
            continue  # a control, an empty block, or one that names itself (a swatch)
        for (_, _, text), blocks in zip(labels, panels, strict=True):
            for block in blocks:
                labelled.add(block)
                _put_label(text, block)
        _remove_row(row)


def _row_labels(row: etree._Element, name: str) -> list[tuple[etree._Element, str, str]]:
    """The labels of `row` carrying `name`, with their values and texts, when the row holds
    nothing but two or more of them with distinct values and texts; else []."""
    if (row.text or "").strip():
        return []
    labels: list[tuple[etree._Element, str, str]] = []
    for child in row:
        if not isinstance(child.tag, str):
            continue
        label = child
        if child.get(name) is None:
            if (child.text or "").strip() or len(child) != 1 or not isinstance(child[0].tag, str):
                return []
            label = child[0]
            if (label.tail or "").strip():
                return []
        value = (label.get(name) or "").strip()
        if not value or len(value) > _MAX_VALUE_CHARS or (child.tail or "").strip():
            return []
        if len(list(itertools.islice(label.iter(), _MAX_LABEL_ELEMENTS + 1))) > (
            _MAX_LABEL_ELEMENTS
        ):
            return []
        text = " ".join(string_value(label).split())
        if not text or len(text) > _MAX_LABEL_CHARS:
            return []
        labels.append((label, value, text))
    tags = {label.tag for label, _, _ in labels}
    if len(labels) < 2 or len(tags) != 1 or not tags.isdisjoint(_CELLS):
        return []  # tabs are alike: a heading beside a paragraph is no row of tabs
    if len({value for _, value, _ in labels}) != len(labels):
        return []
    if len({text for _, _, text in labels}) != len(labels):
        return []
    return labels


def _first_text(element: etree._Element) -> str:
    """The element's first piece of text (whitespace normalised) within its first
    `_MAX_TEXT_PIECES` pieces, or ""."""
    for piece in itertools.islice(element.itertext(), _MAX_TEXT_PIECES):
        if piece.strip():
            return " ".join(str(piece).split())
    return ""


def _with_class(root: etree._Element, name: str) -> list[etree._Element]:
    """The `div`s under `root` with the class `name`, in document order."""
    return [e for e in root.iter("div") if name in class_tokens(e)]


def _members(
    containers: list[etree._Element], members: list[etree._Element]
) -> dict[etree._Element, list[etree._Element]]:
    """Each container's `members` (given in document order) whose nearest container it is: a
    tab set nested in another's panel keeps its labels, not the outer set's.

    One walk up from each member, remembering the nearest container of every element passed:
    walking each container's subtree instead costs the subtree once per container nesting it
    (200 nested tab lists over 600,000 elements: 16 s).
    """
    chosen = set(containers)
    nearest: dict[etree._Element, etree._Element | None] = {}  # at or above an element

    def container_of(element: etree._Element | None) -> etree._Element | None:
        passed: list[etree._Element] = []
        found: etree._Element | None = None
        while element is not None:
            if element in nearest:
                found = nearest[element]
                break
            passed.append(element)
            if element in chosen:
                found = element
                break
            element = element.getparent()
        for visited in passed:
            nearest[visited] = found
        return found

    inside: dict[etree._Element, list[etree._Element]] = {c: [] for c in containers}
    for member in members:
        container = container_of(member)
        if container is not None:
            inside[container].append(member)
    return inside


def _panels_by_ancestor(root: etree._Element) -> dict[etree._Element, list[etree._Element]]:
    """Every `role=tabpanel`, in document order, under each of its near ancestors.

    Keyed by the elements themselves: lxml hands out the same proxy for a node while one is
    alive, and the keys keep them alive (an `id()` of a dropped proxy could be reused).
    """
    near: dict[etree._Element, list[etree._Element]] = {}
    for panel in find_elements(_PANELS, root):
        for ancestor in itertools.islice(panel.iterancestors(), _PANEL_LEVELS):
            near.setdefault(ancestor, []).append(panel)
    return near


def _panels_beside(
    tablist: etree._Element, count: int, near: dict[etree._Element, list[etree._Element]]
) -> list[etree._Element | None]:
    """The panels under the tablist's parent (or grandparent), if there are exactly as many as
    tabs."""
    for container in itertools.islice(tablist.iterancestors(), 2):
        panels = near.get(container, [])
        if len(panels) == count:
            return list(panels)
    return [None] * count


def _pair(
    row: etree._Element,
    labels: list[etree._Element],
    panels: Sequence[etree._Element | None],
) -> None:
    names = [" ".join(string_value(label).split()) for label in labels]
    found = [panel for panel in panels if panel is not None]
    if (
        not labels
        or len(found) != len(labels)
        or any(not name or len(name) > _MAX_LABEL_CHARS for name in names)
        or len({id(panel) for panel in found}) != len(found)
    ):
        return
    around_row = list(row.iterancestors())
    for panel in found:
        if panel is row or any(a is panel for a in around_row):
            return  # a panel holding its own labels: leave the widget as it is
        if any(a is row for a in panel.iterancestors()):
            return  # panels inside the labels' row would go with it
    for name, panel in zip(names, found, strict=True):
        _put_label(name, panel)
    _remove_row(row)


def _put_label(name: str, panel: etree._Element) -> None:
    """`name` as a bold line on top of `panel`."""
    heading = etree.Element("p")
    strong = etree.SubElement(heading, "strong")
    strong.text = name
    heading.tail = panel.text
    panel.text = None
    panel.insert(0, heading)


def _remove_row(row: etree._Element) -> None:
    """Remove the labels' row, keeping the text after it."""
    parent = row.getparent()
    if parent is not None:
        tail = row.tail
        previous = row.getprevious()
        if tail:
            if previous is not None:
                previous.tail = (previous.tail or "") + tail
            else:
                parent.text = (parent.text or "") + tail
        parent.remove(row)
