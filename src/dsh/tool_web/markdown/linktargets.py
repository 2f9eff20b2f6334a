"""Which links the renderer writes with their target, and how: `[label](url)`, the label alone,
the URL alone.

`render.py` walks the tree and asks `LinkTargets` about each link it writes: whether it stands
in prose, is a listing entry's or heading's title or a card's, where an in-page link points on
this page, which URL it leads to, and the linked text itself (each target shown once). How an
address is cleaned, compared and recognised is `links.py`'s; the links that are marks, not links
(permalinks, thread controls, skip links, note references), `linkmarks.py`'s.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.limits import MAX_INLINE_CHARS
from dsh.tool_web.markdown.links import (
    clean_url,
    is_this_page,
    names_site,
    shows_target,
    target_key,
)
from dsh.tool_web.markdown.spacing import is_cjk
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import collapse
from dsh.tool_web.markdown.tree import BLOCK_TAGS, HEADING_TAGS, nearest_ancestor

# Blocks where links appear inside running text.
_PROSE_CONTAINERS: Final = frozenset({"p", "li", "dd", "td", "blockquote", "figcaption"})
# A link is in prose when its block has this many times its own text.
_PROSE_RATIO: Final = 3
# Blocks whose link is an item the model may want to open next: a listing's entry, a heading,
# a table row's name. Its target is kept when the label is a title (several words), not a
# menu word ("Home", "Next").
_ITEM_CONTAINERS: Final = frozenset({"li", "dt", "td", "h1", "h2", "h3", "h4", "h5", "h6"})
_ITEM_TITLE_MIN_WORDS: Final = 3
# Chinese and Japanese write a title without spaces: a run of three of their characters counts
# as a word beside it, so six make a title ("深入理解计算机系统读书笔记"), "联系我们" none.
_CJK_CHARS_PER_WORD: Final = 3
# Where the walk up from a link stops, for each question asked about it.
_PROSE_STOPS: Final = _PROSE_CONTAINERS | BLOCK_TAGS
_ITEM_STOPS: Final = BLOCK_TAGS | HEADING_TAGS


def _title_words(label: str) -> int:
    words = label.split()
    if len(words) >= _ITEM_TITLE_MIN_WORDS or label.isascii():
        return len(words)
    return len(words) + sum(1 for char in label if is_cjk(char)) // _CJK_CHARS_PER_WORD


# A link to a document file ("View PDF", "Download"): the file is what the model would open,
# and its address cannot be guessed from the label (−0.0002 F1 on WCXB, 12 pages).
# Public: `render.py` asks it of a link's `href`.
DOCUMENT: Final = re.compile(
    r"\.(?:pdf|epub|zip|csv|tsv|xlsx?|docx?|pptx?|odt|ods|json|txt|tar\.gz|tgz)(?:[?#]|$)",
    re.IGNORECASE,
)

_BACKSLASH_BEFORE_BRACKET: Final = re.compile(r"\\(?=[\[\]]|$)")
_HEADING_LINE: Final = re.compile(r"(#{1,6}) (.+)")


class LinkTargets:
    """The link-target policy of one rendering; holds the state that spans it (the targets
    already shown, each link's nearest blocks, the page's canonical address)."""

    def __init__(
        self,
        base_url: str | None,
        stats: TextStats,
        *,
        page_url: str | None,
        canonical_url: str,
    ) -> None:
        self._base_url = base_url  # what relative links resolve against
        self._page_url = page_url or base_url
        # The address the page names as its own (`<link rel="canonical">`), when it is another
        # than `page_url`: a link to it leads back to this page (its title, its breadcrumb's
        # last step, a "permalink"), as an anchor does, and keeps its label alone.
        canonical = clean_url(canonical_url, base_url, page_url) if canonical_url else None
        self._canonical_key = None if canonical is None else target_key(canonical)
        self._stats = stats
        self._shown_target_keys: set[str] = set()  # each shown target's `links.target_key`
        # Each element's nearest block ancestor, remembered: links deep inside long runs of
        # inline wrappers would otherwise each walk all of them (links x depth).
        self._prose_block: dict[etree._Element, etree._Element | None] = {}
        self._item_block: dict[etree._Element, etree._Element | None] = {}

    def in_prose(self, link: etree._Element) -> bool:
        """A link the author wrote into a sentence, as opposed to one standing on its own."""
        block = nearest_ancestor(link, _PROSE_STOPS, self._prose_block)
        if block is None or block.tag not in _PROSE_CONTAINERS:
            return False
        text = self._stats.text
        own = text.get(link, 0)
        # A link with no text of its own (an image, a flag read as "France") is in no sentence.
        return own > 0 and text.get(block, 0) >= _PROSE_RATIO * own

    def is_item_title(self, link: etree._Element, label: str) -> bool:
        """A listing entry's or heading's title link: where the model would follow next."""
        if _title_words(label) < _ITEM_TITLE_MIN_WORDS:
            return False
        block = nearest_ancestor(link, _ITEM_STOPS, self._item_block)
        return block is not None and block.tag in _ITEM_CONTAINERS

    def is_card_title(self, text: str) -> bool:
        """A link wrapped around a card that opens with its heading, a title as the item title
        rule counts it (three words or more): `linked` links the heading, as it would be
        linked written inside it (`<h3><a>…</a></h3>`)."""
        if not text.lstrip().startswith("#"):
            return False
        first = text.strip().split("\n", 1)[0]
        heading = _HEADING_LINE.fullmatch(first)
        return (
            heading is not None
            and "](" not in heading[2]
            and _title_words(heading[2]) >= _ITEM_TITLE_MIN_WORDS
        )

    def url(self, href: str) -> str | None:
        """The URL a link's `href` is shown as (`links.clean_url`), None when none is: noise,
        or the address the page names as its own."""
        url = clean_url(href, self._base_url, self._page_url)
        if url is None or target_key(url) == self._canonical_key:
            return None
        return url

    def anchor_here(self, href: str) -> str | None:
        """`#fragment` when `href` is an absolute or relative address of this page (its `url`
        or its canonical address) with a fragment, else None (the link's own `href` is read)."""
        address, hashmark, fragment = href.strip().partition("#")
        if not hashmark or not address or not fragment:
            return None
        if self._page_url and is_this_page(address, self._base_url, self._page_url):
            return f"#{fragment}"
        url = clean_url(address, self._base_url, self._page_url)
        if url is not None and target_key(url) == self._canonical_key:
            return f"#{fragment}"
        return None

    def linked(self, text: str, url: str, collapsed: str | None = None) -> str:
        """`[label](url)`; the label alone if it is empty, too long, or the target was already
        shown; the URL alone when the label is the URL (`collapsed`: `text` collapsed, when
        measured already)."""
        label = (collapse(text) if collapsed is None else collapsed).strip()
        key = target_key(url)
        if not label or key in self._shown_target_keys or len(label) > MAX_INLINE_CHARS:
            return text
        if names_site(label, url):
            return text  # the label is the address ("ollama.com/library"): shown, it is twice
        if "\n\n" in text.strip():
            # A link wrapped around blocks (a card): the target goes on its heading, when it
            # opens with one; otherwise the blocks stay without it.
            first, _, rest = text.strip().partition("\n\n")
            heading = _HEADING_LINE.fullmatch(first)
            if heading is None or "](" in heading[2]:
                return text  # no heading first, or one holding a link of its own
            self._shown_target_keys.add(key)
            title = self._escaped_label(heading[2])
            return f"\n\n{heading[1]} [{title}]({url})\n\n{rest}\n\n"
        self._shown_target_keys.add(key)
        lead = " " if text[:1].isspace() else ""
        trail = " " if text[-1:].isspace() else ""
        if "\n\n" in text and (heading := _HEADING_LINE.fullmatch(label)):
            # A heading wrapped in the link (a listing entry's title): its marks go before the
            # link, not into the label ("[### Title](url)").
            lead, trail, label = f"\n\n{heading[1]} ", "\n\n", heading[2]
        if shows_target(label, url):
            return text if url.startswith(("mailto:", "tel:")) else f"{lead}{url}{trail}"
        return f"{lead}[{self._escaped_label(label)}]({url}){trail}"

    @staticmethod
    def _escaped_label(label: str) -> str:
        # A backslash before a bracket (or ending the label) would escape it: it is escaped first.
        label = _BACKSLASH_BEFORE_BRACKET.sub(r"\\\\", label)
        return label.replace("[", "\\[").replace("]", "\\]")
