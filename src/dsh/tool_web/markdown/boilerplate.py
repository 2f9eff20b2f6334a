"""Removing page furniture: navigation, site headers and footers, banners, share bars, ads.

The rules' vocabulary is in `vocabulary.py`; the exceptions that keep a furniture-named
element have modules of their own: notes in asides (`asides.py`), screen-reader text the page
means (`screenreader.py`), API signatures named like forum signatures (`signatures.py`), and
tables of contents go with their titles (`toc.py`), a listing or comparison drawn as a
carousel (`carousels.py`), a block named `related` that holds the page's own content
(`relatedblocks.py`). Overlays (dialogs, popovers, tooltips, consent layers, and the
product-details panels among them that stay) are recognised in `overlays.py`, author boxes and
their bios in `authorboxes.py`; this module removes them.

Every rule here is generic (tags, ARIA roles, class/id vocabulary, link density); none names a
site. Removal is recall-first: an element that holds a large share of the page's text is kept
whatever its name says, because a wrong class name costs less than a lost article.
"""

from __future__ import annotations

import collections
import itertools
import re
from collections.abc import KeysView
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.asides import PosterCards, all_but, is_content_aside
from dsh.tool_web.markdown.authorboxes import bio_blocks, is_author_bio
from dsh.tool_web.markdown.cardbylines import CardBylines
from dsh.tool_web.markdown.carousels import (
    is_comparison_carousel,
    is_item_carousel,
    is_testimonial_carousel,
    title_order,
)
from dsh.tool_web.markdown.filters import FilterPanels
from dsh.tool_web.markdown.limits import PROSE_READ, PROSE_READ_ELEMENTS
from dsh.tool_web.markdown.overlays import (
    CLASSED_DIALOGS,
    MIN_TOOLTIP_CHARS,
    NAMED_TOOLTIPS,
    PANEL_WORDS,
    TOOLTIP_BODY,
    dialog_elements,
    is_classed_dialog,
    is_consent_layer,
    opens_product_details,
)
from dsh.tool_web.markdown.relatedblocks import RELATED_WORD, PageRelated
from dsh.tool_web.markdown.screenreader import drawn_twins, is_icon_label, is_section_title
from dsh.tool_web.markdown.select import MARKED_BODY_SHARE, marked_body_holders
from dsh.tool_web.markdown.signatures import is_api_signature
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.toc import (
    is_link_list,
    list_label,
    maybe_contents_title,
    orphan_title_block,
)
from dsh.tool_web.markdown.tree import (
    HEADING_TAGS,
    attribute_owners,
    empty,
    find_elements,
    has_heading,
    hidden_by_style,
    holders_up_to,
    holds,
)
from dsh.tool_web.markdown.vocabulary import (
    CONTENT_WORDS,
    FURNITURE_PAIRS,
    FURNITURE_ROLES,
    FURNITURE_TAGS,
    FURNITURE_WORDS,
    TOKEN_SPLIT,
    attribute_tokens,
    element_id,
    is_furniture_by_kind,
    name_tokens,
)

# On a page that declares itself an article, its comment thread is furniture too. Not on
# other pages: forum threads and Q&A pages call their posts "comments" (measured on WCXB dev:
# everywhere, the word cost forum threads their posts; on articles only, F1 +0.004, recall ±0).
_ARTICLE_COMMENT_WORDS: Final = frozenset(
    {"comment", "comments", "commentlist", "replies", "respond", "disqus"}
)

# On a page that declares itself an article, a figure's caption is furniture too: without the
# picture it captions ("Credit: Getty Images", "Photo courtesy of …", a line about a photo the
# model cannot see) it reads as a stray line of the body. Measured on WCXB dev, article pages'
# truths omit 93 % of their figcaptions' words. A numbered caption ("Figure 2.", "Table 1:",
# "Listing 9-3:") stays: the text refers to it by its number, and it says what a table or
# code block is, and so does a quotation's (a `figure` around a `blockquote`: who said it). A
# small headless block whose class or id says `caption` is one too (WordPress's classic
# `wp-caption-text`, themes' `image-caption`): 30 more pages, +0.0002. Not on other pages:
# documentation's truths keep theirs. (`credit` was measured too: it also names bylines.)
_NUMBERED_CAPTION: Final = re.compile(
    r"\s*(?:fig(?:ure)?|table|listing|chart|exhibit|diagram|graph|plate)\.?\s*[0-9]+",
    re.IGNORECASE,
)
_CAPTION_LOOKAHEAD: Final = 40  # characters read from a caption's start for its number
_QUOTE_LOOKAHEAD: Final = 64  # a figure's first elements looked through for a `blockquote`


_CAPTION_WORDS: Final = frozenset({"caption"})


