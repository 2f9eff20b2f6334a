"""Repairs to the parsed tree, made before its non-content elements are stripped.

What the stripping would lose or misread is put right first, while the elements that show it
are still there: a table drawn with divs and ARIA roles, a check mark drawn as an `<svg>` in a
table cell, a task list's checkbox, code
written without `<pre>`, line numbers printed inside code, a `<button>` libxml2 never closed
around the rest of the page, a `<form>` that only wraps a post. Cloudflare-obfuscated email
addresses are decoded here too (`decode_protected_emails`, which the pipeline runs after the
stripping, and only on pages that have them: its search walks the whole tree), and so is a
Shopify price block reduced to the part its state shows (`shown_price_parts`, likewise).
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.icons import MARK_HINT, loose_icon
from dsh.tool_web.markdown.links import CARD_LINK, MAX_URL_CHARS
from dsh.tool_web.markdown.stats import text_without_whitespace
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import (
    HEADING_TAGS,
    attributes_found,
    class_tokens,
    find_elements,
    nearest_ancestor,
    nearest_where,
)


def repair_tree(
    root: etree._Element,
    *,
    aria_tables: bool = True,
    figures: bool = True,
    disclosure_links: bool = True,
    split_prices: bool = True,
) -> None:
    """Run every repair, in order, on the whole parsed tree (`aria_tables`: the source has
    ARIA table roles, so the whole-tree search for them is worth its cost; `figures`: it has
    `<figure>` elements, which may be embedded or bookmark cards; `disclosure_links`: it says
    `aria-controls` or `collapse`, so links may open panels; `split_prices`: it names a
    fraction, cents or decimals in a class, so a price may be split in blocks)."""
    if aria_tables:
        _aria_tables_as_tables(root)  # first: the cell rules below and later apply to them
    if figures:
        _cards_as_links(root)  # before the iframes go
    _cell_svgs_as_icons(root)
    _task_checkboxes_as_marks(root)
    _broken_code_as_blocks(root)
    _inline_line_numbers_dropped(root)
    _buttons_holding_blocks_as_divs(root)
    _disclosure_buttons_as_labels(root)
    if disclosure_links:
        _disclosure_links_as_labels(root)
    _forms_without_controls_as_wrappers(root)
    if split_prices:
        _split_prices_joined(root)


# A table drawn with divs and ARIA roles (Tailwind-style comparison matrices, data grids):
# read as text, "Storage" ran into "5 GB", values kept only their order, and the check marks
# and screen-reader "Yes"/"No" that the table rules read in cells (`icons.py`, the furniture
# pass's screen-reader cells) vanished. Given table tags, the table rules apply unchanged.
_CELL_TAGS: Final = {"cell": "td", "gridcell": "td", "rowheader": "th", "columnheader": "th"}


def _aria_tables_as_tables(root: etree._Element) -> None:
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


# A figure that previews another page: Ghost's bookmark card (`kg-bookmark-card`: a link
# wrapped around the page's title, description and publisher), its embed card, WordPress's
# embed block (`wp-block-embed`: a post's link in a `blockquote` beside the iframe that shows
# it, or a video's or podcast's iframe alone). The title read as a line of the article, or the
# iframe went with nothing in its place: the model could not follow it.
_CARD_FIGURES: Final = etree.XPath(
    ".//figure[contains(@class, 'embed') or contains(@class, 'bookmark')]"
)
_CARD_WORDS: Final = frozenset({"embed", "bookmark"})
_CLASS_WORDS: Final = re.compile(r"[a-z0-9]+")
_FRAME_SOURCES: Final = ("src", "data-src", "data-lazy-src")
_CARD_LOOKAHEAD: Final = 32  # a card's title and link are near its top


def _cards_as_links(root: etree._Element) -> None:
    """An embedded or bookmark card's target becomes a link on its title, marked so that its
    target is shown (`links.CARD_LINK`): a link wrapped around the card's blocks moves onto
    its first text, a lone link in a `blockquote` (the iframe's fallback) stays one in a
    block, and an iframe alone becomes a link named by its `title`."""
    for figure in find_elements(_CARD_FIGURES, root):
        if _CARD_WORDS.isdisjoint(_CLASS_WORDS.findall((figure.get("class") or "").lower())):
            continue  # `embedded-image`, `bookmarks`
        parts = list(itertools.islice(figure.iter("a", "iframe"), _CARD_LOOKAHEAD))
        link = next((a for a in parts if a.tag == "a" and _is_page_link(a.get("href"))), None)
        if link is not None:
            # A rich embed's own text (a tweet, a TikTok caption) links its author first: only
            # a link that is the card (wrapped around it, or all its block says) is its target.
            if any(child.tag in _CARD_BLOCKS for child in link) or _is_all_of_parent(link):
                _mark_card_link(link)
            continue
        frame = next((f for f in parts if f.tag == "iframe"), None)
        source = "" if frame is None else _frame_source(frame)
        if frame is None or not source:
            continue
        card = etree.Element("p")
        link = etree.SubElement(card, "a", {"href": source, CARD_LINK: ""})
        link.text = " ".join((frame.get("title") or "").split()) or source
        card.tail = frame.tail
        parent = frame.getparent()
        if parent is not None:
            parent.replace(frame, card)


def _is_page_link(href: str | None) -> bool:
    return href is not None and href.strip() != "" and not href.startswith(_NOT_PAGES)


_NOT_PAGES: Final = ("#", "javascript:", "mailto:", "tel:")


def _is_all_of_parent(link: etree._Element) -> bool:
    parent = link.getparent()
    return (
        parent is not None
        and len(parent) == 1
        and not (parent.text or "").strip()
        and not (link.tail or "").strip()
    )


def _frame_source(frame: etree._Element) -> str:
    """The page an iframe shows: its `src`, or a lazy loader's `data-src` while `src` is a
    placeholder (`about:blank`, a data URL); without the player's options (`?feature=oembed`,
    `&enablejsapi=1&origin=…`), which made a video's address too long to show."""
    for attribute in _FRAME_SOURCES:
        value = (frame.get(attribute) or "").strip()
        if value.startswith(("http://", "https://", "//")):
            source = value.split("?", 1)[0].split("#", 1)[0]
            return source if len(source) <= MAX_URL_CHARS else ""
    return ""


