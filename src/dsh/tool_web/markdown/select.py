"""Main-content selection: the smallest subtree that still holds nearly all of the page's prose.

Recall-first: we descend from <body> only while a single child keeps most of the non-link text,
so forum threads, listings and product pages whose content spreads over many siblings stay whole,
while a page whose prose sits in one column loses the columns around it.
"""

from __future__ import annotations

import copy
import itertools
import re
from typing import Final
from urllib.parse import urlsplit

import lxml.etree as etree

from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS, find_elements, hidden_by_style, holds
from dsh.tool_web.markdown.vocabulary import attribute_tokens

# Share of the page's non-link text a child must hold for us to narrow down to it.
KEEP_SHARE: Final = 0.8

# Only wrappers are narrowed into; a paragraph, list or table holding most of the prose is
# part of the content, and the headings and code around it belong with it.
_WRAPPERS: Final = frozenset(
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


def _prose(stats: TextStats, element: etree._Element) -> int:
    return stats.text.get(element, 0) - stats.link_text.get(element, 0)


def content_root(
    body: etree._Element, stats: TextStats, *, main_entity: bool = True
) -> etree._Element:
    """The subtree to render (see the module's docstring), with a section the descent left
    out just before it moved to its top (`_section_before`: an abstract, a lede). `main_entity`:
    the page may mark one (its source says `mainEntity`); the search for it walks the whole
    tree."""
    total = _prose(stats, body)
    if total <= 0:
        return body
    # The text of what the page marks as its main entity (schema.org microdata: a Q&A page's
    # question, `itemprop=text` directly under the `itemprop=mainEntity` item) stays inside the
    # root. Stack Exchange puts the question beside a column of answers that outweighs it, and
    # the root was the answers alone: the model read answers to a question it never saw.
    found = find_elements(_ITEM_TEXTS, body) if main_entity else []
    entity_texts = [e for e in found if _is_main_entity_text(e) and holds(body, e)]
    # The descent stops before leaving any of them out, so it may only pass through the elements
    # holding them all: their nearest common ancestor and the elements above it.
    holding_all = _holding_all(entity_texts)
    current = body
    ledes: list[etree._Element] = []  # sections left out on the way down that come along
    while True:
        best: etree._Element | None = None
        best_prose = -1
        for child in current:
            if child.tag not in _WRAPPERS or _hidden_aside(child, current, stats):
                continue
            prose = _prose(stats, child)
            if prose > best_prose:
                best, best_prose = child, prose
        if (
            best is None
            or best_prose < KEEP_SHARE * total
            or (holding_all is not None and best not in holding_all)
            or _leaves_out_cards(current, best, stats)
        ):
            return _with_ledes(current, ledes)
        lede = _section_before(best, stats)
        if lede is not None:
            ledes.append(lede)
        current = best


# Narrowing into a child holding less than this share of all the text (links included) leaves
# most of what the page shows out: a listing's cards, whose titles are links, beside a
# paragraph introducing them that out-weighs the cards' own prose.
CARDS_MAX_SHARE: Final = 0.3
# Cards are few title-length links (half of them four words or more); navigation is many
# short ones (the sidebar of a documentation page, a shop's menus).
_CARDS_MAX_LINKS: Final = 100
_CARD_TITLE_WORDS: Final = 4


def _leaves_out_cards(parent: etree._Element, child: etree._Element, stats: TextStats) -> bool:
    """Narrowing from `parent` to `child` would leave out a listing's cards: `child` holds
    less than `CARDS_MAX_SHARE` of all the text, and the links left out are at most
    `_CARDS_MAX_LINKS`, their median label four words or more. MIT's certificate programs
    (each a linked title and a paragraph inside the link) and a recipe site's cards were
    reduced to the paragraph introducing them."""
    if stats.text.get(child, 0) >= CARDS_MAX_SHARE * stats.text.get(parent, 0):
        return False
    lengths: list[int] = []
    # Only the siblings left out are walked: across the descent's levels they are disjoint.
    for link in itertools.chain.from_iterable(s.iter("a") for s in parent if s is not child):
        words = len(string_value(link).split())
        if words:
            lengths.append(words)
            if len(lengths) > _CARDS_MAX_LINKS:
                return False
    if not lengths:
        return False
    lengths.sort()
    return lengths[len(lengths) // 2] >= _CARD_TITLE_WORDS


# A section just before the wrapper the descent goes into, with a heading and this much prose
# of its own, is the article's abstract or lede, not furniture (which is gone by now).
LEDE_MIN_PROSE: Final = 200
_HEADING_REACH: Final = 3  # how deep a section's first heading may be wrapped


def _section_before(child: etree._Element, stats: TextStats) -> etree._Element | None:
    """The sibling just before `child` (empty ones aside) when it opens with a heading and has
    prose of its own: Nature's "Abstract" beside the `main-content` wrapper that outweighs it
    five to one. Narrowing to `child` alone would leave the paper's summary out."""
    before = child.getprevious()
    while before is not None and not stats.text.get(before, 0):
        before = before.getprevious()
    if before is None or _prose(stats, before) < LEDE_MIN_PROSE or _is_hidden(before):
        return None
    node: etree._Element | None = before
    for _ in range(_HEADING_REACH):
        node = next(iter(node), None) if node is not None else None
        if node is None or not isinstance(node.tag, str):
            return None
        if node.tag in HEADING_TAGS:
            return before
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


def _is_main_entity_text(element: etree._Element) -> bool:
    if "text" not in (element.get("itemprop") or "").split():
        return False
    item = next((a for a in element.iterancestors() if a.get("itemscope") is not None), None)
    return item is not None and "mainEntity" in (item.get("itemprop") or "").split()


def _holding_all(elements: list[etree._Element]) -> set[etree._Element] | None:
    """The elements that are or hold every one of `elements` (None when there are none)."""
    if not elements:
        return None
    holding = {elements[0], *elements[0].iterancestors()}
    for element in elements[1:]:
        holding.intersection_update({element, *element.iterancestors()})
    return holding


def article_body(root: etree._Element, stats: TextStats) -> etree._Element:
    """On a page that declares itself an article, narrow to the element marked as its body.

    `content_root` keeps whatever sits beside the article in the same column (author boxes,
    newsletter forms, "more stories"); the article body marked by its CMS is the article, when
    it holds at least half of that prose. (`with_title` keeps the page's title with it.)
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
    if best is None or _prose(stats, best) < ARTICLE_BODY_SHARE * total:
        return root
    return best


def with_title(
    main: etree._Element, body: etree._Element, page_title: str = "", *, dated: bool = False
) -> etree._Element:
    """`main` with the page's title (its first `<h1>`) on top when the selection left it out.

    The title often sits in a header beside the content column: a Stack Overflow question's,
    a GitHub issue's (with its number), a documentation page's, PyPI's `requests 2.32.3`
    beside a README that has an `h1` of its own. Without it the model reads a body without
    knowing what it is about (`web_fetch` adds no title line). `page_title` is the `<title>`.
    On a page that declares itself an article (`dated`), the date beside the title comes with
    it; a forum thread's posts carry their own.
    """
    if main is body or main.tag not in _WRAPPERS:
        return main
    title = next((h1 for h1 in body.iter("h1") if not _is_site_name(h1)), None)
    if title is None:
        return main
    if holds(main, title):
        _drop_tag_link_before(title)
        return main
    text = string_value(title)
    if not text.strip():
        return main
    own = [_words(string_value(h1)) for h1 in main.iter("h1")]
    # When the selection has an `h1` of its own, the one left out must be the page's title, as
    # its `<title>` says (not the site's name after the separator, nor a section's "Blog" or a
    # banner's slogan), and not a copy of the selection's (a mobile header's).
    if own and (_words(text) in own or not _names_the_page(text, page_title)):
        return main
    heading = copy.deepcopy(title)
    heading.tail = None
    main.insert(0, heading)
    date = _date_beside(title, main) if dated else None
    if date is not None:
        line = etree.Element("p")
        line.append(date)
        main.insert(1, line)
    return main


# A link to a tag's or category's page: a post's primary tag (Ghost's `gh-article-tag`), a
# news site's section kicker.
_TAXONOMY_PATH: Final = re.compile(r"/(?:tags?|categor(?:y|ies)|topics?)/[^/?#]+/?(?:[?#]|$)")
_MAX_TAG_CHARS: Final = 40


def _drop_tag_link_before(title: etree._Element) -> None:
    """A post's tag linked right above its title (alone, or alone in its block) goes: "News"
    over "# Our new build system" read as the title's kicker or a section the post is in.
    Casper's tags, named `post-card-tags`, already go as furniture."""
    before = title.getprevious()
    if before is None or not isinstance(before.tag, str) or (before.tail or "").strip():
        return
    text = string_value(before).strip()
    if not 0 < len(text) <= _MAX_TAG_CHARS:
        return
    links = list(itertools.islice(before.iter("a"), 2))
    if len(links) != 1 or string_value(links[0]).strip() != text:
        return
    if not _TAXONOMY_PATH.search(links[0].get("href") or ""):
        return
    parent = before.getparent()
    if parent is not None:
        parent.remove(before)


# How far up from the title its header is looked for: the `header`, and a wrapper or two.
_TITLE_HEADER_LEVELS: Final = 3


def _date_beside(title: etree._Element, main: etree._Element) -> etree._Element | None:
    """The first `<time datetime>` in the header the title stands in (a post's "March 1, 2024"
    beside its `h1`), as a copy; none when that header holds the selection itself. The title
    alone was put back on top, and the model could not tell how old the post was."""
    for ancestor in itertools.islice(title.iterancestors(), _TITLE_HEADER_LEVELS):
        if holds(ancestor, main):
            return None
        found = next((t for t in ancestor.iter("time") if t.get("datetime")), None)
        if found is not None and string_value(found).strip():
            date = copy.deepcopy(found)
            date.tail = None
            return date
    return None


_WORD: Final = re.compile(r"\w+(?:[.'’]\w+)*")  # a version ("2.32.3") is one word
# Between a `<title>`'s page name and the site's name ("Pods | Kubernetes", "react - npm").
_TITLE_SEPARATOR: Final = re.compile(r"\s[|\-–—·•:]+\s")


def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text.lower()))