def _is_article_caption(element: etree._Element, tokens: list[str]) -> bool:
    """A `figcaption`, or a small block named `caption`, that is not numbered (only its first
    characters are read) nor a quotation's attribution."""
    if element.tag != "figcaption":
        if _CAPTION_WORDS.isdisjoint(tokens):
            return False
        # Named a caption, it is one only if small and headless: a block of a few elements
        # without a heading (a section titled in a "caption" box is content).
        parts = list(itertools.islice(element.iter(), _QUOTE_LOOKAHEAD + 1))
        if len(parts) > _QUOTE_LOOKAHEAD or any(part.tag in HEADING_TAGS for part in parts):
            return False
    figure = element.getparent()
    if figure is not None and any(
        part.tag == "blockquote" for part in itertools.islice(figure.iter(), _QUOTE_LOOKAHEAD)
    ):
        return False
    start = "".join(map(str, itertools.islice(element.itertext(), 8)))[:_CAPTION_LOOKAHEAD]
    return _NUMBERED_CAPTION.match(start) is None


# Comments holding this share of an "article" are the page: a thread published as an article.
_THREAD_SHARE: Final = 0.9

# An overlay carrying more than this share of the page's text is the page itself.
_OVERLAY_MAX_SHARE: Final = 0.9

# An element carrying this share of the page's text is content, whatever it is called.
_PROTECTED_SHARE: Final = 0.4


# The furniture words that name a forum's signature, and an API's declaration too.
_SIGNATURE_WORDS: Final = frozenset({"signature", "postsignature"})


def _looks_like_furniture(element: etree._Element, tokens: list[str]) -> bool:
    tag = element.tag
    if tag in FURNITURE_TAGS:
        # A quotation's footer is its attribution ("— Hamlet"), not the site's footer.
        return not (tag == "footer" and any(True for _ in element.iterancestors("blockquote")))
    if tag == "header":
        # A header inside an article, main or list item heads that content (a post, a card); only
        # the page's own header is furniture.
        if any(True for _ in element.iterancestors("article", "main", "li")):
            return False
        return not has_heading(element, ("h1",))
    role = (element.get("role") or "").lower()
    if role in FURNITURE_ROLES:
        return True
    # Hidden elements are kept (inline display:none, `hidden`, aria-hidden): pages hide tab
    # panels, "read more" expansions and product details that way, and measured on WCXB
    # removing them cost more recall (-0.007) than it bought precision.
    if not tokens or not CONTENT_WORDS.isdisjoint(tokens):
        return False
    if not _SIGNATURE_WORDS.isdisjoint(tokens) and is_api_signature(element, tokens):
        tokens = [token for token in tokens if token not in _SIGNATURE_WORDS]
    if not FURNITURE_WORDS.isdisjoint(tokens) and _named_furniture(element, tokens):
        return not has_heading(element, ("h1",))
    if not FURNITURE_PAIRS.isdisjoint(itertools.pairwise(tokens)):
        return not has_heading(element, ("h1",))
    if "popover" in tokens and _is_popover_body(element, tokens):
        return not has_heading(element, ("h1",))
    return False


# What a popover's trigger is named or made of: it is what the page shows (Amazon's star
# ratings are `a-popover-trigger` links), only its body waits to be opened.
_TRIGGER_WORDS: Final = frozenset({"trigger", "toggle", "btn", "button", "link", "icon"})
_TRIGGER_TAGS: Final = frozenset({"a", "button", "summary"})


# Words that name a pager ("1 2 3 … Next"). A block so named that holds a picture or prose is
# the list being paged: Gymshark's CSS modules name the component that pages its product grid
# `pagination_pagination__…`, around the grid itself, inside `filtering-and-pagination_…`.
# Not on an article, where a paged row of cards beside it is other posts.
_PAGER_WORDS: Final = frozenset({"pagination", "pager"})


def _is_named_pager(element: etree._Element, tokens: list[str]) -> bool:
    """`element` is furniture only by a pager's name: no furniture tag, role or pair, and no
    furniture word but `_PAGER_WORDS`."""
    if element.tag in FURNITURE_TAGS or element.tag == "header":
        return False
    if (element.get("role") or "").lower() in FURNITURE_ROLES:
        return False
    words = FURNITURE_WORDS.intersection(tokens)
    return (
        bool(words)
        and words <= _PAGER_WORDS
        and FURNITURE_PAIRS.isdisjoint(itertools.pairwise(tokens))
    )


def _is_popover_body(element: etree._Element, tokens: list[str]) -> bool:
    return element.tag not in _TRIGGER_TAGS and _TRIGGER_WORDS.isdisjoint(tokens)


# A name in which `content` comes first and a furniture word after it names a layout holding
# both (Genesis' `content-sidebar-wrap` around the post and its sidebar; `content-nav-section`),
# not the furniture: "sidebar" there says what is beside the content.
_CONTENT_LAYOUT: Final = re.compile(r"content[-_]+([a-z]+)")