def _mark_card_link(link: etree._Element) -> None:
    """Mark `link` as its card's target; wrapped around blocks, it moves onto the first text
    in them (the card's title), and the blocks stay as they are."""
    title = next(
        (
            element
            for element in itertools.islice(link.iter(), _CARD_LOOKAHEAD)
            if element is not link and (element.text or "").strip()
        ),
        None,
    )
    if title is None or not any(child.tag in _CARD_BLOCKS for child in link):
        link.set(CARD_LINK, "")
        parent = link.getparent()
        if parent is not None and parent.tag == "blockquote" and _is_all_of_parent(link):
            parent.tag = "div"  # the iframe's fallback, not a quotation
        return
    inner = etree.Element("a", {"href": link.get("href") or "", CARD_LINK: ""})
    inner.text, title.text = title.text, None
    inner.extend(list(title))
    title.append(inner)
    link.tag = "div"
    for attribute in list(link.attrib):
        del link.attrib[attribute]


_CARD_BLOCKS: Final = frozenset({"div", "p", "section", "header", "footer", *HEADING_TAGS})


_XLINK_HREF: Final = "{http://www.w3.org/1999/xlink}href"


def _cell_svgs_as_icons(root: etree._Element) -> None:
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
def _task_checkboxes_as_marks(root: etree._Element) -> None:
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


# Code written as `<code>` with `<br>` line breaks (Blogger, older WordPress plugins, forum
# archives), or with its own newlines kept by `white-space: pre` (a stylesheet usually says
# so; an inline style sometimes): alone in its block it is a code block, not inline code run
# into one line (the loop body and the call after it read as one statement).
def _broken_code_as_blocks(root: etree._Element) -> None:
    # A block's children with text, the first two at most (computed once per block: a block
    # of thousands of `<code>` asked the same for each).
    texts_in: dict[etree._Element, list[etree._Element]] = {}
    for code in list(root.iter("code")):
        parent = code.getparent()
        if parent is None or (code.tail or "").strip() or (parent.text or "").strip():
            continue
        if parent not in texts_in:
            with_text = (
                child for child in parent if text_without_whitespace(child, with_tail=True)
            )
            texts_in[parent] = list(itertools.islice(with_text, 2))
        if any(child is not code for child in texts_in[parent]):
            continue  # not alone in its block
        if any(True for _ in code.iterancestors("pre")) or not _has_lines(code):
            continue
        code.tag = "pre"


def _has_lines(code: etree._Element) -> bool:
    if code.find("br") is not None:
        return True
    text = string_value(code).strip()
    if "\n" not in text:
        return False
    return "white-space:pre" in (code.get("style") or "").replace(" ", "") or text.count("\n") >= 2


