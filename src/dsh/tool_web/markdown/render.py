"""Rendering a (pruned) lxml subtree as compact GitHub-flavoured Markdown.

The walk over the elements and the blocks it lays out: headings, paragraphs, lists, quotes,
definition lists, tables, links, emphasis. Code (`codeblocks.py`), list numbering
(`numbering.py`), superscripts and subscripts (`exponents.py`), how emphasis marks are written
(`emphasis.py`), links that are marks (`linkmarks.py`), which links show their target and how
(`linktargets.py`), API signatures (`signatures.py`), icons (`icons.py`), the space between
stacked inline elements (`spacing.py`), comment threads nested by indent cells (`threads.py`)
and text normalisation (`text.py`) have modules of their own.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import pairwise
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.codeblocks import (
    code_language,
    code_text,
    fenced_block,
    inline_code,
    is_line_number_gutter,
)
from dsh.tool_web.markdown.controls import drop_card_controls
from dsh.tool_web.markdown.definitions import definition_group, definition_items
from dsh.tool_web.markdown.emphasis import (
    EMPHASIS_TAGS,
    MARKS,
    STRONG_TAGS,
    STRUCK_TAGS,
    emphasis_over_all,
    join_marks,
    meeting_stars,
    unbolded,
    unmarked_alike,
    wrap,
)
from dsh.tool_web.markdown.exponents import note_mark, subscript, superscript
from dsh.tool_web.markdown.icons import (
    ICON_TAGS,
    YES_MARK,
    cell_icon,
    contrasted_icons,
    image_label,
    loose_icon,
)
from dsh.tool_web.markdown.limits import MAX_BLOCK_NESTING, MAX_INLINE_CHARS, MAX_RENDER_DEPTH
from dsh.tool_web.markdown.linkmarks import (
    is_note_reference,
    is_permalink_mark,
    is_skip_link,
    is_thread_control,
)
from dsh.tool_web.markdown.links import (
    CARD_LINK,
    contact_url,
    is_affiliate_link,
    is_paid_link,
)
from dsh.tool_web.markdown.linktargets import DOCUMENT, LinkTargets
from dsh.tool_web.markdown.markers import CODE_CLOSE, CODE_OPEN, INDENT, NO_ICON, YES_ICON
from dsh.tool_web.markdown.numbering import (
    counter,
    counting_style,
    item_number,
    list_style,
    start_number,
)
from dsh.tool_web.markdown.recommendations import drop_empty_reading_list_titles
from dsh.tool_web.markdown.repeats import (
    drop_echoed_headings,
    drop_repeated_blocks,
    drop_repeated_quotations,
    say_doubled_once,
)
from dsh.tool_web.markdown.signatures import SIGNATURE_CLASSES, signature_text
from dsh.tool_web.markdown.spacing import run_together, runs_into_tail, words_meet
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.tables import (
    PADDING_PER_CELL,
    RankedItem,
    equation_lines,
    grid,
    is_layout_table,
    outside_cells,
    ranked_items,
    table_row,
    table_rows,
)
from dsh.tool_web.markdown.text import (
    collapse,
    normalise,
    repaired_mojibake,
    string_value,
    without_doubled_no_break_spaces,
)
from dsh.tool_web.markdown.threads import ThreadLevels, indent_of
from dsh.tool_web.markdown.tree import BLOCK_TAGS, class_tokens, nearest_ancestor

# An `aside` holding less than this share of the rendered text is a box beside the text (an
# infobox, a note); one holding more is where the page put its content.
_SIDE_BOX_SHARE: Final = 0.3
_HEADINGS: Final = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_LIST_TAGS: Final = frozenset({"ul", "ol", "menu", "dir"})
_CODE_TAGS: Final = frozenset({"code", "kbd", "samp", "tt"})
# Elements laid out as blocks of their own, which emphasis around them does not reach into.
_MARK_RESETS: Final = (
    BLOCK_TAGS | _LIST_TAGS | frozenset(_HEADINGS) | {"blockquote", "pre", "table"}
)

# A `<time datetime>` value's date, and a time written relative to now ("5 years ago", "3h").
_MACHINE_DATE: Final = re.compile(r"\d{4}-\d{2}-\d{2}")
_RELATIVE_TIME: Final = re.compile(
    r"\b(?:ago|yesterday|today|just now|last (?:week|month|year)|this (?:week|month|year))\b"
    r"|^\s*\d+\s?(?:s|m|min|h|hr|hrs|d|w|wk|mo|y|yr|yrs)\s*$",
    re.IGNORECASE,
)
# A date written in the text itself ("Nov 5", "5/11", "2024"), and a clock time ("9:42 p.m.
# ET", "9 pm", "3:26 AM"): in the page's own zone, which a UTC value's date may contradict.
_WRITTEN_DATE: Final = re.compile(
    r"\b\d{1,2}/\d{1,2}\b|\b(?:19|20)\d\d\b"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*\d",
    re.IGNORECASE,
)
_WRITTEN_CLOCK: Final = re.compile(r"\d:\d\d|\b\d{1,2}\s?[ap]\.?m\b", re.IGNORECASE)
# A `datetime` value in UTC: its date is a day off from an evening in the Americas.
_UTC_VALUE: Final = re.compile(r"\d{4}-\d\d-\d\d[T ](\d\d:\d\d)(?::[\d.]+)?(?:Z|[+-]00:?00)$", re.I)
_CODE_PLACEHOLDER: Final = re.compile(f"{CODE_OPEN}(\\d+){CODE_CLOSE}")
# A code block's placeholder with what stands before it on its line (list indentation, quote
# markers, a list item's own marker), which every line of the block must repeat.
_CODE_LINE: Final = re.compile(f"^([^\\n{CODE_OPEN}]*){CODE_OPEN}(\\d+){CODE_CLOSE}", re.M)
# A line of text opening with `*` or `+` and a space (a footnote's star, bolded or raised,
# before its note: "* Prices exclude VAT.") is a bullet to a Markdown reader; the renderer's
# own items open with `-` or a number, so such a line, after a list item's indentation, its
# marker or a quote's `>`, is the page's text and its mark is escaped (`\*`). Code is still a
# placeholder here.
_TEXT_BULLET: Final = re.compile(r"^((?:[ >]|- |\d+\. )*)([*+])(?=[ \t]|$)", re.M)


class MarkdownRenderer:
    """Renders one subtree; holds the state that spans it (code blocks, the link-target policy:
    `linktargets.LinkTargets`, which decides each link's target and remembers those shown)."""

    def __init__(
        self,
        base_url: str | None,
        stats: TextStats,
        *,
        page_url: str | None = None,
        canonical_url: str = "",
        copied_bands: bool = False,
    ) -> None:
        # Whether blocks copying lines of an earlier block, side by side, go as repeats
        # (`repeats.drop_repeated_blocks`): asked on product pages only.
        self._copied_bands = copied_bands
        # Which links keep their target, and how they are written (`linktargets.py`).
        self._targets = LinkTargets(
            base_url,
            stats,
            page_url=page_url,
            canonical_url=canonical_url,
        )
        self._stats = stats
        self._code_blocks: list[tuple[str, str]] = []  # (language, code)
        self._cells_open = 0  # table cells being rendered around the current element
        self._row_texts: dict[etree._Element, str] = {}  # for images alone in their cells
        # Each icon's nearest block or link ancestor, remembered: icons deep inside long runs of
        # inline wrappers would otherwise each walk all of them.
        self._link_block: dict[etree._Element, etree._Element | None] = {}
        self._blocks_open = 0  # lists, quotes and definition lists around the current element
        self._asides_open = 0  # side notes and boxes (small `aside`s) around the current element
        self._root_text = 0  # the text length of what is being rendered
        # The emphasis marks (`**`, `*`, `~~`) open around the current element within its block:
        # a nested `<b>` in a `<b>` adds no marks, so the outer pair's text holds none of its own.
        self._marks_open: frozenset[str] = frozenset()
        self._threads = ThreadLevels(stats)
        self._loose_icons = False  # whether an icon outside a table was read as ✓ or ✗
        self._lines_kept = 0  # link feeds in `pre` around the current element: lines are kept

    def render(self, element: etree._Element) -> str:
        self._root_text = self._stats.text.get(element, 0)
        rendered = self._element(element, 0)
        if self._loose_icons:
            rendered = contrasted_icons(rendered)
        markdown = drop_repeated_blocks(
            drop_echoed_headings(
                drop_card_controls(
                    say_doubled_once(
                        normalise(repaired_mojibake(without_doubled_no_break_spaces(rendered)))
                    )
                )
            ),
            copied_bands=self._copied_bands,
        )
        markdown = drop_empty_reading_list_titles(drop_repeated_quotations(markdown))
        markdown = markdown.replace(INDENT, " ")
        if "* " in markdown or "+ " in markdown or "*\n" in markdown or "+\n" in markdown:
            markdown = _TEXT_BULLET.sub(r"\1\\\2", markdown)
        if not self._code_blocks:
            return markdown  # most pages: spare a pass over every line
        return _CODE_LINE.sub(self._fenced, markdown)

    def _fenced(self, placeholder: re.Match[str]) -> str:
        """A code block fenced in place, every line carrying its list indentation or `>`."""
        language, code = self._code_blocks[int(placeholder.group(2))]
        return fenced_block(placeholder.group(1), language, code)

    # -- traversal -------------------------------------------------------------------------

    def _contents(self, element: etree._Element, depth: int) -> str:
        parts: list[str] = []
        squeeze = _collapse_within_lines if self._lines_kept else collapse
        if element.text:
            parts.append(squeeze(element.text))
        previous: etree._Element | None = None  # the sibling just rendered, if nothing between
        for child in element:
            separated = True  # False: a dropped control's separator may open the tail
            # lxml builds a new string on every read of `tag` and `tail`: read each once (the
            # renderer never changes the tree, so they hold while the child is rendered).
            tag, tail = child.tag, child.tail
            if isinstance(tag, str):
                rendered = self._element(child, depth + 1)
                if (
                    not rendered
                    and tag == "a"
                    and (is_thread_control(child, "") or is_skip_link(child, ""))
                ):
                    # A dropped control's separator before it (`alice 2 hours ago | parent`),
                    # or after it when nothing comes before (`reply | flag`).
                    if parts and (kept := _without_separator(parts[-1])) is not None:
                        parts[-1] = kept
                    else:
                        separated = False
                if previous is not None and run_together(previous, child):
                    parts.append(" ")
                elif previous is not None and MARKS.get(previous.tag, "") == MARKS.get(tag):
                    # Two pairs of one kind side by side (`<b>Note</b><b>:</b>`): one pair, as
                    # `**Note****:**` is no emphasis; spaced when they hold two words.
                    if words_meet(previous, child):
                        parts.append(" ")
                    else:
                        rendered = join_marks(parts, rendered, MARKS[tag])
                elif previous is not None and parts[-1][-1:] == "`" == rendered[:1]:
                    # Two code spans side by side (`<code>read</code><code>write</code>`):
                    # "`read``write`" would be one span, "read``write".
                    parts.append(" ")
                elif previous is not None and parts[-1][-1:] == "*" == rendered[:1]:
                    # Emphasis of other kinds, or through wrappers, side by side.
                    rendered = meeting_stars(parts, rendered, previous, child)
                parts.append(rendered)
                previous = child
            if tail:
                if isinstance(tag, str) and runs_into_tail(child, rendered):
                    parts.append(" ")
                parts.append(squeeze(tail if separated else _SEPARATOR_START.sub(" ", tail)))
                if tail.strip():
                    previous = None
        return "".join(parts)

    def _element(self, element: etree._Element, depth: int) -> str:
        tag = element.tag
        if not isinstance(tag, str):
            return ""
        if self._marks_open and tag in _MARK_RESETS:
            # Emphasis around blocks is not carried into them (the pair cannot span lines), so
            # the emphasis inside each block keeps its own marks.
            outer, self._marks_open = self._marks_open, frozenset()
            try:
                return self._element(element, depth)
            finally:
                self._marks_open = outer
        if depth > MAX_RENDER_DEPTH:
            return f"\n\n{collapse(string_value(element))}\n\n"
        if tag in _HEADINGS:
            return self._heading(element, _HEADINGS[tag], depth)
        if tag == "blockquote" and _is_post_body(element):
            return f"\n\n{self._contents(element, depth)}\n\n"
        if tag in _LIST_TAGS or tag == "blockquote" or tag == "dl":
            return self._nested_block(element, depth)
        if tag == "div" and _is_bbcode_quote(element):
            return self._nested_block(element, depth)
        if tag == "pre":
            if self._is_link_feed(element):
                # Its lines are the page's (a directory listing's one file a line).
                self._lines_kept += 1
                try:
                    return f"\n\n{self._contents(element, depth)}\n\n"
                finally:
                    self._lines_kept -= 1
            return self._code_block(element)
        if tag == "table":
            return self._table(element, depth)
        if tag == "a":
            return self._link(element, depth)
        if tag == "br":
            return "\n"
        if tag == "hr":
            return "\n\n"
        if tag in ICON_TAGS and not len(element) and not element.text:
            if self._cells_open:
                # An empty icon element in a table cell: a comparison table's check mark or cross.
                return _emoji_alt(element) or cell_icon(element) or self._cell_image(element)
            return (_emoji_alt(element) if tag == "img" else "") or self._loose_icon(element)
        if tag == "img":
            return _emoji_alt(element)
        if tag in _CODE_TAGS:
            return inline_code(code_text(element))  # its `<br>` lines as spaces, not glued
        if tag == "sup":
            return superscript(element, self._contents(element, depth))
        if tag == "sub":
            return subscript(element, self._contents(element, depth))
        if tag in STRONG_TAGS:
            return self._emphasis(element, depth, "**")
        if tag in EMPHASIS_TAGS:
            return self._emphasis(element, depth, "*")
        if tag in STRUCK_TAGS:
            # A struck-out price or a retracted claim must not read as the current one.
            return self._emphasis(element, depth, "~~")
        if tag == "time":
            return self._time(element, depth)
        if tag == "q":
            return f'"{self._contents(element, depth)}"'
        if tag == "rt" and not _has_ruby_parentheses(element):
            # A reading written without `<rp>` (NHK News Web Easy, learner sites) merged with
            # its base, `漢字かんじ`; a browser without ruby support shows the `<rp>` ones.
            reading = self._contents(element, depth)
            return f"({reading})" if reading.strip() else reading
        if tag == "cite" and _heads_quote(element):
            # phpBB's "alice wrote: <date>" with the quoted text straight after it.
            return f"{self._contents(element, depth)}\n"
        if tag == "aside" and self._stats.text.get(element, 0) < _SIDE_BOX_SHARE * self._root_text:
            self._asides_open += 1
            try:
                return f"\n\n{self._contents(element, depth)}\n\n"
            finally:
                self._asides_open -= 1
        if tag in BLOCK_TAGS:
            return f"\n\n{self._contents(element, depth)}\n\n"
        return self._contents(element, depth)

    def _emphasis(self, element: etree._Element, depth: int, marker: str) -> str:
        """`**strong**`, `*em*` or `~~struck~~`; inside the same kind, the contents alone.

        `<b>x <b>y</b> z</b>` is bold once; marking both would close the outer pair at the
        inner one's start, and the outer pair was dropped for it.
        """
        if marker in self._marks_open:
            return self._contents(element, depth)
        outer = self._marks_open
        self._marks_open = outer | {marker}
        try:
            return wrap(self._contents(element, depth), marker)
        finally:
            self._marks_open = outer

    def _loose_icon(self, icon: etree._Element) -> str:
        """An icon outside a table whose name says yes or no, as a placeholder that
        `contrasted_icons` writes as ✓ or ✗; not one inside a link, which is a button (a
        share link's X logo, a close button)."""
        mark = loose_icon(icon)
        if not mark:
            return ""
        holder = nearest_ancestor(icon, _LINK_STOPS, self._link_block)
        if holder is not None and holder.tag == "a":
            return ""
        self._loose_icons = True
        return YES_ICON if mark == YES_MARK else NO_ICON

    def _time(self, element: etree._Element, depth: int) -> str:
        """A relative time ("5 years ago", "yesterday") with the date it stands for.

        The page was rendered long before the model reads it: "3 hours ago" read now is wrong.
        """
        text = self._contents(element, depth)
        value = (element.get("datetime") or "").strip()
        date = _MACHINE_DATE.match(value)
        if date is None or not _RELATIVE_TIME.search(text) or _WRITTEN_DATE.search(text):
            # A written date, or a time of day alone, is left as it is: the machine value is
            # often UTC, a day off from an evening written in the page's own zone.
            return text
        if _WRITTEN_CLOCK.search(text) and (utc := _UTC_VALUE.match(value)):
            # "9:42 p.m. ET 7 min ago": the UTC date alone (the next day) would contradict the
            # written time; the UTC time with it does not.
            return f"{text} ({date[0]} {utc[1]} UTC)"
        return f"{text} ({date[0]})"

    # -- blocks ------------------------------------------------------------------------------

    def _heading(self, element: etree._Element, level: int, depth: int) -> str:
        if self._cells_open:
            # In a grid cell (a column title written as <h4>) a heading is a label: no marks.
            return f"\n\n{self._contents(element, depth)}\n\n"
        if self._asides_open:
            # An aside is its own outline (an infobox's "Voiced by", a note's "Caution"): as a
            # document heading, the article text after the aside read as that section's.
            label = collapse(self._contents(element, depth)).strip()
            return f"\n\n{wrap(label, '**')}\n\n" if label else ""
        if len(element) and any(True for _ in element.iterdescendants(*_HEADINGS)):
            return self._heading_holding_headings(element, level, depth)
        return _heading_line(collapse(self._contents(element, depth)).strip(), level)

    def _heading_holding_headings(self, element: etree._Element, level: int, depth: int) -> str:
        """libxml2 nests `<h1>Title<h2>Sub</h2></h1>` where HTML5 closes the h1 at the h2.

        What comes before the first inner heading is this heading; the rest follows as the
        blocks it is, so the inner heading keeps its own line and level.
        """
        head = [collapse(element.text or "")]
        rest: list[str] = []
        target = head
        for child in element:
            if target is head and _holds_heading(child):
                target = rest
            target.append(self._element(child, depth + 1))
            if child.tail:
                target.append(collapse(child.tail))
        return _heading_line(collapse("".join(head)).strip(), level) + "".join(rest)

    def _cell_image(self, element: etree._Element) -> str:
        """The label of an image that is all its table cell says (a forecast's "Sunny", a
        flag's "France"): as nothing the cell read empty. Not beside text in the cell."""
        if element.tag != "img":
            return ""
        cell = next(element.iterancestors("td", "th"), None)
        if cell is None or self._stats.text.get(cell, 0):
            return ""
        label = image_label(element)
        row = cell.getparent()
        if label and row is not None:
            row_text = self._row_texts.get(row)
            if row_text is None:  # read once per row, however many images it holds
                row_text = self._row_texts[row] = collapse(string_value(row)).lower()
            if label.lower() in row_text:
                return ""  # a book's cover beside its title: said already
        return label

    def _nested_block(self, element: etree._Element, depth: int) -> str:
        """A list, quote or definition list; past `MAX_BLOCK_NESTING` of them, plain blocks."""
        if self._blocks_open >= MAX_BLOCK_NESTING:
            return f"\n\n{self._contents(element, depth)}\n\n"
        self._blocks_open += 1
        try:
            if element.tag in ("blockquote", "div"):
                return self._blockquote(element, depth)
            if element.tag == "dl":
                return self._definition_list(element, depth)
            return f"\n\n{self._list(element, element.tag == 'ol', depth)}\n\n"
        finally:
            self._blocks_open -= 1

    def _list(self, element: etree._Element, ordered: bool, depth: int) -> str:
        reversed_order = ordered and element.get("reversed") is not None
        number = start_number(element, reversed_order)
        counted = None if ordered else counting_style(element)  # a `<ul>` numbered by CSS
        style = list_style(element) if ordered else counted or "1"
        ordered = ordered or counted is not None
        step = -1 if reversed_order else 1
        items: list[str] = []
        indent = INDENT * 2
        # Text and elements standing in the list outside any <li> (invalid, but browsers show
        # them), gathered until the next item so inline pieces stay on one line.
        loose = [collapse(element.text or "")]
        lines: list[tuple[int, str, str]] = []  # one-line items: (place in items, marker, text)
        for child in element:
            tag = child.tag
            if tag == "li":
                _flush_loose(loose, items)
                if ordered:
                    number = item_number(child, number)
                body = normalise(self._contents(child, depth + 1))
                if body:
                    marker = f"{counter(number, style)}." if ordered and style != "none" else "-"
                    indent = INDENT * (len(marker) + 1)
                    if "\n" not in body:
                        lines.append((len(items), marker, body))
                    items.append(_hang(body, f"{marker} ", indent))
                number += step  # an empty item still takes its number, as in a browser
            elif tag in _LIST_TAGS and items:
                # A list written straight inside a list (no <li> around it): browsers indent it
                # under the item before, and so do we.
                _flush_loose(loose, items)
                nested = normalise(self._element(child, depth + 1))
                if nested:
                    items.append(_hang(nested, indent, indent))
            elif isinstance(tag, str):
                loose.append(self._element(child, depth + 1))
            if child.tail:
                loose.append(collapse(child.tail))
        _flush_loose(loose, items)
        if len(lines) >= _ALIKE_ITEMS and "**" in lines[0][2]:
            _unbold_alike(items, lines)
        return "\n".join(items)

    def _definition_list(self, element: etree._Element, depth: int) -> str:
        """`Term: definition`, one per line, when both are short text.

        As separate blocks a spec list ("Bluetooth", "Yes", "Wi-Fi", "Yes") loses which value
        belongs to which term, and the second "Yes", a repeated block, would be dropped. Terms
        written one after another share the definitions after them (`Size / Fit: Regular`),
        and a term's several definitions share its line (`Colour: Red; Blue`).
        """
        blocks: list[str] = []
        terms: list[str] = []  # the group's terms, then its definitions
        definitions: list[str] = []
        # The group's terms had a definition of their own, empty: they share none with the
        # terms after them (a shop's `<dt>SKU:</dt><dd></dd>` read "SKU / Width: 4.00 (in)").
        defined_empty = False
        for item in definition_items(element):
            if isinstance(item, str):  # stray text between the items
                definition_group(terms, definitions, blocks)
                if text := collapse(item).strip():
                    blocks.append(text)
                continue
            if item.tag == "dt" and SIGNATURE_CLASSES.intersection(class_tokens(item)):
                # Sphinx's API signature (`<dt class="sig">`): code, not a sentence. Rendered
                # inline, its parameters came out emphasised and its `*args` read as markup.
                body = inline_code(signature_text(item))
            else:
                body = normalise(self._element(item, depth + 1))
            if item.tag == "dt":
                if definitions or defined_empty:  # a new group begins
                    definition_group(terms, definitions, blocks)
                    defined_empty = False
                if body:
                    terms.append(body)
            elif body:
                definitions.append(body)
            elif item.tag == "dd" and terms and not definitions:
                defined_empty = True
        definition_group(terms, definitions, blocks)
        return "\n\n" + "\n\n".join(blocks) + "\n\n"

    def _blockquote(self, element: etree._Element, depth: int) -> str:
        body = normalise(self._contents(element, depth))
        if not body:
            return ""
        quoted = "\n".join(f"> {line}" if line else ">" for line in body.split("\n"))
        return f"\n\n{quoted}\n\n"

    def _is_link_feed(self, pre: etree._Element) -> bool:
        """A `pre` that is links and images, not code: a social feed (Smash Balloon's
        Instagram posts) the page wraps in `<pre>`, or in `<code>` alone in its paragraph
        (`coderepairs.py` makes that a `pre`). Most of its text is link text, and none of it
        has the brackets, braces, semicolons or operators of code: a signature whose type
        names are links (`String valueOf(Object obj)`) stays code."""
        text = self._stats.text.get(pre, 0)
        if not text or self._stats.link_text.get(pre, 0) < _FEED_LINK_SHARE * text:
            return False
        # Inside a feed, the text holds no code punctuation: searched again for each of 190
        # nested `pre`s, it cost 190 times their text.
        return self._lines_kept > 0 or _CODE_PUNCTUATION.search(string_value(pre)) is None

    def _code_block(self, element: etree._Element) -> str:
        code = code_text(element).strip("\n")
        if not code.strip() or is_line_number_gutter(element, code):
            return ""
        self._code_blocks.append((code_language(element), code))
        return f"\n\n{CODE_OPEN}{len(self._code_blocks) - 1}{CODE_CLOSE}\n\n"

    def _table(self, table: etree._Element, depth: int) -> str:
        rows = table_rows(table)
        indent = indent_of(rows, self._stats)
        if indent is not None:
            return self._indented(table, rows[0], indent, depth)
        equations = equation_lines(rows, self._stats)
        if equations is not None:
            # Its caption leads, as a grid's does ("Table 2: Update rules" was dropped).
            before = self._outside_cells(table, depth)
            return before + "\n\n" + "\n\n".join(equations) + "\n\n"
        ranked = ranked_items(rows, self._stats)
        if ranked is not None:
            items, after = ranked
            return (
                self._outside_cells(table, depth)
                + self._ranked(items, depth)
                + "".join(self._cells_as_blocks(row, depth) for row in after)
            )
        if is_layout_table(table, rows, self._stats):
            return f"\n\n{self._contents(table, depth)}\n\n"
        # What sits in the table but in no cell goes before it, as an HTML5 parser would put it
        # (libxml2 leaves it inside, where a grid has no place for it); the caption leads.
        before = self._outside_cells(table, depth)
        cells = unmarked_alike(
            [
                row
                for row in grid(rows, [[self._cell(c, depth) for c in row] for row in rows])
                if any(row)
            ]
        )
        if not cells:
            return before
        width = max(len(row) for row in cells)
        placed = sum(len(row) for row in cells)
        # Short rows are padded to the full width, unless that would multiply the table (one
        # row of thousands of cells over thousands of short rows): GFM reads a short row as
        # ending in empty cells anyway, so only the header row must be complete.
        padded = cells if len(cells) * width - placed <= PADDING_PER_CELL * placed else cells[:1]
        lines = [table_row(row + [""] * (width - len(row))) for row in padded]
        lines.extend(table_row(row) for row in cells[len(padded) :])
        lines.insert(1, "|" + "---|" * width)
        return before + "\n\n" + "\n".join(lines) + "\n\n"

    def _ranked(self, items: list[RankedItem], depth: int) -> str:
        """A ranked list drawn as a table (`tables.ranked_items`) as the numbered list it is:
        each entry's title cells on its line, the row under it on the next, hung under it."""
        lines: list[str] = []
        for item in items:
            title = " ".join(filter(None, (self._inline_cell(c, depth) for c in item.cells)))
            under = " ".join(filter(None, (self._inline_cell(c, depth) for c in item.under)))
            marker = f"{item.rank}."
            body = f"{title}\n{under}" if under else title
            lines.append(_hang(body, f"{marker} ", INDENT * (len(marker) + 1)))
        return "\n\n" + "\n".join(lines) + "\n\n"

    def _inline_cell(self, cell: etree._Element, depth: int) -> str:
        """A cell's content on one line (its pipes not yet escaped for a grid row)."""
        self._cells_open += 1
        try:
            text = collapse(normalise(self._contents(cell, depth + 1)).replace(INDENT, ""))
        finally:
            self._cells_open -= 1
        # A line cannot hold a fenced block: code in a cell becomes inline code.
        text = _CODE_PLACEHOLDER.sub(lambda m: inline_code(self._code_blocks[int(m[1])][1]), text)
        return text.strip()

    def _outside_cells(self, table: etree._Element, depth: int) -> str:
        return "".join(
            f"\n\n{collapse(piece)}\n\n"
            if isinstance(piece, str)
            else self._element(piece, depth + 1)
            for piece in outside_cells(table)
        )

    def _indented(
        self, table: etree._Element, row: list[etree._Element], indent: float, depth: int
    ) -> str:
        """A one-row table indented by a spacer cell (`threads.py`): a comment of a thread.

        Its cells after the spacer are blocks; among comments of other indents, a list item
        nested by its level (at most `MAX_BLOCK_NESTING` deep), so replies stay under what
        they answer.
        """
        before = self._outside_cells(table, depth)
        level = self._threads.level(table, indent)
        if level is None or self._blocks_open >= MAX_BLOCK_NESTING:
            # Past `MAX_BLOCK_NESTING` (comments nested in comments' cells), plain blocks: each
            # level re-formats all the Markdown inside it.
            return f"{before}\n\n{self._cells_as_blocks(row[1:], depth)}\n\n"
        self._blocks_open += 1
        try:
            body = normalise(self._cells_as_blocks(row[1:], depth))
        finally:
            self._blocks_open -= 1
        if not body:
            return before
        margin = INDENT * (2 * min(level, MAX_BLOCK_NESTING))
        return f"{before}\n\n{_hang(body, f'{margin}- ', margin + INDENT * 2)}\n\n"

    def _cells_as_blocks(self, cells: list[etree._Element], depth: int) -> str:
        return "".join(self._element(cell, depth + 1) for cell in cells)

    def _cell(self, cell: etree._Element, depth: int) -> str:
        return self._inline_cell(cell, depth).replace("|", "\\|")

    # -- inline ------------------------------------------------------------------------------

    def _link(self, element: etree._Element, depth: int) -> str:
        text = self._contents(element, depth)
        if (
            is_permalink_mark(element, text)
            or is_thread_control(element, text)
            or is_skip_link(element, text)
        ):
            return ""
        if is_note_reference(element, text, self._targets.anchor_here(element.get("href") or "")):
            return note_mark(element, text.strip())
        contact = contact_url(element.get("href") or "")
        if contact is not None:
            return self._targets.linked(text, contact)
        if is_paid_link(element.get("rel") or "") or is_affiliate_link(element.get("href") or ""):
            return text
        # Collapsed once: a link around a card measures all the card's text, at each level of
        # links nested in links.
        # A link wrapped around blocks (a card's picture and heading) is in no sentence,
        # however much text the list item or cell around it holds.
        collapsed = (
            None if "\n\n" not in text and self._targets.in_prose(element) else collapse(text)
        )
        if (
            collapsed is not None
            and not self._targets.is_item_title(element, collapsed)
            and not DOCUMENT.search(element.get("href") or "")
            and element.get(CARD_LINK) is None
            and not self._targets.is_card_title(text)
        ):
            # Menus, cards and bare link lists: the label is content, the target mostly noise.
            return text
        url = self._targets.url(element.get("href") or "")
        if url is None:
            return text
        return self._targets.linked(text, url, collapsed)


def _emoji_alt(image: etree._Element) -> str:
    """An emoji drawn as an image (WordPress and Twitter swap every emoji for one) is text.

    Other images are dropped: their alt text is mostly "logo", "icon" or a file name.
    """
    alt = (image.get("alt") or "").strip()
    if (
        alt
        and len(alt) <= _MAX_EMOJI_CHARS
        and all(unicodedata.category(c) in _EMOJI_CATEGORIES for c in alt)
    ):
        return alt
    return ""


_MAX_EMOJI_CHARS: Final = 8  # flags, skin tones and families are several code points
# Symbols, plus the joiners and selectors that compose emoji sequences.
_EMOJI_CATEGORIES: Final = frozenset({"So", "Sk", "Cf", "Mn"})


# Where the walk up from an icon stops, asking whether it is in a link.
_LINK_STOPS: Final = BLOCK_TAGS | {"a"}


# A post's message written in a `blockquote` by forum software: vBulletin 4's
# `blockquote.postcontent`, XenForo 1's `blockquote.messageText`. Read as a quotation, every
# post was one, and a quote inside it ran on into the reply at the same level.
_POST_BODY_WORDS: Final = frozenset(
    {"postcontent", "postbody", "posttext", "messagetext", "messagebody", "messagecontent"}
)
_POST_BODY_PAIRS: Final = frozenset(
    {("post", "content"), ("post", "body"), ("post", "text"), ("message", "text"),
     ("message", "body"), ("message", "content")}
)  # fmt: skip


def _is_post_body(blockquote: etree._Element) -> bool:
    classes = blockquote.get("class")
    if not classes:
        return False
    words = [word for word in re.split(r"[^a-z0-9]+", classes.lower()) if word]
    return not _POST_BODY_WORDS.isdisjoint(words) or not _POST_BODY_PAIRS.isdisjoint(
        pairwise(words)
    )


def _is_bbcode_quote(element: etree._Element) -> bool:
    """A forum's quote of another post drawn with divs named after BBCode's `[quote]`
    (vBulletin's `bbcode_quote`): a quotation, as a `blockquote` is."""
    classes = element.get("class")
    if not classes or "uote" not in classes:
        return False  # most divs: spare the split
    words = [word for word in re.split(r"[^a-z0-9]+", classes.lower()) if word]
    if "bbcodequote" not in words and ("bbcode", "quote") not in pairwise(words):
        return False
    # XenForo 1 puts a `blockquote` inside: that one marks the quote.
    return element.find(".//blockquote") is None


def _heads_quote(cite: etree._Element) -> bool:
    """Whether `cite` is the first thing in a `blockquote` (within a few wrappers), where a
    forum writes who is quoted: "alice wrote:"."""
    node = cite
    for _ in range(_QUOTE_HEAD_LEVELS):
        parent = node.getparent()
        if parent is None or node.getprevious() is not None or (parent.text or "").strip():
            return False
        if parent.tag == "blockquote":
            return True
        node = parent
    return False


_QUOTE_HEAD_LEVELS: Final = 3


def _without_separator(text: str) -> str | None:
    """`text` without the separator it ends with (`alice 2 hours ago |`), None when it ends
    with none. Read from the end: a regex search for it would try each position of a long
    blank run (a rendering of thousands of `<br>`) in turn, quadratic in its length."""
    stripped = text.rstrip()
    if stripped[-1:] not in _SEPARATORS:
        return None
    return stripped[:-1].rstrip()


# Separators between a thread's controls (`linkmarks.py`) and what stands before or after them.
_SEPARATORS: Final = ("|", "·", "•")
_SEPARATOR_START: Final = re.compile(r"^\s*[|·•]\s*")


def _collapse_within_lines(text: str) -> str:
    return _SPACES_IN_LINE.sub(" ", text)


_SPACES_IN_LINE: Final = re.compile(r"[^\S\n]+")
# A `pre` with this share of its text in links, and no character of code, is no code.
_FEED_LINK_SHARE: Final = 0.6
_CODE_PUNCTUATION: Final = re.compile(r"[(){}\[\];=<>$\\]")


def _has_ruby_parentheses(annotation: etree._Element) -> bool:
    """Whether a ruby annotation (`<rt>`) has the page's own `<rp>` parentheses beside it."""
    return any(
        neighbour is not None and neighbour.tag == "rp"
        for neighbour in (annotation.getprevious(), annotation.getnext())
    )


def _flush_loose(loose: list[str], items: list[str]) -> None:
    if any(piece.strip() for piece in loose):  # nearly always nothing: spare the normalising
        text = normalise("".join(loose))
        if text:
            items.append(text)
    loose.clear()


# A list's items are bold alike when at least this many are, all of them.
_ALIKE_ITEMS: Final = 2
# Text that opens a block at a line's start (a list, heading, quote, rule, fence, table, HTML):
# bold before it kept it text.
_OPENS_BLOCK: Final = re.compile(r"[-+*#>=|<`~_]|\d{1,9}[.)](?:\s|$)")


def _unbold_alike(items: list[str], lines: list[tuple[int, str, str]]) -> None:
    """Every item of a list bold over all its text, alike (`- **Plan your time.**`), as plain
    items: bold on each singles none out. Only when every item is one line, as `lines`
    holds them, and none would open a block without its marks (`- **1. Plan**`)."""
    if len(lines) != sum(1 for item in items if item):
        return  # an item of several lines, or text between items
    plain = [unbolded(text) for _, _, text in lines]
    if not all(text and not _OPENS_BLOCK.match(text) for text in plain):
        return
    for (place, marker, _), text in zip(lines, plain, strict=True):
        items[place] = f"{marker} {text}"


def _hang(body: str, first: str, rest: str) -> str:
    """`body`'s lines, the first after `first` and the others after `rest` (blank lines dropped)."""
    lines = [line for line in body.split("\n") if line]
    return "\n".join([f"{first}{lines[0]}", *(f"{rest}{line}" for line in lines[1:])])


def _heading_line(text: str, level: int) -> str:
    # A heading of nothing but invisible characters (zero-width spaces a builder left in an
    # emptied title) is no heading: the final normalisation removes them, and a bare "##"
    # stood on its line, a title of nothing.
    if not text or not normalise(text):
        return ""
    # `## **Title**`, `## **9.** **Dailylook**`, `## [**Title**](url)`: a heading is emphasis
    # already; marks over all its words are tokens that say nothing.
    if emphasised := emphasis_over_all(text):
        text = emphasised[1]
    if len(text) > MAX_INLINE_CHARS:
        return f"\n\n{text}\n\n"
    return f"\n\n{'#' * level} {text}\n\n"


def _holds_heading(element: etree._Element) -> bool:
    return element.tag in _HEADINGS or any(True for _ in element.iterdescendants(*_HEADINGS))