def _named_furniture(element: etree._Element, tokens: list[str]) -> bool:
    """Whether a furniture word in `tokens` is still there once names of a content layout
    (`_CONTENT_LAYOUT`) are set aside."""
    names = f"{element.get('class') or ''} {element.get('id') or ''}".lower()
    if "content" not in names:
        return True
    layouts = {
        name
        for name in names.split()
        if (match := _CONTENT_LAYOUT.match(name)) and match.group(1) in FURNITURE_WORDS
    }
    if not layouts:
        return True
    rest = [name for name in names.split() if name not in layouts]
    return not FURNITURE_WORDS.isdisjoint(TOKEN_SPLIT.split(" ".join(rest)))


# A microdata value (`itemprop`) hidden by its class or style is written for machines: Stack
# Exchange writes each comment's author and date twice, a hidden `d-none` copy for its
# microdata beside the shown one ("Joe – Joe"). Not a long one (a product's description,
# hidden in a tab), nor one a responsive class shows on some screens (`d-none d-md-block`,
# Tailwind's `hidden md:block`).
_MAX_HIDDEN_VALUE_CHARS: Final = 80

_HIDING_CLASSES: Final = frozenset({"d-none", "hidden", "hide", "display-none"})

_SHOWN_DISPLAYS: Final = frozenset(
    {"block", "inline", "inline-block", "flex", "inline-flex", "grid", "table", "contents"}
)


def _is_hidden_microdata(element: etree._Element, length: int) -> bool:
    if length > _MAX_HIDDEN_VALUE_CHARS or element.get("itemprop") is None:
        return False
    if element.get("itemscope") is not None or len(element):
        return False  # an item, or a value with markup of its own: the page's text
    if hidden_by_style(element):
        return True
    classes = (element.get("class") or "").split()
    if _HIDING_CLASSES.isdisjoint(classes):
        return False
    return not any(
        (name.startswith("d-") and name.rsplit("-", 1)[-1] in _SHOWN_DISPLAYS)
        or name.rsplit(":", 1)[-1] in _SHOWN_DISPLAYS
        for name in classes
    )


def drop_site_furniture(root: etree._Element, stats: TextStats, *, roles: bool) -> None:
    """Drop the site's footers, navigation and header that the selection `root` still holds:
    kept for their size by `remove_furniture` (they held ≥ 40 % of a thin page's text: a
    listing whose cards are short links, or filled in by a script, beside a footer of legal
    notes and link columns, a bank's mega-menu over a calculator), they are no content either.
    Done once the content root is chosen: taken out before, the descent went on into a page's
    FAQ and left its product list out. Not one holding the page's title, a `main` or an
    `article` (then it is the page), nor ≥ 90 % of the selection's text, nor a post's, card's
    or quotation's own (inside an `article`, `main`, `li` or `blockquote`). `roles`: the source
    names `contentinfo` or `navigation`, their roles."""
    limit = stats.text.get(root, 0) * _OVERLAY_MAX_SHARE
    found = attribute_owners(_SITE_ROLES, root) if roles else []
    holding: set[etree._Element] | None = None  # what holds a title, `main` or `article`
    for element in [*root.iter("footer", "nav", "header"), *found]:
        if element is root or stats.text.get(element, 0) > limit:
            continue
        if any(True for _ in element.iterancestors("article", "main", "blockquote", "li")):
            continue
        if not holds(root, element):
            continue  # inside one already dropped
        if holding is None:
            holding = _holding_page_parts(root)
        if element in holding:
            continue
        stats.forget(element)
        drop_keep_tail(element)


# The roles' elements by their attributes (`tree.attributes_found` says why).
_SITE_ROLES: Final = etree.XPath("descendant::*/@role[.='contentinfo' or .='navigation']")


def _holding_page_parts(root: etree._Element) -> set[etree._Element]:
    """The elements under `root` that hold an `h1`, a `main` or an `article` (those included):
    each ancestor is added once, the walk up stopping where an earlier one passed, so nested
    footers are not each walked through."""
    holding: set[etree._Element] = set()
    for part in root.iter("main", "article", "h1"):
        for element in itertools.chain((part,), part.iterancestors()):
            if element in holding or element is root:
                break
            holding.add(element)
    return holding


# A default avatar: a poster without a picture is drawn as the initials of their name, written
# as text in the element named for the avatar (XenForo's `avatar--default--dynamic`, NodeBB's
# `avatar`, eBay's seller `avatar`). Read as text, each post opened with a stray "J".
_MAX_INITIALS: Final = 3


# An avatar is a few elements (a link around a `span`); its text is read through at most these.
_AVATAR_REACH: Final = 8


# On a page that declares itself an article, a call to action (a block whose class or id says
# `cta` or `call-to-action`: "Book a demo", "Start free trial", a newsletter pitch) is the
# publisher's promotion, not the article: the article truths omit it. Only a promo box goes:
# short (a heading or sentence and a button) and not one of a run of such blocks side by side,
# which a page builder's "call to action" widget draws as the page's own content cards (a trail
# listing's trails, each with its heading and details).
_CTA_MAX_CHARS: Final = 300
_CTA_LOOKAHEAD: Final = 64  # a call to action's elements looked through for its headings
_CTA_RUN: Final = 3  # blocks of one tag and class on the page that make a run of cards


