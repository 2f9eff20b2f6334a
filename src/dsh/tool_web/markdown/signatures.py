"""An API signature in a definition list (Sphinx's `<dt class="sig">`), as the one line of
inline code `render.py` writes for it: without its permalink and `[source]` links, and a
member shown by its name alone prefixed with the name of the class it belongs to.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.linkmarks import is_permalink_mark
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import class_tokens

# Sphinx's API signature term, the element showing its name, and the path shown before it
# (`descname`/`descclassname`: before Sphinx 4).
SIGNATURE_CLASSES: Final = frozenset({"sig", "sig-object"})
_SIGNATURE_NAME: Final = frozenset({"sig-name", "descname"})
_SIGNATURE_PREFIX: Final = frozenset({"sig-prename", "descclassname"})
_DOTTED_PATH: Final = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)+")


def signature_text(term: etree._Element) -> str:
    """A signature's text without its permalink mark and `[source]` link (Sphinx viewcode); a
    member shown by its name alone is prefixed with the name its class shows.

    Sphinx shows a method by its name alone (`get(url, **kwargs)` inside `class
    requests.Session`), which read like a module-level function of that name.
    """
    name, owner = _signature_owner(term)
    pieces = [term.text or ""]
    for child in term:
        text = string_value(child)
        if owner and child is name:
            text = f"{owner}.{text.strip()}"
        if child.tag != "a" or not (
            is_permalink_mark(child, text)
            or any("viewcode-link" in class_tokens(e) for e in child.iter())
        ):
            pieces.append(text)
        pieces.append(child.tail or "")
    return " ".join("".join(pieces).split())


def _signature_owner(term: etree._Element) -> tuple[etree._Element | None, str]:
    """A signature's name element, and the name its owner shows (`requests.Session`) when it
    is a member written by its name alone: it shows no path of its own, stands in the
    definition of another signature, and its `id` is that one's `id` and its name.

    The `id` alone is not shown: a page that leaves module names out (Django's `class
    CommonMiddleware`) chose to, and an `id` can be wrong (`logging.logging.Formatter`).
    """
    name = None
    for child in term:
        tokens = class_tokens(child)
        if _SIGNATURE_PREFIX.intersection(tokens):
            return None, ""  # the page shows a path (`requests.`, `Formatter.`) itself
        if name is None and _SIGNATURE_NAME.intersection(tokens):
            name = child
    path = term.get("id") or ""
    if name is None or not _DOTTED_PATH.fullmatch(path):
        return name, ""
    shown = "".join(string_value(name).split())
    listing = term.getparent()
    definition = listing.getparent() if listing is not None else None
    owner = definition.getprevious() if definition is not None else None
    if (
        not shown
        or definition is None
        or definition.tag != "dd"
        or owner is None
        or owner.tag != "dt"
        or f"{owner.get('id')}.{shown}" != path
    ):
        return name, ""
    owner_name = "".join(
        string_value(child)
        for child in owner
        if (_SIGNATURE_PREFIX | _SIGNATURE_NAME).intersection(class_tokens(child))
    )
    return name, "".join(owner_name.split())