def _names_the_page(heading: str, page_title: str) -> bool:
    """At least half the heading's words are in the `<title>`, its last part (the site's name
    when there are several) aside."""
    parts = _TITLE_SEPARATOR.split(page_title)
    named = set(_words(" ".join(parts[:-1] if len(parts) > 1 else parts)))
    words = _words(heading)
    return bool(words) and 2 * sum(1 for word in words if word in named) >= len(words)


# Where an `h1` is the site's name or a widget's, not the page's title.
_NOT_TITLE_WORDS: Final = frozenset(
    {"logo", "brand", "branding", "masthead", "menu", "drawer", "popup", "modal",
     "newsletter", "navbar", "nav"}
)  # fmt: skip
_NOT_TITLE_PAIRS: Final = frozenset(
    {("site", "title"), ("site", "name"), ("site", "logo"), ("site", "header"), ("blog", "title")}
)
_TITLE_WORDS: Final = frozenset({"entry", "post", "page", "article"})
_ROOT_LINKS: Final = frozenset({"/", "./", "#", ""})


def _is_site_name(h1: etree._Element) -> bool:
    """An `h1` holding the site's name: a link to the home page, or inside a logo, menu or
    pop-up (older WordPress, Bootstrap and Blogger themes write the logo as the `h1`)."""
    links = list(h1.iter("a"))
    if links and all(_is_home(link.get("href") or "") for link in links):
        return True
    for element in (h1, *itertools.islice(h1.iterancestors(), _SITE_NAME_LEVELS)):
        words = attribute_tokens(element)
        if not words or not _TITLE_WORDS.isdisjoint(words):
            continue
        if not _NOT_TITLE_WORDS.isdisjoint(words) or not _NOT_TITLE_PAIRS.isdisjoint(
            itertools.pairwise(words)
        ):
            return True
    return False