# Line numbers printed inside the code itself (Chroma's `<span class="ln">1</span>`, Pygments'
# `linenos=inline`, highlight.js plugins): kept, every line began with its number ("1import os").
_LINE_NUMBER_CLASSES: Final = frozenset(
    {"ln", "lnt", "linenos", "lineno", "line-number", "line-numbers", "hljs-ln-numbers", "gutter",
     "codelinenumber"}
)  # fmt: skip


def _inline_line_numbers_dropped(root: etree._Element) -> None:
    for pre in root.iter("pre"):
        if any(True for _ in pre.iterancestors("pre")):
            continue  # looked through with the block around it, not once per level
        numbers = [
            e
            for e in pre.iter("span", "td", "div")
            # CSS modules suffix a hash: Docusaurus writes `codeLineNumber_Tfdd`.
            if not _LINE_NUMBER_CLASSES.isdisjoint(
                token.split("_")[0].lower() for token in class_tokens(e)
            )
            and string_value(e).strip().isdigit()
        ]
        for number in numbers:
            # Emptied in place, its tail (the line's code) where it was: moving each tail onto
            # the text before would copy the growing text once per line.
            for child in list(number):
                number.remove(child)
            number.text = None
        # A list of the lines' numbers beside the code (CSDN's `ul.pre-numbering`, which
        # libxml2 puts right after the `pre`): as a list after the code block it read
        # "- 1 … - 6". Inside the `pre`, or after it when it numbers as many lines.
        lists = list(pre.iter("ul", "ol"))
        after = pre.getnext()
        if after is not None and after.tag in ("ul", "ol") and not (pre.tail or "").strip():
            lines = string_value(pre).strip("\n").count("\n") + 1
            if abs(len(after) - lines) <= 1:
                lists.append(after)
        for numbering in lists:
            if _counts_lines(numbering):
                numbering.text = None
                for child in list(numbering):
                    numbering.remove(child)


def _counts_lines(numbering: etree._Element) -> bool:
    """Items numbered 1, 2, 3, … and nothing else (an item's own text: lists nested in items
    are not measured again for each level around them)."""
    items = list(numbering)
    return bool(items) and all(
        item.tag == "li" and not len(item) and (item.text or "").strip() == str(line)
        for line, item in enumerate(items, start=1)
    )


# A <button> holding block-level elements is not a label. Either libxml2 never closed it (it
# ignores `</button>` while a `<div>` opened inside is still open, where an HTML5 parser closes
# the button: the rest of the page, article included, then sits inside it), or the page uses
# it as a disclosure header ("Specifications", "Ingredients") whose text is content.
# Measured on WCXB dev: four article pages of one publisher family lost their whole text.
_BLOCKS_IN_BUTTONS: Final = (
    "div", "p", "ul", "ol", "table", "section", "article", "main",
    "h1", "h2", "h3", "h4", "h5", "h6",
)  # fmt: skip


def _buttons_holding_blocks_as_divs(root: etree._Element) -> None:
    for button in list(root.iter("button")):
        if next(button.iter(*_BLOCKS_IN_BUTTONS), None) is not None:
            button.tag = "div"


# A button that opens the panel right after it (WAI-ARIA's disclosure and accordion patterns:
# Bootstrap's `accordion-button`, USWDS, hand-built FAQs), or that is all of a heading's text, is
# the label of the content it shows: an FAQ's question. Dropped as a form control, the answers
# stood without their questions. A button that opens something elsewhere (a filter drawer, a
# menu), one beside a heading's text ("Copy item path", "Expand all", a permalink), and any
# button in the site's header, navigation, footer or sidebar (its labels would make a menu look
# like content) stay controls.
_SITE_FURNITURE: Final = ("nav", "header", "footer", "aside", "menu")
# How far up from the button its heading or its panel's neighbour is looked for: the button is
# the heading's child or sits in a wrapper or two. Looked no further, so many buttons under deep
# nesting cost no walk to the root each (and a page that libxml2 left inside an unclosed heading
# does not make every button a label).
_LABEL_REACH: Final = 3


def _disclosure_buttons_as_labels(root: etree._Element) -> None:
    heading_texts: dict[etree._Element, str] = {}  # measured once however many buttons it holds
    labels = [
        button
        for button in root.iter("button")
        if _is_heading_text(button, heading_texts)
        or _opens_the_panel_after_it(button)
        or _is_link_in_a_line(button)
    ]
    if not labels:
        return
    in_furniture = _controls_in_site_furniture(root, "button")
    for button in labels:
        if button not in in_furniture and button.get("aria-haspopup") in (None, "false"):
            button.tag = "span"


