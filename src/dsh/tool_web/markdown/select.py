"""Main-content selection: the smallest subtree that still holds nearly all of the page's prose.

Recall-first: we descend from <body> only while a single child keeps most of the non-link text,
so forum threads, listings and product pages whose content spreads over many siblings stay whole,
while a page whose prose sits in one column loses the columns around it.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.sectiontitles import names_recommendations
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS, find_elements, hidden_by_style, holds

# Share of the page's non-link text a child must hold for us to narrow down to it.
KEEP_SHARE: Final = 0.8

# Only wrappers are narrowed into; a paragraph, list or table holding most of the prose is
# part of the content, and the headings and code around it belong with it.
WRAPPERS: Final = frozenset(
    {"body", "div", "section", "article", "main", "form", "span", "center", "font", "td"}
)


# Where the common CMS themes mark an article's body (WordPress `entry-content`, `post-content`,
# news sites' `article-body`, `story-body`, ...); schema.org's `itemprop=articleBody` too.
_ARTICLE_BODY_CLASSES: Final = re.compile(
    r"entry-content|entry__content|post-content|post__content|post-body|blog-post-content"
    r"|article-body|article__body|articleBody|article-content|story-body"
)
# Share of the selected prose the marked body must hold to be trusted as the article.
ARTICLE_BODY_SHARE: Final = 0.5
# Share of the page's text (before furniture) the marked body must hold to be the article
# while the furniture goes.
MARKED_BODY_SHARE: Final = 0.25


def _prose(stats: TextStats, element: etree._Element) -> int:
    return stats.text.get(element, 0) - stats.link_text.get(element, 0)


def content_root(
    body: etree._Element, stats: TextStats, *, main_entity: bool = True, landing: bool = False
) -> etree._Element:
    """The subtree to render (see the module's docstring), with a section the descent left
    out just before it moved to its top (`_section_before`: an abstract, a lede). `main_entity`:
    the page may mark one (its source says `mainEntity`); the search for it walks the whole
    tree. `landing`: the page declares itself neither an article nor a product, so it may be
    a landing page of stacked sections (`_leaves_out_sections`)."""
    total = _prose(stats, body)
    if total <= 0:
        return body
    # The text of what the page marks as its main entity (schema.org microdata: a Q&A page's
    # question, `itemprop=text` directly under the `itemprop=mainEntity` item) stays inside the
    # root. Stack Exchange puts the question beside a column of answers that outweighs it, and
    # the root was the answers alone: the model read answers to a question it never saw.
    found = find_elements(_ITEM_TEXTS, body) if main_entity else []
    texts = [(e, _text_item(e)) for e in found if holds(body, e)]
    entity_texts = [e for e, item in texts if not _MAIN_ENTITY.isdisjoint(item)]
    if entity_texts:
        # And its answers (schema.org's `Question` holds its `acceptedAnswer` and
        # `suggestedAnswer`s): a question outweighing a short answer beside it took the descent
        # into the question alone, and the answer was lost. Only under a question with text of
        # its own: an FAQ's questions are names, their answers sections of a longer page.
        entity_texts += [e for e, item in texts if not _ANSWERS.isdisjoint(item)]
    # The descent stops before leaving any of them out, so it may only pass through the elements
    # holding them all: their nearest common ancestor and the elements above it.
    holding_all = _holding_all(entity_texts)
    current = body
    ledes: list[etree._Element] = []  # sections left out on the way down that come along
    while True:
        best: etree._Element | None = None
        best_prose = -1
        for child in current:
            if (child.tag not in WRAPPERS and child.tag != "table") or _hidden_aside(
                child, current, stats
            ):
                continue
            prose = _prose(stats, child)
            if prose > best_prose:
                best, best_prose = child, prose
        # A layout table is passed through to its cell holding the content (a blog's post
        # beside its sidebar's cell, a forum's thread under its menu row): the guards below
        # weigh the table against its siblings, and the cell must then hold the share alone.
        into = best
        if best is not None and best.tag == "table":
            into = _content_cell(best, stats)
            best_prose = -1 if into is None else _prose(stats, into)
        if (
            best is None
            or into is None
            or best_prose < KEEP_SHARE * total
            or (holding_all is not None and into not in holding_all)
            or _leaves_out_cards(current, best, stats)
            or _leaves_out_items(current, best)
            or (landing and _leaves_out_sections(current, best, stats))
            or _one_of_a_run(current, best, stats)
        ):
            return _with_ledes(current, ledes)
        lede = _section_before(best, stats)
        if lede is not None:
            ledes.append(lede)
        current = into


_TABLE_SECTIONS: Final = frozenset({"thead", "tbody", "tfoot"})


# Prose the rows around a layout table's content cell may hold: a title bar or a menu row
# (Hacker News's), not a row introducing the content (a cost report's summary above its
# figures, which the truth keeps).
_OTHER_ROWS_MAX_PROSE: Final = 100


def _content_cell(table: etree._Element, stats: TextStats) -> etree._Element | None:
    """The cell of `table`'s own rows (not a nested table's) holding the most prose, when the
    other rows hold at most `_OTHER_ROWS_MAX_PROSE` of it. Only the table's children and
    grandchildren are read: each level of the descent reads its own."""
    best: etree._Element | None = None
    best_prose = -1
    rows_prose = 0
    for part in table:
        rows = part if part.tag in _TABLE_SECTIONS else (part,)
        for row in rows:
            if row.tag != "tr":
                continue
            rows_prose += _prose(stats, row)
            for cell in row:
                if cell.tag in ("td", "th") and _prose(stats, cell) > best_prose:
                    best, best_prose = cell, _prose(stats, cell)
    if best is None:
        return None
    own_row = best.getparent()
    if rows_prose - (0 if own_row is None else _prose(stats, own_row)) > _OTHER_ROWS_MAX_PROSE:
        return None
    return best


# Narrowing into a child holding less than this share of all the text (links included) leaves
# out as much as it keeps: a listing's cards, whose titles are links, beside a paragraph
# introducing them that out-weighs the cards' own prose. Half, not a third: a Genesis recipe
# blog's category description (`archive-description`, four paragraphs, 48 % of the text) and a
# blog's front page (49 %) lost every post's title, or its newsletter's issues, beside them.
CARDS_MAX_SHARE: Final = 0.5
# Cards are few title-length links (half of them four words or more); navigation is many
# short ones (the sidebar of a documentation page, a shop's menus).
_CARDS_MAX_LINKS: Final = 100
_CARD_TITLE_WORDS: Final = 4
# The headings over cards left out that may name them as other products ("Related items to
# explore"): a product page declaring nothing, its description 40 % of the text.
_CARDS_TITLE_TAGS: Final = ("h2", "h3", "h4", "h5")


def _leaves_out_cards(parent: etree._Element, child: etree._Element, stats: TextStats) -> bool:
    """Narrowing from `parent` to `child` would leave out a listing's cards: `child` holds
    less than `CARDS_MAX_SHARE` of all the text, and the links left out are at most
    `_CARDS_MAX_LINKS`, their median label four words or more, and no heading among them names
    them as other products (`sectiontitles.names_recommendations`: a row of related products
    beside a product's description is no listing). MIT's certificate programs (each a linked
    title and a paragraph inside the link) and a recipe site's cards were reduced to the
    paragraph introducing them."""
    if stats.text.get(child, 0) >= CARDS_MAX_SHARE * stats.text.get(parent, 0):
        return False
    lengths: list[int] = []
    # Only the siblings left out are walked: across the descent's levels they are disjoint.
    for element in itertools.chain.from_iterable(
        s.iter("a", *_CARDS_TITLE_TAGS) for s in parent if s is not child
    ):
        if element.tag != "a":  # a heading over some of them
            if names_recommendations(element, stats):
                return False
            continue
        words = len(string_value(element).split())
        if words:
            lengths.append(words)
            if len(lengths) > _CARDS_MAX_LINKS:
                return False
    if not lengths:
        return False
    lengths.sort()
    return lengths[len(lengths) // 2] >= _CARD_TITLE_WORDS


def _leaves_out_items(parent: etree._Element, child: etree._Element) -> bool:
    """Narrowing from `parent` to `child`, a microdata item, would leave out items of its
    kind beside it (the same `itemprop` or `itemtype`): a thread's posts (schema.org
    `Comment`s), a listing's products. Discourse's crawler view of a thread went into the one
    reply holding a long log and lost the question and every answer. Only the siblings of an
    item are read: across the descent's levels they are disjoint."""
    if child.get("itemscope") is None:
        return False
    kind = (child.get("itemprop") or "").strip(), (child.get("itemtype") or "").strip()
    if not any(kind):
        return False
    for sibling in parent:
        if sibling is child or sibling.get("itemscope") is None:
            continue
        prop, item_type = (
            (sibling.get("itemprop") or "").strip(),
            (sibling.get("itemtype") or "").strip(),
        )
        if (prop and prop == kind[0]) or (item_type and item_type == kind[1]):
            return True
    return False


