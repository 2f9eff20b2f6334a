"""Author boxes: the publisher's box about an article's author, and the bio in it.

`boilerplate.py`'s furniture walk finds the boxes (`is_author_bio`) and leaves them in place;
once the content is chosen, `boilerplate.drop_author_boxes` removes the bio blocks found here
(`bio_blocks`), the byline around them staying. Overlays are in `overlays.py`, carousels kept
as content in `carousels.py`. Split out of `boilerplate.py`.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import has_heading

# The box about an article's author ("Jane Doe is a senior editor who covers …", "About the
# author", a headshot and links to profiles) is the publisher's, not the article: the article
# truths omit it, on pages that do not declare themselves articles too, and so do other pages'
# (a book's author on its shop page, a seller's "about me"; measured on WCXB: 8 more pages, 7
# better). A block is such a box when its class or id names the author (`author-box`,
# `about-author`, `authorbox`, `bio`) or it is the page's microdata `author`, and it reads as a
# bio: at least a sentence of prose, and short.
# A byline ("By Jane Doe · May 2, 2025") is no bio and stays: the model needs who wrote it.
# Nor is a comment's, review's, testimonial's or quotation's author (`comment-author-jane`,
# `review-card_author`, `quote__author`), nor an author's note, which is a part of the piece.
_BIO_MIN_CHARS: Final = 120
_BIO_MAX_CHARS: Final = 1_500
_BIO_WORDS: Final = frozenset({"bio", "bios", "biography"})
_NOT_BIO_STEMS: Final = ("comment", "review", "testimonial", "quote", "reply", "note")
# A sentence's end: a lowercase word's last letters, then `.`, `!` or `?` and a space or the
# end (not an initial: "By A. J. Neal" is a byline).
_BIO_SENTENCE_END: Final = re.compile(r"[a-z]{2}[.!?](?:\s|$)")


# Public: read by `boilerplate.remove_furniture`.
def is_author_bio(element: etree._Element, tokens: list[str], length: int) -> bool:
    if not _BIO_MIN_CHARS <= length <= _BIO_MAX_CHARS:
        return False
    if not (
        element.get("itemprop") == "author"
        or any("author" in token for token in tokens)
        or not _BIO_WORDS.isdisjoint(tokens)
    ):
        return False
    if any(stem in token for token in tokens for stem in _NOT_BIO_STEMS):
        return False
    if has_heading(element, ("h1",)):
        return False
    return _BIO_SENTENCE_END.search(string_value(element)) is not None


# A line of an author box this long, with a sentence in it, is the bio; shorter ones are the
# name, role and date ("Jane Doe", "Senior Editor", "Updated May 2, 2025").
_BIO_LINE_CHARS: Final = 80


# Public: read by `boilerplate.drop_author_boxes`.
def bio_blocks(box: etree._Element, stats: TextStats) -> list[etree._Element]:
    """The smallest elements of `box` holding a bio's sentences (the box itself when its
    parts are all short)."""
    bios: list[etree._Element] = []
    stack = [box]
    while stack:
        element = stack.pop()
        long_parts = [
            child
            for child in element
            if isinstance(child.tag, str) and stats.text.get(child, 0) >= _BIO_LINE_CHARS
        ]
        if long_parts:
            stack.extend(long_parts)
        elif _BIO_SENTENCE_END.search(string_value(element)) is not None:
            bios.append(element)
    return bios
