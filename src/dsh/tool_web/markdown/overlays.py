"""Overlays: what a page shows only when a script, a button or a hover opens it.

Dialogs (by role, `aria-modal` or the `popover` attribute), short blocks named by the whole class
word `dialog`, tooltips, consent managers' layers, tooltips' bodies named by their class, and
the product-details panels among them that are the product's text and stay. This module only
recognises them; `boilerplate.py` removes them (`_remove_overlays` before its furniture walk,
`drop_named_tooltips` once the content is chosen), and the other exceptions its walk keeps are
in `carousels.py` (a listing drawn as a slider) and `authorboxes.py` (an author's bio).
Split out of `boilerplate.py`.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS

# Consent managers and cookie layers, matched on whole class/id tokens.
_OVERLAY_WORDS: Final = frozenset(
    {"onetrust", "cookiebot", "cybotcookiebotdialog", "usercentrics", "didomi", "truste",
     "cookieconsent", "cookiebanner"}
)  # fmt: skip

# Popovers (the HTML `popover` attribute) are not shown until a script or button opens them,
# in the top layer like a dialog: Invision Community's app-install and push-notification help,
# tooltips, menus. So are tooltips (`role=tooltip`), shown while their trigger is hovered.
_DIALOG_ROLES: Final = frozenset({"dialog", "alertdialog", "tooltip"})


# Public: read by `boilerplate._remove_overlays`.
def dialog_elements(body: etree._Element) -> list[etree._Element]:
    """The dialogs, popovers and tooltips under `body`, in document order.

    Read element by element here: the XPath search (`.//*[@aria-modal or @role or
    @popover][…]`) evaluated its predicates on every element and cost half as much again, and
    `measure` has already made every element's proxy."""
    return [
        element
        for element in body.iterdescendants(etree.Element)
        if element.get("role") in _DIALOG_ROLES
        or element.get("aria-modal") == "true"
        or element.get("popover") is not None
    ]


# A dialog drawn without its ARIA role, named by the whole class word `dialog` (Lenovo's "Add
# items to your cart? We've noticed that you've entered a different store" pop-up, PMC's "Cite"
# and "Add to Collections" boxes, a plumbing guide's revenue-calculator modal): shown only when a
# script opens it, like a dialog. Only the whole class word (split on whitespace, as CSS reads
# a class): Drupal's `dialog-off-canvas-main-canvas` and jQuery UI's `ui-dialog-content` wrap
# whole pages or a dialog's own content; and only a short one, a pop-up's few lines, never a
# page-sized wrapper that a theme happens to call so. The XPath's `contains` narrows in C; the
# whole word is then checked on the few elements left.
# Public: read by `boilerplate._remove_overlays`.
CLASSED_DIALOGS: Final = etree.XPath(".//*[contains(@class, 'dialog')]")
_MAX_CLASSED_DIALOG_CHARS: Final = 3000


# The source test before that search: of the pages naming a dialog at all (one in three), one
# in thirty names one by its class, and the XPath walk costs more than the whole test (a few
# milliseconds a page). Each occurrence of the word is looked at where it stands: its tag's
# start within this many bytes before it, and at most this many occurrences (past them, the
# tree is searched: a hostile page costs no more than the walk).
_CLASS_LOOKBACK: Final = 400
_MAX_DIALOG_WORDS: Final = 200
_WORD_BEFORE: Final = frozenset(b"\"' \t\n\r\f=")
_WORD_AFTER: Final = frozenset(b"\"' \t\n\r\f>")


def names_classed_dialog(source: bytes) -> bool:
    """Whether `source` may write `dialog` as a whole word of a `class` attribute (a quote, a
    space or `=` before it, a quote, a space or `>` after it, and the attribute it stands in,
    the last one opened in its tag, named `class`)."""
    at = source.find(b"dialog")
    for _ in range(_MAX_DIALOG_WORDS):
        if at == -1:
            return False
        end = at + len(b"dialog")
        if (
            at > 0
            and source[at - 1] in _WORD_BEFORE
            and end < len(source)
            and source[end] in _WORD_AFTER
        ):
            start = source.rfind(b"<", max(0, at - _CLASS_LOOKBACK), at)
            if start != -1 and source.find(b">", start, at) == -1:
                equals = source.rfind(b"=", start, at)
                if source[start:equals].rstrip().lower().endswith(b"class"):
                    return True
        at = source.find(b"dialog", end)
    return True