# A landing page (a service's, a product line's, a company's) stacks `section`s, each under its
# own heading: the hero with the title, features, use cases, a FAQ. One of them holding most of
# the prose (a long FAQ, a slider of research notes) is not the page when at least so many other
# sections, each opening with a heading and holding some prose of their own, would be left out.
# An article's or product's body has a header and a related or reviews section beside it, and
# pages that declare themselves so are not asked (measured on WCXB: two such sections beside
# the body were undeclared articles' headers and "Work with us" blocks, −0.0001 F1).
_STACKED_SECTIONS: Final = 3
_SECTION_MIN_PROSE: Final = 50
_SECTION_HEADINGS: Final = ("h1", "h2", "h3")
_SECTION_HEADING_REACH: Final = 50  # elements looked at for a section's heading


def _leaves_out_sections(parent: etree._Element, child: etree._Element, stats: TextStats) -> bool:
    """Narrowing from `parent` to the `section` `child` would leave out at least
    `_STACKED_SECTIONS` other sections, each with a heading among its first elements and
    `_SECTION_MIN_PROSE` characters of prose: Netlify's home page lost its pitch and features
    to its FAQ-like feature list, an AI cloud's to its slider of research posts."""
    if child.tag != "section":
        return False
    found = 0
    for sibling in parent:
        if sibling is child or sibling.tag != "section":
            continue
        if _prose(stats, sibling) < _SECTION_MIN_PROSE:
            continue
        reach = itertools.islice(sibling.iter(), _SECTION_HEADING_REACH)
        if any(e.tag in _SECTION_HEADINGS for e in reach):
            found += 1
            if found >= _STACKED_SECTIONS:
                return True
    return False


