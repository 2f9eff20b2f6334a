"""A space between adjacent inline elements that cards stack with CSS.

`<span>PULL&BEAR</span><span>Faux leather jacket</span>`, a price over "VAT included", tags in
a row: side by side in the markup they have no space, and as text they would merge into one
word. Only whole words get one (+0.0008 F1 on WCXB): never inside a word (`H<sub>2</sub>O`,
per-letter spans), nor between Chinese or Japanese characters, written without spaces; and a
word or number gets one before a price (`$120.00 $89.00`, `Trail Boot $89.00`), a number before
a signed one (`182.52 -1.23 (-0.67%)`), a word before a count (`Arsenal 2`).
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import BIDI_CONTROLS, string_value

# Inline elements that cards stack with CSS (`display: block`): a brand over a product name,
# a price over "VAT included", tags in a row. Side by side in the markup they have no space.
_STACKED_INLINE: Final = frozenset({"span", "a", "small", "label"})


def run_together(previous: etree._Element, current: etree._Element) -> bool:
    """Whether two adjacent sibling elements are `_STACKED_INLINE` ones that would merge into
    one word ("PULL&BEARFaux"), judged on their text, whatever Markdown they render to.

    Only whole words on both sides: a word split over two spans ("f"+"or"), per-letter spans
    and markup inside a word (`H<sub>2</sub>O`, `<b>W</b>ord`) stay joined.
    """
    if current.tag not in _STACKED_INLINE:
        return False
    if previous.tag in _STRUCK:
        return _struck_price_meets(string_value(previous), string_value(current))
    if previous.tag not in _STACKED_INLINE:
        return False
    parent = current.getparent()
    if parent is not None and parent.tag == "time":
        # One time written for two widths, Invision's "June 14, 2024" and "1 yr": two
        # readings of it, never one number ("20241 yr").
        end, start = string_value(previous)[-1:], string_value(current)[:1]
        return end.isalnum() and start.isalnum() and not (is_cjk(end) or is_cjk(start))
    if _set_apart(previous) and _touch(string_value(previous), string_value(current)):
        return True  # a recipe's amount and unit parts: "2" beside "cups"
    # A linked number after a word or bracket is a note's reference (Substack's footnote
    # anchor after "preference"), not a count to space from it.
    numbers = next(current.iter("a"), None) is None
    return _meet(string_value(previous), string_value(current), numbers=numbers)


def words_meet(previous: etree._Element, current: etree._Element) -> bool:
    """Whether the text of `previous` ends with a whole word and `current`'s starts with one
    (or a price), so that joined they would read as one word."""
    return _meet(string_value(previous), string_value(current))


def runs_into_tail(element: etree._Element, rendered: str) -> bool:
    """Whether a `_STACKED_INLINE` element, as `rendered`, is a label (`Title:`) that the text
    after it (its tail) continues without a space: arXiv's `<span>Title:</span>Attention …`,
    Etsy's `<span>Sale Price</span>£25.20`.

    Words are not spaced from the text after them as they are from a stacked element: a word
    running into its tail is as often one word marked in part ("stitch<span>es</span>",
    "<span>backp</span>ack" on the benchmark) as two (`<span>tbsp</span>sugar`).
    """
    if element.tag in _STRUCK:
        return _struck_price_meets(rendered[-_LOOK_CHARS:], element.tail or "")
    if element.tag not in _STACKED_INLINE:
        return False
    before = rendered[-_LOOK_CHARS:].rstrip(BIDI_CONTROLS)
    after = (element.tail or "")[:1]
    if after.isalnum() and _ENUMERATOR.fullmatch(before) and _opens_its_block(element):
        return True  # a provision's number: "(1)" and "Where this Act …"
    if after and after in _CURRENCY:
        # A shop's label before its price, "Sale Price" and "£25.20"; not a currency's prefix
        # (`US$5`, `NZ$`, `HK$`), which is part of the price.
        word = before.rsplit(None, 1)[-1] if before.strip() else ""
        return _is_label(before) and (len(word) > 3 or (len(word) == 3 and not word.isupper()))
    if before[-1:] == ":" and after.isalpha() and _is_label(before[:-1]):
        return True
    if not _touch(before, after):
        return False
    return _QUANTITY.fullmatch(before) is not None or _set_apart(element)


def _touch(before: str, after: str) -> bool:
    """A letter or digit right before a letter, outside Chinese and Japanese."""
    end, start = before[-1:], after[:1]
    return end.isalnum() and start.isalpha() and not is_cjk(end) and not is_cjk(start)


def _set_apart(element: etree._Element) -> bool:
    """Whether the page separates `element` from the text after it: displayed as a block (an
    inline `display` style, a framework's `d-block`/`block` class), or a recipe's amount or
    unit part (`wprm-recipe-ingredient-amount`, `ingredient-unit`)."""
    classes = element.get("class")
    if classes and (
        not _BLOCK_CLASSES.isdisjoint(classes.split())
        or not _QUANTITY_WORDS.isdisjoint(_CLASS_WORD.split(classes.lower()))
    ):
        return True
    style = element.get("style")
    return style is not None and _BLOCK_STYLE.search(style) is not None


# An amount and its unit written as one element's text ("1 tbsp", "200 g", "1 1/2 cups"):
# the noun after it is a new word ("1 tbsp" + "sugar"), unlike a word's missing letters.
_QUANTITY: Final = re.compile(r"\d[\d.,/\u00bc-\u00be\u2150-\u215e ]*\s[A-Za-z]{1,6}\.?")
_QUANTITY_WORDS: Final = frozenset({"amount", "quantity", "qty", "unit"})
_CLASS_WORD: Final = re.compile(r"[^a-z]+")
# Class names that display an element as a block (Bootstrap, Tailwind, Bulma).
_BLOCK_CLASSES: Final = frozenset({"d-block", "d-flex", "d-grid", "block", "flex", "grid",
                                   "is-block", "is-flex"})  # fmt: skip
_BLOCK_STYLE: Final = re.compile(r"display\s*:\s*(?:block|flex|grid|list-item|table)\b")


_LOOK_CHARS: Final = 40  # a word's worth either side
# A provision's or list entry's number in brackets, as legislation writes it: "(1)", "(a)",
# "(iv)", "(2A)".
_ENUMERATOR: Final = re.compile(r"\(\w{1,4}\)")


def _opens_its_block(element: etree._Element) -> bool:
    """Nothing stands before the element in its parent: it numbers what follows ("(1)Where"),
    not a word before it ("word(s)", "f(x)")."""
    parent = element.getparent()
    return element.getprevious() is None and parent is not None and not (parent.text or "").strip()


# A struck-out price beside the current one: "~~$140.00~~$99.00" reads as one token.
_STRUCK: Final = frozenset({"s", "del", "strike"})


def _struck_price_meets(before: str, after: str) -> bool:
    return before.rstrip("~")[-1:].isalnum() and after[:1] in _CURRENCY


def _meet(before: str, after: str, *, numbers: bool = True) -> bool:
    before = before.rstrip(BIDI_CONTROLS)
    after = after.lstrip(BIDI_CONTROLS)
    end, start = before[-1:], after[:1]
    if end.isalnum() and start in _CURRENCY:
        return True  # "$120.00" beside "$89.00", "Trail Boot" beside "$89.00": one word
    if end == ":" and start.isalpha() and _is_label(before[:-1]):
        return True  # "Title:" beside "Attention Is All You Need"
    if numbers and _numbers_meet(before, after):
        return True  # "182.52" beside "-1.23" and "(-0.67%)", "21°" beside "12°"
    if not (end.isalnum() and start.isalnum()) or is_cjk(end) or is_cjk(start):
        # Chinese and Japanese write words without spaces: "東京" + "大学" is one word.
        return False
    last_word = before.rsplit(None, 1)[-1]
    first_word = after.split(None, 1)[0]
    if last_word.isdigit() and first_word[:1].isupper() and first_word[1:2].islower():
        return True  # a step's number beside its title: "1" and "Check …" (not "1" and "st")
    if numbers and first_word.isdigit() and len(last_word) >= 3 and last_word.isalpha():
        return True  # a team and its score, "Arsenal" and "2"; "Prep Time" and "2 hrs"
    return len(last_word) >= 2 and len(first_word) >= 2


# A value that starts a new number: a signed change ("-1.23", "+5"), one in brackets ("(-0.67%)").
_SIGNED_NUMBER: Final = re.compile(r"\(?[+\-\u2212]\d|\(\d")


def _numbers_meet(before: str, after: str) -> bool:
    """A number, or a quantity closed by its unit or bracket (`21°`, `4.4%`, `(TTM)`), beside
    the number after it: a quote's price and change, a day's high and low. A digit beside a
    digit is left to the word rule, and a separator (`1` + `,000`, `$19` + `.99`) starts none."""
    end = before[-1:]
    if not end:
        return False
    if (end.isdigit() or end in "%°") and _SIGNED_NUMBER.match(after):
        return True
    return end in "%°)" and after[:1].isdigit()


def _is_label(text: str) -> bool:
    """Ends with a word of letters ("Title", "Authors"), as a label before its colon does
    (not "9" in "9:30", nor a scheme's "http" before "//")."""
    words = text.rsplit(None, 1)
    return bool(words) and len(words[-1]) >= 2 and words[-1].isalpha() and not is_cjk(words[-1][-1])


_CURRENCY: Final = "$€£¥₹"


def is_cjk(char: str) -> bool:
    """Han or kana: scripts written without spaces between words (Korean has spaces)."""
    code = ord(char) if char else 0
    return (
        0x3040 <= code <= 0x30FF  # Hiragana, Katakana
        or 0x3400 <= code <= 0x9FFF  # CJK unified ideographs (and extension A)
        or 0xF900 <= code <= 0xFAFF  # CJK compatibility ideographs
        or 0x20000 <= code <= 0x2FFFF  # CJK extensions B and later
    )