_SITE_NAME_LEVELS: Final = 4


def _is_home(href: str) -> bool:
    href = href.strip()
    if href in _ROOT_LINKS:
        return True
    parts = urlsplit(href)
    return bool(parts.netloc) and parts.path in ("", "/") and not parts.query


# The facts of the page's subject in a header beside the selection: pkg.go.dev's "Version:",
# "License:", "Imports:" over the documentation, a court opinion's "Docket Number:" and
# "Judges:" under the caption, a product's "SKU:" and sizes beside its description. The
# descent into the column of prose left them out. Looked for only before the selection (a
# header; what follows it is a sidebar: author boxes, downloads, related posts), within this
# many levels of it, in siblings short enough to be a header, as a block of labelled lines.
FACT_LEVELS: Final = 3
FACT_SIBLING_MAX: Final = 2000  # characters of text: more is a column, not a header
FACT_BLOCK_MAX: Final = 600
FACT_LABELS_MIN: Final = 3  # two are a byline ("Posted On:", "By:")
_FACT_VISITS: Final = 400  # elements looked at in one sibling
_FACT_LINE_MAX: Final = 160
_FACT_LINE_LINKS: Final = 2  # a linked label and a linked value (pkg.go.dev's "Imports: 4")
# "Label: value": a label of letters (no figures: "Mouse C: …" is no label but "Step 2: …"
# neither), at most four words, and a short value.
_FACT_LINE: Final = re.compile(r"([^\W\d_][^:\d]{0,39}):\s*(\S.{0,119})", re.DOTALL)
_LABEL_WORDS_MAX: Final = 4
# Share of a block's words the selection may already hold before the block is its copy
# (Steam's glance block repeats the details block the selection holds).
_FACT_COPY_SHARE: Final = 0.8