# One of a run of like items (posts, cards, a page's blocks of one kind) is not the page because
# it is long: a thread's post holding a pasted log outweighed the question and every reply, and
# the descent went into it. Like: same tag and same class, with some prose of their own.
_RUN_SIBLINGS: Final = 2  # others beside it
_RUN_MIN_PROSE: Final = 50


def _one_of_a_run(parent: etree._Element, child: etree._Element, stats: TextStats) -> bool:
    """`child` has a class and at least `_RUN_SIBLINGS` siblings of its tag and class holding
    `_RUN_MIN_PROSE` characters of prose each (Discourse's crawler view: one
    `topic-body crawler-post` per post)."""
    name = child.get("class")
    if not name:
        return False
    found = 0
    for sibling in parent:
        if (
            sibling is not child
            and sibling.tag == child.tag
            and sibling.get("class") == name
            and _prose(stats, sibling) >= _RUN_MIN_PROSE
        ):
            found += 1
            if found >= _RUN_SIBLINGS:
                return True
    return False


# A section just before the wrapper the descent goes into, with a heading and this much prose
# of its own, is the article's abstract or lede, not furniture (which is gone by now).
LEDE_MIN_PROSE: Final = 200
_HEADING_REACH: Final = 3  # how deep a section's first heading may be wrapped
# A paragraph or heading of its own just before that wrapper, a sentence or more long, is the
# standfirst: Nintendo's "Play at home on the TV or on-the-go with a vibrant 7-inch OLED
# screen…" written as an `h2` over the product's description, Django's "This document explains
# all middleware components…", an article's deck. A byline or date ("By A. J. Neal",
# "Updated on 09/10/2025") is shorter.
STANDFIRST_MIN_PROSE: Final = 100
_STANDFIRST_TAGS: Final = HEADING_TAGS | {"p"}
_PICTURE_TAGS: Final = ("img", "picture", "video")


def _section_before(child: etree._Element, stats: TextStats) -> etree._Element | None:
    """The sibling just before `child` (empty ones aside) when it opens with a heading and has
    prose of its own: Nature's "Abstract" beside the `main-content` wrapper that outweighs it
    five to one. Narrowing to `child` alone would leave the paper's summary out."""
    before = child.getprevious()
    while before is not None and not stats.text.get(before, 0):
        before = before.getprevious()
    if before is None or _is_hidden(before):
        return None
    if before.tag in _STANDFIRST_TAGS and _prose(stats, before) >= STANDFIRST_MIN_PROSE:
        return before
    if _prose(stats, before) < LEDE_MIN_PROSE:
        return None
    node = before
    for _ in range(_HEADING_REACH):
        shown = _first_shown(node, stats)
        if shown is None:
            return None
        if shown.tag in HEADING_TAGS:
            return before
        node = shown
    return None


def _first_shown(element: etree._Element, stats: TextStats) -> etree._Element | None:
    """`element`'s first child element that shows something (text or a picture): what a reader
    sees it open with. An empty one before it (MDN's `<mdn-survey>` placeholder over the title,
    a spacer, an emptied tag list, `meta` tags) shows nothing, and had hidden the heading, so
    MDN's header with its title and introduction was no lede and the introduction was lost. A
    picture is seen: a product's gallery or a hero image before the heading opens the block. An
    empty heading counts as one: libxml2 closes a heading at a block inside it, and parse.py
    gives it back only a title-short paragraph (`<h1><p>Title</p></h1>`), so a heading closed
    at a longer paragraph or at a table is still an empty one opening its block."""
    for child in element:
        if not isinstance(child.tag, str):
            continue
        if (
            child.tag in HEADING_TAGS
            or stats.text.get(child, 0)
            or next(child.iter(*_PICTURE_TAGS), None) is not None
        ):
            return child
    return None


