"""API signatures: telling one from a forum signature, and writing Sphinx's as code.

`boilerplate.py` asks `is_api_signature` before it drops an element named `signature`
(Javadoc's `member-signature`, TypeDoc's `tsd-signature` are what the reader came for; a
forum's post signature is not); `render.py` writes a Sphinx signature (`<dt class="sig">`) as
one line of inline code, without its permalink and `[source]` links, a member shown by its
name alone prefixed with the name of the class it belongs to.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.linkmarks import is_permalink_mark
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import class_tokens, find_elements

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


# `signature` names a forum signature: a block after a post (`signature`, `post-signature`,
# `message-signature`, `signaturecontainer`; FluxBB's and PunBB's `postsignature`). API
# references use the word for a declaration, the thing the reader came for: Javadoc's
# `member-signature` and `type-signature`, TypeDoc's `tsd-signature` (and its
# `tsd-signature-type` spans), JSDoc's and pdoc's `span.signature`, ExDoc's `h2.signature`.
# Those are inline, in a heading, term or code block, or name the part of code they sign.
# (Holding code says nothing: forum signatures quote code and `pre` art.)
_CODE_SIGNATURE_PREFIXES: Final = frozenset(
    {"member", "type", "tsd", "method", "call", "function", "func", "fn", "constructor",
     "property", "index", "api"}
)  # fmt: skip

_INLINE_TAGS: Final = frozenset(
    {"span", "code", "a", "em", "strong", "b", "i", "small", "var", "samp", "kbd", "tt"}
)

_TERM_TAGS: Final = ("h1", "h2", "h3", "h4", "h5", "h6", "dt")

# How far up a heading, term or code block around a signature is looked for (JSDoc puts the
# span straight in its `h4`); bounded, so many signatures deep down walk no path to the root.
_SIGNATURE_REACH: Final = 3


def has_member_signatures(source: bytes) -> bool:
    return _MEMBER_SIGNATURE_NAME in source


def name_member_signatures(root: etree._Element) -> None:
    """Give each signature Invision Community names only by its `data-role="memberSignature"`
    the class word `signature`, so `boilerplate.py` removes it as it does other forums' (no
    class of its own says so: "Message me on discord for more help", a poster's parts list,
    under every post of theirs)."""
    for element in find_elements(_MEMBER_SIGNATURES, root):
        element.set("class", f"{element.get('class') or ''} signature")


_MEMBER_SIGNATURE_NAME: Final = b'data-role="memberSignature"'
_MEMBER_SIGNATURES: Final = etree.XPath(".//*[@data-role='memberSignature']")


def is_api_signature(element: etree._Element, tokens: list[str]) -> bool:
    if element.tag in _INLINE_TAGS or element.tag in _TERM_TAGS or element.tag == "pre":
        return True
    if any(
        before in _CODE_SIGNATURE_PREFIXES
        for before, token in itertools.pairwise(tokens)
        if token == "signature"
    ):
        return True
    ancestors = itertools.islice(element.iterancestors(), _SIGNATURE_REACH)
    return any(
        ancestor.tag in _TERM_TAGS or ancestor.tag in ("pre", "code") for ancestor in ancestors
    )
