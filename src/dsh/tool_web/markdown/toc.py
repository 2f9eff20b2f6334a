"""Tables of contents: blocks of nothing but links to anchors in the page, which go with the
title that says what they are ("Table of Contents", "In this article"); and runs of names
linked into the page (a paper's authors), which are not one.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS

_LIST_TAGS: Final = frozenset({"ul", "ol", "div", "section", "table"})


def is_link_list(element: etree._Element, stats: TextStats) -> bool:
    """A table of contents: a block of nothing but links to anchors on the same page."""
    if element.tag not in _LIST_TAGS:
        return False
    links = stats.links.get(element, 0)
    if links < 3:
        return False
    text = stats.text.get(element, 0)
    if stats.link_text.get(element, 0) < 0.9 * text:
        return False
    if is_in_page_name_list(element):
        return False
    return all((a.get("href") or "").startswith("#") for a in element.iter("a"))


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


def list_label(element: etree._Element, stats: TextStats) -> etree._Element | None:
    """The title of the table of contents `element`, if one stands right before it."""
    previous = element.getprevious()
    if previous is None or not isinstance(previous.tag, str) or previous.tag not in _LABEL_TAGS:
        return None
    if (previous.tail or "").strip() or stats.links.get(previous, 0):
        return None
    if not 0 < stats.text.get(previous, 0) <= _MAX_CONTENTS_TITLE_CHARS:
        return None
    title = " ".join(string_value(previous).split()).strip(" :").casefold().replace("’", "'")
    return previous if title in _CONTENTS_TITLES else None


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
