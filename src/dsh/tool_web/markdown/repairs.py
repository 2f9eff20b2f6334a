"""Repairs to the parsed tree, made before its non-content elements are stripped.

What the stripping would lose or misread is put right first, while the elements that show it
are still there: a check mark drawn as an `<svg>` in a table cell, a task list's checkbox, code
written without `<pre>`, line numbers printed inside code, a `<button>` libxml2 never closed
around the rest of the page, a disclosure button or link that labels its panel, a `<form>` that
only wraps a post, a price drawn as sibling blocks. `repair_tree` runs them all, and first two
repairs of their own modules: tables drawn with ARIA roles (`ariatables.py`) and embedded or
bookmark cards as links (`embeds.py`). What a page's state hides is `hiddenstates.py`'s,
Cloudflare's protected e-mail addresses are `emails.py`'s, and template placeholders, filler
and ligature icons are `placeholders.py`'s: the pipeline in `convert.py` runs those itself.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.ariatables import aria_tables_as_tables
from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.embeds import cards_as_links
from dsh.tool_web.markdown.icons import MARK_HINT, loose_icon
from dsh.tool_web.markdown.stats import text_without_whitespace
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS, class_tokens


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
        aria_tables_as_tables(root)  # first: the cell rules below and later apply to them
    if figures:
        cards_as_links(root)  # before the iframes go
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
