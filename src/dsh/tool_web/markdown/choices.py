"""A product's variations offered in a `<select>` as one line: "Size: Small, Medium, Large".

Form controls are dropped with the non-content (`parse.py`), options and all, and a shop's
purchase form goes as furniture (`boilerplate.py`): the model could not tell which sizes or
colours a product comes in. The labelled selects of the page's one purchase form (a form that
adds to a cart; or outside it, naming it in `form=`) with a few short options are each written
as a line just before that form, so the line stays when the form goes (or in the select's
place, outside it). Placeholders ("Choose an option", an empty value), figures alone (a
quantity, a day), navigation (options whose values are addresses) and the page's own controls
(sorting, ratings, country, language, currency) are not variations; nor are the selects of a
listing's cards, each in its own purchase form, nor of search filters and contact forms.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.repeats import starts_with_price
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import holds

_OPTIONS_MAX: Final = 40  # more is a list of countries or years, not a product's choices
_OPTION_MAX_CHARS: Final = 60
_LABEL_MAX_CHARS: Final = 40
# Options that are figures alone: a quantity, a day, a month, a year.
_FIGURES: Final = re.compile(r"[\d\s.,:/+<>~#-]*")
# Options that go somewhere: a "jump to" menu.
_ADDRESS: Final = re.compile(r"(?:https?:|/|\?|#|\.\./|\./)")
# Controls of the page, not choices of the product, by their label or name.
_PAGE_CONTROLS: Final = re.compile(
    r"sort|order.?by|rating|score|review|country|language|currency|locale|quantity|filter"
    r"|(?<![a-z])(?:qty|page|day|month|year)s?(?![a-z])",
    re.IGNORECASE,
)
# A form that puts the product in a cart (Shopify's `/cart/add`, WooCommerce's `cart` class,
# Magento's `checkout/cart/add`, BigCommerce's `cart.php`).
_PURCHASE: Final = re.compile(r"cart|basket", re.IGNORECASE)


def variation_selects_as_lines(root: etree._Element) -> None:
    """Write each product variation `<select>` of the page's purchase form as a `Label: a, b,
    c` line just before that form (call before form controls are stripped, and only when the
    source has a `<select>`)."""
    forms = {id(form): form for form in root.iter("form") if _is_purchase_form(form)}
    if not forms:
        return
    by_id = {form.get("id"): form for form in forms.values() if form.get("id")}
    labels = {label.get("for"): label for label in root.iter("label") if label.get("for")}
    chosen: list[tuple[etree._Element, etree._Element, str, etree._Element | None, str]] = []
    for select in root.iter("select"):
        # The form it names (`form="buy"`, often an empty one: the select stands outside
        # it; HTML's owner even inside another form), else the form around it. Not `or`: an
        # element without children is falsy.
        named = select.get("form")
        form = by_id.get(named) if named is not None else next(select.iterancestors("form"), None)
        if form is None or id(form) not in forms:
            continue  # a search filter, a contact form, a menu: not the product's choices
        options = _options(select)
        label = _label(select, labels) if options is not None else None
        if options is None or label is None:
            continue
        text, shown = label
        name = f"{text} {select.get('name') or ''} {select.get('id') or ''}"
        if not _PAGE_CONTROLS.search(name):
            chosen.append((select, form, text, shown, ", ".join(options)))
    # One product's form: a listing's cards each have their own, and their choices are no
    # facts of the page's subject.
    if len({id(form) for _, form, *_ in chosen}) != 1:
        return
    for select, form, text, shown, listed in chosen:
        if select.getparent() is None:
            continue  # inside a label an earlier line replaced
        line = etree.Element("div")
        line.text = f"{text.rstrip(':* ').strip()}: {listed}"
        # The label goes with the select (or the label around it), or it would read twice:
        # the form goes as furniture, but one outside it (`form=`) would stay.
        target = shown if shown is not None and holds(shown, select) else select
        if shown is not None and shown is not target:
            drop_keep_tail(shown)
        elif shown is None and select.get("aria-label") is None:
            _drop_text_before(select)
        if holds(form, target):
            form.addprevious(line)  # after the lines put there before it: in order
            line.tail = None
            drop_keep_tail(target)
        elif (parent := target.getparent()) is not None:
            line.tail = target.tail  # outside its form (`form=`): in its place
            parent.replace(target, line)


def _options(select: etree._Element) -> list[str] | None:
    """The options' texts, placeholders aside; None when they are no product's choices."""
    found = list(itertools.islice(select.iter("option"), _OPTIONS_MAX + 1))
    if len(found) > _OPTIONS_MAX:
        return None
    texts: list[str] = []
    for option in found:
        value = option.get("value")
        text = " ".join(string_value(option).split())
        if not text or value == "" or len(text) > _OPTION_MAX_CHARS:
            continue  # a placeholder ("Choose an option") is valueless
        if value is not None and _ADDRESS.match(value.strip()):
            return None  # a menu of pages
        if text not in texts:
            texts.append(text)
    if not texts or all(_FIGURES.fullmatch(text) for text in texts):
        return None
    return texts


def _label(
    select: etree._Element, labels: dict[str | None, etree._Element]
) -> tuple[str, etree._Element | None] | None:
    """The select's label and the element that shows it: its `<label for>`, a `<label>`
    around it, or a short element right before it; its `aria-label` or the text right before
    it (`Size: <select>`) with no element. None without one."""
    shown: etree._Element | None = labels.get(select.get("id")) if select.get("id") else None
    if shown is not None:
        text = string_value(shown)
    elif (aria := select.get("aria-label")) is not None:
        text = aria
    elif (around := next(select.iterancestors("label"), None)) is not None:
        text, shown = around.text or "", around
    else:
        previous = select.getprevious()
        before = previous.tail if previous is not None else _parent_text(select)
        if before and before.strip():
            text = before
        elif previous is not None and not len(previous):
            text, shown = string_value(previous), previous
        else:
            return None
    text = " ".join(text.split())
    if not text or len(text) > _LABEL_MAX_CHARS:
        return None
    if not any(char.isalpha() for char in text) or starts_with_price(text):
        return None  # a price or a figure beside the select ("$10.00"), not its name
    return text, shown


def _parent_text(element: etree._Element) -> str | None:
    parent = element.getparent()
    return parent.text if parent is not None else None


def _drop_text_before(select: etree._Element) -> None:
    previous = select.getprevious()
    if previous is not None:
        previous.tail = None
    elif (parent := select.getparent()) is not None:
        parent.text = None


def _is_purchase_form(form: etree._Element) -> bool:
    names = f"{form.get('action') or ''} {form.get('class') or ''} {form.get('id') or ''}"
    return _PURCHASE.search(names) is not None
