"""Links that are marks, not links: a heading's permalink (`¶`, `#`), a note's reference
(`other^2`, `†`), a comment thread's own controls (`[–]`, `parent`, `reply`) and a skip link
("Skip to main content").

`render.py` asks these questions of every link it writes; `signatures.py` of the links
inside an API signature.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.text import string_value

# The marks of notes other than numbers and letters: asterisk, dagger, double dagger, double bar.
_NOTE_SYMBOLS: Final = "*†‡‖"


def is_note_reference(link: etree._Element, text: str, href: str | None = None) -> bool:
    """A footnote's number or letter linked to the note (`#fn2`, `#cite_note-7`,
    `#footnote-1`, Word's `#_ftn1`) without a superscript around it; `<sup>` writes its own.
    `href`: the link's target as an in-page anchor, when the caller has read an absolute one
    as this page's (Substack writes `https://<blog>.substack.com/p/<post>#footnote-1`)."""
    if not _NOTE_LABEL.fullmatch(text.strip()):
        return False
    if not _NOTE_TARGET.match((link.get("href") or "" if href is None else href).strip()):
        return False
    # Not inside a superscript (nor one wrapper down: `<sup><span><a>`).
    return not any(ancestor.tag == "sup" for ancestor in islice(link.iterancestors(), 2))


# A note's mark: a number or a letter ("[1]" keeps its brackets: it reads apart as it is).
_NOTE_LABEL: Final = re.compile(r"\d{1,4}|[A-Za-z]")
_NOTE_TARGET: Final = re.compile(r"#(?:_?ftn|fn|footnote|endnote|cite|note)", re.IGNORECASE)


def is_permalink_mark(link: etree._Element, text: str) -> bool:
    """A heading's "¶", "§", "#" or "🔗" linking to itself (Sphinx, MkDocs, rustdoc, GitHub):
    a symbol glued to the title that no reader needs. Not a note's mark (`*`, `†`, `‡`): like
    a numbered one it says which note below belongs here."""
    label = text.strip()
    return (
        0 < len(label) <= 2
        and (link.get("href") or "").lstrip().startswith("#")
        and not any(c.isalnum() or c in _NOTE_SYMBOLS for c in label)
    )


def is_thread_control(link: etree._Element, text: str) -> bool:
    """A comment thread's own controls: a fold toggle (`[–]`), a jump to the parent or next
    comment within the page (Hacker News' `| parent | next`), and a "reply" link to the reply
    form. Not a next page ("Next" to `?page=2`) nor a link to a reply that is content. `text`
    is the link's rendered label ("" to read it from the link)."""
    label = (text or string_value(link)).strip().lower()
    if label not in _THREAD_CONTROLS:
        # Old Reddit's fold toggle says, beside the `[–]` one, how many replies folding hides
        # ("(11 children)", `a.numchildren` calling `togglecomment`): a control, not a count of
        # the thread's that the model needs, repeated on every comment's line.
        return _FOLDED_REPLIES.fullmatch(label) is not None and _links_nowhere(link)
    if label not in _TOGGLES and not _stands_apart(link):
        return False  # a word of a sentence: "read the next section", "the root of the tree"
    if _links_nowhere(link):
        return True
    href = (link.get("href") or "").strip().lower()
    return label == "reply" and "reply" in href


def _links_nowhere(link: etree._Element) -> bool:
    """A link that only runs the page's script or jumps within it."""
    href = (link.get("href") or "").strip().lower()
    return href.startswith(("#", "javascript:")) or not href


def is_skip_link(link: etree._Element, text: str) -> bool:
    """A skip link: "Skip to main content", "Skip to product list", "Skip navigation",
    linked within the page for a keyboard to jump past the site's header. Left in the
    selection (a header kept for its size, one inside `main`), it stood as the page's first
    line. Not the same words in a sentence ("you can skip to the setup"). `text` is the
    link's rendered label ("" to read it from the link)."""
    href = (link.get("href") or "").strip()
    if not href.startswith("#"):
        return False
    label = " ".join((text or string_value(link)).split()).lower()
    if (
        len(label) > _SKIP_PAST_LABEL_MAX
        or not label.startswith("skip ")
        or not _stands_apart(link)
    ):
        return False
    if len(label) <= _SKIP_LABEL_MAX and _SKIP_LABEL.match(label) is not None:
        return True
    # "Skip Course introduction block" (Moodle's `a.skip-block` to `#sb-1`), "Skip images"
    # (a shop's gallery): a skip link past one part of the page, told from a link into the page
    # by where it lands: an empty element just past the part it skips.
    return _lands_just_past(link, href[1:])


_SKIP_LABEL: Final = re.compile(r"skip (?:to\b|navigation\b|nav\b|links?\b)")
_SKIP_LABEL_MAX: Final = 40
_SKIP_PAST_LABEL_MAX: Final = 80
# How far past a skip link its landing mark is looked for: the link's and its nearest
# ancestors' next few siblings, and their first descendants. A bounded look, whatever the page.
_SKIP_ANCESTORS: Final = 4
_SKIP_SIBLINGS: Final = 3
_SKIP_DEPTH: Final = 3


def _lands_just_past(link: etree._Element, target: str) -> bool:
    """Whether the element named `target` is an empty landing mark (no text, no children)
    among the next few siblings of `link` or of its nearest ancestors, or the first
    descendant of one: where a keyboard lands past the part the link skips."""
    if not target:
        return False
    node: etree._Element | None = link
    for _ in range(_SKIP_ANCESTORS):
        if node is None:
            return False
        for sibling in islice(node.itersiblings(), _SKIP_SIBLINGS):
            mark: etree._Element | None = sibling
            for _ in range(_SKIP_DEPTH):
                if mark is None or not isinstance(mark.tag, str):
                    break
                if mark.get("id") == target:
                    return len(mark) == 0 and not (mark.text or "").strip()
                mark = mark[0] if len(mark) else None
        node = node.getparent()
    return False


_TOGGLES: Final = frozenset({"[–]", "[-]", "[+]", "[−]"})
_THREAD_CONTROLS: Final = _TOGGLES | {"parent", "next", "prev", "previous", "root", "reply"}
_FOLDED_REPLIES: Final = re.compile(r"\(\d{1,6} child(?:ren)?\)")
# What separates a thread's controls from each other and from the comment's head.
_SEPARATORS: Final = "|·•"


def _stands_apart(link: etree._Element) -> bool:
    """Whether nothing but a separator stands right before and after `link` in its parent (`2
    hours ago | parent | next`, a "reply" link alone in its block), as no word of a sentence
    does."""
    previous = link.getprevious()
    parent = link.getparent()
    if previous is not None:
        before = previous.tail or ""
    else:
        before = (parent.text if parent is not None else None) or ""
    before = before.rstrip()
    after = (link.tail or "").lstrip()
    return (not before or before[-1] in _SEPARATORS) and (not after or after[0] in _SEPARATORS)
