"""A price drawn as sibling blocks, joined into one line.

One job: a currency sign, an integer and a fraction each in a block styled side by side
(Mailchimp's `price__symbol`, `price__integer`, `price__fraction`) become one block,
"€303.95", its decimal mark the one the page's `lang` writes. `repairs.py`'s `repair_tree`
runs it last of its repairs, on pages whose source names a fraction, cents or decimals (the
gate is `convert.py`'s); a sale price block's hidden half is `hiddenstates.py`'s, cents
raised as a superscript are `exponents.py`'s.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail

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


# Public: `repairs.repair_tree` runs it, last of its repairs.
def split_prices_joined(root: etree._Element) -> None:
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