def bring_facts_beside(
    main: etree._Element, body: etree._Element, stats: TextStats
) -> list[etree._Element]:
    """Move the blocks of labelled facts just before `main` or its wrappers (see above) to its
    top, in document order; they are returned, for link-block pruning to leave alone (a
    version, a licence and a count of imports are links on pkg.go.dev, yet no navigation)."""
    if main is body:
        return []
    found: list[list[etree._Element]] = []
    node = main
    for _ in range(FACT_LEVELS):
        parent = node.getparent()
        if parent is None:
            break
        found[:0] = _facts_before(node, parent, stats)  # outer levels come first
        if parent is body:
            break
        node = parent
    if not found:
        return []
    held = _word_counts(string_value(main))
    moved: list[etree._Element] = []
    for block in reversed([block for block in found if not _is_copy(block, held)]):
        if len(block) == 1:
            element = block[0]
        else:  # a run of labelled lines, each a child of the wrapper: kept together
            element = etree.Element("div")
            element.extend(block)
        for line in element:
            if line.tag in _INLINE_LINES and _fact_label(line, stats) is not None:
                line.tag = "div"  # laid out as lines by CSS: one fact a line, not run together
        _insert_on_top(main, element)
        moved.append(element)
    return moved


_INLINE_LINES: Final = frozenset({"span", "a", "small", "strong", "b", "em", "i", "font"})


def _facts_before(
    node: etree._Element, parent: etree._Element, stats: TextStats
) -> list[list[etree._Element]]:
    """The fact blocks among `node`'s siblings before it: a run of labelled lines beside it, or
    a block of them inside a short sibling."""
    blocks: list[list[etree._Element]] = []
    run: list[etree._Element] = []
    for sibling in parent:
        if sibling is node:
            break
        if not isinstance(sibling.tag, str) or not stats.text.get(sibling, 0):
            continue
        if _fact_label(sibling, stats) is not None:
            run.append(sibling)
            continue
        if _is_fact_run(run, stats):
            blocks.append(run)
        run = []
        if stats.text.get(sibling, 0) <= FACT_SIBLING_MAX:
            blocks.extend([block] for block in _fact_blocks(sibling, stats))
    if _is_fact_run(run, stats):
        blocks.append(run)
    return blocks


def _fact_blocks(sibling: etree._Element, stats: TextStats) -> list[etree._Element]:
    """The outermost fact blocks inside `sibling`, in document order (at most `_FACT_VISITS`
    elements with text looked at)."""
    blocks: list[etree._Element] = []
    stack = [sibling]
    visits = 0
    while stack and visits < _FACT_VISITS:
        element = stack.pop()
        visits += 1
        if (
            len(element) >= FACT_LABELS_MIN
            and stats.text.get(element, 0) <= FACT_BLOCK_MAX
            and _is_fact_block(element, stats)
        ):
            blocks.append(element)
            continue
        stack.extend(
            child
            for child in reversed(element)
            if isinstance(child.tag, str) and stats.text.get(child, 0)
        )
    return blocks