# A link that opens the panel right after it is that panel's label, as such a button is:
# Bootstrap 3's accordion writes each question as `<a data-toggle="collapse" href="#c1"
# aria-controls="c1">`, alone in a heading in its `panel-heading`, a block of nothing but link
# text that link-block pruning dropped, so the answers stood without their questions. Only a
# link to the page itself (a fragment, or no target): one to another page stays a link.
def _is_disclosure_link(link: etree._Element) -> bool:
    return (
        link.get("aria-controls") is not None
        or link.get("data-toggle") == "collapse"
        or link.get("data-bs-toggle") == "collapse"
    )


def _disclosure_links_as_labels(root: etree._Element) -> None:
    labels = []
    # The links found by their tag in C and tested here: an XPath predicate on every link
    # (`//a[@aria-controls or …]`) cost half as much again.
    for link in [link for link in root.iter("a") if _is_disclosure_link(link)]:
        href = (link.get("href") or "").strip()
        if href and not href.startswith(("#", "javascript:")):
            continue
        controls = (link.get("aria-controls") or "").split()
        if href.startswith("#") and len(href) > 1:
            controls.append(href[1:])
        if _opens_the_panel_after_it(link, controls):
            labels.append(link)
    if not labels:
        return
    in_furniture = _controls_in_site_furniture(root, "a")
    for link in labels:
        if link not in in_furniture and link.get("aria-haspopup") in (None, "false"):
            link.tag = "span"
            if "href" in link.attrib:
                del link.attrib["href"]


def _is_heading_text(button: etree._Element, heading_texts: dict[etree._Element, str]) -> bool:
    ancestors = itertools.islice(button.iterancestors(), _LABEL_REACH)
    heading = next((a for a in ancestors if a.tag in HEADING_TAGS), None)
    if heading is None:
        return False
    if heading not in heading_texts:
        heading_texts[heading] = text_without_whitespace(heading, with_tail=False)
    text = text_without_whitespace(button, with_tail=False)
    return bool(text) and text == heading_texts[heading]


def _is_link_in_a_line(button: etree._Element) -> bool:
    """A button the page marks as a link (`role="link"`) that is part of a line of text: a
    review summary's "**Handles frozen ingredients**: Effectively blends frozen fruit", the
    label a script turns into a link to the reviews saying it. Dropped as a control, the line
    read ": Effectively blends …"."""
    if (button.get("role") or "").lower() != "link":
        return False
    parent = button.getparent()
    if parent is None or not _has_text(button):
        return False
    if _has_word(parent.text):
        return True
    return any(
        _has_word(child.tail) or (child is not button and _has_text(child)) for child in parent
    )


# How many elements of a line's part are looked into for a word: the text beside a button
# opens its part. Not their whole text: nested parents each holding such a button would
# measure the same megabytes once per level.
_LINE_LOOKAHEAD: Final = 16


def _has_text(element: etree._Element) -> bool:
    """Whether a word stands among the first elements of `element` (its tail aside)."""
    for index, node in enumerate(itertools.islice(element.iter(), _LINE_LOOKAHEAD)):
        if _has_word(node.text if isinstance(node.tag, str) else None):
            return True
        if index and _has_word(node.tail):
            return True
    return False


def _has_word(text: str | None) -> bool:
    return text is not None and text != "" and not text.isspace()


def _opens_the_panel_after_it(button: etree._Element, controls: list[str] | None = None) -> bool:
    """Whether the element right after `button` (or after one of its nearest ancestors) is a
    panel it controls: one of `controls`' ids, by default its `aria-controls`."""
    if controls is None:
        controls = (button.get("aria-controls") or "").split()
    if not controls:
        return False
    element: etree._Element | None = button
    for _ in range(_LABEL_REACH):
        if element is None:
            return False
        following = element.getnext()
        if following is not None and following.get("id") in controls:
            return True
        element = element.getparent()
    return False


def _controls_in_site_furniture(root: etree._Element, tag: str) -> set[etree._Element]:
    """The elements of `tag` (buttons, links) inside a `nav`, `header`, `footer`, `aside` or
    `menu`, each element visited once however those nest."""
    controls: set[etree._Element] = set()
    visited: set[etree._Element] = set()
    for container in root.iter(*_SITE_FURNITURE):
        if container in visited:
            continue
        for element in container.iter(tag, *_SITE_FURNITURE):
            (controls if element.tag == tag else visited).add(element)
    return controls


