"""Tables: which cells make up a grid, where spans put them, what sits outside the cells, and
whether a table is page layout rather than data."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.limits import MAX_INLINE_CHARS
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS


def table_rows(table: etree._Element) -> list[list[etree._Element]]:
    """The table's own rows in display order: a `<tfoot>` (its totals) shows last wherever the
    markup puts it, as browsers show it; HTML 4 required writing it before `<tbody>`."""
    rows: list[list[etree._Element]] = []
    footer_rows: list[list[etree._Element]] = []
    for row in table.iter("tr"):
        if _owning_table(row) is table:
            cells = [cell for cell in row if cell.tag in ("td", "th")]
            parent = row.getparent()
            (footer_rows if parent is not None and parent.tag == "tfoot" else rows).append(cells)
    return rows + footer_rows


def grid(rows: list[list[etree._Element]], texts: list[list[str]]) -> list[list[str]]:
    """Cell texts placed in the columns their `colspan`/`rowspan` give them.

    Spanned positions are kept: without them every cell after a span would slide into the
    wrong column, and the model would read a value under the wrong header. A column spanned
    is left empty; a row spanned repeats a short text (`_REPEATED_CHARS`), a group's name.
    """
    layout = _SpanLayout(rows)
    placed = [
        layout.place(row, row_texts, rows_below=len(rows) - index - 1)
        for index, (row, row_texts) in enumerate(zip(rows, texts, strict=True))
    ]
    # A row with nothing of its own is no row, whatever the rowspans above it repeat into it.
    return [line if any(own) else [] for line, own in zip(placed, texts, strict=True)]


class _SpanLayout:
    """The columns still covered by rowspans from rows above, and what padding may still cost.

    Hostile spans (`colspan="1000"` on every cell, wide rowspans down thousands of rows) cannot
    blow the grid up: spans pad only up to the widest row's real cell count, and all padding
    together stays within a few empty cells per real cell. Past that, spans are ignored; every
    cell's own text is always placed.
    """

    def __init__(self, rows: list[list[etree._Element]]) -> None:
        self._limit = max(len(row) for row in rows)
        self._covered: dict[int, int] = {}  # column -> rows below it still covers
        self._repeated: dict[int, str] = {}  # column -> what its rowspan says in each row
        self._padding_left = PADDING_PER_CELL * sum(len(row) for row in rows)

    def place(self, row: list[etree._Element], texts: list[str], *, rows_below: int) -> list[str]:
        line: list[str] = []
        for cell, text in zip(row, texts, strict=True):
            while len(line) in self._covered:
                self._pad_covered(line)
            column = len(line)
            line.append(text)
            width = min(_span(cell, "colspan"), max(self._limit - column, 1))
            for _ in range(width - 1):
                self._pad(line)
            down = _span(cell, "rowspan")
            down = rows_below if down == 0 else min(down - 1, rows_below)
            if down > 0 and self._padding_left > 0:
                for spanned in range(column, min(column + width, self._limit)):
                    self._covered[spanned] = down
                # A short label spanning rows (a group's name, a model's family) is what each
                # of them says; left empty, a row read as belonging to nothing.
                if len(text) <= _REPEATED_CHARS:
                    self._repeated[column] = text
        # Columns past the row's last cell that a rowspan from above still covers.
        last = max(self._covered, default=-1)
        while self._covered and len(line) <= last:
            if len(line) in self._covered:
                self._pad_covered(line)
            else:
                self._pad(line)
        return line

    def _pad_covered(self, line: list[str]) -> None:
        column = len(line)
        self._covered[column] -= 1
        if self._covered[column] <= 0:
            del self._covered[column]
            text = self._repeated.pop(column, "")
        else:
            text = self._repeated.get(column, "")
        self._pad(line, text)

    def _pad(self, line: list[str], text: str = "") -> None:
        if self._padding_left <= 0:
            self._covered.clear()
            self._repeated.clear()
            return
        self._padding_left -= 1
        line.append(text)


# A rowspan's text up to this long is repeated in every row it spans.
_REPEATED_CHARS: Final = 60


def _span(cell: etree._Element, attribute: str) -> int:
    """A cell's `colspan`/`rowspan`, as browsers read it (`rowspan="0"`: to the section's end)."""
    text = cell.get(attribute)
    if text is None:
        return 1
    try:
        value = int(text.strip())
    except ValueError:
        return 1
    if value == 0 and attribute == "rowspan":
        return 0
    return max(value, 1)


# Empty cells that padding may add, per real cell of the table: spans (`_SpanLayout`) and
# short rows (the grid in `render.py`) each stay within it.
PADDING_PER_CELL: Final = 4

# A table's own structure; any other element between them and the cells is misplaced content.
_TABLE_SECTIONS: Final = frozenset({"thead", "tbody", "tfoot"})
_TABLE_IGNORED: Final = frozenset({"colgroup", "col"})


def outside_cells(table: etree._Element) -> list[etree._Element | str]:
    """The caption, then text and elements inside `table` but in no row's cell, in order."""
    pieces: list[etree._Element | str] = [c for c in table if c.tag == "caption"]

    def stray_text(text: str | None) -> None:
        if text and text.strip():
            pieces.append(text)

    def visit(container: etree._Element, allowed: frozenset[str]) -> None:
        stray_text(container.text)
        for child in container:
            tag = child.tag
            if tag in allowed:
                if tag in _TABLE_SECTIONS:
                    visit(child, frozenset({"tr"}))
                elif tag == "tr":
                    visit(child, frozenset({"td", "th"}))
            elif isinstance(tag, str) and tag not in _TABLE_IGNORED and tag != "caption":
                pieces.append(child)
            stray_text(child.tail)

    visit(table, _TABLE_SECTIONS | {"tr"})
    return pieces


