"""Tables drawn with divs and ARIA roles, given table tags.

One job: an element with a table role whose children are rows of cells becomes a `table` of
`tr`s and `td`/`th`s, so the table rules read it as any other table. `repairs.py`'s
`repair_tree` runs it first of its repairs (the cell repairs after it apply to these tables);
the cards made links beside it are `embeds.py`'s.
"""

from __future__ import annotations

import itertools
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.tree import find_elements

# A table drawn with divs and ARIA roles (Tailwind-style comparison matrices, data grids):
# read as text, "Storage" ran into "5 GB", values kept only their order, and the check marks
# and screen-reader "Yes"/"No" that the table rules read in cells (`icons.py`, the furniture
# pass's screen-reader cells) vanished. Given table tags, the table rules apply unchanged.
_CELL_TAGS: Final = {"cell": "td", "gridcell": "td", "rowheader": "th", "columnheader": "th"}


# Public: `repairs.repair_tree` runs it first, so the cell rules after it apply to the tables.
def aria_tables_as_tables(root: etree._Element) -> None:
    """An element with a table role whose children are rows (or row groups of rows), and
    whose rows' children are cells (by role, or all of them when none has a role: a size
    chart's plain divs), gets the tags `table`, `tbody`, `tr`, `td`/`th`; empty elements
    without a role beside them (a plan's coloured bar) are decoration.

    Only that shape: a grid whose rows sit behind other wrappers, or a row holding a block
    that is no cell, stays as it is (the table rules would show the stray block before the
    grid, and the rows twice). Each element is looked at as a child of one grid at most, and
    a role-less one only so far as to tell it is no decoration: linear however grids nest or
    grow.
    """
    for grid in find_elements(_ARIA_GRIDS, root):
        if grid.tag in _TABLE_TAGS:
            continue
        rows = _aria_rows(grid)
        if not rows:
            continue
        grid.tag = "table"
        for child in grid:
            if (child.get("role") or "").lower() == "rowgroup":
                child.tag = "tbody"
        for row in rows:
            cells = _row_cells(row)
            row.tag = "tr"
            for cell in cells:
                cell.tag = _CELL_TAGS.get((cell.get("role") or "").lower(), "td")


# The role is read once per element (`tree.py`'s attribute tests).
_ARIA_GRIDS: Final = etree.XPath(
    "//*[@role[.='table' or .='grid' or .='treegrid' or .='Table' or .='Grid']]"
)


def _aria_rows(grid: etree._Element) -> list[etree._Element]:
    """The grid's rows, its children or its row groups' children; none unless every element
    there with text is a row of cells (an empty one is a decoration: a plan's coloured bar)."""
    rows: list[etree._Element] = []
    for child in grid:
        if not isinstance(child.tag, str):
            continue
        role = (child.get("role") or "").lower()
        if role == "row":
            rows.append(child)
        elif role == "rowgroup" and child.tag not in _TABLE_TAGS:
            rows.extend(row for row in child if isinstance(row.tag, str))
        elif not _is_decoration(child):
            return []
    rows = [row for row in rows if not _is_decoration(row) or row.get("role") == "row"]
    return rows if rows and all(_row_cells(row) for row in rows) else []


def _is_decoration(element: etree._Element) -> bool:
    """No role and no text in a few elements at most (looked no further: a big block is
    content, and grids nested in it are not measured again for each level around them)."""
    if element.get("role"):
        return False
    parts = list(itertools.islice(element.iter(), _DECORATION_ELEMENTS + 1))
    return len(parts) <= _DECORATION_ELEMENTS and not any(
        (part.text or "").strip() or (part is not element and (part.tail or "").strip())
        for part in parts
    )


_DECORATION_ELEMENTS: Final = 8


def _row_cells(row: etree._Element) -> list[etree._Element]:
    """A row's cells: its children with cell roles (empty ones without a role are decoration),
    or all its children when none has a role (a size chart's rows of plain divs); none when the
    row is no row of cells."""
    if (row.get("role") or "").lower() != "row" or row.tag in _TABLE_TAGS:
        return []
    children = [c for c in row if isinstance(c.tag, str)]
    if any(c.tag in _TABLE_TAGS for c in children):
        return []
    roles = [(c.get("role") or "").lower() for c in children]
    if not any(roles):
        return children
    cells = [c for c, role in zip(children, roles, strict=True) if role in _CELL_TAGS]
    if len(cells) + sum(1 for c in children if _is_decoration(c)) < len(children):
        return []
    return cells


_TABLE_TAGS: Final = frozenset({"table", "thead", "tbody", "tfoot", "tr", "td", "th"})