# A <form> with nothing to fill in or press is a wrapper, not a form: old Reddit wraps every
# comment and self-post body in `<form class="usertext">` with only hidden inputs. So is one
# around articles: Invision Community wraps a thread's posts in its moderation form
# (`do=multimodComment`), and with the form went every post, leaving the page's app-install
# and notification help.
_FORM_CONTROLS: Final = ("textarea", "select", "button", "input")


def _forms_without_controls_as_wrappers(root: etree._Element) -> None:
    for form in list(root.iter("form")):
        if _nothing_to_fill_in(form) or next(form.iter("article"), None) is not None:
            form.tag = "div"


def _nothing_to_fill_in(form: etree._Element) -> bool:
    controls = form.iter(*_FORM_CONTROLS)
    return all(c.tag == "input" and (c.get("type") or "").lower() == "hidden" for c in controls)


# Shopify's Dawn theme and the many built on it write every price block with both its parts,
# `price__regular` and `price__sale`, and both badges, and let the block's state class pick
# what is shown (`price--on-sale`: the sale part and the "Sale" badge; `price--sold-out`: the
# "Sold out" badge; otherwise the regular part alone). Without the CSS each card read "Regular
# price $19.99" then "Sale price $19.99 Regular price ~~$19.99~~", a sale that is none, and
# a lone "/" from the unit price left empty and hidden.
_PRICE_PARTS: Final = etree.XPath("//*[contains(@class, 'price__sale')]")
_PRICE_BLOCK_REACH: Final = 2  # the sale part sits in the block's `price__container`


def shown_price_parts(root: etree._Element) -> None:
    """Only the parts of each Dawn-style price block its state shows (call only when the page
    has such blocks: the search walks the whole tree)."""
    done: set[etree._Element] = set()
    for sale in find_elements(_PRICE_PARTS, root):
        if "price__sale" not in class_tokens(sale):
            continue
        block = _price_block(sale)
        if block is None or block in done:
            continue
        done.add(block)
        state = class_tokens(block)
        on_sale = "price--on-sale" in state
        hidden = {"price__regular", "price__badge-sold-out"} if on_sale else {"price__sale"}
        if not on_sale:
            hidden.add("price__badge-sale")
        if "price--sold-out" in state:
            hidden.discard("price__badge-sold-out")
        elif not on_sale:
            hidden.add("price__badge-sold-out")
        # The parts are the block's children or its container's: two levels, so that each
        # element is looked at for one block only, however the blocks nest.
        parts = [
            part
            for child in block
            for part in (child, *child)
            if isinstance(part.tag, str) and _is_hidden_part(class_tokens(part), hidden)
        ]
        for part in parts:
            drop_keep_tail(part)


def _is_hidden_part(names: list[str], hidden: set[str]) -> bool:
    # A product without a unit price gets an empty `unit-price hidden` line: its lone "/".
    return not hidden.isdisjoint(names) or ("unit-price" in names and "hidden" in names)


def _price_block(sale: etree._Element) -> etree._Element | None:
    node = sale.getparent()
    for _ in range(_PRICE_BLOCK_REACH):
        if node is None:
            return None
        if "price" in class_tokens(node):
            return node
        node = node.getparent()
    return None


# The hiding utility of Bootstrap 3, Foundation and the shop themes built on them (`.hide`:
# `display: none !important`). On a product page the hidden elements are the states the
# shopper has not chosen: another variant's dimensions and custom fields (BigCommerce's
# `productView-info hide`, 90 words of `cat_thumb_…` URLs per colour), "Coming soon" badges
# of products on sale, a seller's listings behind a toggle. Elsewhere a script reveals them
# (read-more text, answers): on articles the truths keep 6,337 of such words against 116
# extra, on product pages 474 against 1,813, hence declared products only.
_HIDE_CLASS: Final = "hide"


def drop_hidden_by_class(root: etree._Element) -> None:
    """Drop the elements classed `hide` (call only on pages that declare a product and whose
    source says `hide`), except one holding the page's first `h1`: each element is looked at
    once."""
    title = next(root.iter("h1"), None)
    holding_title = set(title.iterancestors()) if title is not None else set()
    hidden = [
        element
        for element in root.iter()
        if isinstance(element.tag, str)
        and _HIDE_CLASS in class_tokens(element)
        and element not in holding_title
    ]
    for element in hidden:
        # In document order: an ancestor goes first, and a hidden element inside it is then
        # moved within the removed part only.
        if element.getparent() is not None:
            drop_keep_tail(element)


