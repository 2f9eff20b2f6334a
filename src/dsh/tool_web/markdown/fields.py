"""The labels of form fields that go without showing a value: "Size" over a shop card's size
menu, "Email address" over a sign-up box's input, "Search" over a search box.

Form controls are dropped with the non-content (`parse.py`), and a `<select>`'s options with
them, unless `choices.py` wrote them as a product's variations (it takes their label along).
A `<label for>` naming such a field stayed behind alone on its line: a listing's cards each read
"Size" and "Type" under their price, a name with no value that the model could read as the
next line's. Only the labels of fields that hold a value typed or chosen (a text, e-mail,
number or search box, a text area, a menu); a checkbox's or a radio button's label is the
option itself ("Free shipping", "Canvas") and stays. Nor the labels of the page's own controls
(`choices.is_page_control`: "Sorted by:", "Qty", "Country"), which `controls.py` drops where they
stand alone on their line: dropped here, a sort menu's label left Stack Exchange's answers header
to its hidden "Reset to default" link, and "## 10 Answers" went with it as a link block.

Likewise the label of a value a shop's script writes in (`drop_labels_of_script_values`):
BigCommerce's Stencil themes leave the product's SKU, UPC, stock level and list price empty in
elements marked `data-product-sku`, `data-product-upc`, … and fill them when a variant is
chosen; without the script the model read "SKU:", "UPC:", "Current Stock:", "MSRP:" alone.
"""

from __future__ import annotations

from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.choices import is_page_control
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import find_elements

# The `<input>` types whose value is typed in (without a type it is a text box); not
# checkboxes, radio buttons, buttons, files or hidden inputs.
_TYPED_INPUTS: Final = frozenset(
    {"", "text", "email", "search", "number", "tel", "url", "password", "date",
     "datetime-local", "month", "week", "time"}
)  # fmt: skip
_FIELD_TAGS: Final = ("input", "select", "textarea")
# A label this long says more than a field's name (a consent sentence, a whole card wrapped in
# a label): it stays. Only its first pieces of text are read (labels nested in labels, each
# read to its end, would cost a walk per level).
_LABEL_MAX_CHARS: Final = 60
_LABEL_MAX_PIECES: Final = 16
_PIECE_MAX_CHARS: Final = 1_000  # a name with its indentation around it is far shorter


def drop_labels_of_fields(root: etree._Element) -> None:
    """Drop each `<label for>` naming a field whose value the page does not show (call once
    `choices.py` has written its variations, before the form controls are stripped)."""
    labels = [label for label in root.iter("label") if label.get("for")]
    if not labels:
        return
    fields: dict[str, etree._Element] = {}
    for control in root.iter(*_FIELD_TAGS):
        ident = control.get("id")
        if ident:
            fields.setdefault(ident, control)  # the first of an id is the one HTML names
    for label in labels:
        named = fields.get(label.get("for") or "")
        if named is None or not _holds_a_value(named):
            continue
        if _is_a_name(label) and not is_page_control(
            f"{string_value(label)} {named.get('name') or ''} {named.get('id') or ''}"
        ):
            drop_keep_tail(label)


# The elements a Stencil theme's script fills with the chosen variant's data.
_SCRIPT_VALUES: Final = etree.XPath("//*[@*[starts-with(name(), 'data-product-')]]")


def drop_labels_of_script_values(root: etree._Element) -> None:
    """Drop the label right before each empty value marked `data-product-…` (call once the
    non-content is stripped, so that a spinner's icon does not count as a value; only when the
    source says `data-product-`: the search walks the whole tree). Only a label that names
    (at most `_LABEL_MAX_CHARS`, ending in a colon: "SKU:"), with no text between it and the
    value or after the value: an empty element with words around it is no field."""
    for value in find_elements(_SCRIPT_VALUES, root):
        if len(value) or (value.text or "").strip() or (value.tail or "").strip():
            continue
        label = value.getprevious()
        if label is None or not isinstance(label.tag, str) or (label.tail or "").strip():
            continue
        if _is_a_name(label) and string_value(label).strip().endswith(":"):
            drop_keep_tail(label)


def _holds_a_value(control: etree._Element) -> bool:
    """`control` takes a value typed or chosen (not a checkbox's tick, a button's press)."""
    if control.tag != "input":
        return True
    return (control.get("type") or "").strip().lower() in _TYPED_INPUTS


def _is_a_name(label: etree._Element) -> bool:
    """`label` says at most `_LABEL_MAX_CHARS` characters, in at most `_LABEL_MAX_PIECES`
    pieces of text; read only that far."""
    length = 0
    for count, piece in enumerate(label.itertext()):
        if count == _LABEL_MAX_PIECES or len(piece) > _PIECE_MAX_CHARS:
            return False
        length += len(piece.strip())
        if length > _LABEL_MAX_CHARS:
            return False
    return True