def _is_cta_name(tokens: list[str]) -> bool:
    if "cta" in tokens:
        return True
    return any(
        tokens[i : i + 3] == ["call", "to", "action"]
        for i, token in enumerate(tokens)
        if token == "call"
    )


# Words of a sentence: a link or span named `cta` between them is a part of the line.
_CTA_INLINE: Final = frozenset({"a", "span", "em", "i", "strong", "b", "small", "font"})


def _in_a_line(element: etree._Element) -> bool:
    """Text runs right before or after `element` in its parent, or an inline sibling beside
    it (Ghost's call-to-action cards write their sentences as spans around the links)."""
    if (element.tail or "").strip():
        return True
    previous, parent = element.getprevious(), element.getparent()
    if previous is not None:
        if (previous.tail or "").strip():
            return True
    elif parent is not None and (parent.text or "").strip():
        return True
    if element.tag not in _CTA_INLINE:
        return False
    following = element.getnext()
    return any(s is not None and s.tag in _CTA_INLINE for s in (previous, following))


class PromoBoxes:
    """Short blocks named as a call to action that are promo boxes, not content cards. How
    many elements share each tag and class is counted once, when the first such block is
    met, so a page without one costs nothing."""

    def __init__(self, body: etree._Element) -> None:
        self._body = body
        self._shapes: collections.Counter[tuple[str, str]] | None = None

    def holds(self, element: etree._Element, tokens: list[str], length: int) -> bool:
        """A short block named as a call to action, holding at most one heading, not inside a
        line of text, not beside another and not one of three of its shape on the page."""
        if length > _CTA_MAX_CHARS or not _is_cta_name(tokens):
            return False
        parts = itertools.islice(element.iter(), _CTA_LOOKAHEAD)
        if sum(1 for part in parts if part.tag in HEADING_TAGS) > 1:
            return False
        if _in_a_line(element):
            return False  # a link or word inside a sentence: removing it would break the line
        for preceding in (True, False):
            # The nearest element on each side (comments and processing instructions skipped).
            siblings = element.itersiblings(preceding=preceding)
            sibling = next((s for s in siblings if isinstance(s.tag, str)), None)
            if sibling is not None and _is_cta_name(attribute_tokens(sibling)):
                return False  # one of a run of cards side by side
        if self._shapes is None:
            self._shapes = collections.Counter(
                (str(e.tag), e.get("class") or "") for e in self._body.iter() if e.get("class")
            )
        return self._shapes[(str(element.tag), element.get("class") or "")] < _CTA_RUN


class _MarkedBody:
    """On an article, the body its CMS marks (`entry-content`, `article-body`,
    `itemprop=articleBody`: `select.marked_body_holders`) and the blocks holding it, which are
    no furniture whatever their names say: a news site's grid classed
    `…-toc-content-sidebar` (it lays out contents, body and sidebar) went as a sidebar with the
    article inside. Found only when a block large enough to hold it is about to go (the
    search walks the tree)."""

    def __init__(self, body: etree._Element, stats: TextStats) -> None:
        self._body = body
        self._stats = stats
        self._least = MARKED_BODY_SHARE * stats.text.get(body, 0)
        self._holders: set[etree._Element] | None = None

    def held_by(self, element: etree._Element) -> bool:
        if self._stats.text.get(element, 0) < self._least:
            return False
        if self._holders is None:
            self._holders = marked_body_holders(self._body, self._stats)
        return element in self._holders


def _is_letter_avatar(element: etree._Element, length: int, tokens: list[str]) -> bool:
    if not 0 < length <= _MAX_INITIALS or "avatar" not in tokens:
        return False
    nodes = list(itertools.islice(element.iter(), _AVATAR_REACH + 1))
    if len(nodes) > _AVATAR_REACH:
        return False
    text = "".join(
        (node.text or "") + ("" if node is element else node.tail or "")
        for node in nodes
        if isinstance(node.tag, str)
    )
    # Initials are capitals: a short name in an avatar block ("Bo") is the poster's name.
    return text.strip().isupper()


# A block named `menu` that reads as prose is no menu: a tab widget's `faq_tabs-menu` holding
# the questions and answers, a filter's `filter-menu-item-container` around article summaries,
# a section whose id is its heading's slug ("menu-innovation-strategies"). Menus are links and
# short labels; this much text outside links, in sentences, is what the page says.
_PROSE_MENU_MIN: Final = 200
_PROSE_MENU_LINK_SHARE: Final = 0.2
# Sentences are counted in the block's first characters (read through at most so many of its
# elements: `limits.PROSE_READ`, `limits.PROSE_READ_ELEMENTS`): one per so many of them at least.
_CHARS_PER_SENTENCE: Final = 250
_SENTENCE_END: Final = re.compile(r"[.!?][\"”’)]?(?:\s|$)")


