"""Repairs to the parsed tree, made before its non-content elements are stripped.

What the stripping would lose or misread is put right first, while the elements that show it
are still there. `repair_tree` runs them all, in order: tables drawn with ARIA roles
(`ariatables.py`), embedded or bookmark cards as links (`embeds.py`), check marks drawn as
svgs and task lists' checkboxes (`drawnmarks.py`), code written without `<pre>` and line
numbers printed inside code (`coderepairs.py`); then this module's own, the controls: a
`<button>` libxml2 never closed around the rest of the page, a disclosure button or link that
labels its panel, a `<form>` that only wraps a post; last, a price drawn as sibling blocks
(`splitprices.py`). What a page's state hides is `hiddenstates.py`'s, Cloudflare's protected
e-mail addresses are `emails.py`'s, and template placeholders, filler and ligature icons are
`placeholders.py`'s: the pipeline in `convert.py` runs those itself.
"""

from __future__ import annotations

import itertools
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.ariatables import aria_tables_as_tables
from dsh.tool_web.markdown.coderepairs import broken_code_as_blocks, inline_line_numbers_dropped
from dsh.tool_web.markdown.drawnmarks import cell_svgs_as_icons, task_checkboxes_as_marks
from dsh.tool_web.markdown.embeds import cards_as_links
from dsh.tool_web.markdown.splitprices import split_prices_joined
from dsh.tool_web.markdown.stats import text_without_whitespace
from dsh.tool_web.markdown.tree import HEADING_TAGS


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
    cell_svgs_as_icons(root)
    task_checkboxes_as_marks(root)
    broken_code_as_blocks(root)
    inline_line_numbers_dropped(root)
    _buttons_holding_blocks_as_divs(root)
    _disclosure_buttons_as_labels(root)
    if disclosure_links:
        _disclosure_links_as_labels(root)
    _forms_without_controls_as_wrappers(root)
    if split_prices:
        split_prices_joined(root)


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
