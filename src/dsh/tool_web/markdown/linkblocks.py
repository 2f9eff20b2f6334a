"""Dropping link-dense blocks (related-post grids, tag clouds, "more from" lists) from prose.

Only on pages whose content is prose: on listings and collections the links *are* the content
(the ground truth of such pages keeps every card title), so a content area that is itself
link-heavy is left alone; unless it is a thread whose posts' messages are named as such, which
are kept whole while the link blocks around them go.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.links import CARD_LINK
from dsh.tool_web.markdown.repeats import starts_with_price
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.toc import is_in_page_name_list
from dsh.tool_web.markdown.tree import HEADING_TAGS, find_elements
from dsh.tool_web.markdown.vocabulary import attribute_tokens

# The content area counts as prose when at most this share of its text is link text.
PROSE_LINK_SHARE: Final = 0.15
# A block inside prose is furniture when more than this share of its text is link text.
BLOCK_LINK_SHARE: Final = 0.5
# ... unless it holds this much of the content area (then a wrong guess costs too much).
_MAX_BLOCK_SHARE: Final = 0.3
# On a page that declares itself an article, a content area past the prose share is pruned
# all the same when the blocks that go hold at most this share of its text: an article whose
# sentences link to their sources, with its "More from", tag and archive lists after it. More,
# and the links are what the page is about (a roundup, a listing published as an article).
_ARTICLE_BLOCKS_SHARE: Final = 0.3

# Not table cells: a comparison table's linked product names are all link, and are its first
# column (measured on WCXB: ±0.0000 F1, recall +0.0002 without `td`).
_BLOCKS: Final = frozenset(
    {"div", "section", "article", "span", "center", "font", "form", "ul", "ol"}
)


# Where profile pages live on forums, Q&A sites, blogs and code hosts (Stack Exchange's
# `/users/67/joe`: an id before the name), and `/@handle` (Medium,
# Substack, Mastodon, YouTube), also written relative to the page or its `<base href>`
# (XenForo 1's `members/pelex.1378134/`); and the query-string profiles of PHP forum software,
# linked relative to the page: vBulletin's `member.php?u=7`, phpBB's
# `memberlist.php?mode=viewprofile`, SMF's `index.php?action=profile;u=5`, Invision 2/3's
# `index.php?showuser=12`.
_PROFILE_PATH: Final = re.compile(
    r"(?:^|/)(?:(?:members?|users?|u|profiles?|authors?|people|community/profile)/(?:\d+/)?|@)"
    r"[^/?#]+/?"
    r"(?:[?#]|$)"
    r"|(?:^|/)(?:member|memberlist|profile)\.php\?"
    r"|[?&;](?:mode=viewprofile|action=profile|showuser=)",
    re.IGNORECASE,
)


def _is_attribution_link(link: etree._Element) -> bool:
    return link.find(".//time") is not None or bool(_PROFILE_PATH.search(link.get("href") or ""))


def _attribution_text(root: etree._Element, stats: TextStats) -> dict[etree._Element, int]:
    """Per element, the text of the author and date links under it. A short post ("In-house
    movements.") under its author's name, its number and its date links is mostly link text,
    but those links say who wrote it and when: they are not navigation."""
    credited: dict[etree._Element, int] = {}
    # Sums are passed up once per element, deepest first: walking every link's ancestors
    # would cost links x depth (a hostile page nests 90,000 links 250 deep).
    depth: dict[etree._Element, int] = {root: 0}
    for link in root.iter("a"):
        length = stats.text.get(link, 0)
        if not length or not _is_attribution_link(link):
            continue
        credited[link] = length
        chain: list[etree._Element] = []
        node: etree._Element | None = link
        while node is not None and node not in depth:
            chain.append(node)
            node = node.getparent()
        base = depth[node] if node is not None else 0
        for steps, element in enumerate(reversed(chain), 1):
            depth[element] = base + steps
    if not credited:
        return credited
    for element in sorted(depth, key=depth.__getitem__, reverse=True):
        parent = element.getparent()
        if element is root or parent is None:
            continue
        length = credited.get(element, 0)
        if length:
            credited[parent] = credited.get(parent, 0) + length
    return credited


# A poster's name with the pop-up menu forum software writes under it (vBulletin's "View
# Profile", "View Forum Posts", "Send Private Message"): at most this many links in all.
_MAX_MENU_LINKS: Final = 16


def _is_attribution(element: etree._Element, stats: TextStats) -> bool:
    """A post's author or date line: one or two links, to a profile or around a `<time>`
    ("bob", "Mar 1, 2024", "bob said:"). Pruned as link blocks, a thread read as one voice.
    Links in a list beside them do not count: a name's pop-up menu, which goes on its own as
    the walk descends; nor do anchors without words (`<a name="post1">`)."""
    links = stats.links.get(element, 0)
    if links > _MAX_MENU_LINKS:
        return False
    if links > 2:
        loose = [
            a
            for a in element.iter("a")
            if stats.text.get(a, 0) and not _in_list(a, element) and not _is_group_badge(a)
        ]
        return len(loose) <= 2 and any(_is_attribution_link(link) for link in loose)
    return any(_is_attribution_link(link) for link in element.iter("a"))


# A poster's group shown as a badge by the name, linking to the group's page (NodeBB's
# `<a href="/groups/moderators" class="badge">Moderator</a>`, one per group the poster is in).
_GROUP_PAGE: Final = re.compile(r"(?:^|/)groups/[^/?#]+/?$")


def _is_group_badge(link: etree._Element) -> bool:
    """A badge naming the poster's group: part of the name's line, no link of its own to
    count (NodeBB's "idefix37 · Sailor · Moderator · @luizjr4", the header of a reply whose
    poster is in two groups, went as a link block, and the reply read as the previous
    poster's)."""
    return bool(_GROUP_PAGE.search(link.get("href") or ""))


# A quote's title: at most this many characters, this many wrappers under its `blockquote`.
_QUOTE_TITLE_MAX: Final = 100
_QUOTE_TITLE_REACH: Final = 3


def _titles_quote(element: etree._Element, stats: TextStats) -> bool:
    """A short line opening a `blockquote`, before the quoted words: who is quoted. Forum
    software links it to the quoted post, not to a profile (XenForo's `bbCodeBlock-title`,
    "pippin said:" linking to `/goto/post?id=7`); pruned as a link block, the quote read as
    nobody's, and one repeating a whole earlier post then went as a repeat too."""
    text = stats.text.get(element, 0)
    if not 0 < text <= _QUOTE_TITLE_MAX or stats.links.get(element, 0) > 2:
        return False
    node = element
    for _ in range(_QUOTE_TITLE_REACH):
        parent = node.getparent()
        if parent is None or (parent.text and parent.text.strip()):
            return False
        before = node.getprevious()
        while before is not None:
            if stats.text.get(before, 0) or (before.tail and before.tail.strip()):
                return False
            before = before.getprevious()
        if parent.tag == "blockquote":
            return stats.text.get(parent, 0) > text  # the quoted words follow
        node = parent
    return False


def _in_list(link: etree._Element, block: etree._Element) -> bool:
    for ancestor in link.iterancestors():
        if ancestor is block:
            return False
        if ancestor.tag in ("ul", "ol"):
            return True
    return False


# Inline wrappers: a block only when they stand on their own (a tag cloud's `<span>`), not when
# a sentence runs around them ("signed by <span><a>Otto von Bismarck</a></span> in 1871").
_INLINE: Final = frozenset({"span", "font"})


# Inline elements whose own words read on the same line as an inline wrapper beside them.
_INLINE_TEXT: Final = frozenset(
    {"span", "font", "b", "strong", "i", "em", "small", "big", "u", "s", "strike", "del", "ins",
     "mark", "abbr", "time", "data", "label", "code", "kbd", "samp", "var", "tt", "sup", "sub",
     "q", "cite", "bdi", "bdo"}
)  # fmt: skip


def _in_running_text(
    element: etree._Element, stats: TextStats, holding_blocks: set[etree._Element]
) -> bool:
    """Words stand right before or after it: in a tail, the parent's text, or an inline
    sibling's own (not linked) text. WP Recipe Maker writes "1", "tbsp" and the linked
    "honey" as three spans: the name is part of a line, not a tag cloud. A span holding
    blocks (a banner written as `<span><a><div>…`) is no part of a line."""
    if element in holding_blocks:
        return False
    if element.tail and element.tail.strip():
        return True
    before = element.getprevious()
    if before is not None:
        if (before.tail and before.tail.strip()) or _says_words(before, stats, holding_blocks):
            return True
    else:
        parent = element.getparent()
        if parent is not None and parent.text and parent.text.strip():
            return True
    after = element.getnext()
    return after is not None and _says_words(after, stats, holding_blocks)


def _says_words(
    element: etree._Element, stats: TextStats, holding_blocks: set[etree._Element]
) -> bool:
    """An inline element with words of its own, not links ("1", "tbsp")."""
    return (
        element.tag in _INLINE_TEXT
        and element not in holding_blocks
        and stats.text.get(element, 0) > stats.link_text.get(element, 0)
    )


# What ends a line of text: an inline wrapper holding one of these is laid out as a block.
_LINE_BREAKING: Final = frozenset(
    {"div", "p", "section", "article", "ul", "ol", "li", "dl", "table", "pre", "blockquote",
     "h1", "h2", "h3", "h4", "h5", "h6", "figure", "header", "footer", "form", "center"}
)  # fmt: skip


def _holding(root: etree._Element, found: Iterable[etree._Element]) -> set[etree._Element]:
    """The elements under `root` that are or hold one of `found`. Each walk up stops where an
    earlier one passed: once per element, not per element found and ancestor."""
    holding: set[etree._Element] = set()
    for element in found:
        node: etree._Element | None = element
        while node is not None and node is not root and node not in holding:
            holding.add(node)
            node = node.getparent()
    return holding


def _items_say_words(element: etree._Element, stats: TextStats) -> bool:
    """A list most of whose items have words of their own beside their link: an ingredient
    list linking each noun ("2 cups [cooked quinoa]"), not a list of links."""
    if element.tag not in ("ul", "ol"):
        return False
    items = [child for child in element if child.tag == "li"]
    with_words = sum(1 for item in items if stats.text.get(item, 0) > stats.link_text.get(item, 0))
    return with_words >= 2 and with_words * 2 > len(items)


# A reference's words beside its linked title (authors, journal, year): not a separator ("»"),
# an arrow or a count.
_ITEM_OWN_CHARS: Final = 20
_WORDED_ITEMS: Final = 3
# How far a block is read for its list, and each item for a list inside it; how many items
# are read: a few elements each, so every block asked costs a bounded amount.
_LIST_REACH: Final = 32
_ITEMS_READ: Final = 64


def _holds_worded_list(element: etree._Element, stats: TextStats) -> bool:
    """A block whose first list (among its first `_LIST_REACH` elements) holds at least half
    its link text, and at least `_WORDED_ITEMS` of whose items, most of them, have
    `_ITEM_OWN_CHARS` characters of their own beside their links and no list inside: a
    paper's references under their heading, each a linked title between its authors and its
    journal. The pruning walks top-down, and the block around the list went before the list
    (`_items_say_words`) was asked."""
    for found in itertools.islice(element.iter(), 1, _LIST_REACH):
        if found.tag not in ("ul", "ol"):
            continue
        if 2 * stats.link_text.get(found, 0) < stats.link_text.get(element, 0):
            return False
        items = [child for child in itertools.islice(found, _ITEMS_READ) if child.tag == "li"]
        worded = sum(
            1
            for item in items
            if stats.text.get(item, 0) - stats.link_text.get(item, 0) >= _ITEM_OWN_CHARS
            # A menu's entry is its label over a list of links, not words of its own.
            and not any(
                node.tag in ("ul", "ol") for node in itertools.islice(item.iter(), _LIST_REACH)
            )
        )
        return worded >= _WORDED_ITEMS and 2 * worded > len(items)
    return False


# Cards wrapped in their links: how many of a block's first links are read, how far into each
# for a paragraph, and how long that paragraph is (a description, not a label).
_CARD_LINKS_READ: Final = 8
_CARD_REACH: Final = 16
_CARD_PROSE: Final = 40


def _links_wrap_cards(element: etree._Element, stats: TextStats) -> bool:
    """At least two of the block's first `_CARD_LINKS_READ` links, and most of them, wrap a
    card holding a paragraph of `_CARD_PROSE` characters (`<a><h3>Run code</h3><p>Run and
    debug your code without leaving your editor.</p></a>`): its description is link text only
    because the whole card is clickable, and the same card written `<h3><a>…</a></h3><p>…</p>`
    was never a link block (a product's feature grid, a landing page's integrations and
    awards went)."""
    links = list(itertools.islice(element.iter("a"), _CARD_LINKS_READ))
    cards = sum(
        1
        for link in links
        if any(
            node.tag == "p" and stats.text.get(node, 0) >= _CARD_PROSE
            for node in itertools.islice(link.iter(), 1, _CARD_REACH)
        )
    )
    return cards >= 2 and 2 * cards > len(links)


# Code: its names and types link to their documentation (Dokka's `symbol monospace` signature,
# Javadoc's `<code><a>add</a>(<a>E</a> e)</code>`, rustdoc's declarations), so it is mostly
# link text, and every word of it counts.
_CODE_TAGS: Final = frozenset({"pre", "code", "kbd", "samp"})


def _is_code(element: etree._Element, holding_blocks: set[etree._Element]) -> bool:
    if element.tag in _CODE_TAGS:
        # A `<code>` wrapped around blocks is a misused wrapper (one theme puts an Instagram
        # feed in one), not code; a `<pre>` may hold a block per line.
        return element.tag == "pre" or element not in holding_blocks
    # A `monospace` class (Dokka, Bootstrap's `font-monospace`); not the word `code`: WordPress
    # plugins name ad slots and custom-HTML boxes `code-block`.
    return "monospace" in (element.get("class") or "")


# A table drawn with divs (Javadoc 17's `summary-table`, ARIA grids): its cells are what a
# `td` is, and one dropped for its linked name shifts every later cell into the wrong row. The
# grid itself may still go as a link block; only the cells of one that stays are kept.
_CELL_ROLES: Final = frozenset({"cell", "gridcell", "rowheader", "columnheader", "row"})
_GRID_ROLES: Final = frozenset({"table", "grid", "treegrid", "rowgroup", "row"})
_NOT_A_TABLE: Final = frozenset({"contents", "toc"})  # a "table-of-contents" is a link list


def _is_grid_cell(element: etree._Element) -> bool:
    if (element.get("role") or "").lower() in _CELL_ROLES:
        return True
    parent = element.getparent()
    if parent is None:
        return False
    if (parent.get("role") or "").lower() in _GRID_ROLES:
        return True
    words = attribute_tokens(parent)
    return "table" in words and _NOT_A_TABLE.isdisjoint(words)


# A cell's or term's value is often wrapped: React tables put a `div` in every cell,
# cppreference two (`t-dsc-member-div`), AWS's API reference a `span.term` and a `b` around a
# member's linked name. How far up from a wrapper its cell is looked for; a cell further up holds
# more than one wrapper's worth of layout.
_CELL_REACH: Final = 4
_CELL_TAGS: Final = frozenset({"td", "th", "dt"})
_ARIA_CELLS: Final = frozenset({"cell", "gridcell", "rowheader", "columnheader"})


def _is_all_of_its_cell(element: etree._Element, stats: TextStats) -> bool:
    """The element is one linked name and all the text of its table cell or term (a product in
    a comparison table, a member of an API reference): that text is the cell's value, as the
    cell itself is. Not a cell alone in its row: a layout table's navigation bar ("« Next Oldest
    | Next Newest »", "Get started") sits in one. A table or list of them can still go as a link
    block; the walk is top-down."""
    if stats.links.get(element, 0) != 1:
        return False
    for ancestor in itertools.islice(element.iterancestors(), _CELL_REACH):
        if ancestor.tag in _CELL_TAGS or (ancestor.get("role") or "").lower() in _ARIA_CELLS:
            if stats.text.get(ancestor, 0) != stats.text.get(element, 0):
                return False
            return ancestor.tag == "dt" or any(
                sibling is not None and stats.text.get(sibling, 0) > 0
                for sibling in (ancestor.getprevious(), ancestor.getnext())
            )
    return False


def _only_contact_links(element: etree._Element) -> bool:
    """Email addresses and phone numbers are what a contact block says, not navigation."""
    return all(
        (link.get("href") or "").lstrip().lower().startswith(("mailto:", "tel:"))
        for link in element.iter("a")
    )


# A card or purchase option links to a sign-up or a cart once or twice; a grid of product cards
# links each of its names.
_MAX_PRICED_LINKS: Final = 2
# How many elements of a block are looked through for its price: it stands beside the button,
# not deep down; the bound keeps nested blocks from each reading all that is under them.
_PRICE_REACH: Final = 32


def _shows_price(block: etree._Element) -> bool:
    """Whether a price stands in the block outside its links ("$9/mo", "$34.98")."""
    stack = [block]
    for _ in range(_PRICE_REACH):
        if not stack:
            return False
        node = stack.pop()
        if node is not block and _is_price(node.tail):
            return True
        if node.tag == "a" or not isinstance(node.tag, str):
            continue
        if _is_price(node.text):
            return True
        stack.extend(reversed(list(itertools.islice(node, _PRICE_REACH))))
    return False


def _is_price(text: str | None) -> bool:
    return text is not None and starts_with_price(text[:100])


def _holds_card_link(element: etree._Element) -> bool:
    """An embedded or bookmark card's link (`links.CARD_LINK`): the card is there to send the
    reader to it, so its title is no navigation however much of its block it is."""
    if element.get(CARD_LINK) is not None:
        return True
    return any(link.get(CARD_LINK) is not None for link in element.iter("a"))


# In an article too link-dense for prose, a block holding a paragraph with this much text
# outside its links is looked into, not pruned whole.
_PROSE_PARAGRAPH: Final = 100


def _holding_prose(root: etree._Element, stats: TextStats) -> set[etree._Element]:
    """The elements holding a paragraph of their own words: a ranked list's entry ("1. Harvard
    Business School", its sentence and facts) beside its long list of further reading is a
    section of the article, whatever its link share; the list in it is judged alone."""
    return _holding(
        root,
        (
            p
            for p in root.iter("p")
            if stats.text.get(p, 0) - stats.link_text.get(p, 0) >= _PROSE_PARAGRAPH
        ),
    )


def _weighed(doomed: list[etree._Element], sections: list[etree._Element], stats: TextStats) -> int:
    """The text of the blocks that would go had the link-dense sections gone whole (the share
    an article's pruning is bounded by): the sections, and the blocks outside them.
    `sections` holds an enclosing section before those inside it (the walk's order)."""
    covered: set[etree._Element] = set()
    weight = 0
    for section in sections:
        if section not in covered:
            covered.update(section.iter())
            weight += stats.text.get(section, 0)
    return weight + sum(stats.text.get(e, 0) for e in doomed if e not in covered)


# A post's message, by its class or id: forum software's `postbody`/`postmsg` (phpBB, FluxBB),
# `message-body` and `bbWrapper` (XenForo), `data-role="commentContent"` (Invision),
# `comment-content` (Lemmy's replies), `usertext-body` (old Reddit), `postContent` (Lemmy's
# post). Not `richtext`: Webflow names every rich-text block `w-richtext`.
_POST_BODY_WORDS: Final = frozenset(
    {"postbody", "postcontent", "posttext", "postmsg", "postmessage", "messagetext",
     "messagebody", "messagecontent", "commentbody", "commenttext", "commentcontent",
     "bbwrapper"}
)  # fmt: skip
_POST_BODY_PAIRS: Final = frozenset(
    {("post", "content"), ("post", "body"), ("post", "text"), ("post", "message"),
     ("message", "text"), ("message", "body"), ("message", "content"), ("comment", "body"),
     ("comment", "text"), ("comment", "content"), ("usertext", "body")}
)  # fmt: skip
# Or by its microdata: the `text` of a schema.org Comment, DiscussionForumPosting or
# SocialMediaPosting (not an FAQ's Answer, nor a `text` property of no such item).
_POSTING_TYPES: Final = ("Comment", "DiscussionForumPosting", "SocialMediaPosting")
# How far up the item a `text` property belongs to is looked for.
_ITEM_REACH: Final = 8
# Found in C: the elements whose names could say it (a class, id or `data-role` with one of
# these pieces, or the microdata property); only they are read in Python. Each attribute is
# read once per element and its pieces looked for in it (`tree.py`'s attribute tests): a
# `contains(@class, …)` per piece read the class six times and took 1.7 times as long.
_POST_BODY_CANDIDATES: Final = etree.XPath(
    ".//*[@itemprop='text'"
    " or @class[contains(., 'ody') or contains(., 'ext') or contains(., 'ontent')"
    " or contains(., 'sg') or contains(., 'essage') or contains(., 'rapper')]"
    " or @id[contains(., 'ody') or contains(., 'ext') or contains(., 'ontent')"
    " or contains(., 'sg') or contains(., 'essage')] or @data-role[contains(., 'ontent')]]"
)
# A thread holds at least this many of them.
_MIN_POSTS: Final = 2


def _is_post_body(element: etree._Element) -> bool:
    if element.get("itemprop") == "text":
        for ancestor in itertools.islice(element.iterancestors(), _ITEM_REACH):
            if ancestor.get("itemscope") is not None:
                return (ancestor.get("itemtype") or "").endswith(_POSTING_TYPES)
        return False
    words = attribute_tokens(element)
    role = element.get("data-role")
    if role:
        words.append(role.lower())
    return not _POST_BODY_WORDS.isdisjoint(words) or not _POST_BODY_PAIRS.isdisjoint(
        itertools.pairwise(words)
    )


# How far up a message is looked for around another (XenForo's `bbWrapper` inside its
# `message-body`): one post, not two.
_NESTED_BODY_REACH: Final = 8


def _post_bodies(root: etree._Element) -> tuple[set[etree._Element], list[etree._Element]]:
    """The elements under `root` named as a post's message, and those of them that are one
    post each (a message inside another is the same post's)."""
    found = {e for e in find_elements(_POST_BODY_CANDIDATES, root) if _is_post_body(e)}
    posts = [
        element
        for element in found
        if not any(
            a in found for a in itertools.islice(element.iterancestors(), _NESTED_BODY_REACH)
        )
    ]
    return found, posts


def _self_linked_posts(root: etree._Element, posts: list[etree._Element]) -> int:
    """How many of `posts` sit in an element that a link inside it names by its id: a post's
    permalink (FluxBB's date, `viewtopic.php?pid=7#p7` in `<div id="p7">`), which says it is
    a post where posters' names are no links. A link from outside (a contents list) is none.
    Each link looks up at most `_ITEM_REACH` ancestors and each post as many: no subtree is
    walked per post."""
    anchored: set[etree._Element] = set()
    for link in root.iter("a"):
        href = link.get("href") or ""
        if "#" not in href:
            continue
        ident = href.rpartition("#")[2]
        if not ident:
            continue
        for ancestor in itertools.islice(link.iterancestors(), _ITEM_REACH):
            if ancestor is root:
                break
            if ancestor.get("id") == ident:
                anchored.add(ancestor)
                break
    if not anchored:
        return 0
    claimed: set[etree._Element] = set()
    for post in posts:
        for ancestor in itertools.islice(post.iterancestors(), _ITEM_REACH):
            if ancestor is root:
                break
            if ancestor in anchored:
                claimed.add(ancestor)  # one post each: a container of several counts once
                break
    return len(claimed)


def _holding_several(root: etree._Element, found: Iterable[etree._Element]) -> set[etree._Element]:
    """The elements under `root` holding more than one of `found`: each walk up marks the
    elements it passes, and those another walk reaches again; it stops where that was done."""
    passed: set[etree._Element] = set()
    several: set[etree._Element] = set()
    for element in found:
        node = element.getparent()
        while node is not None and node is not root and node not in several:
            if node in passed:
                several.add(node)
            else:
                passed.add(node)
            node = node.getparent()
    return several


def prune_link_blocks(
    root: etree._Element,
    stats: TextStats,
    keep: Iterable[etree._Element] = (),
    *,
    article: bool = False,
) -> None:
    """Remove link-dense blocks under `root` in place, keeping `stats` true for what remains;
    the blocks in `keep` (the subject's facts selection brought along) are not looked into.
    `article`: the page declares itself an article, so an area too link-dense for prose is
    still pruned when little of it goes (`_ARTICLE_BLOCKS_SHARE`)."""
    total = stats.text.get(root, 0)
    if total <= 0:
        return
    # A thread's posters' names and its posts' dates are links, and on short posts they are
    # most of its link text: not navigation (as inside a block, below), so they do not count
    # against the thread's prose either. Counted, they kept NodeBB's and XenForo's threads from
    # being pruned at all, their lists of other topics and menus kept.
    credited = _attribution_text(root, stats)
    own = credited.get(root, 0)
    kept = set(keep)
    holding_posts: set[etree._Element] = set()
    shared: set[etree._Element] = set()
    # An article too link-dense for prose: pruned only if what goes is a small part of it.
    cautious = False
    if stats.link_text.get(root, 0) - own > PROSE_LINK_SHARE * (total - own):
        # Too many links for prose, but a thread all the same when it holds several posts'
        # messages, each named as one: its posts are 16–36 % links themselves (names, dates,
        # quotes, a parts list), while its lists of other topics and its menus are link
        # blocks. The messages are kept whole, links and all; what stands around them is
        # pruned as on any prose page.
        bodies, posts = _post_bodies(root)
        if len(posts) >= _MIN_POSTS and (own or _self_linked_posts(root, posts) >= _MIN_POSTS):
            kept.update(bodies)
            # Nor is a block holding one pruned for the links around it (a post's header and
            # controls): the walk goes into it instead.
            holding_posts = _holding(root, bodies)
            # A block holding an author or date link is a post's header only inside one post
            # (below): a list of other threads beside the posts names their starters too.
            shared = _holding_several(root, posts)
        elif article:
            cautious = True
        else:
            return  # not a thread (no post says who wrote it, nor links to itself)
    in_post: set[etree._Element] = set()
    # Such a thread's post headers are links all through (NodeBB's "julian · NodeBB · wrote on
    # · #1": the name, the poster's group and the post's number): one holding a poster's name
    # or a date stays whole, or the posts read as one voice.
    headers = stats.link_text.get(root, 0) > PROSE_LINK_SHARE * total
    holding_blocks = _holding(root, root.iter(*_LINE_BREAKING))
    holding_code = _holding(
        root, (e for e in root.iter(*_CODE_TAGS) if _is_code(e, holding_blocks))
    )
    holding_prose = _holding_prose(root, stats) if cautious else set()
    doomed: list[etree._Element] = []
    sections: list[etree._Element] = []  # link-dense blocks with a paragraph of their own
    stack = list(root)
    while stack:
        element = stack.pop()
        if not isinstance(element.tag, str) or _is_code(element, holding_blocks):
            continue  # code is kept whole, links and all
        if element in kept:
            continue
        if element.tag in HEADING_TAGS and stats.text.get(element, 0) > stats.link_text.get(
            element, 0
        ):
            # A heading with words of its own beside its links is a label: pkg.go.dev links a
            # function's name to its source (`<h4><span>func <a>ClockSequence</a></span></h4>`),
            # and the span inside, mostly link, went as a link block. One that is all link (a
            # card's or a promotion's title) is still looked into.
            continue
        text = stats.text.get(element, 0)
        if (
            element.tag in _BLOCKS
            and text < _MAX_BLOCK_SHARE * total
            and stats.link_text.get(element, 0) - credited.get(element, 0)
            > BLOCK_LINK_SHARE * (text - credited.get(element, 0))
            and not any(True for _ in element.iter("h1"))
            and element not in holding_code
            and element not in holding_posts
            and not (element.tag in _INLINE and _in_running_text(element, stats, holding_blocks))
            and not _only_contact_links(element)
            and not _items_say_words(element, stats)
            and not _holds_worded_list(element, stats)
            and not _links_wrap_cards(element, stats)
            and not _is_attribution(element, stats)
            and not (
                headers and credited.get(element, 0) and (not holding_posts or element in in_post)
            )
            and not _titles_quote(element, stats)
            and not is_in_page_name_list(element)  # a paper's authors, linked to pop-ups
            and not _is_grid_cell(element)
            and not _is_all_of_its_cell(element, stats)
            and not _holds_card_link(element)
        ):
            # A price beside its one or two buttons ("$9/mo" over "Start free trial", "$34.98"
            # beside "Add to Cart"): the button's words outweigh the price, which is the fact
            # the block is there for. Not a card with its own name or picture: a cross-sell
            # ("Complete your order") is a link block however it is priced.
            if (
                stats.links.get(element, 0) <= _MAX_PRICED_LINKS
                and _shows_price(element)
                and not any(True for _ in element.iter(*HEADING_TAGS, "img"))
            ):
                stack.extend(element)
                continue
            if element in holding_prose:
                sections.append(element)  # weighed as going, but looked into
                stack.extend(element)
                continue
            doomed.append(element)
        else:
            if element in in_post or (element in holding_posts and element not in shared):
                in_post.update(element)  # inside one post
            stack.extend(element)
    if cautious and _weighed(doomed, sections, stats) > _ARTICLE_BLOCKS_SHARE * total:
        return  # the links are what it is about
    for element in doomed:
        stats.forget(element)
        drop_keep_tail(element)
