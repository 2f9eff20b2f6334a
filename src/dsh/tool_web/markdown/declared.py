"""The text a declared article gives as its own in JSON-LD, and the blocks of the selection that
are not part of it.

schema.org's `articleBody` is the article's text as its publisher's CMS writes it into the page
(Hearst's magazines, PCWorld's, WordPress plugins' on blogs): the paragraphs, list items and
headings of the piece, and none of the furniture the theme sets among and after them: the
author's bio under the piece, a product box's "Pros / Cons / Best Prices Today: / Retailer:
Price", a sign-up box, "Share this:", a call to donate. WCXB's article truths omit them as the
declared text does. A page that also declares a `FAQPage` declares its questions and answers the
same way (a consultancy's post ends with one, which its truth keeps). When the declared text
is the article as shown (most of the selection's words, and found in it), a block after the
article's first declared block whose words the declared text does not hold is the site's, not
the piece's, and goes; what stands before that first block (the title, byline, date,
standfirst) stays, and so do headings, code and tables, which CMSs leave out of `articleBody`
or write differently.
"""

from __future__ import annotations

import html
import re
from typing import Final

from lxml import etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.pagekind import declared_types, json_ld_documents, json_ld_nodes
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import holders_up_to

_WORD: Final = re.compile(r"\w+")
# Markup some CMSs leave in `articleBody` (its paragraphs' tags): read as a break.
_MARKUP: Final = re.compile(r"<[^>]*>")

# Fewer declared words than this is a summary (a teaser, a description), not the article.
_MIN_DECLARED_WORDS: Final = 50
# The declared text holds at least this share of the selection's words: it is the article, not
# a part of it (Hearst's `articleBody` of a buying guide leaves out its product cards and its
# buyer's guide, which the page shows as the article's).
_DECLARED_SHARE: Final = 0.75
# At least this share of the declared text's word triples is shown in the selection: the text
# is the one on the page (not a translation, an older version or another article's).
_SHOWN_SHARE: Final = 0.8
# A block of three words or more is declared when this share of its word triples is in the
# declared text (a link's label or a typographic quote may differ); a shorter one when all its
# words are.
_BLOCK_SHARE: Final = 0.5

# The leaves judged: blocks of text holding no other block.
_LEAVES: Final = frozenset({"p", "li", "dd", "dt", "figcaption", "address", "div"})
_BLOCKS: Final = frozenset(
    {"p", "li", "dd", "dt", "figcaption", "address", "div", "section", "article", "aside",
     "header", "footer", "ul", "ol", "dl", "blockquote", "figure", "table", "pre",
     "h1", "h2", "h3", "h4", "h5", "h6"}
)  # fmt: skip
# Never judged, nor anything inside them: headings (the piece's outline: CMSs often leave
# them out of the body's text), code and tables (written differently or left out).
_KEPT: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "pre", "code", "table"})


def declared_text(root: etree._Element) -> str:
    """The text the page's JSON-LD declares as its content: each `articleBody`, and the
    `name` of each `Question` and `text` of each `Answer` ("" when there is none). Read before
    the scripts are stripped; pagekind's bounds hold (JSON-LD characters read, nodes walked)."""
    parts: list[str] = []
    for data in json_ld_documents(root):
        for node in json_ld_nodes(data):
            body = node.get("articleBody")
            if isinstance(body, str):
                parts.append(body)
            types = declared_types(node)
            if "Question" in types:
                name = node.get("name")
                if isinstance(name, str):
                    parts.append(name)
            if "Answer" in types:
                text = node.get("text")
                if isinstance(text, str):
                    parts.append(text)
    return "\n".join(parts)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _triples(words: list[str]) -> set[tuple[str, str, str]]:
    return set(zip(words, words[1:], words[2:], strict=False))


def drop_undeclared_blocks(main: etree._Element, stats: TextStats, declared: str) -> None:
    """Remove the blocks of `main` after its first declared one whose words `declared` does
    not hold, when `declared` is the article the selection shows (see the module's notes)."""
    declared_words = _words(html.unescape(_MARKUP.sub(" ", declared)))
    if len(declared_words) < _MIN_DECLARED_WORDS:
        return
    shown_words = _words(string_value(main))
    if len(declared_words) < _DECLARED_SHARE * len(shown_words):
        return
    declared_triples = _triples(declared_words)
    if len(declared_triples & _triples(shown_words)) < _SHOWN_SHARE * len(declared_triples):
        return
    vocabulary = set(declared_words)

    def is_declared(words: list[str]) -> bool:
        if len(words) < 3:
            return vocabulary.issuperset(words)
        triples = list(zip(words, words[1:], words[2:], strict=False))
        held = sum(triple in declared_triples for triple in triples)
        return held >= _BLOCK_SHARE * len(triples)

    # The elements holding a block: a leaf is a candidate not among them.
    holders = holders_up_to(main.iter(*_BLOCKS, "code"), main)
    kept_inside: set[etree._Element] = set()
    started = False
    doomed: list[etree._Element] = []
    for element in main.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag in _KEPT:
            kept_inside.add(element)
            continue
        parent = element.getparent()
        if parent is not None and parent in kept_inside:
            kept_inside.add(element)
            continue
        if element.tag not in _LEAVES or element in holders:
            continue
        words = _words(string_value(element))
        if not words:
            continue
        if is_declared(words):
            started = True
        elif started:
            doomed.append(element)
    for element in doomed:
        stats.forget(element)
        drop_keep_tail(element)