def _is_prose_menu(
    element: etree._Element, tokens: list[str], length: int, stats: TextStats
) -> bool:
    if length < _PROSE_MENU_MIN or stats.link_text.get(element, 0) > (
        _PROSE_MENU_LINK_SHARE * length
    ):
        return False
    if FURNITURE_WORDS.intersection(tokens) != {"menu"} or is_furniture_by_kind(element):
        return False  # another furniture word, a `nav`, `aside` or `role=menu`
    if not FURNITURE_PAIRS.isdisjoint(itertools.pairwise(tokens)):
        return False
    read: list[str] = []
    size = 0
    for node in itertools.islice(element.iter(), PROSE_READ_ELEMENTS):
        if isinstance(node.tag, str) and node.text:
            read.append(node.text)
            size += len(node.text)
        if node is not element and node.tail:  # the element's own tail is outside it
            read.append(node.tail)
            size += len(node.tail)
        if size >= PROSE_READ:
            break
    # Each text apart: minified HTML has no white space between a sentence's end and the
    # next element's text ("worth it?</h3><p>Plan…"), and no sentence end was counted.
    prefix = " ".join(" ".join(read).split())
    if len(prefix) < _PROSE_MENU_MIN // 2:
        return False  # its words are further in than the look goes: left as it was
    return len(_SENTENCE_END.findall(prefix)) * _CHARS_PER_SENTENCE >= len(prefix)


def _remove_overlays(
    body: etree._Element, stats: TextStats, dialogs: bool, classed_dialogs: bool
) -> None:
    """Drop dialogs and script data before the size-based protection is computed.

    A privacy policy inside a modal can outweigh a short product page; counted in the page's
    text, it would make the footer holding it look like content.
    """
    # Unless the page is nothing but the dialog (a lightbox-only page), it is not the content.
    limit = stats.text.get(body, 0) * _OVERLAY_MAX_SHARE
    # `measure` already noted the data dumps on its way.
    candidates = dialog_elements(body) if dialogs else []
    if classed_dialogs:
        candidates.extend(
            element
            for element in find_elements(CLASSED_DIALOGS, body)
            if is_classed_dialog(element, stats)
        )
    doomed = {
        element
        for element in [*candidates, *stats.data_dumps]
        if element is not body
        and stats.text.get(element, 0) <= limit
        and not opens_product_details(element, attribute_tokens(element))
        and (element.get("role") != "tooltip" or stats.text.get(element, 0) >= MIN_TOOLTIP_CHARS)
    }
    for element in doomed:
        if any(ancestor in doomed for ancestor in element.iterancestors()):
            continue
        stats.forget(element)
        drop_keep_tail(element)


_NO_NAMES: Final[frozenset[str]] = frozenset()

_NAME_PARTS: Final = re.compile(r"[-_]+")


# Furniture words that name the subject of a page when their block holds most of it: a
# restaurant's menu (`menu-section`, `menu-item`), GOV.UK's step-by-step guide
# (`gem-c-step-nav__step`). Reviews, carousels, footers and the like are not: kept for their
# size, their parts are still judged by their names (measured on WCXB: passing every furniture
# word down brought back product reviews, carousels and footers, F1 −0.0005, product −0.002).
_SUBJECT_WORDS: Final = frozenset({"menu", "nav", "navigation"})
# A carousel kept as the page's items (`carousels.is_item_carousel`) passes its own word down too.
_CAROUSEL_WORD: Final = frozenset({"carousel"})


def _subject_names(
    element: etree._Element, words: frozenset[str] = _SUBJECT_WORDS
) -> frozenset[str]:
    """The element's class names (and id) that carry one of `words`: the block names its parts
    extend."""
    names = (element.get("class") or "").lower().split()
    names.append((element.get("id") or "").lower())
    return frozenset(name for name in names if not words.isdisjoint(TOKEN_SPLIT.split(name)))


def _tokens_outside(element: etree._Element, blocks: frozenset[str]) -> list[str]:
    """`attribute_tokens` without the names that extend one of `blocks` (a part of a block),
    the others read as it reads them (a layout option, a negated word, a heading's id)."""
    classes = " ".join(
        name for name in (element.get("class") or "").split() if not _extends(name.lower(), blocks)
    )
    ident = element_id(element)
    return name_tokens(classes, "" if _extends(ident.lower(), blocks) else ident)


# A block name has a few parts (`gem-c-step-nav`); looking further would cost a copy of the
# name per separator, quadratic in a hostile name's length.
_MAX_BLOCK_NAME_PARTS: Final = 8


