"""Embedded and bookmark cards, as links to the pages they preview.

One job: a figure that previews another page (Ghost's bookmark and embed cards, WordPress's
embed block) gets its target as a link on its title, marked so that the target is shown
(`links.CARD_LINK`), or an iframe alone becomes such a link. `repairs.py`'s `repair_tree` runs
it before the iframes are stripped; a card's *controls* ("Add to cart", "Share") are
`controls.py`'s, a different thing.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.links import CARD_LINK, MAX_URL_CHARS
from dsh.tool_web.markdown.tree import HEADING_TAGS, find_elements

# A figure that previews another page: Ghost's bookmark card (`kg-bookmark-card`: a link
# wrapped around the page's title, description and publisher), its embed card, WordPress's
# embed block (`wp-block-embed`: a post's link in a `blockquote` beside the iframe that shows
# it, or a video's or podcast's iframe alone). The title read as a line of the article, or the
# iframe went with nothing in its place: the model could not follow it.
_CARD_FIGURES: Final = etree.XPath(
    ".//figure[contains(@class, 'embed') or contains(@class, 'bookmark')]"
)
_CARD_WORDS: Final = frozenset({"embed", "bookmark"})
_CLASS_WORDS: Final = re.compile(r"[a-z0-9]+")
_FRAME_SOURCES: Final = ("src", "data-src", "data-lazy-src")
_CARD_LOOKAHEAD: Final = 32  # a card's title and link are near its top


# Public: `repairs.repair_tree` runs it, before the iframes go.
def cards_as_links(root: etree._Element) -> None:
    """An embedded or bookmark card's target becomes a link on its title, marked so that its
    target is shown (`links.CARD_LINK`): a link wrapped around the card's blocks moves onto
    its first text, a lone link in a `blockquote` (the iframe's fallback) stays one in a
    block, and an iframe alone becomes a link named by its `title`."""
    for figure in find_elements(_CARD_FIGURES, root):
        if _CARD_WORDS.isdisjoint(_CLASS_WORDS.findall((figure.get("class") or "").lower())):
            continue  # `embedded-image`, `bookmarks`
        parts = list(itertools.islice(figure.iter("a", "iframe"), _CARD_LOOKAHEAD))
        link = next((a for a in parts if a.tag == "a" and _is_page_link(a.get("href"))), None)
        if link is not None:
            # A rich embed's own text (a tweet, a TikTok caption) links its author first: only
            # a link that is the card (wrapped around it, or all its block says) is its target.
            if any(child.tag in _CARD_BLOCKS for child in link) or _is_all_of_parent(link):
                _mark_card_link(link)
            continue
        frame = next((f for f in parts if f.tag == "iframe"), None)
        source = "" if frame is None else _frame_source(frame)
        if frame is None or not source:
            continue
        card = etree.Element("p")
        link = etree.SubElement(card, "a", {"href": source, CARD_LINK: ""})
        link.text = " ".join((frame.get("title") or "").split()) or source
        card.tail = frame.tail
        parent = frame.getparent()
        if parent is not None:
            parent.replace(frame, card)


def _is_page_link(href: str | None) -> bool:
    return href is not None and href.strip() != "" and not href.startswith(_NOT_PAGES)


_NOT_PAGES: Final = ("#", "javascript:", "mailto:", "tel:")


def _is_all_of_parent(link: etree._Element) -> bool:
    parent = link.getparent()
    return (
        parent is not None
        and len(parent) == 1
        and not (parent.text or "").strip()
        and not (link.tail or "").strip()
    )


def _frame_source(frame: etree._Element) -> str:
    """The page an iframe shows: its `src`, or a lazy loader's `data-src` while `src` is a
    placeholder (`about:blank`, a data URL); without the player's options (`?feature=oembed`,
    `&enablejsapi=1&origin=…`), which made a video's address too long to show."""
    for attribute in _FRAME_SOURCES:
        value = (frame.get(attribute) or "").strip()
        if value.startswith(("http://", "https://", "//")):
            source = value.split("?", 1)[0].split("#", 1)[0]
            return source if len(source) <= MAX_URL_CHARS else ""
    return ""


def _mark_card_link(link: etree._Element) -> None:
    """Mark `link` as its card's target; wrapped around blocks, it moves onto the first text
    in them (the card's title), and the blocks stay as they are."""
    title = next(
        (
            element
            for element in itertools.islice(link.iter(), _CARD_LOOKAHEAD)
            if element is not link and (element.text or "").strip()
        ),
        None,
    )
    if title is None or not any(child.tag in _CARD_BLOCKS for child in link):
        link.set(CARD_LINK, "")
        parent = link.getparent()
        if parent is not None and parent.tag == "blockquote" and _is_all_of_parent(link):
            parent.tag = "div"  # the iframe's fallback, not a quotation
        return
    inner = etree.Element("a", {"href": link.get("href") or "", CARD_LINK: ""})
    inner.text, title.text = title.text, None
    inner.extend(list(title))
    title.append(inner)
    link.tag = "div"
    for attribute in list(link.attrib):
        del link.attrib[attribute]


_CARD_BLOCKS: Final = frozenset({"div", "p", "section", "header", "footer", *HEADING_TAGS})
