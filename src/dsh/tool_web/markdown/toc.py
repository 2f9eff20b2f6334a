"""Tables of contents: blocks of nothing but links to anchors in the page, which go with the
title that says what they are ("Table of Contents", "In this article"); and runs of names
linked into the page (a paper's authors), which are not one.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats, visible_length
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS
from dsh.tool_web.markdown.vocabulary import attribute_tokens

_LIST_TAGS: Final = frozenset({"ul", "ol", "div", "section", "table"})


def is_link_list(element: etree._Element, stats: TextStats) -> bool:
    """A table of contents: a block of nothing but links to anchors on the same page, or of
    such links under the title that says what they are (a table cell or a plugin's box holding
    both: Easy Table of Contents' `#ez-toc-container`)."""
    tag = element.tag
    if tag not in _LIST_TAGS and tag not in _CELL_TAGS:
        return False
    links = stats.links.get(element, 0)
    if links < 3:
        return False
    text = stats.text.get(element, 0)
    unlinked = text - stats.link_text.get(element, 0)
    # A cell is one only under its title: a comparison table's cells are often all links.
    titled = unlinked > 0.1 * text or tag in _CELL_TAGS
    if titled and not (
        0 < unlinked <= _MAX_CONTENTS_TITLE_CHARS and _opens_with_title(element, unlinked)
    ):
        return False
    if is_in_page_name_list(element):
        return False
    return all((a.get("href") or "").startswith("#") for a in element.iter("a"))


_CELL_TAGS: Final = frozenset({"td", "th"})

# How far into a block its title is looked for: the first text is near its top.
_TITLE_LOOKAHEAD: Final = 16


def _opens_with_title(element: etree._Element, unlinked: int) -> bool:
    """The first text in `element` is a contents title, and all its text outside links."""
    for descendant in itertools.islice(element.iter(), _TITLE_LOOKAHEAD):
        if descendant.tag == "a":
            return False
        own = descendant.text
        if own and own.strip():
            return visible_length(own) == unlinked and is_contents_title(own)
    return False


# The title a table of contents is given, right before it with nothing between: left behind,
# "Table of Contents" headed the article's first section. By its words: a short line before
# the list is as often the section's own heading (nginx's module pages), a byline, or a
# topic whose sub-items are the anchors.
_CONTENTS_TITLES: Final = frozenset(
    {
        "table of contents", "contents", "content", "in this article", "in this post",
        "in this guide", "on this page", "in this section", "jump to", "jump to section",
        "skip to section", "quick links", "what's inside", "article contents", "page contents",
        "toc", "inhaltsverzeichnis", "inhalt", "sommaire", "table des matières", "índice",
        "contenido", "contenidos", "indice", "sommario", "inhoud", "inhoudsopgave", "spis treści",
        "содержание", "目次", "目录", "目錄", "목차",
    }
)  # fmt: skip

_MAX_CONTENTS_TITLE_CHARS: Final = 40

_LABEL_TAGS: Final = frozenset(
    {*HEADING_TAGS, "p", "div", "span", "strong", "b", "label", "summary"}
)


def is_contents_title(text: str) -> bool:
    """`text` is what a table of contents is titled ("Table of Contents:", "目次")."""
    return " ".join(text.split()).strip(" :").casefold().replace("’", "'") in _CONTENTS_TITLES


def list_label(element: etree._Element, stats: TextStats) -> etree._Element | None:
    """The title of the table of contents `element`, if one stands right before it."""
    previous = element.getprevious()
    if previous is None or not isinstance(previous.tag, str) or previous.tag not in _LABEL_TAGS:
        return None
    if (previous.tail or "").strip() or stats.links.get(previous, 0):
        return None
    if not 0 < stats.text.get(previous, 0) <= _MAX_CONTENTS_TITLE_CHARS:
        return None
    return previous if is_contents_title(string_value(previous)) else None


def maybe_contents_title(element: etree._Element, length: int) -> bool:
    """Cheap first look, for every element of the furniture walk: `element`'s own text is a
    contents title (the walk passes its measured text length)."""
    if not 0 < length <= _MAX_CONTENTS_TITLE_CHARS:
        return False
    own = element.text
    return own is not None and visible_length(own) == length and is_contents_title(own)


# A title's block: the wrappers around it that hold no other text, at most this many.
_MAX_TITLE_WRAPPERS: Final = 4

_CONTENT_TAGS: Final = frozenset({"body", "main", "article"})

_LIST_PLACEHOLDERS: Final = frozenset({"ul", "ol", "nav"})

# Class or id words that name a table of contents (`toc`, `ez-toc-title`,
# `table-of-contents`, `inline-anchor-links`).
_CONTENTS_WORDS: Final = frozenset({"toc", "contents"})
_CONTENTS_PAIRS: Final = frozenset({("anchor", "links"), ("jump", "links")})


def _named_contents(element: etree._Element) -> bool:
    tokens = attribute_tokens(element)
    return not _CONTENTS_WORDS.isdisjoint(tokens) or not _CONTENTS_PAIRS.isdisjoint(
        itertools.pairwise(tokens)
    )


def orphan_title_block(
    title: etree._Element, stats: TextStats, emptied: set[etree._Element]
) -> etree._Element | None:
    """The block to remove with a contents title whose list is gone: the wrappers around
    `title` that hold no other text, when one of them lost a part to the furniture pass
    (`emptied`: a `nav`, a list of anchors), holds an empty list or container for a script to
    fill, or is named as a table of contents. A title alone in a page builder's wrapper, with
    its list of plain words in the next one, stays."""
    length = stats.text.get(title, 0)
    chain = [title]
    for parent in itertools.islice(title.iterancestors(), _MAX_TITLE_WRAPPERS):
        if parent.tag in _CONTENT_TAGS or (parent.get("role") or "") == "main":
            break
        if stats.text.get(parent, 0) != length:
            break
        chain.append(parent)
    block = chain[-1]
    if block is title:
        return None
    if not emptied.isdisjoint(chain):
        return block
    if any(_named_contents(element) for element in chain):
        return block
    for element in itertools.islice(block.iter(), _TITLE_LOOKAHEAD):
        if element in chain or not isinstance(element.tag, str):
            continue
        if element.tag in _LIST_PLACEHOLDERS or _named_contents(element):
            return block
    return None


# A table of contents lists headings one per line; names linked to pop-ups in the page (a
# paper's authors, `#auth-Jane Smith`, each with `#Aff1` superscripts) are written as a run
# separated by commas or "and". Only the first links are looked at, so nested lists of many
# links cost no walk over all of them per level.
_NAME_SEPARATORS: Final = re.compile(r"\s*(?:[,;]|and\b|&)", re.IGNORECASE)

_NAMES_LOOKED_AT: Final = 10


def is_in_page_name_list(element: etree._Element) -> bool:
    """Names linked into the page, separated by commas or "and" (a paper's authors): neither
    a table of contents nor a block of navigation links."""
    links = list(itertools.islice(element.iter("a"), _NAMES_LOOKED_AT))
    if not all((a.get("href") or "").startswith("#") for a in links):
        return False
    separated = sum(1 for a in links if _NAME_SEPARATORS.match(_text_after(a, element)))
    return separated >= 2


def _text_after(link: etree._Element, within: etree._Element) -> str:
    """The text right after a link: its tail, or else the tail of the superscript or wrapper it
    ends (`<a>Jane</a><sup><a>1</a></sup>, `)."""
    if link.tail and link.tail.strip():
        return link.tail
    following = link.getnext()
    if following is not None:
        return following.tail or ""
    parent = link.getparent()
    if parent is not None and parent is not within:
        return parent.tail or ""
    return ""