# A short element a declared product page hides with an inline `display: none`: a state its
# script shows when the shopper does something (Steam's "English and 12 more" banner beside its
# language table, "Sold Out" and "Notify me" beside the price, a cart's error message). A longer
# one is content the page reveals (an accordion's body, a tab's panel), and stays; so does an
# answer under its question (an FAQ's "Q: …?" over its hidden "A: …", which its truths keep).
_INLINE_HIDDEN: Final = re.compile(r"display\s*:\s*none", re.IGNORECASE)
_HIDDEN_STATE_MAX: Final = 200  # characters of text
_HIDDEN_STATE_VISITS: Final = 400  # elements looked at to measure it: more is no short state
_STYLES: Final = etree.XPath("descendant::*/@style")


def drop_hidden_states(root: etree._Element) -> None:
    """Drop the short elements hidden by an inline `display: none` (see above; call only on
    pages that declare a product and whose source says `display`), except one holding the
    page's first `h1`. A dropped element's descendants are not looked at."""
    title = next(root.iter("h1"), None)
    holding_title = set(title.iterancestors()) if title is not None else set()
    # Only the elements with a hiding style are looked at, in document order (found in C: a
    # walk of every element in Python cost 2 % of the renderer's time, on product pages'
    # large trees); one inside an element already dropped (or a cell emptied) is no longer
    # under `root`, which the walk up finds, each element passed on the way remembered.
    dropped: set[etree._Element] = set()
    memo: dict[etree._Element, etree._Element | None] = {}

    def is_stop(node: etree._Element) -> bool:
        return node is root or node in dropped

    for element, style in attributes_found(_STYLES, root):
        if _INLINE_HIDDEN.search(style) is None or element in holding_title:
            continue
        if nearest_where(element, is_stop, memo) is root and _is_hidden_state(element):
            drop_keep_tail(element)
            dropped.add(element)


def _is_hidden_state(element: etree._Element) -> bool:
    style = element.get("style")
    if style is None or _INLINE_HIDDEN.search(style) is None:
        return False
    chars = 0
    for visits, node in enumerate(element.iter()):
        if visits >= _HIDDEN_STATE_VISITS:
            return False
        chars += len((node.text or "").strip()) + (
            len((node.tail or "").strip()) if node is not element else 0
        )
        if chars > _HIDDEN_STATE_MAX:
            return False
    question = element.getprevious()
    while question is not None and not isinstance(question.tag, str):
        question = question.getprevious()
    return question is None or not string_value(question).strip().endswith("?")


# Cloudflare's email obfuscation: the address XOR-ed with the first byte, hex-encoded in
# `data-cfemail` (or after `#` in the link), the text replaced by "[email protected]" until a
# script decodes it. Without the script the model read "email us at [email protected]".
_CLOUDFLARE_EMAILS: Final = etree.XPath(
    "//*[@data-cfemail] | //a[contains(@href, '/cdn-cgi/l/email-protection#')]"
)
_MAX_EMAIL_HEX: Final = 2 * 320


def decode_protected_emails(root: etree._Element) -> None:
    """Cloudflare-obfuscated addresses written out (call only when the page has them: the
    search walks the whole tree)."""
    for element in find_elements(_CLOUDFLARE_EMAILS, root):
        encoded = element.get("data-cfemail") or (element.get("href") or "").partition("#")[2]
        address = _cloudflare_decode(encoded)
        if address is None:
            continue
        if element.get("data-cfemail") is not None or _is_placeholder(element):
            # Only the "[email protected]" placeholder is replaced: a label such as "Dr. Jane
            # Smith" or "our press office" stays, with the address as its mailto: target.
            for child in list(element):
                element.remove(child)
            element.text = address
        if element.tag == "a":
            element.set("href", f"mailto:{address}")
        # The link's inner span carries the code when the link does not.
        parent = element.getparent()
        if (
            parent is not None
            and parent.tag == "a"
            and "email-protection" in (parent.get("href") or "")
        ):
            parent.set("href", f"mailto:{address}")


def _is_placeholder(element: etree._Element) -> bool:
    text = " ".join(string_value(element).split()).lower()
    return text in ("", "[email protected]", "[email\u00a0protected]")


def _cloudflare_decode(encoded: str) -> str | None:
    if not 4 <= len(encoded) <= _MAX_EMAIL_HEX or len(encoded) % 2:
        return None
    try:
        data = bytes.fromhex(encoded)
    except ValueError:
        return None
    key = data[0]
    address = bytes(b ^ key for b in data[1:]).decode("utf-8", "replace")
    if "@" not in address or not address.isprintable() or " " in address:
        return None
    return address


