"""Emphasis marks as CommonMark reads them: which tags make which marks, a pair that would
pair with the text's own stars left unmarked, and pairs that meet joined into one run.

Split out of `render.py`, which decides where emphasis goes; this module decides how its
marks are written.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.spacing import words_meet
from dsh.tool_web.markdown.text import INVISIBLE_CHARS, string_value

STRONG_TAGS: Final = frozenset({"strong", "b"})
EMPHASIS_TAGS: Final = frozenset({"em", "i"})
STRUCK_TAGS: Final = frozenset({"del", "s", "strike"})
MARKS: Final = (
    dict.fromkeys(STRONG_TAGS, "**")
    | dict.fromkeys(EMPHASIS_TAGS, "*")
    | dict.fromkeys(STRUCK_TAGS, "~~")
)
_LONE_STAR: Final = re.compile(r"(?<!\*)\*(?!\*)")
# The text's own marks at an end, apart from its words (`*** Follow me ***`) or all of it (a
# bolded footnote star): ours would join them into one run.
_LITERAL_MARKS: Final = re.compile(r"^[*~]+(?:\s|$)|\s[*~]+$")


def join_marks(parts: list[str], rendered: str, mark: str) -> str:
    """`<b>r</b><b>ecycle</b>` as one pair, `**recycle**`: the previous pair's closing mark
    is taken off `parts`, and `rendered` is returned without its opening one."""
    if parts[-1].endswith(mark) and rendered.startswith(mark):
        parts[-1] = parts[-1][: -len(mark)]
        return rendered[len(mark) :]
    return rendered


def meeting_stars(
    parts: list[str], rendered: str, previous: etree._Element, child: etree._Element
) -> str:
    """Emphasis closing right where the next opens, written as one run of marks readable as
    CommonMark says (`parts[-1]` and the returned `rendered` adjusted).

    `**Local Moving**` beside `**:**` (through a link or span, which the same-kind rule in
    `_contents` does not see) is one pair, `**Local Moving:**`, or spaced when both hold words;
    `***X***` beside `*.*` shares its emphasis, `***X**.*`, and `**a**` beside `***b***` its
    strong pair, `**a*b***`. As written, `**X****:**` and `***X****.*` read as literal stars.
    Marks of two kinds (`**a***b*`) parse as they are and stay. Only marks the elements made:
    `Price*` beside `**Note**` is a footnote star.
    """
    closing = _CLOSING_STARS.search(parts[-1])
    opening = _OPENING_STARS.match(rendered)
    if closing is None or opening is None:
        return rendered
    before, after = len(closing[0]), len(opening[0])
    if before != after and _BOTH_STARS not in (before, after):
        return rendered  # one kind each: `**a***b*` is two pairs
    if not (_ends_in_marks(previous) and _starts_with_marks(child)):
        return rendered
    if before == after:
        if words_meet(previous, child):
            parts.append(" ")  # `**Title** **Author**`
            return rendered
        parts[-1] = parts[-1][:-before]
        return rendered[after:]
    if before == _BOTH_STARS:
        parts[-1] = parts[-1][:-before] + "*" * (before - after)
        return rendered[after:]
    parts[-1] = parts[-1][:-before]
    return "*" * (after - before) + rendered[after:]


# Closing and opening marks of emphasis: `*`, `**` or both, `***`.
_CLOSING_STARS: Final = re.compile(r"(?<=[^*\s])\*{1,3}$")
_OPENING_STARS: Final = re.compile(r"\*{1,3}(?=[^*\s])")
_BOTH_STARS: Final = 3
_STAR_TAGS: Final = STRONG_TAGS | EMPHASIS_TAGS
# How far down from an element its rendering's first or last marks are looked for.
_MARK_LEVELS: Final = 8


def _ends_in_marks(element: etree._Element) -> bool:
    """Whether `element`'s rendering ends with an emphasis element's closing marks: it is one,
    or its last child is, with no text after it (a few levels down). Not when that element's
    text ends in a star of its own: a bolded footnote `*` gets no marks (`wrap`), and its star
    is the page's."""
    node = element
    for _ in range(_MARK_LEVELS):
        if node.tag in _STAR_TAGS:
            return not string_value(node).rstrip().endswith("*")
        if not len(node) or (node[-1].tail or "").strip():
            return False
        node = node[-1]
    return False