def _hidden_aside(child: etree._Element, parent: etree._Element, stats: TextStats) -> bool:
    """A hidden `child` that is not most of its parent's text, links included: a dialog the
    page opens on demand (a shop's "pricing policy" beside thirty product cards whose names are
    links outweighs the cards' own prose, and was selected alone). A hidden child holding nearly
    all the text is the page's content shown by its scripts (React's streamed `<div hidden
    id="S:0">`, a login-gate plugin's `display: none` body) and is narrowed into as before."""
    return _is_hidden(child) and stats.text.get(child, 0) < KEEP_SHARE * stats.text.get(parent, 0)


def _is_hidden(section: etree._Element) -> bool:
    """Hidden by the page until a script shows it (inline `display: none`, `hidden`): B&H's
    "Please update your browser" section, shown to old browsers only, is no lede."""
    return section.get("hidden") is not None or hidden_by_style(section)


def _with_ledes(root: etree._Element, ledes: list[etree._Element]) -> etree._Element:
    """`root` with the sections the descent left out moved to its top, outermost first (the
    rest of the page outside `root` is not rendered)."""
    for lede in reversed(ledes):
        lede.tail = None
        root.insert(0, lede)
    return root


_ITEM_TEXTS: Final = etree.XPath("//*[@itemprop and contains(@itemprop, 'text')]")


_MAIN_ENTITY: Final = frozenset({"mainEntity"})
_ANSWERS: Final = frozenset({"acceptedAnswer", "suggestedAnswer"})


def _text_item(element: etree._Element) -> list[str]:
    """For an `itemprop=text`, the property its item is to the page (`mainEntity`,
    `suggestedAnswer`, …); none for other elements."""
    if "text" not in (element.get("itemprop") or "").split():
        return []
    item = next((a for a in element.iterancestors() if a.get("itemscope") is not None), None)
    return [] if item is None else (item.get("itemprop") or "").split()


def _holding_all(elements: list[etree._Element]) -> set[etree._Element] | None:
    """The elements that are or hold every one of `elements` (None when there are none)."""
    if not elements:
        return None
    holding = {elements[0], *elements[0].iterancestors()}
    for element in elements[1:]:
        holding.intersection_update({element, *element.iterancestors()})
    return holding


def marked_body_holders(body: etree._Element, stats: TextStats) -> set[etree._Element]:
    """The element marked as an article's body (the largest, by its text) and every element
    holding it, when it holds at least `MARKED_BODY_SHARE` of the page's text (empty when
    none does: a related post's `post-content` card, a comments section classed
    `article-content`)."""
    candidates = [
        e
        for e in body.iter()
        if e.get("itemprop") == "articleBody" or _ARTICLE_BODY_CLASSES.search(e.get("class") or "")
    ]
    best = max(candidates, key=lambda e: stats.text.get(e, 0), default=None)
    if best is None or stats.text.get(best, 0) < MARKED_BODY_SHARE * stats.text.get(body, 0):
        return set()
    return {best, *best.iterancestors()}


def article_body(root: etree._Element, stats: TextStats) -> etree._Element:
    """On a page that declares itself an article, narrow to the element marked as its body.

    `content_root` keeps whatever sits beside the article in the same column (author boxes,
    newsletter forms, "more stories"); the article body marked by its CMS is the article, when
    it holds at least half of that prose; marked by none, the one `article` element in it is.
    (`with_title` keeps the page's title with it.)
    """
    total = _prose(stats, root)
    if total <= 0:
        return root
    # A Python walk over class attributes: an XPath of `contains()` tests costs 3× more.
    candidates = [
        e
        for e in root.iter()
        if e.get("itemprop") == "articleBody" or _ARTICLE_BODY_CLASSES.search(e.get("class") or "")
    ]
    best = max(candidates, key=lambda e: _prose(stats, e), default=None)
    if best is None:
        best = _lone_article(root)
    if best is None or _prose(stats, best) < ARTICLE_BODY_SHARE * total:
        return root
    return best


def _lone_article(root: etree._Element) -> etree._Element | None:
    """The one `article` element inside `root` (others only inside it: its comments), if any;
    none when `root` is an article or inside one: the article is chosen already, and one inside
    it is a reader's comment or a related post's card (a short post over one long comment
    narrowed to the comment)."""
    if root.tag == "article" or any(e.tag == "article" for e in root.iterancestors()):
        return None
    articles = root.iter("article")
    first = next((e for e in articles if e is not root), None)
    if first is None:
        return None
    inside = set(first.iter("article"))
    if any(e not in inside for e in articles):
        return None
    return first