def _extends(name: str, blocks: frozenset[str]) -> bool:
    """`name` is one of `blocks` or one of them continued after a `-` or `_` (BEM parts and
    modifiers: `menu-item`, `gem-c-step-nav__step`); looked up once per separator, however
    many blocks there are."""
    if name in blocks:
        return True
    separators = itertools.islice(_NAME_PARTS.finditer(name), _MAX_BLOCK_NAME_PARTS)
    return any(name[: part.start()] in blocks for part in separators)


# A highlighter's token sits in its `pre` or `code` through at most this many line or token
# wrappers (Shiki's `<pre><code><span class="line"><span>`, prism-react-renderer's
# `<div class="token-line">`).
_CODE_TOKEN_LEVELS: Final = 4
_CODE_TOKEN_WRAPPERS: Final = frozenset({"span", "div"})


def _is_code_token(span: etree._Element) -> bool:
    """Whether `span` is a token of highlighted code: its class names (Prism's `token
    comment`, `hljs-comment`, prettify's `lang-comment`) are not page structure, and judged by
    them code examples lost their `// …` lines. Only through spans and line `div`s: a
    plugin's shortcode wraps a whole widget (an Instagram feed's links) in a `code` that
    `coderepairs` makes a `pre`, and its parts are judged as anywhere."""
    ancestor = span.getparent()
    for _ in range(_CODE_TOKEN_LEVELS):
        if ancestor is None:
            return False
        if ancestor.tag in ("pre", "code"):
            return True
        if ancestor.tag not in _CODE_TOKEN_WRAPPERS:
            return False
        ancestor = ancestor.getparent()
    return False