# Public: read by `boilerplate._remove_overlays`.
def is_classed_dialog(element: etree._Element, stats: TextStats) -> bool:
    return (
        "dialog" in (element.get("class") or "").split()
        and stats.text.get(element, 0) < _MAX_CLASSED_DIALOG_CHARS
    )


# A tooltip this short is a label (a blog's name on each of its story cards, often the only
# one the card shows), not an explanation: it stays. Longer, it explains its trigger on hover
# (a shop's "Import fees: customs may apply…", an author's bio, a plan's feature notes, a
# footnote's copy inside the sentence), which the truths leave out (7 pages better on WCXB;
# dropping the short ones too cost two pages their labels).
# Public: read by `boilerplate._remove_overlays` and `boilerplate.drop_named_tooltips`.
MIN_TOOLTIP_CHARS: Final = 40


# Public: read by `boilerplate.remove_furniture`.
def is_consent_layer(tokens: list[str]) -> bool:
    """Consent managers' layers: never content, so removed whatever their size."""
    return not _OVERLAY_WORDS.isdisjoint(tokens)


# A product's details that the page opens on demand in a dialog or drawer: IKEA's "Product
# details" and "Measurements" modals, a shop's "Description" sheet (beside its "Delivery &
# Returns" one, which goes). The truths keep them: they are the product's description and
# specifications, shown by the product's own button. Told apart from a cookie, newsletter, cart
# or sign-in dialog by the panel's own title (its `aria-label`, else its first heading among
# its first elements), exactly one of these.
_DETAILS_TITLES: Final = frozenset(
    {
        "description",
        "product description",
        "product details",
        "product information",
        "specifications",
        "specs",
        "tech specs",
        "technical specifications",
        "measurements",
        "dimensions",
    }
)
# Public: read by `boilerplate.remove_furniture`.
PANEL_WORDS: Final = frozenset({"modal", "dialog", "drawer", "sheet", "popup", "overlay"})
_TITLE_REACH: Final = 24  # elements looked at for the panel's first heading


# Public: read by `boilerplate.remove_furniture` and `boilerplate._remove_overlays`.
def opens_product_details(element: etree._Element, tokens: list[str]) -> bool:
    """`element` is a dialog or drawer titled as the product's details (see above)."""
    if not (
        element.tag == "dialog"
        or (element.get("role") or "").lower() in ("dialog", "alertdialog")
        or element.get("aria-modal") is not None
        or not PANEL_WORDS.isdisjoint(tokens)
    ):
        return False
    title = element.get("aria-label")
    if title is None:
        heading = next(
            (e for e in itertools.islice(element.iter(), _TITLE_REACH) if e.tag in HEADING_TAGS),
            None,
        )
        if heading is None:
            return False
        title = string_value(heading)
    return " ".join(title.split()).lower() in _DETAILS_TITLES


# The body of a tooltip drawn without its role, named for what it is (`tool-tip__content`,
# `tooltip-text`, W3Schools' `tooltiptext`, `tooltip-bubble`): an explanation shown while its
# trigger is hovered, like a `role=tooltip`'s, under the same length rule. Found among the
# elements whose class says `ooltip` or `ool-tip` (a word's first letter in either case), then
# read by the whole class word: the tooltip's trigger and wrapper (`tooltip`, `tool-tip`,
# `has-tooltip`, `js-fx-tooltip-trigger`) are not its body.
# The class is read once per element (`tree.py`'s attribute tests).
# Public: read by `boilerplate.drop_named_tooltips`.
NAMED_TOOLTIPS: Final = etree.XPath(
    ".//*[@class[contains(., 'ooltip') or contains(., 'ool-tip') or contains(., 'ool_tip')]]"
)
# Public: read by `boilerplate.drop_named_tooltips`.
TOOLTIP_BODY: Final = re.compile(
    r"tool[-_]?tip[-_]*(?:content|text|body|bubble|inner|message)", re.IGNORECASE
)