# Text that is nothing but a client-side template's expression (AngularJS's, Vue's, Handlebars'
# `{{ DiscussionBoard.errors[11793116].message }}`): what a script would put there, in an
# element it hides until then (`ng-cloak`, `v-if`). Shown, it is a line of code in the prose.
# Code is left alone: a Django tutorial's `{{ form }}` is what it teaches.
# The elements holding such a text (as their text or a child's tail). Elements, not text
# nodes: libxml2 sorts a set of text nodes into document order in quadratic time. Whether each
# is in code is asked in Python, remembered for its ancestors: as XPath (`ancestor-or-self::pre
# or …`), each walked all its ancestors once per kind of code element (140,000 expressions
# under 250 wrappers: 1.5 s of 2.9 s).
_HOLDS_TEMPLATE_TEXT: Final = etree.XPath("//*[text()[contains(., '{{')]]")
_TEMPLATE_EXPRESSION: Final = re.compile(r"\s*\{\{[^{}]{1,200}\}\}\s*")
_CODE_ELEMENTS: Final = frozenset({"pre", "code", "kbd", "samp", "tt"})


def drop_template_placeholders(root: etree._Element) -> None:
    """Empty the texts that are only a template expression (call only when the page has
    `{{`: the search walks the whole tree, in C)."""
    in_code: dict[etree._Element, etree._Element | None] = {}
    for element in find_elements(_HOLDS_TEMPLATE_TEXT, root):
        if _is_or_inside(element, _CODE_ELEMENTS, in_code):
            continue
        _empty_own_texts(element, _TEMPLATE_EXPRESSION)


# The filler a page template ships with until an editor writes the text: "Lorem ipsum dolor sit
# amet, consectetur adipiscing elit…" under a card's "Heading Line", a wallet shop's dimension
# notes, and "Lorem Ipsum" or "Lorem ipsum 2" as a placeholder title or list item. Left in the
# published page, no reader is meant to read it, and the model read Latin-looking paragraphs as
# the product's description. Only a text that is the filler from its first word ("Lorem ipsum
# dolor…", or the two words alone, a number at most): a sentence about it ("Lorem ipsum is
# placeholder text…") stays, and so does code and a quotation (a typography page shows it).
_HOLDS_FILLER: Final = etree.XPath(
    "//*[text()[contains(., 'orem ipsum') or contains(., 'orem Ipsum')"
    " or contains(., 'OREM IPSUM')]]"
)
_FILLER: Final = re.compile(
    r"\s*lorem ipsum(?: dolor\b.*|\s+\d{1,3})?\s*", re.IGNORECASE | re.DOTALL
)
_QUOTING_ELEMENTS: Final = frozenset({*_CODE_ELEMENTS, "blockquote", "q"})


def drop_filler_text(root: etree._Element) -> None:
    """Empty the texts that are a template's filler (call only when the page says `orem
    ipsum`: the search walks the whole tree, in C)."""
    quoting: dict[etree._Element, etree._Element | None] = {}
    for element in find_elements(_HOLDS_FILLER, root):
        if _is_or_inside(element, _QUOTING_ELEMENTS, quoting):
            continue
        _empty_own_texts(element, _FILLER)


def _empty_own_texts(element: etree._Element, whole: re.Pattern[str]) -> None:
    """Empty `element`'s own texts (its text and its children's tails) that `whole` matches
    whole, keeping the space around them that separates words."""
    if element.text and whole.fullmatch(element.text):
        element.text = _kept_space(element.text)
    for child in element:
        if child.tail and whole.fullmatch(child.tail):
            child.tail = _kept_space(child.tail)


def _is_or_inside(
    element: etree._Element,
    tags: frozenset[str],
    memo: dict[etree._Element, etree._Element | None],
) -> bool:
    """Whether `element` is or is inside an element of `tags`; the nearest one above is
    remembered for each element on the way up (one `memo` per `tags`), so that every element
    is walked past once."""
    return element.tag in tags or nearest_ancestor(element, tags, memo) is not None


def _kept_space(text: str) -> str:
    """What separated the expression from its neighbours."""
    return " " if text[:1].isspace() or text[-1:].isspace() else ""