def remove_furniture(
    body: etree._Element,
    stats: TextStats,
    *,
    article_page: bool = False,
    dialogs: bool = True,
    classed_dialogs: bool = True,
    microdata: bool = True,
    item_carousels: bool = False,
    testimonials: bool = False,
    filters: bool = False,
    card_bylines: bool = False,
) -> list[etree._Element]:
    """Drop furniture elements in place, top-down so a removed subtree is never visited.

    `stats` is kept true for what remains, so the later passes need not measure again.
    `article_page`: the page declares itself an article, so its comment thread goes too,
    unless the comments are nearly all of the page (then they are what it is about), and so do
    its figures' captions, unless numbered.
    `dialogs`: False when the source names no dialog, sparing their search over the tree.
    `classed_dialogs`: False when the source writes no `dialog` as a class word
    (`overlays.names_classed_dialog`), sparing the search for dialogs named by their class
    (`overlays.CLASSED_DIALOGS`).
    `microdata`: False when the source has no `itemprop`, sparing the look for hidden values.
    `item_carousels`: the page declares itself neither an article nor a product and its source
    names a carousel, so a carousel of the page's own items is kept (`carousels.is_item_carousel`).
    `testimonials`: the page declares no product and its source says `estimonial`, so a carousel
    of testimonials is kept (`carousels.is_testimonial_carousel`).
    `filters`: the source may name a shop's filter panel (`filters.names_filters`), which goes
    (`filters.FilterPanels`).
    `card_bylines`: the page declares no product and its source says `<time`, so a card's own
    `footer` holding its byline and date is kept (`cardbylines.CardBylines`).

    Returns the author boxes (`authorboxes.is_author_bio`), left in place: they go with
    `drop_author_boxes` once the content root is chosen, since a box beside the article's
    body is text the descent weighs (without it, the descent went past a wrapper and left an
    article's introduction out).
    """
    _remove_overlays(body, stats, dialogs, classed_dialogs)
    protected = stats.text.get(body, 0) * _PROTECTED_SHARE
    comment_words = _ARTICLE_COMMENT_WORDS if article_page else frozenset()
    doomed: list[etree._Element] = []
    posters = PosterCards(body)
    promos = PromoBoxes(body) if article_page else None
    marked = _MarkedBody(body, stats) if article_page else None
    title = title_order(body) if item_carousels else {}
    own = None if article_page else PageRelated(body, stats)
    bylines = CardBylines(body, stats) if card_bylines else None
    shown = FilterPanels(body)  # what holds a picture or prose, found when first asked
    panels = shown if filters else None
    titles: list[etree._Element] = []  # "Table of Contents" lines, kept so far
    comments: list[tuple[etree._Element, frozenset[str] | None]] = []
    bios: list[etree._Element] = []  # removed by the caller, once the content is chosen
    # Each element with the names of its ancestors kept for their size that carry a subject
    # word: a name that extends one of them (`menu-item` under a `menu`, GOV.UK's
    # `gem-c-step-nav__step` under its `gem-c-step-nav`) is a part of that block, and its
    # furniture words say nothing new. Inside a site's footer, header or navigation (by tag or
    # role) kept for its size, no names are passed (None): its parts are judged as anywhere.
    stack: list[tuple[etree._Element, frozenset[str] | None]] = [(c, _NO_NAMES) for c in body]
    while stack:
        element, blocks = stack.pop()
        if not isinstance(element.tag, str):
            continue
        if element.tag in ("main", "article") or (element.get("role") or "") == "main":
            stack.extend((child, blocks) for child in element)
            continue
        if element.tag == "span" and _is_code_token(element):
            continue
        tokens = _tokens_outside(element, blocks) if blocks else attribute_tokens(element)
        length = stats.text.get(element, 0)
        small = length <= protected
        if element.tag == "aside" and is_content_aside(element, tokens, stats):
            stack.extend((child, blocks) for child in element)
        elif (
            element.tag == "aside"
            and small  # a card beside a post; a large aside is kept as any large block is
            and (name := posters.name_in(element, tokens)) is not None
        ):
            doomed.extend(all_but(element, name))
        elif small and is_link_list(element, stats):
            doomed.append(element)
            label = list_label(element, stats)
            if label is not None:
                doomed.append(label)
        elif (
            (microdata and _is_hidden_microdata(element, length))
            or _is_letter_avatar(element, length, tokens)
            or (article_page and small and _is_article_caption(element, tokens))
            or (promos is not None and promos.holds(element, tokens, length))
            or (
                small
                and panels is not None
                and panels.is_panel(element, tokens)
                and not has_heading(element, ("h1",))
            )
        ):
            doomed.append(element)
        elif is_consent_layer(tokens) or (
            small
            and _looks_like_furniture(element, tokens)
            and not (marked is not None and marked.held_by(element))
        ):
            panel = False  # kept as a product's details panel, not as a menu or carousel
            carousel = False  # kept as the page's items drawn as a slider
            related = False  # kept as the page's own content named `related`
            if not is_consent_layer(tokens) and (
                _is_prose_menu(element, tokens, length, stats)
                or (carousel := bool(title) and is_item_carousel(element, tokens, stats, title))
                or (carousel := is_comparison_carousel(element, tokens))
                or (carousel := testimonials and is_testimonial_carousel(element, tokens))
                or (related := own is not None and own.holds_page(element, tokens))
                or (bylines is not None and bylines.is_byline(element))
                or (panel := opens_product_details(element, tokens))
                or (
                    not article_page
                    and _is_named_pager(element, tokens)
                    and shown.holds_picture_or_prose(element)
                )
            ):
                # Its parts named after it (`faq_tabs-menu-item`, IKEA's
                # `pipf-product-details-modal__container`, a slider's `carousel-item`) are not
                # judged by the word.
                if blocks is not None:
                    words = PANEL_WORDS if panel else RELATED_WORD if related else _SUBJECT_WORDS
                    blocks = blocks | _subject_names(element, words)
                    if carousel:
                        # Sliders name their parts after the word itself, whatever the
                        # carousel's own class (`carousel-inner`, `carousel__slide`), one
                        # item each: judged alone, every slide went.
                        blocks = blocks | _subject_names(element, _CAROUSEL_WORD) | _CAROUSEL_WORD
                stack.extend((child, blocks) for child in element)
            elif not is_icon_label(element, tokens, stats) and not is_section_title(element):
                doomed.append(element)
        elif (
            small
            and comment_words
            and not comment_words.isdisjoint(tokens)
            and not has_heading(element, ("h1",))
        ):
            comments.append((element, blocks))  # decided below, once the thread is known
        elif small and is_author_bio(element, tokens, length):
            bios.append(element)  # its furniture (share links, "Follow me") still goes now
            stack.extend((child, blocks) for child in element)
        else:
            if maybe_contents_title(element, length):
                titles.append(element)
            if not small and blocks is not None:
                if is_furniture_by_kind(element):
                    blocks = None
                elif tokens:
                    blocks = blocks | _subject_names(element)
            stack.extend((child, blocks) for child in element)
        if not stack and comments:
            comment_text = sum(stats.text.get(e, 0) for e, _ in comments)
            if comment_text < _THREAD_SHARE * stats.text.get(body, 0):
                doomed.extend(e for e, _ in comments)
            else:
                # A thread published as an article: look inside its posts like anywhere else.
                comment_words = frozenset()
                stack.extend((child, names) for comment, names in comments for child in comment)
            comments = []
    emptied = {parent for parent in map(etree._Element.getparent, doomed) if parent is not None}
    removed = dict.fromkeys(doomed)  # a list's title may be furniture in its own right
    for element in removed:
        stats.forget(element)
        drop_keep_tail(element)
    _remove_orphan_titles(titles, stats, removed.keys(), emptied)
    return bios


