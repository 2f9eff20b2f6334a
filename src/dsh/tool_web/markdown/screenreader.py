"""Screen-reader-only text that the page means to be read: the word an icon stands for in a
table cell or badge ("Included", "Deprecated"), the sign of a stacked fraction, a shop's
"Sale price" label, a rating drawn as stars ("4.7 out of 5 stars"), and a hidden heading that
tells a run of labelled sections apart (GitHub's release tags). Other screen-reader text
repeats what is on screen and goes; where it stays beside a figure drawn for the eye that it
repeats, the drawn copy goes instead (`drawn_twins`).
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.repeats import price_count, starts_with_price
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS, attribute_owners

_SCREEN_READER_PAIRS: Final = frozenset(
    {("sr", "only"), ("visually", "hidden"), ("screen", "reader"), ("screenreader", "only")}
)

_SCREEN_READER_WORDS: Final = frozenset({"visuallyhidden", "clipped", "offscreen"})

# Where an icon stands for a word the screen-reader text says: a pricing table's cell
# ("Included" under Pro, drawn as a check), MDN's "Deprecated" badge in an `<abbr>`.
_ICON_HOLDERS: Final = ("td", "th", "abbr")


def is_screen_reader_only(tokens: list[str]) -> bool:
    """The class words (lowercased, split at every non-alphanumeric) name text kept for screen
    readers and hidden on screen: `sr-only`, `visually-hidden`, `screen-reader-text`, …"""
    return not (
        _SCREEN_READER_WORDS.isdisjoint(tokens)
        and _SCREEN_READER_PAIRS.isdisjoint(itertools.pairwise(tokens))
    )


def is_icon_label(element: etree._Element, tokens: list[str], stats: TextStats) -> bool:
    """Screen-reader text that is the only text of its table cell or badge (the words the page
    draws as an icon), or the sign between the parts of a stacked fraction. Elsewhere it
    repeats what is on screen ("Share on X"), and goes."""
    if not is_screen_reader_only(tokens):
        return False
    text = stats.text.get(element, 0)
    if text == 0:
        return False
    if text == 1 and string_value(element).strip() in _SEPARATORS:
        # Wikipedia's fractions: "8<sr-only>+</sr-only>1⁄2" and "4<sr-only>/</sr-only>3" are
        # drawn stacked; without the separator they read as 81⁄2 and 43.
        return True
    holder = next(element.iterancestors(*_ICON_HOLDERS), None)
    if holder is not None and stats.text.get(holder, 0) == text:
        return True
    return _is_price_label(element, text, stats) or _is_rating(element, text)


# A rating the page draws as stars and writes for screen readers only: "4.7 out of 5 stars
# with 914 reviews", "Rated 5 out of 5", "4.5 of 5 stars". The stars (icons) are not read, so
# without these words the product read as unrated.
_RATING: Final = re.compile(
    r"(?:rated\s+)?\d(?:[.,]\d+)?\s+(?:out\s+of|of)\s+(?:5|10)(?:[.,]0)?\b", re.IGNORECASE
)
_RATING_MAX_CHARS: Final = 80


def _is_rating(element: etree._Element, text: int) -> bool:
    return text <= _RATING_MAX_CHARS and _RATING.match(string_value(element).strip()) is not None


# "Regular price", "Sale price", "Unit price": shops print both prices and let CSS strike one
# through or hide it; the hidden label is what tells the reader which is which.
_PRICE_LABEL_MAX_CHARS: Final = 24
# Where the other price of the pair stands: the label's part of the price block, or the
# block around it (Dawn's `price__sale` holds both labelled prices; Etsy's sale and original
# prices are sibling paragraphs).
_PRICE_PAIR_LEVELS: Final = 2
# A block holding more text is a card or a page section, not a price pair's: not read.
_PRICE_BLOCK_MAX_CHARS: Final = 80
_STRUCK: Final = frozenset({"del", "s", "strike"})
_STRUCK_REACH: Final = 4


def _is_price_label(element: etree._Element, text: int, stats: TextStats) -> bool:
    if text > _PRICE_LABEL_MAX_CHARS:
        return False
    label = string_value(element).strip()
    if not label or any(c.isdigit() for c in label) or len(label.split()) > 3:
        return False
    # The price is the text right after the label (Etsy's `<span>Sale Price</span>£25.20`),
    # else the next element's.
    if element.tail and element.tail.strip():
        labels_price = starts_with_price(element.tail)
    else:
        price = element.getnext()
        labels_price = price is not None and starts_with_price(string_value(price))
    return labels_price and not _price_stands_alone(element, stats)


def _price_stands_alone(label: etree._Element, stats: TextStats) -> bool:
    """Whether the price a label names is the only one in its block: Dawn's regular part
    when nothing is on sale ("Regular price $19.99", the sale part hidden), where the label
    tells nothing apart. A block of more than `_PRICE_BLOCK_MAX_CHARS`, or too large to read
    in bounded time (`_short_text`), is taken to hold another price: the label stays."""
    if any(a.tag in _STRUCK for a in itertools.islice(label.iterancestors(), _STRUCK_REACH)):
        # Salesforce's `<del><span><sr>Price reduced from</sr>$19.95</span></del>`: a price
        # struck through is the old one of a pair, whatever the block's size.
        return False
    block = label.getparent()
    for _ in range(_PRICE_PAIR_LEVELS):
        if block is None:
            return True
        if stats.text.get(block, 0) > _PRICE_BLOCK_MAX_CHARS:
            return False
        words = _short_text(block)
        if words is None or price_count(words) > 1:
            return False
        block = block.getparent()
    return True


_SEPARATORS: Final = frozenset({"+", "/", "\u2044", "-", "\u2212"})

# How far up the section a heading labels is looked for (GitHub: the heading is its child).
_SECTION_REACH: Final = 3


def is_section_title(element: etree._Element) -> bool:
    """A hidden heading that its section names as its label (`aria-labelledby`), in a run of
    sections labelled so: the title that tells them apart. GitHub's releases page writes each
    release's tag so; without it, one release's changes ran on under the previous release's
    last heading. A lone labelled region's hidden heading ("Footer", "Products", "Navigation
    menu") says nothing the page does not show (measured on WCXB: keeping those too changed 6
    pages, all for the worse)."""
    ident = element.get("id")
    if element.tag not in HEADING_TAGS or not ident:
        return False
    ancestors = itertools.islice(element.iterancestors(), _SECTION_REACH)
    section = next(
        (a for a in ancestors if ident in (a.get("aria-labelledby") or "").split()), None
    )
    if section is None:
        return False
    return any(
        sibling is not None and sibling.get("aria-labelledby")
        for sibling in (section.getprevious(), section.getnext())
    )


# The elements hidden from screen readers, found in C (`drawn_twins`).
# By the attribute (`tree.attributes_found` says why).
_ARIA_HIDDEN: Final = etree.XPath("descendant::*/@aria-hidden[.='true']")
# A twin this long or longer is a block, not a price's or a count's words.
_TWIN_MAX_CHARS: Final = 80
# A twin's text is read only through this many elements and characters, the markup's
# whitespace included (the measured sums leave a text's edges out): hidden elements nested
# around a page's worth of blank text each read all of it (240 levels: a minute).
_TWIN_MAX_ELEMENTS: Final = 32
_TWIN_MAX_RAW_CHARS: Final = 2_000


def drawn_twins(body: etree._Element, stats: TextStats) -> list[etree._Element]:
    """Figures drawn for the eye (`aria-hidden="true"`: "$79.99" in three spans, "(125)")
    right beside an element that says the same figure in words for screen readers ("Price $
    79.99", "Rated 4.6 out of 5 stars. 125 total votes") and is still there once the
    screen-reader text went: the page shows one thing twice, and the words say what the
    figure is. Only figures (a digit) of at most `_TWIN_MAX_CHARS`, and only an element right
    before or after: an icon's hidden glyph or a menu's hidden copy elsewhere is not read. A
    single digit only when the words say it as a number of its own (`_says`): Walmart's "6"
    beside "4.3 out of 5 Stars. 6 reviews" read "64.3 out of 5 Stars"."""
    twins: list[etree._Element] = []
    for drawn in attribute_owners(_ARIA_HIDDEN, body):
        length = stats.text.get(drawn, 0)
        if length == 0 or length > _TWIN_MAX_CHARS:
            continue
        drawn_text = _short_text(drawn)
        figure = _letters_and_digits(drawn_text or "")
        if not figure or not any(c.isdigit() for c in figure):
            continue
        for beside in (drawn.getprevious(), drawn.getnext()):
            if (
                beside is not None
                and isinstance(beside.tag, str)
                and beside.get("aria-hidden") != "true"
                and 0 < stats.text.get(beside, 0) <= _TWIN_MAX_CHARS
                and (words := _short_text(beside)) is not None
                and _says(words, figure)
                and _numbers(drawn_text or "") <= _numbers(words)
            ):
                twins.append(drawn)
                break
    return twins


def _short_text(element: etree._Element) -> str | None:
    """The text of `element`, or None when it spans more than `_TWIN_MAX_ELEMENTS` elements
    or `_TWIN_MAX_RAW_CHARS` characters (whitespace included): looked at in bounded time."""
    size = 0
    for count, part in enumerate(element.iter()):
        size += len(part.text or "") + (0 if part is element else len(part.tail or ""))
        if count >= _TWIN_MAX_ELEMENTS or size > _TWIN_MAX_RAW_CHARS:
            return None
    return string_value(element)


def _says(words: str, figure: str) -> bool:
    """Whether `words` hold `figure`; a single digit ("(2)" beside "2 reviews") only as a
    whole number, not inside "4.2" or "12"."""
    if len(figure) > 1:
        return figure in _letters_and_digits(words)
    return figure in _NUMBER.findall(words)


_NUMBER: Final = re.compile(r"(?<![\d.,])\d+(?![\d]|[.,]\d)")
# A number as written: digits, a group or decimal separator or a space between them
# ("1,699.00", "$148 02" drawn in two spans).
_WRITTEN_NUMBER: Final = re.compile(r"\d+(?:[,.\s]\d+)*")


def _numbers(text: str) -> set[str]:
    """The numbers in `text`, their separators left out: a drawn "$25" is not the "25"
    inside "Was $125", and "$1,699.00" is the "1699.00" of its words."""
    return {"".join(c for c in number if c.isdigit()) for number in _WRITTEN_NUMBER.findall(text)}


def _letters_and_digits(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())