# Google's Material icon fonts draw an icon from its name written as text (a ligature):
# `<i class="material-icons">check</i>`, `<span class="material-symbols-rounded">close</span>`.
# Read as text, the names ran into the words beside them ("verifiedCite", "navigate_beforeWhy
# Go") and a comparison table said "check" in every cell.
_LIGATURE_ICONS: Final = etree.XPath(
    "//*[contains(@class, 'material-icons') or contains(@class, 'material-symbols')]"
)
_LIGATURE_NAME: Final = re.compile(r"\s*([a-z][a-z0-9_]{0,40})\s*")


def ligature_icons_as_names(root: etree._Element) -> None:
    """A Material icon's name moved from its text to its class, where `icons.py` reads a check
    mark or a cross like any other icon's (call only on pages that use the fonts)."""
    for element in find_elements(_LIGATURE_ICONS, root):
        if len(element) or not any(
            token.startswith(("material-icons", "material-symbols"))
            for token in class_tokens(element)
        ):
            continue
        name = _LIGATURE_NAME.fullmatch(element.text or "")
        if name is None:
            continue
        element.text = None
        # As a class, the name is read like a FontAwesome icon's (`check_circle` is a check).
        if element.tag in ("i", "span"):
            element.set("class", f"{element.get('class')} icon {name.group(1)}")
        else:  # the font on a cell or a block: the icon is all it holds
            etree.SubElement(element, "i").set("class", f"icon {name.group(1)}")


# A price drawn as sibling blocks, its currency sign, integer and fraction each a `div` styled
# side by side (Mailchimp's plans: `price__symbol` "€", `price__integer` "303",
# `price__fraction` "95"): rendered as blocks, the model read "€ / 303 / 95" on three lines.
# The fraction is known by its class naming it; the integer is the block just before it, and
# a currency sign's block may stand before that or after the fraction.
_FRACTION_WORDS: Final = frozenset({"fraction", "cents", "cent", "decimal", "decimals"})
_PRICE_BLOCKS: Final = frozenset({"div", "p"})
_CLASS_WORD: Final = re.compile(r"[^a-z0-9]+")
_PRICE_INTEGER: Final = re.compile(r"\d{1,3}(?:[.,\u00a0 ]?\d{3})*")
_PRICE_FRACTION: Final = re.compile(r"\d{2}")
_CURRENCY_SIGN: Final = re.compile(r"[$€£¥₹]|[A-Z]{3}|[A-Z]{1,2}\$")
# Languages that write a decimal comma (the page's `<html lang>`, first subtag); the others,
# English first, a point.
_DECIMAL_COMMA: Final = frozenset(
    {
        "de", "fr", "es", "it", "nl", "pt", "pl", "ru", "uk", "sv", "da", "nb", "nn", "no",
        "fi", "cs", "sk", "sl", "hr", "sr", "bg", "ro", "hu", "tr", "el", "id", "lt", "lv",
        "et", "ca", "eu", "gl", "is", "vi",
    }
)  # fmt: skip


def _split_prices_joined(root: etree._Element) -> None:
    fractions = [
        element
        for element in root.iter("div", "p")
        if _FRACTION_WORDS.intersection(_CLASS_WORD.split(str(element.get("class", "")).lower()))
    ]
    if not fractions:
        return
    lang = str(root.getroottree().getroot().get("lang") or "").lower()
    point = "," if lang.split("-")[0].split("_")[0] in _DECIMAL_COMMA else "."
    for fraction in fractions:
        _join_price(fraction, point)


def _block_text(element: etree._Element | None) -> str | None:
    """The text of a price part: a `div` or `p` holding text alone; else None."""
    if element is None or element.tag not in _PRICE_BLOCKS or len(element):
        return None
    return (element.text or "").strip()


def _join_price(fraction: etree._Element, point: str) -> None:
    cents = _block_text(fraction)
    integer = fraction.getprevious()
    whole = _block_text(integer)
    if cents is None or whole is None or integer is None:
        return
    if not _PRICE_FRACTION.fullmatch(cents) or not _PRICE_INTEGER.fullmatch(whole):
        return
    sign = integer.getprevious()
    after = fraction.getnext()
    left = _sign_text(sign)
    right = _sign_text(after)
    # A sign on one side only, or none (the fraction's class already names a price's part):
    # signs on both sides are two prices' parts.
    if left and right:
        return
    integer.text = left + whole + point + cents + right
    for part in (sign if left else None, fraction, after if right else None):
        if part is not None:
            drop_keep_tail(part)


def _sign_text(element: etree._Element | None) -> str:
    """The currency sign a price part's block holds alone, else ""."""
    text = _block_text(element)
    return text if text is not None and _CURRENCY_SIGN.fullmatch(text) else ""
