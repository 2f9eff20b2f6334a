"""Which `<aside>`s inside the content are its text: notes, cautions and pull quotes that read
as prose, short admonitions named as such ("Note:", `role=note`), a quote of another post;
not teaser cards, promotions, partner blurbs or the author's bio.
"""

from __future__ import annotations

import itertools
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS
from dsh.tool_web.markdown.vocabulary import FURNITURE_PAIRS, FURNITURE_WORDS, TOKEN_SPLIT

# A note says something: a user card beside a forum post ("Payam Montie", "Members") does not.
_ASIDE_MIN_PROSE: Final = 50


def is_content_aside(element: etree._Element, tokens: list[str], stats: TextStats) -> bool:
    """An `<aside>` inside the article or main content that reads as prose: a documentation
    note or caution (Google's developer docs write every "Caution: this deletes your data" as
    one), a pull quote, a figure's story. Beside the content, mostly links (related posts, a
    forum user card), or named as a promotion, teaser card or author box, it is furniture."""
    if not _ASIDE_FURNITURE_WORDS.isdisjoint(tokens) or not FURNITURE_WORDS.isdisjoint(tokens):
        return False
    if not FURNITURE_PAIRS.isdisjoint(itertools.pairwise(tokens)):
        return False
    text = stats.text.get(element, 0)
    prose = text - stats.link_text.get(element, 0)
    if prose <= 0 or prose < 0.5 * text:
        return False
    if (
        prose < _ASIDE_MIN_PROSE
        and not _is_admonition(element, tokens)
        # A quotation of another post (Discourse's `<aside class="quote">` around a
        # blockquote), however short: the reply answers it.
        and element.find(".//blockquote") is None
    ):
        return False
    return any(
        ancestor.tag in ("article", "main") or ancestor.get("role") == "main"
        for ancestor in element.iterancestors()
    )


# What an admonition is called (its class words, `aria-label` or title): Starlight's
# `starlight-aside--caution` labelled "Caution", Zenn's `msg warn`, a "Note:" title. Most are
# one short sentence ("Node 16 is unsupported."; 本番環境では使わないでください。 is 16
# characters), which the prose rule would take for a user card.
_ADMONITION_WORDS: Final = frozenset(
    {"note", "notice", "tip", "hint", "caution", "warning", "warn", "danger", "important",
     "admonition", "callout", "msg", "alert"}
)  # fmt: skip

# Not `info`: a "read next" promotion is a `highlighted-info-block` as often as a note is
# `info` alone (Docusaurus's `admonition-info`, Bootstrap's `alert-info`, GitBook's `hint-info`
# say so with a second word).

# How far into an aside's text, or its `aria-label`, its title is looked for.
_ADMONITION_TITLE_CHARS: Final = 24


def _is_admonition(element: etree._Element, tokens: list[str]) -> bool:
    """An aside named as a note, tip, caution or warning: by `role=note`, its class words, its
    `aria-label`, or the word its text opens with (a title, "Note:", "Caution"). Only asked of
    asides under the prose rule's 50 characters, so its text is short."""
    if (element.get("role") or "").lower() == "note" or not _ADMONITION_WORDS.isdisjoint(tokens):
        return True
    label = (element.get("aria-label") or "")[:_ADMONITION_TITLE_CHARS].lower()
    if not _ADMONITION_WORDS.isdisjoint(TOKEN_SPLIT.split(label)):
        return True
    return _first_word(element) in _ADMONITION_WORDS


# A title opens the aside, or its first block, or that block's first inline element
# (`<p><strong>Note:</strong> …`); deeper is not looked (an aside nested in asides would be
# read once per level).
_ADMONITION_TITLE_DEPTH: Final = 4


def _first_word(element: etree._Element) -> str:
    """The first word of the element's text, looked for down its first children only: the text
    each opens with, or the text after an empty icon before it."""
    node = element
    opening = ""
    for _ in range(_ADMONITION_TITLE_DEPTH):
        opening = (node.text or "").strip()
        child = next((c for c in node if isinstance(c.tag, str)), None)
        if opening or child is None:
            break
        if not len(child) and not (child.text or "").strip() and (child.tail or "").strip():
            opening = child.tail or ""  # `<i class="icon"></i> Note: …`
            break
        node = child
    return next((w for w in TOKEN_SPLIT.split(opening[:_ADMONITION_TITLE_CHARS].lower()) if w), "")


# Asides in an article that are not its text: teaser cards for other stories, promotions,
# paid partner blurbs, the author's bio.
_ASIDE_FURNITURE_WORDS: Final = frozenset(
    {"card", "promo", "promotion", "partner", "bio", "author", "teaser", "cta", "upsell"}
)


# A poster's name is a short heading in the card beside each post.
_POSTER_NAME_MAX: Final = 60
_POSTER_HEADINGS: Final = tuple(sorted(HEADING_TAGS - {"h1"}))


class PosterCards:
    """The user cards beside the posts of a thread (Invision Community's `cAuthorPane`,
    `ipsEntry__author-column`): an `<aside>` named for the author, one per post, so its class
    repeats. The card is furniture (avatar, group, post count), but the poster's name in it is
    who wrote the post: without it, a thread reads as one voice. An author box under an
    article is there once, and goes with its bio."""

    def __init__(self, body: etree._Element) -> None:
        self._body = body
        self._counts: dict[str | None, int] | None = None  # asides by class, counted once

    def name_in(self, aside: etree._Element, tokens: list[str]) -> etree._Element | None:
        """The heading naming the poster, when `aside` is one of a thread's user cards."""
        if "author" not in tokens:
            return None
        if self._counts is None:
            self._counts = {}
            for other in self._body.iter("aside"):
                kind = other.get("class")
                self._counts[kind] = self._counts.get(kind, 0) + 1
        if self._counts.get(aside.get("class"), 0) < 2:
            return None
        # The name links to the poster's profile; a heading without a link ("Advertisement")
        # is not a name.
        name = next(aside.iter(*_POSTER_HEADINGS), None)
        if name is None or next(name.iter("a"), None) is None:
            return None
        if not 0 < len(string_value(name).strip()) <= _POSTER_NAME_MAX:
            return None
        return name


def all_but(element: etree._Element, kept: etree._Element) -> list[etree._Element]:
    """The parts of `element` to remove so that only `kept` (a descendant) and the wrappers
    around it stay."""
    parts: list[etree._Element] = []
    node = kept
    while node is not element:
        parent = node.getparent()
        if parent is None:
            break
        parts.extend(s for s in parent if s is not node and isinstance(s.tag, str))
        node = parent
    return parts