def _starts_with_marks(element: etree._Element) -> bool:
    """Whether `element`'s rendering opens with an emphasis element's marks (not its text's
    own star)."""
    node = element
    for _ in range(_MARK_LEVELS):
        if node.tag in _STAR_TAGS:
            return not string_value(node).lstrip().startswith("*")
        if not len(node) or (node.text or "").strip():
            return False
        node = node[0]
    return False


def wrap(text: str, marker: str) -> str:
    stripped = text.strip()
    if not stripped.strip(INVISIBLE_CHARS) or "\n" in stripped or _LITERAL_MARKS.search(stripped):
        return text  # (a `<b>&zwj;</b>` is no emphasis: `**‍**`)
    # The text's own marks of this kind (a literal `*args`) would pair with ours; a strong
    # pair's `**` inside `*…*` does not (`*a **b** c*`).
    if _LONE_STAR.search(stripped) if marker == "*" else marker in stripped:
        return text
    lead = " " if text[:1].isspace() else ""
    trail = " " if text[-1:].isspace() else ""
    return f"{lead}{marker}{stripped}{marker}{trail}"


# One run of emphasis as `wrap` and `meeting_stars` write it: a pair of one to three stars
# around text holding no star of its own, touching no other star. A link's target inside
# it (`**[Title](url)**`) is part of its text.
_EMPHASIS_RUN: Final = re.compile(r"(?<!\*)(\*{1,3})(?=[^*\s])([^*]*?[^*\s])\1(?!\*)")
_LINK_TARGET: Final = re.compile(r"\]\([^)\s]*\)")
_WORD: Final = re.compile(r"\w")
_STRONG: Final = "**"


def emphasis_over_all(text: str) -> tuple[str, str] | None:
    """The marks and `text` without them when every word in it is emphasised alike, through
    any number of runs and links (`**9.** **Dailylook**`, `[**Title**](url)`, `**Step 1**:`);
    None when a word is not, runs of two kinds single one out (`**ZZ Plant** (*Zamioculcas*)`:
    a botanical name in italics), or a star is the page's own.

    Emphasis over all that a heading, a header cell or each of a run of siblings says singles
    nothing out: its marks are tokens that say nothing.
    """
    if "*" not in text:
        return None
    if any("*" in target for target in _LINK_TARGET.findall(text)):
        return None  # the page's own star, in an address
    marks = {stars for stars, _ in _EMPHASIS_RUN.findall(text)}
    rest = _EMPHASIS_RUN.sub("", _LINK_TARGET.sub("]", text))
    if len(marks) != 1 or "*" in rest or _WORD.search(rest):
        return None
    return marks.pop(), _EMPHASIS_RUN.sub(r"\2", text)


def unmarked_alike(rows: list[list[str]]) -> list[list[str]]:
    """A table's cell texts without the bold that says nothing: over all of a header cell (GFM
    shows the header row as one), and over all of every body cell of a column that has at
    least two (a column of row names, each bold, singles no row out). Bold on some cells of a
    column (a total, the best price) stays."""
    if not rows or not any("**" in cell for row in rows for cell in row):
        return rows  # most tables: spare the reading
    rows = [list(row) for row in rows]
    rows[0] = [unbolded(cell) or cell for cell in rows[0]]
    # Each column's non-empty body cells as (row, plain text), read row by row: one row of
    # thousands of cells over thousands of short rows costs its cells, not their product.
    columns: dict[int, list[tuple[list[str], str | None]]] = {}
    for row in rows[1:]:
        for column, cell in enumerate(row):
            if cell:
                columns.setdefault(column, []).append((row, unbolded(cell)))
    for column, cells in columns.items():
        if len(cells) >= _ALIKE_MIN and all(plain for _, plain in cells):
            for row, plain in cells:
                row[column] = plain or row[column]
    return rows


# A column's cells are bold alike when at least this many are.
_ALIKE_MIN: Final = 2


def unbolded(text: str) -> str | None:
    """`text` without its bold, when bold covers every word of it."""
    emphasised = emphasis_over_all(text)
    return emphasised[1] if emphasised is not None and emphasised[0] == _STRONG else None