def _is_fact_block(element: etree._Element, stats: TextStats) -> bool:
    if element.tag == "dl":
        # Its own groups only, in the `div`s HTML allows around them (not a nested list's).
        parts = [p for c in element for p in (c if c.tag == "div" else (c,))]
        labels = {" ".join(string_value(p).split()).lower() for p in parts if p.tag == "dt"} - {""}
        return len(labels) >= FACT_LABELS_MIN and any(
            p.tag == "dd" and stats.text.get(p, 0) for p in parts
        )
    children = [c for c in element if isinstance(c.tag, str) and stats.text.get(c, 0)]
    if len(children) < FACT_LABELS_MIN:
        return False
    labelled = [c for c in children if _fact_label(c, stats) is not None]
    # A heading or a note may stand among them ("Details", "* Prices in USD").
    return 3 * len(labelled) >= 2 * len(children) and _is_fact_run(labelled, stats)


def _is_fact_run(run: list[etree._Element], stats: TextStats) -> bool:
    return len({_fact_label(line, stats) for line in run} - {None}) >= FACT_LABELS_MIN


def _fact_label(element: etree._Element, stats: TextStats) -> str | None:
    """The label of a labelled line ("Docket Number: 19-1392", a table row's header cell and
    value), lowercased; None for anything else."""
    if not 0 < stats.text.get(element, 0) <= _FACT_LINE_MAX:
        return None
    if stats.links.get(element, 0) > _FACT_LINE_LINKS:
        return None  # a value of links: PostgreSQL's "Supported Versions: 18 / 17 / 16", menus
    if element.tag == "tr":
        cells = [c for c in element if c.tag in ("th", "td")]
        if len(cells) != 2 or cells[0].tag != "th" or not stats.text.get(cells[1], 0):
            return None
        label = " ".join(string_value(cells[0]).split()).rstrip(":")
    else:
        match = _FACT_LINE.fullmatch(" ".join(string_value(element).split()))
        if match is None:
            return None
        label, value = match.group(1), match.group(2)
        if ": " in value:
            return None  # several lines run together: a wrapper of them, looked into
        if value.endswith(("!", "?")) or (value.endswith(".") and len(value.split()) > 3):
            return None  # a sentence after a heading's colon, not a value
    if not label or len(label) > 40 or len(label.split()) > _LABEL_WORDS_MAX:
        return None
    return label.lower()


def _word_counts(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for word in _words(text):
        counts[word] = counts.get(word, 0) + 1
    return counts


def _is_copy(block: list[etree._Element], held: dict[str, int]) -> bool:
    """Whether the selection (`held`, its word counts) holds most of `block`'s words, each as
    often as the block says it. Counted over the block's own words: copying `held` for each
    block cost the selection's size times the number of blocks."""
    words = _word_counts(" ".join(string_value(element) for element in block))
    found = sum(min(count, held.get(word, 0)) for word, count in words.items())
    return found >= _FACT_COPY_SHARE * sum(words.values())


# On a page that declares itself a product, the product's summary (its title, price, rating,
# stock, options) beside the description the descent goes into: a section before it, within
# `FACT_LEVELS` of it, holding the page's `h1`, and at most this share of the description's
# text (more is a column of its own, not a summary).
SUMMARY_MAX_SHARE: Final = 0.5


def bring_product_summary(main: etree._Element, body: etree._Element, stats: TextStats) -> None:
    """Move the product's summary (see above) to the top of `main`. Shops put the buy box
    beside a long description that holds most of the page's prose: the descent took the
    description, and the price, "Only 3 left in stock" and "4.8 out of 5" were lost (with
    the title put back alone)."""
    if main is body:
        return
    title = next((h1 for h1 in body.iter("h1") if not _is_site_name(h1)), None)
    if title is None or holds(main, title):
        return
    holding_title = {title, *title.iterancestors()}
    node = main
    for _ in range(FACT_LEVELS):
        parent = node.getparent()
        if parent is None:
            return
        for sibling in parent:
            if sibling is node:
                break
            if sibling in holding_title:
                if stats.text.get(sibling, 0) <= SUMMARY_MAX_SHARE * stats.text.get(main, 0):
                    _insert_on_top(main, sibling)
                return
        if parent is body:
            return
        node = parent


def _insert_on_top(main: etree._Element, element: etree._Element) -> None:
    """`element` (its tail left behind) as the first thing `main` shows: before the text
    `main` opens with, which becomes its tail, not after it."""
    element.tail = main.text
    main.text = None
    main.insert(0, element)
