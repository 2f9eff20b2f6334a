"""Superscripts and subscripts: which are exponents and indices, and how they are written.

As plain text an exponent joins the digits before it ("10<sup>15</sup>" read as 1015), so a
superscript number or a short formula-like superscript keeps a caret (`10^15`, `O(2^n)`), and a
subscript after a letter or digit keeps an underscore (`log_2 8`, `x_i`). The rest reads fine
as written: ordinals and abbreviations (`1st`, `Cie`), raised cents after a price (`$19.99`),
chemistry (`H2O`).
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import string_value

# What a superscript number looks like: "2", "15", "[3]", "-6".
_SUPERSCRIPT_NUMBER: Final = re.compile(r"\[?[-−]?\d{1,4}\]?")
# Superscripts that are abbreviations, not exponents: ordinals (1st, 2nd, French 1er, 2e,
# Spanish 1º), Mme, and the marks of trademarks and footnotes.
_NOT_EXPONENTS: Final = frozenset(
    {"st", "nd", "rd", "th", "er", "re", "e", "ème", "eme", "me", "mme", "mlle", "lle", "o",
     "os", "a", "as", "r", "º", "ª", "tm", "sm", "®", "©", "™", "*", "**", "†", "‡", "§", "¶"}
)  # fmt: skip
_MAX_INDEX_CHARS: Final = 10
# A price's whole units just before raised cents; an element symbol before a formula's count.
_PRICE_BEFORE: Final = re.compile(r"[$€£¥]\s?\d+$")
_CHEMICAL_BEFORE: Final = re.compile(r"(?:[A-Z][a-z]?|\))$")


def superscript(element: etree._Element, text: str) -> str:
    """A superscript number keeps a caret: `10^15`, `m^2`, a footnote's `^3`.

    As plain text it would join the digits before it ("10<sup>15</sup>" read as 1015).
    Other superscripts ("1<sup>st</sup>") read fine as they are. `text` is the element's
    content as rendered.
    """
    number = text.strip()
    tail = element.tail or ""
    if tail[:1] in ("/", "\u2044"):
        # A fraction's numerator: "1<sup>1</sup>/<sub>2</sub>" is 1 1/2. After a whole number
        # it is spaced, or "2<sup>1</sup>⁄<sub>4</sub>" reads as 21/4.
        return f" {text.lstrip()}" if _outer_text_before(element)[-1:].isdigit() else text
    before = _text_before(element)
    if number.isdigit() and len(number) == 2 and _PRICE_BEFORE.search(before):
        return f".{number}"  # raised cents: "$19<sup>99</sup>" is $19.99
    if _SUPERSCRIPT_NUMBER.fullmatch(number):
        return f"^{number}{_apart(element)}"
    plain = " ".join(string_value(element).split())
    if plain.isalpha() and len(plain) >= 2:
        # An abbreviation or a badge, not an exponent: ordinals (1st, 1ers), Cie, ™-like
        # marks, "NEW".
        return f" {plain}" if plain.isupper() and len(plain) >= 3 else text
    if _is_index(plain) and plain.lower() not in _NOT_EXPONENTS and plain[:1] != "[":
        # `O(2<sup>n</sup>)` is not O(2n), `e<sup>-kt</sup>` not e-kt.
        return f"^{_grouped(plain)}{_apart(element)}"
    return text


def note_mark(reference: etree._Element, label: str) -> str:
    """A note's number or letter linked in the text without a superscript, written as a
    superscript footnote is (`other^2`): as plain text it joins the word before it."""
    return f"^{label}{_apart(reference)}"


def subscript(element: etree._Element, text: str) -> str:
    """A subscript after a letter or digit keeps an underscore: `log_2`, `x_i`, `a_(n+1)`.

    Chemical formulas stay as they are written (`H<sub>2</sub>O`, `CO<sub>2</sub>`: digits
    after a capital or a bracket), as the model reads them. `text` is the element's content
    as rendered.
    """
    plain = " ".join(string_value(element).split())
    before = _text_before(element)
    if not _is_index(plain) or not before[-1:].isalnum():
        return text
    if plain.isdigit() and (before[-1:].isdigit() or _CHEMICAL_BEFORE.search(before)):
        return text  # H2O, Fe2O3, MgCl2, (OH)2
    return f"_{_grouped(plain)}{_apart(element)}"


def _is_index(text: str) -> bool:
    """Short, and written like a formula: letters, digits, signs and brackets only. Not a
    price's raised cents (`$19<sup>.99</sup>`) or a numbered note (`<sup>1.</sup>`)."""
    return (
        0 < len(text) <= _MAX_INDEX_CHARS
        and _INDEX.fullmatch(text) is not None
        and text[:1] not in ".,"
        and text[-1:] not in ".,"
    )


_INDEX: Final = re.compile(r"[\w+\-−=*/′'.,()]*\w[\w+\-−=*/′'.,()]*")


def _grouped(index: str) -> str:
    """`n`, `2`, or `(-kt)`: more than one character is bracketed so it reads as one."""
    if len(index) == 1 or index.isdigit() or (index[:1] == "(" and index[-1:] == ")"):
        return index
    return f"({index})"


def _apart(index: etree._Element) -> str:
    """A space after an exponent or subscript that a word or number follows: `log_2 8`, not
    `log_28`."""
    return " " if (index.tail or "")[:1].isalnum() else ""


def _text_before(element: etree._Element) -> str:
    """The end of the text just before `element` inside its parent (all the rules need)."""
    previous = element.getprevious()
    if previous is not None:
        text = previous.tail or string_value(previous)
    else:
        parent = element.getparent()
        text = (parent.text or "") if parent is not None else ""
    return text[-_LOOK_BACK_CHARS:]


_LOOK_BACK_CHARS: Final = 40


def _outer_text_before(element: etree._Element) -> str:
    """`_text_before`, looking out through wrappers that `element` opens (a mixed number's
    `2<span class="fraction"><sup>1</sup>…`), at most `_WRAPPER_LEVELS` of them."""
    for _ in range(_WRAPPER_LEVELS):
        parent = element.getparent()
        if element.getprevious() is not None or parent is None or parent.text:
            break
        element = parent
    return _text_before(element)


_WRAPPER_LEVELS: Final = 3
