"""Text that stands in for what the reader would see, emptied or put where it is read.

One job: a client-side template's expression a script would replace (`{{ … }}`:
`drop_template_placeholders`), a page template's "Lorem ipsum" filler an editor would replace
(`drop_filler_text`), and the name a Material icon font draws as an icon (`check`:
`ligature_icons_as_names`, moved to its class, where `icons.py` reads it). The pipeline in
`convert.py` runs each after the stripping, on pages whose source names it; the tree repairs
are `repairs.py`'s.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.tree import CODE_TAGS, class_tokens, find_elements, is_or_inside

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


def drop_template_placeholders(root: etree._Element) -> None:
    """Empty the texts that are only a template expression (call only when the page has
    `{{`: the search walks the whole tree, in C)."""
    in_code: dict[etree._Element, etree._Element | None] = {}
    for element in find_elements(_HOLDS_TEMPLATE_TEXT, root):
        if is_or_inside(element, CODE_TAGS, in_code):
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
_QUOTING_ELEMENTS: Final = frozenset({*CODE_TAGS, "blockquote", "q"})


def drop_filler_text(root: etree._Element) -> None:
    """Empty the texts that are a template's filler (call only when the page says `orem
    ipsum`: the search walks the whole tree, in C)."""
    quoting: dict[etree._Element, etree._Element | None] = {}
    for element in find_elements(_HOLDS_FILLER, root):
        if is_or_inside(element, _QUOTING_ELEMENTS, quoting):
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