def _owning_table(element: etree._Element) -> etree._Element | None:
    for ancestor in element.iterancestors("table"):
        return ancestor
    return None


def is_layout_table(
    table: etree._Element, rows: list[list[etree._Element]], stats: TextStats
) -> bool:
    """Tables used for page layout read better as blocks than as a one-cell grid."""
    if not rows or any(True for _ in table.iter("table") if _ is not table):
        return True
    # Its author says it is no table (`role="presentation"` or `none`, as e-mail templates mark
    # every layout table): a screen reader reads its cells as blocks, and so does the model.
    if (table.get("role") or "").strip().lower() in _NO_TABLE_ROLES:
        return True
    # vBulletin 3 lays each post out as a table of its own, `<table id="post2017066">`: the
    # date and number over the poster's card beside the message. As a grid the message's
    # paragraphs ran together in one cell beside "microfast Registered User Join Date: Mar
    # 2016", and "Reply With Quote" was a row of its own.
    if _POST_TABLE_ID.fullmatch(table.get("id") or ""):
        return True
    # One column of content (cells emptied as furniture, such as a sidebar, hold their places
    # in the grid but are not a column).
    if max(sum(1 for cell in row if stats.text.get(cell, 0) or len(cell)) for row in rows) < 2:
        return True
    cells = [cell for row in rows for cell in row]
    # A cell holding more prose than any label is a page column (a blog's post beside its
    # sidebar): as a grid cell, the whole article would run together on one line.
    if any(stats.text.get(cell, 0) > MAX_INLINE_CHARS for cell in cells):
        return True
    # A code listing laid out as a one-row table (line numbers in one cell, the code in the
    # next, as Pygments and Hugo print them): in a grid cell the code would lose its lines.
    if len(rows) == 1 and any(_is_listing(pre) for cell in cells for pre in cell.iter("pre")):
        return True
    # Cells of several blocks each (paragraphs, lists) are page sections. One block per cell is
    # still a grid cell: word processors and table components wrap every value in a `<p>` or
    # `<div>` (a timetable's "On time" under each route).
    extra_blocks = sum(
        max(0, sum(1 for child in cell if child.tag in _LAYOUT_CHILDREN) - 1)
        for row in rows
        for cell in row
    )
    if extra_blocks > 2 * len(rows):
        return True
    # Cells holding a heading over a sentence are sections of the page (a newsletter's stories
    # side by side): a value is never titled prose, and in a grid the heading would run into
    # its text. A heading over a figure (a pricing table's "Pro" over "$29/mo") is a label, and
    # so is a header row of them over the rows of a grid (a plan's name over who it is for):
    # at least half the rows hold such a section.
    sections = sum(1 for row in rows if any(_heads_prose(cell) for cell in row))
    return sections > 0 and 2 * sections >= len(rows)


def _heads_prose(cell: etree._Element) -> bool:
    """Whether a heading in `cell` has a sentence for the first `p` after it among its
    siblings (the paragraph right after a heading says what it titles). Each heading's
    siblings are read once, backwards, for all the headings beside it: looking forward from
    each of 70,000 headings side by side took 15 s."""
    done: set[etree._Element] = set()
    for heading in cell.iter(*HEADING_TAGS):
        parent = heading.getparent()
        if parent is None or parent in done:
            continue
        done.add(parent)
        sentence = False  # whether the first `p` after the sibling at hand is a sentence
        for sibling in reversed(parent):
            if sibling.tag in HEADING_TAGS and sentence:
                return True
            if sibling.tag == "p":
                sentence = _is_sentence(sibling)
    return False


def _is_sentence(paragraph: etree._Element) -> bool:
    words = string_value(paragraph).split()
    return len(words) >= _SENTENCE_WORDS and words[-1][-1] in ".!?"


def _is_listing(pre: etree._Element) -> bool:
    text = string_value(pre).strip("\n")
    return "\n" in text


_NO_TABLE_ROLES: Final = frozenset({"presentation", "none"})
_POST_TABLE_ID: Final = re.compile(r"post\d{1,12}")
# A sentence under a heading, not a value: this many words, ending as a sentence ends.
_SENTENCE_WORDS: Final = 4

_LAYOUT_CHILDREN: Final = frozenset({"p", "div", "ul", "ol", "h1", "h2", "h3", "table", "pre"})


@dataclass
class RankedItem:
    """One entry of a ranked list drawn as a table (`ranked_items`): its rank, the cells
    after it, and the cells of the row under it that goes on with it."""

    rank: int
    cells: list[etree._Element]
    under: list[etree._Element] = field(default_factory=list)