# Google's `data-nosnippet` attribute marks what a search result's snippet should never quote:
# the page's own word that a part is not its text, as the `nocontent` class is. Written on an
# in-article teaser of another story (Valnet's "Related" cards), a forum's in-post
# "Advertisement (gone after registration)", a landing page's drawn app mock-ups, a travel
# shop's "Need help shopping? Call …" line; on WCXB dev no truth keeps the text of one the
# renderer showed. Removed once the content is chosen, like the author boxes: removed in the
# furniture walk, Webflow's hidden quote templates marked so between a post and its FAQ took
# their words out of the post's column, the descent went past the column into the post's
# text and the FAQ was left out (0291 −0.054). A part holding most of the selection, or its
# `h1`, stays.
_NOSNIPPET: Final = etree.XPath(".//*[@data-nosnippet]")
# A page marks a few dozen parts at most (29 on WCXB dev); past this many the rest stay, so
# that a flood of them under deep wrappers (each removal updates its ancestors' sums) costs
# no more than a page's worth.
_MAX_NOSNIPPET_PARTS: Final = 500


def drop_nosnippet_parts(main: etree._Element, stats: TextStats) -> None:
    """Remove the parts of `main` marked `data-nosnippet` (see `_NOSNIPPET`)."""
    marked = find_elements(_NOSNIPPET, main)
    if not marked:
        return
    protected = stats.text.get(main, 0) * _PROTECTED_SHARE
    # The `h1`s and the elements holding one.
    titles = list(main.iter("h1"))
    titled = holders_up_to(titles, main).union(titles)
    gone: set[etree._Element] = set()
    removed = 0
    for element in marked:  # document order: an outer part before those inside it
        if element in gone or element in titled or stats.text.get(element, 0) > protected:
            continue
        removed += 1
        if removed > _MAX_NOSNIPPET_PARTS:
            break
        gone.update(element.iter())  # each element once: a removed part's are skipped
        stats.forget(element)
        drop_keep_tail(element)


def drop_drawn_twins(body: etree._Element, stats: TextStats) -> None:
    """Remove the figures drawn for the eye whose words for screen readers stay beside them
    (`screenreader.drawn_twins`): run after `remove_furniture`, which decides which
    screen-reader text stays."""
    for drawn in drawn_twins(body, stats):
        stats.forget(drawn)
        drop_keep_tail(drawn)


def drop_named_tooltips(root: etree._Element, stats: TextStats) -> None:
    """Remove the tooltips' bodies named as such under `root` (`overlays.TOOLTIP_BODY`), of
    `overlays.MIN_TOOLTIP_CHARS` or more, once the content is chosen: removed before, the words they
    took from a shop's price box sent the descent into its reviews beside it."""
    doomed = [
        element
        for element in find_elements(NAMED_TOOLTIPS, root)
        if TOOLTIP_BODY.search(element.get("class") or "") is not None
        and stats.text.get(element, 0) >= MIN_TOOLTIP_CHARS
    ]
    gone: set[etree._Element] = set()
    for element in doomed:  # document order: a tooltip before any inside it
        if any(ancestor in gone for ancestor in element.iterancestors()):
            continue
        gone.add(element)
        stats.forget(element)
        drop_keep_tail(element)


def drop_author_boxes(boxes: list[etree._Element], stats: TextStats) -> None:
    """Remove the bios in the author boxes `remove_furniture` found, once the content is
    chosen: the smallest blocks holding a sentence and a long line go
    (`authorboxes.bio_blocks`), the short lines around them (the author's name, role, a date)
    stay as the article's byline."""
    done: set[etree._Element] = set()
    for box in boxes:  # the walk met each box before any box inside it
        if any(ancestor in done for ancestor in box.iterancestors()):
            continue  # read with the box around it
        done.add(box)
        for bio in bio_blocks(box, stats):
            stats.forget(bio)
            drop_keep_tail(bio)


def _remove_orphan_titles(
    titles: list[etree._Element],
    stats: TextStats,
    removed: KeysView[etree._Element],
    emptied: set[etree._Element],
) -> None:
    """A contents title whose list went with the furniture, or was never there (a script
    fills it), goes too: left behind, it headed the article's first section. The walk did
    not go into removed blocks, so a title there was removed as a list's label."""
    for title in titles:
        if title in removed:
            continue
        block = orphan_title_block(title, stats, emptied)
        if block is not None:
            stats.forget(block)
            drop_keep_tail(block)


def drop_keep_tail(element: etree._Element) -> None:
    if element.tag in ("td", "th"):
        # A table cell is emptied, not removed: the cells after it keep their columns.
        empty(element)
        return
    parent = element.getparent()
    if parent is None:
        return
    tail = element.tail
    if tail:
        previous = element.getprevious()
        before = (previous.tail if previous is not None else parent.text) or ""
        if not tail.strip() and (before[-1:].isspace() or (not before and previous is None)):
            # Only whitespace followed it, and nothing before it needs it (a space already
            # there, or the start of its parent). Otherwise that whitespace separated the
            # words around it: WooCommerce's "Current price is: $21.00." screen-reader
            # sentence between a price and "Exc. Freight & Taxes" left "$21.00Exc." behind.
            tail = ""
        if tail:
            if previous is not None:
                previous.tail = before + tail
            else:
                parent.text = before + tail
    parent.remove(element)
