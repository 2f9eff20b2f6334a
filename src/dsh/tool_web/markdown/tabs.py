"""Tab labels put back on their panels.

A tabbed widget shows one panel at a time under a row of labels ("pip" / "conda", "Windows" /
"macOS", "Description" / "Specifications"). The labels are buttons or links in a list, the
panels follow as siblings: rendered in order, the model read "pip conda" and then two code
blocks with nothing saying which is which. Each panel gets its tab's label as a bold line on
top, and the row of labels goes.

Pairs come from ARIA (`role=tab` with `aria-controls` naming its `role=tabpanel`), else from
order (the tabs of one tablist and the panels beside it, when there are as many of each), and
from MkDocs Material's `tabbed-set` (labels, then blocks, in order).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import (
    HEADING_TAGS,
    attribute_owners,
    attributes_found,
    class_tokens,
    empty,
    find_elements,
)

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
    tablists = attribute_owners(_TABLISTS, root)[:_MAX_WIDGETS]
    # Each kind's members are looked for only on pages with its widgets: a walk of the whole
    # tree each (the tab-set parts' in Python), for nothing on most pages with one kind.
    tabs_in = _members(tablists, attribute_owners(_TABS, root)) if tablists else {}
    for tablist in tablists:
        tabs = tabs_in[tablist]
        if not tabs:
            continue
        targets = [(tab.get("aria-controls") or "").strip() for tab in tabs]
        panels: list[etree._Element | None] = []
        if all(targets):
            if by_id is None:
                by_id = {ident: e for e, ident in attributes_found(_IDS, root)}
            panels = [by_id.get(target) for target in targets]
        if not panels or any(panel is None for panel in panels):
            if near is None:
                near = _panels_by_ancestor(root)
            panels = _panels_beside(tablist, len(tabs), near)
        _pair(tablist, tabs, panels)
    tab_sets = find_elements(_TABBED_SETS, root)[:_MAX_WIDGETS]
    if not tab_sets:
        return
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
# Each role's elements by their attributes (`tree.attributes_found` says why), the document's
# element included as `//*` would: `/descendant::*` starts at the document node.
_TABLISTS: Final = etree.XPath("/descendant::*/@role[.='tablist']")
_TABS: Final = etree.XPath("/descendant::*/@role[.='tab']")
_PANELS: Final = etree.XPath("/descendant::*/@role[.='tabpanel']")
_IDS: Final = etree.XPath("/descendant::*/@id")
_TABBED_SETS: Final = etree.XPath("//div[contains(@class, 'tabbed-set')]")


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
    for panel in attribute_owners(_PANELS, root):
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
        if (own := _opening_heading(panel, name)) is not None:
            # WooCommerce's "Description" panel opens with its own "Description" heading: under
            # the label it read "**Description**" then "### Description".
            empty(own)  # emptied, not removed: its tail is the panel's text
        heading = etree.Element("p")
        strong = etree.SubElement(heading, "strong")
        strong.text = name
        heading.tail = panel.text
        panel.text = None
        panel.insert(0, heading)
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


# How many of a panel's first elements are looked through for the heading it opens with.
_PANEL_OPENING_ELEMENTS: Final = 32


def _opening_heading(panel: etree._Element, name: str) -> etree._Element | None:
    """The heading `panel` opens with (no text before it among its first
    `_PANEL_OPENING_ELEMENTS` elements) when it says the tab's label, case and punctuation
    aside ("Measurements & Specs" over "measurements & specs"), else None."""
    for element in itertools.islice(panel.iter(), _PANEL_OPENING_ELEMENTS):
        if not isinstance(element.tag, str):
            continue  # a comment or processing instruction says nothing
        if element.tag in HEADING_TAGS:
            return element if _words(string_value(element)) == _words(name) else None
        if (element.text or "").strip():
            return None  # text before the heading (the panel's own, or a child's)
        if element is not panel and (element.tail or "").strip():
            return None
    return None


def _words(text: str) -> list[str]:
    """`text`'s words, lowercased, without its punctuation."""
    return "".join(char if char.isalnum() else " " for char in text.lower()).split()