def ranked_items(
    rows: list[list[etree._Element]], stats: TextStats
) -> tuple[list[RankedItem], list[list[etree._Element]]] | None:
    """A ranked list laid out as a table, two rows an entry: a row opening with its rank
    ("1.", "2.", … one after another) and its title, then a row whose first cell is empty
    holding the line under the title (Hacker News' story rows and their "12 points by alice
    3 hours ago | 5 comments", and every clone of its markup). As a grid each entry's second
    line stood as a row of its own under a title column ("|||17 hours ago|"), told from the
    next entry by nothing. Rows without text (spacers) are passed over; rows after the last
    entry and a spacer (its "More" link) follow the list, returned second. None for any
    other table: at least three entries, at least half of them with a line under, every
    row of text one of the two kinds, and no cell longer than a line; most stop at their
    first row."""
    items: list[RankedItem] = []
    after: list[list[etree._Element]] = []
    under_rows = 0
    spaced = False  # a row without text since the entry's rows
    for row in rows:
        texts = [stats.text.get(cell, 0) for cell in row]
        if not any(texts):
            spaced = True  # a spacer row between entries
            continue
        if max(texts) > MAX_INLINE_CHARS or (after and texts[0]):
            return None
        if texts[0]:
            rank = _RANK.fullmatch(string_value(row[0]).strip())
            if rank is None or not any(texts[1:]):
                return None
            if items and int(rank[1]) != items[-1].rank + 1:
                return None
            items.append(RankedItem(int(rank[1]), row[1:]))
            spaced = False
        elif items and not items[-1].under and not spaced:
            items[-1].under = row[1:]
            under_rows += 1
        elif items and spaced:
            after.append(row)
        else:
            return None  # a row under no title, or a third row of an entry
    if len(items) < _MIN_RANKED_ITEMS or 2 * under_rows < len(items):
        return None
    return items, after


# A rank as a ranked list's first cell writes it: "1.", "12." (up to six digits).
_RANK: Final = re.compile(r"(\d{1,6})\.")
_MIN_RANKED_ITEMS: Final = 3


def table_row(cells: list[str]) -> str:
    """`|a|b|`: GFM trims a cell's content, so spaces inside the pipes are tokens that say
    nothing (one before every number, two for an empty cell: 0.2 % of WCXB's tokens). A cell
    ending in a backslash keeps a space, or it would escape the pipe after it."""
    return "|" + "|".join(f"{cell} " if cell[-1:] == "\\" else cell for cell in cells) + "|"


# A formula as `formulas.py` writes it, all a cell says (`$x$`, `$$x$$`), and an equation's
# number beside it (`(1)`, `(2.3a)`, `(A.1)`).
_FORMULA: Final = re.compile(r"\$\$?([^$]+)\$\$?")
_EQUATION_NUMBER: Final = re.compile(r"\(\s*[\w.\-\u2013\u2032']{1,12}\s*\)")
# The right-hand part of an `align` row, split at its `&`: it goes on with a relation or an
# operator ("=Wx", "\\le 1", "+b"), after any `\\displaystyle`.
_CONTINUES: Final = re.compile(
    r"(?:\\displaystyle\s*)?(?:[=<>+\-:]|\\(?:le|ge|leq|geq|neq|approx|equiv|sim|simeq|cong"
    r"|propto|to|rightarrow|Rightarrow|Leftrightarrow|in|subset|subseteq|supset|mid|cdot|times"
    r"|quad|qquad)\b)"
)
# Longer cells are no formula piece: the cell's text is not read at all.
_MAX_FORMULA_CHARS: Final = 4000


def equation_lines(rows: list[list[etree._Element]], stats: TextStats) -> list[str] | None:
    """A table that lays out numbered equations (LaTeXML's, arXiv's HTML papers): each row's
    formula pieces (an `align` split at its `&`) and its number, nothing else but empty
    cells. As `$$…$$ (n)` lines they read as display math; as a grid, as `| | $$…$$ | | (1) |`,
    with TeX's `|` escaped into `\\|` (its norm). None for any other table; most stop at their
    first cell with text."""
    lines: list[str] = []
    marked = False  # numbered, displayed or in display style: equations, not values
    for row in rows:
        parts: list[str] = []
        number = ""
        for cell in row:
            length = stats.text.get(cell, 0)
            if not length:
                continue
            if length > _MAX_FORMULA_CHARS:
                return None
            text = string_value(cell).strip()
            if not number and _EQUATION_NUMBER.fullmatch(text):
                number = text
                continue
            formula = _FORMULA.fullmatch(text)
            if formula is None:
                return None
            marked = marked or text.startswith("$$") or "\\displaystyle" in text
            piece = formula[1].strip()
            if parts and not _CONTINUES.match(piece):
                return None  # two formulas side by side (a table of integrals): a grid
            parts.append(piece)
        if number and not parts:
            return None
        if parts:
            marked = marked or bool(number)
            lines.append(f"$${' '.join(parts)}$$" + (f" {number}" if number else ""))
    return lines if lines and marked else None
