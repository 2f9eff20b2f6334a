"""What a product page says that is not about its product: the other products it recommends,
in sections it heads "You may also like", "Similar items", "Customers also bought", "Frequently
bought together", "Recently viewed", "More from <brand>", "Complete the look", "Keep
exploring", "Featured products", "Produits similaires"; and the shop's terms it repeats beside
every product, titled "Shipping & Returns", "Payment & Security"; and the paid cards a
marketplace labels "Sponsored" among them. And on any page, the site's
lists of what is popular, headed "Trending" or "Most read", and the titles of lists of the
site's other pages ("Related posts", "More from <site>", "What to read next") that the pruning
of link blocks left with nothing under them.

Link-block pruning leaves such carousels when their cards carry prices and headings, and their
vocabulary is no help: shops name them with generated classes. Their headings say what they
are. Only on a page that declares itself a product (`pagekind.py`), inside the selection, and
by a short heading's whole phrase: on other pages "related" sections are an article's reading
list or a listing's own content, and a shop's terms its help page's subject, which their truths
keep. A list of what is popular is beside any page's own content, so it goes on any page.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.sectiontitles import RECOMMENDATION, title_text
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import BLANK_LINES, string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS, holds

# The whole title of a section on the shop's terms (a heading, a disclosure's summary or a bold
# label), lowercased, without a closing full stop. Not a question ("What is the return
# policy?": a product's FAQ, answered for it) nor "Warranty & Returns" (a guitar shop's own
# warranty for the instrument, which its truths keep), nor "Delivery" alone (an option's name).
_SHOP_POLICY: Final = re.compile(
    r"(?:free )?(?:shipping|delivery) (?:&|and) returns?(?: polic(?:y|ies))?"
    r"|warranty info(?:rmation)?|payment (?:&|and) security"
    r"|why (?:buy|shop) (?:from|with) us|why .{1,40} is the best place to buy .{1,40}"
)
# The whole heading of a list of what is popular across the site, lowercased: "Trending",
# "Trending stories", "Popular", "Most popular posts", "Most read". Not a heading that says
# more ("Popular destinations in Spain", "Why is Python so popular?": a section of the text),
# nor "Latest" or "Latest news", which head a blog's or a newsroom's own listing as often as
# a list beside it (WCXB: a Medium publication's posts went).
_POPULAR: Final = re.compile(
    r"(?:trending|popular|most popular|most (?:read|viewed|shared))"
    r"(?: (?:now|today|this week|stories|articles|posts|news|topics))?[:!]?"
)
# The whole heading of a list of the site's other pages, lowercased, its emphasis, link targets
# and closing colon, dots or ellipsis aside: "Related", "Related posts", "Related: <a teaser's
# title>", "More from <site>", "Other posts you may enjoy", "What to read next", "Up next",
# "Recent posts". Such a list is links, which link-block pruning takes (in the tree or as the
# renderer writes it); its title was left standing, read as a section with nothing in it or as
# the title of what follows. Only a title with nothing under it goes: a reading list a page
# shows with its items stays whole, and its truths keep it.
_READING_LIST: Final = re.compile(
    r"related\b.*|more (?:from|articles|posts|stories)\b.*|also read\b.*"
    r"|(?:other |more )?(?:articles|posts|stories) you (?:may|might|will) (?:also )?"
    r"(?:like|enjoy|love)|you (?:may|might) also (?:like|enjoy|love)"
    r"|(?:what to )?read next|up next|keep reading|further reading"
    r"|recent (?:posts|articles|stories)|explore more (?:articles|posts|stories)\b.*"
)
_READING_LIST_END: Final = ":.…! "
_HEADING_LINE: Final = re.compile(r"(#{1,6}) +(.*)")
_LINK_TARGET: Final = re.compile(r"\]\([^)]*\)")
_MARKS: Final = str.maketrans("", "", "*_[]\\")
_POLICY_TITLE_TAGS: Final = ("h2", "h3", "h4", "h5", "h6", "summary", "b", "strong")
_HEADING_MAX_CHARS: Final = 80
_SECTIONS_MAX: Final = 50  # headings looked at: a page of thousands is no product page
# A section is the heading's wrapper while the heading opens it (its first child with text,
# looked for among the first few children), at most this many levels up.
_WRAPPER_LEVELS: Final = 6
_FIRST_CHILDREN: Final = 16
# A heading's section read from its siblings is at most this many of them.
_SECTION_SIBLINGS_MAX: Final = 2000
# A "section" holding this share of the selection's text is the page, not a carousel beside it.
_SECTION_MAX_SHARE: Final = 0.5


def drop_recommended_products(main: etree._Element, stats: TextStats) -> None:
    """Remove the sections of `main` headed as recommendations of other products (see above).
    Call on a page that declares itself a product, after link-block pruning."""
    headings = (
        h
        for h in main.iter("h2", "h3", "h4", "h5")
        if stats.text.get(h, 0) <= _HEADING_MAX_CHARS and RECOMMENDATION.search(title_text(h))
    )
    drop_sections(main, stats, headings)


def drop_popular_lists(main: etree._Element, stats: TextStats) -> None:
    """Remove the sections of `main` headed as what is popular across the site ("Trending",
    "Most read"), on any page: a news listing's, a blog's or a forum's list of other stories
    beside its own, which read as more of the page's items. Not one holding more than half of
    the selection (a "Popular" page is its list). Call after link-block pruning."""
    headings = (
        h
        for h in main.iter("h2", "h3", "h4", "h5")
        if stats.text.get(h, 0) <= _HEADING_MAX_CHARS and _POPULAR.fullmatch(title_text(h))
    )
    drop_sections(main, stats, headings)


def drop_empty_reading_list_titles(markdown: str) -> str:
    """Drop each heading line of `markdown` that titles a list of the site's other pages
    (`_READING_LIST`: "Related posts", "More from <site>") when nothing is under it: the next
    line with text is a heading of its level or higher, or there is none. Read from the end,
    so titles left in a row ("More from <site>", then "Related") go together. Only top-level
    headings (a heading in a list item or a quotation is part of it); code is still a
    placeholder when the renderer calls this, so a comment line in code is no heading."""
    if "#" not in markdown:
        return markdown  # most pages' last lines: spare the pass
    lines = markdown.split("\n")
    # The level of the next heading after the current line (0: none, the page ends; 7: the
    # next line with text is no heading).
    next_level = 0
    dropped = False
    for at in range(len(lines) - 1, -1, -1):
        line = lines[at]
        if not line.strip():
            continue
        heading = _HEADING_LINE.fullmatch(line) if line[:1] == "#" else None
        if heading is None:
            next_level = 7
            continue
        level = len(heading.group(1))
        if (
            next_level <= level
            and len(heading.group(2)) <= 4 * _HEADING_MAX_CHARS
            and _READING_LIST.fullmatch(_heading_words(heading.group(2)))
        ):
            lines[at] = ""
            dropped = True
            continue
        next_level = level
    if not dropped:
        return markdown
    return BLANK_LINES.sub("\n\n", "\n".join(lines)).strip("\n")


def _heading_words(text: str) -> str:
    """A heading line's words, lowercased, without link targets, emphasis and brackets, nor a
    closing colon, dots, ellipsis or exclamation mark."""
    if "](" in text:
        text = _LINK_TARGET.sub("", text)
    text = text.translate(_MARKS).lower()
    return " ".join(text.split()).rstrip(_READING_LIST_END)


def drop_shop_policies(main: etree._Element, stats: TextStats) -> None:
    """Remove the sections of `main` titled as the shop's terms (see above). Call on a page
    that declares itself a product, after link-block pruning."""
    titles = (
        t
        for t in main.iter(*_POLICY_TITLE_TAGS)
        if stats.text.get(t, 0) <= _HEADING_MAX_CHARS
        and _SHOP_POLICY.fullmatch(title_text(t).rstrip("."))
    )
    drop_sections(main, stats, titles)


def drop_sections(
    main: etree._Element,
    stats: TextStats,
    titles: Iterator[etree._Element],
    only: Callable[[list[etree._Element]], bool] | None = None,
) -> None:
    """Remove the section each of the first `_SECTIONS_MAX` titles opens, unless it holds more
    than `_SECTION_MAX_SHARE` of `main`'s text (then it is the page, not a part of it), or
    `only` says no of it (`aisummaries.py`: a review summary goes only when it says it was
    generated)."""
    total = stats.text.get(main, 0)
    for title in list(itertools.islice(titles, _SECTIONS_MAX)):
        if not holds(main, title):
            continue  # inside a section removed before it
        section = _section(title, main, stats)
        if sum(stats.text.get(e, 0) for e in section) > _SECTION_MAX_SHARE * total:
            continue
        if only is not None and not only(section):
            continue
        for element in section:
            stats.forget(element)
            drop_keep_tail(element)


def _section(
    heading: etree._Element, main: etree._Element, stats: TextStats
) -> list[etree._Element]:
    """The wrapper `heading` opens (within `_WRAPPER_LEVELS`), or the heading and its
    siblings after it up to the next heading of its level or higher."""
    node = heading
    for _ in range(_WRAPPER_LEVELS):
        parent = node.getparent()
        if parent is None or parent is main or node.tag == "details":
            break  # a disclosure is one section, even when it opens a list of them
        children = itertools.islice(parent, _FIRST_CHILDREN)
        first = next((c for c in children if stats.text.get(c, 0) or c is node), None)
        if first is not node:
            break
        node = parent
    if node is not heading:
        return [node]
    section = [heading]
    sibling = heading.getnext()
    while sibling is not None and not (
        sibling.tag in HEADING_TAGS and str(sibling.tag) <= str(heading.tag)
    ):
        if len(section) > _SECTION_SIBLINGS_MAX:
            return []  # no carousel: each heading would walk the same long run again
        section.append(sibling)
        sibling = sibling.getnext()
    return section


# The label a marketplace puts on a paid card among its recommendations, its whole text.
_SPONSORED_LABEL: Final = "sponsored"
# A card is short: an ancestor holding more than this is a section, not an ad's card.
_SPONSORED_CARD_MAX_CHARS: Final = 600
_SPONSORED_LABELS_MAX: Final = 50


def drop_sponsored_cards(main: etree._Element, stats: TextStats) -> None:
    """Remove each card of `main` that carries a lone "Sponsored" label (the label's nearest
    ancestor holding more text than it, at most `_SPONSORED_CARD_MAX_CHARS`, not holding an
    `h1`), else the label alone: Wayfair's, Walmart's and Target's paid cards beside the
    product, another product's name and price. Call on a page that declares itself a product,
    when its source says `Sponsored`."""
    labels = [
        e
        for e in main.iter(etree.Element)
        if stats.text.get(e, 0) == len(_SPONSORED_LABEL)
        and " ".join(string_value(e).split()).lower() == _SPONSORED_LABEL
        and not any(True for _ in e.iterchildren(etree.Element))
    ][:_SPONSORED_LABELS_MAX]
    for label in labels:
        if not holds(main, label):
            continue
        card = label
        parent = label.getparent()
        while parent is not None and parent is not main:
            if stats.text.get(parent, 0) > len(_SPONSORED_LABEL):
                if stats.text.get(parent, 0) <= _SPONSORED_CARD_MAX_CHARS and not any(
                    True for _ in parent.iter("h1")
                ):
                    card = parent
                break
            parent = parent.getparent()
        stats.forget(card)
        drop_keep_tail(card)
