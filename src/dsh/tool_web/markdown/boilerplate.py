"""Removing page furniture: navigation, site headers and footers, banners, share bars, ads.

Every rule here is generic (tags, ARIA roles, class/id vocabulary, link density); none names a
site. Removal is recall-first: an element that holds a large share of the page's text is kept
whatever its name says, because a wrong class name costs less than a lost article.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.repeats import starts_with_price
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import HEADING_TAGS, find_elements

_FURNITURE_TAGS: Final = frozenset({"nav", "aside", "footer", "form", "menu", "dialog"})
_FURNITURE_ROLES: Final = frozenset(
    {"navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar",
     "dialog", "alertdialog", "toolbar"}
)  # fmt: skip

# Whole class/id tokens (split on punctuation) that name furniture.
_FURNITURE_WORDS: Final = frozenset(
    {
        "nav", "navbar", "navigation", "menu", "megamenu", "submenu", "breadcrumb",
        "breadcrumbs", "footer", "sidebar", "cookie", "consent", "gdpr", "newsletter",
        "subscribe", "social", "socials", "advert", "advertisement", "ads", "ad",
        "adsbygoogle", "sponsored", "popup", "related", "recommended", "recommendations",
        "outbrain", "taboola", "toolbar", "pagination", "pager", "masthead", "signup", "login",
        "modal", "visuallyhidden", "clipped", "offscreen", "signature", "reviews", "carousel",
        "usertitle", "userextra", "userextras", "extrauserinfo", "userbanner", "reactions",
        "quickview", "minicart",
        # A forum poster's statistics ("1,109 posts · Joined 2022"), not what they wrote.
        "postcount", "joindate",
        # "You are using an out of date browser" (XenForo's `js-browserWarning`, HTML5
        # Boilerplate's `browserupgrade`/`browsehappy`, browser-update.org's `buorg`).
        "browserwarning", "browserupgrade", "browsehappy", "buorg",
        # MediaWiki's "[edit]" beside every section heading.
        "editsection",
    }
)  # fmt: skip
# Class words that say content whatever else the class says: MediaWiki's hatnote ("For other
# uses, see …") is classed `hatnote navigation-not-searchable`.
_CONTENT_WORDS: Final = frozenset({"hatnote"})
# Tokens that only mean furniture next to a second word ("comment-form", "reply-form").
_FURNITURE_PAIRS: Final = frozenset(
    {("comment", "form"), ("reply", "form"), ("comments", "form"), ("site", "header"),
     ("page", "header"), ("global", "header"), ("top", "bar"), ("author", "bio"),
     ("sr", "only"), ("visually", "hidden"), ("screen", "reader"), ("screenreader", "only"),
     # A forum poster's statistics, written as two words.
     ("post", "count"), ("join", "date"), ("author", "statistics"), ("user", "stats"),
     ("browser", "warning"), ("browser", "upgrade"), ("upgrade", "browser"),
     ("outdated", "browser"), ("old", "browser"), ("unsupported", "browser"),
     ("userinfo", "extra")}
)  # fmt: skip

# On a page that declares itself an article, its comment thread is furniture too. Not on
# other pages: forum threads and Q&A pages call their posts "comments" (measured on WCXB dev:
# everywhere, the word cost forum threads their posts; on articles only, F1 +0.004, recall ±0).
_ARTICLE_COMMENT_WORDS: Final = frozenset(
    {"comment", "comments", "commentlist", "replies", "respond", "disqus"}
)
# Comments holding this share of an "article" are the page: a thread published as an article.
_THREAD_SHARE: Final = 0.9

# Consent managers and cookie layers, matched on whole class/id tokens.
_OVERLAY_WORDS: Final = frozenset(
    {"onetrust", "cookiebot", "cybotcookiebotdialog", "usercentrics", "didomi", "truste",
     "cookieconsent", "cookiebanner"}
)  # fmt: skip

_DIALOGS: Final = etree.XPath(".//*[@aria-modal='true' or @role='dialog' or @role='alertdialog']")

_TOKEN_SPLIT: Final = re.compile(r"[^a-z0-9]+")

# An overlay carrying more than this share of the page's text is the page itself.
_OVERLAY_MAX_SHARE: Final = 0.9

# An element carrying this share of the page's text is content, whatever it is called.
_PROTECTED_SHARE: Final = 0.4


def attribute_tokens(element: etree._Element) -> list[str]:
    classes = element.get("class") or ""
    # A heading's id is the slug of its own words ("related-work", "social-impact"): it names
    # the section's subject, not the element's role.
    ident = "" if element.tag in HEADING_TAGS else element.get("id") or ""
    if not classes and not ident:
        return []  # most elements: spare the split
    return [t for t in _TOKEN_SPLIT.split(f"{classes} {ident}".lower()) if t]


def _looks_like_furniture(element: etree._Element, tokens: list[str]) -> bool:
    tag = element.tag
    if tag in _FURNITURE_TAGS:
        # A quotation's footer is its attribution ("— Hamlet"), not the site's footer.
        return not (tag == "footer" and any(True for _ in element.iterancestors("blockquote")))
    if tag == "header":
        # A header inside an article, main or list item heads that content (a post, a card); only
        # the page's own header is furniture.
        if any(True for _ in element.iterancestors("article", "main", "li")):
            return False
        return not _has_heading(element, ("h1",))
    role = (element.get("role") or "").lower()
    if role in _FURNITURE_ROLES:
        return True
    # Hidden elements are kept (inline display:none, `hidden`, aria-hidden): pages hide tab
    # panels, "read more" expansions and product details that way, and measured on WCXB
    # removing them cost more recall (-0.007) than it bought precision.
    if not tokens or not _CONTENT_WORDS.isdisjoint(tokens):
        return False
    if "signature" in tokens and _is_api_signature(element, tokens):
        tokens = [token for token in tokens if token != "signature"]
    if not _FURNITURE_WORDS.isdisjoint(tokens):
        return not _has_heading(element, ("h1",))
    if not _FURNITURE_PAIRS.isdisjoint(itertools.pairwise(tokens)):
        return not _has_heading(element, ("h1",))
    return False


# `signature` names a forum signature: a block after a post (`signature`, `post-signature`,
# `message-signature`, `signaturecontainer`). API references use the word for a declaration,
# the thing the reader came for: Javadoc's `member-signature` and `type-signature`, TypeDoc's
# `tsd-signature` (and its `tsd-signature-type` spans), JSDoc's and pdoc's `span.signature`,
# ExDoc's `h2.signature`. Those are inline, in a heading, term or code block, or name the part
# of code they sign. (Holding code says nothing: forum signatures quote code and `pre` art.)
_CODE_SIGNATURE_PREFIXES: Final = frozenset(
    {"member", "type", "tsd", "method", "call", "function", "func", "fn", "constructor",
     "property", "index", "api"}
)  # fmt: skip
_INLINE_TAGS: Final = frozenset(
    {"span", "code", "a", "em", "strong", "b", "i", "small", "var", "samp", "kbd", "tt"}
)
_TERM_TAGS: Final = ("h1", "h2", "h3", "h4", "h5", "h6", "dt")
# How far up a heading, term or code block around a signature is looked for (JSDoc puts the
# span straight in its `h4`); bounded, so many signatures deep down walk no path to the root.
_SIGNATURE_REACH: Final = 3


def _is_api_signature(element: etree._Element, tokens: list[str]) -> bool:
    if element.tag in _INLINE_TAGS or element.tag in _TERM_TAGS or element.tag == "pre":
        return True
    if any(
        before in _CODE_SIGNATURE_PREFIXES
        for before, token in itertools.pairwise(tokens)
        if token == "signature"
    ):
        return True
    ancestors = itertools.islice(element.iterancestors(), _SIGNATURE_REACH)
    return any(
        ancestor.tag in _TERM_TAGS or ancestor.tag in ("pre", "code") for ancestor in ancestors
    )


_LIST_TAGS: Final = frozenset({"ul", "ol", "div", "section", "table"})


def _is_link_list(element: etree._Element, stats: TextStats) -> bool:
    """A table of contents: a block of nothing but links to anchors on the same page."""
    if element.tag not in _LIST_TAGS:
        return False
    links = stats.links.get(element, 0)
    if links < 3:
        return False
    text = stats.text.get(element, 0)
    if stats.link_text.get(element, 0) < 0.9 * text:
        return False
    if is_in_page_name_list(element):
        return False
    return all((a.get("href") or "").startswith("#") for a in element.iter("a"))


# The title a table of contents is given, right before it with nothing between: left behind,
# "Table of Contents" headed the article's first section. By its words: a short line before
# the list is as often the section's own heading (nginx's module pages), a byline, or a
# topic whose sub-items are the anchors.
_CONTENTS_TITLES: Final = frozenset(
    {
        "table of contents", "contents", "content", "in this article", "in this post",
        "in this guide", "on this page", "in this section", "jump to", "jump to section",
        "skip to section", "quick links", "what's inside", "article contents", "page contents",
        "toc", "inhaltsverzeichnis", "inhalt", "sommaire", "table des matières", "índice",
        "contenido", "contenidos", "indice", "sommario", "inhoud", "inhoudsopgave", "spis treści",
        "содержание", "目次", "目录", "目錄", "목차",
    }
)  # fmt: skip
_MAX_CONTENTS_TITLE_CHARS: Final = 40
_LABEL_TAGS: Final = frozenset(
    {*HEADING_TAGS, "p", "div", "span", "strong", "b", "label", "summary"}
)


def _list_label(element: etree._Element, stats: TextStats) -> etree._Element | None:
    """The title of the table of contents `element`, if one stands right before it."""
    previous = element.getprevious()
    if previous is None or not isinstance(previous.tag, str) or previous.tag not in _LABEL_TAGS:
        return None
    if (previous.tail or "").strip() or stats.links.get(previous, 0):
        return None
    if not 0 < stats.text.get(previous, 0) <= _MAX_CONTENTS_TITLE_CHARS:
        return None
    title = " ".join(string_value(previous).split()).strip(" :").casefold().replace("’", "'")
    return previous if title in _CONTENTS_TITLES else None


# A table of contents lists headings one per line; names linked to pop-ups in the page (a
# paper's authors, `#auth-Jane Smith`, each with `#Aff1` superscripts) are written as a run
# separated by commas or "and". Only the first links are looked at, so nested lists of many
# links cost no walk over all of them per level.
_NAME_SEPARATORS: Final = re.compile(r"\s*(?:[,;]|and\b|&)", re.IGNORECASE)
_NAMES_LOOKED_AT: Final = 10


def is_in_page_name_list(element: etree._Element) -> bool:
    """Names linked into the page, separated by commas or "and" (a paper's authors): neither
    a table of contents nor a block of navigation links."""
    links = list(itertools.islice(element.iter("a"), _NAMES_LOOKED_AT))
    if not all((a.get("href") or "").startswith("#") for a in links):
        return False
    separated = sum(1 for a in links if _NAME_SEPARATORS.match(_text_after(a, element)))
    return separated >= 2


def _text_after(link: etree._Element, within: etree._Element) -> str:
    """The text right after a link: its tail, or else the tail of the superscript or wrapper it
    ends (`<a>Jane</a><sup><a>1</a></sup>, `)."""
    if link.tail and link.tail.strip():
        return link.tail
    following = link.getnext()
    if following is not None:
        return following.tail or ""
    parent = link.getparent()
    if parent is not None and parent is not within:
        return parent.tail or ""
    return ""


# A note says something: a user card beside a forum post ("Payam Montie", "Members") does not.
_ASIDE_MIN_PROSE: Final = 50


def _is_content_aside(element: etree._Element, tokens: list[str], stats: TextStats) -> bool:
    """An `<aside>` inside the article or main content that reads as prose: a documentation
    note or caution (Google's developer docs write every "Caution: this deletes your data" as
    one), a pull quote, a figure's story. Beside the content, mostly links (related posts, a
    forum user card), or named as a promotion, teaser card or author box, it is furniture."""
    if not _ASIDE_FURNITURE_WORDS.isdisjoint(tokens) or not _FURNITURE_WORDS.isdisjoint(tokens):
        return False
    if not _FURNITURE_PAIRS.isdisjoint(itertools.pairwise(tokens)):
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
    if not _ADMONITION_WORDS.isdisjoint(_TOKEN_SPLIT.split(label)):
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
    return next((w for w in _TOKEN_SPLIT.split(opening[:_ADMONITION_TITLE_CHARS].lower()) if w), "")


# Asides in an article that are not its text: teaser cards for other stories, promotions,
# paid partner blurbs, the author's bio.
_ASIDE_FURNITURE_WORDS: Final = frozenset(
    {"card", "promo", "promotion", "partner", "bio", "author", "teaser", "cta", "upsell"}
)


_SCREEN_READER_PAIRS: Final = frozenset(
    {("sr", "only"), ("visually", "hidden"), ("screen", "reader"), ("screenreader", "only")}
)
_SCREEN_READER_WORDS: Final = frozenset({"visuallyhidden", "clipped", "offscreen"})
# Where an icon stands for a word the screen-reader text says: a pricing table's cell
# ("Included" under Pro, drawn as a check), MDN's "Deprecated" badge in an `<abbr>`.
_ICON_HOLDERS: Final = ("td", "th", "abbr")


def _is_icon_label(element: etree._Element, tokens: list[str], stats: TextStats) -> bool:
    """Screen-reader text that is the only text of its table cell or badge (the words the page
    draws as an icon), or the sign between the parts of a stacked fraction. Elsewhere it
    repeats what is on screen ("Share on X"), and goes."""
    if _SCREEN_READER_WORDS.isdisjoint(tokens) and _SCREEN_READER_PAIRS.isdisjoint(
        itertools.pairwise(tokens)
    ):
        return False
    text = stats.text.get(element, 0)
    if text == 0:
        return False
    if text == 1 and string_value(element).strip() in _SEPARATORS:
        # Wikipedia's fractions: "8<sr-only>+</sr-only>1⁄2" and "4<sr-only>/</sr-only>3" are
        # drawn stacked; without the separator they read as 81⁄2 and 43.
        return True
    holder = next(element.iterancestors(*_ICON_HOLDERS), None)
    if holder is not None and stats.text.get(holder, 0) == text:
        return True
    return _is_price_label(element, text)


# "Regular price", "Sale price", "Unit price": shops print both prices and let CSS strike one
# through or hide it; the hidden label is what tells the reader which is which.
_PRICE_LABEL_MAX_CHARS: Final = 24


def _is_price_label(element: etree._Element, text: int) -> bool:
    if text > _PRICE_LABEL_MAX_CHARS:
        return False
    label = string_value(element).strip()
    if not label or any(c.isdigit() for c in label) or len(label.split()) > 3:
        return False
    # The price is the text right after the label (Etsy's `<span>Sale Price</span>£25.20`),
    # else the next element's.
    if element.tail and element.tail.strip():
        return starts_with_price(element.tail)
    price = element.getnext()
    return price is not None and starts_with_price(string_value(price))


_SEPARATORS: Final = frozenset({"+", "/", "\u2044", "-", "\u2212"})


# How far up the section a heading labels is looked for (GitHub: the heading is its child).
_SECTION_REACH: Final = 3


def _is_section_title(element: etree._Element) -> bool:
    """A hidden heading that its section names as its label (`aria-labelledby`), in a run of
    sections labelled so: the title that tells them apart. GitHub's releases page writes each
    release's tag so; without it, one release's changes ran on under the previous release's
    last heading. A lone labelled region's hidden heading ("Footer", "Products", "Navigation
    menu") says nothing the page does not show (measured on WCXB: keeping those too changed 6
    pages, all for the worse)."""
    ident = element.get("id")
    if element.tag not in HEADING_TAGS or not ident:
        return False
    ancestors = itertools.islice(element.iterancestors(), _SECTION_REACH)
    section = next(
        (a for a in ancestors if ident in (a.get("aria-labelledby") or "").split()), None
    )
    if section is None:
        return False
    return any(
        sibling is not None and sibling.get("aria-labelledby")
        for sibling in (section.getprevious(), section.getnext())
    )


def _is_consent_layer(tokens: list[str]) -> bool:
    """Consent managers' layers: never content, so removed whatever their size."""
    return not _OVERLAY_WORDS.isdisjoint(tokens)


def _has_heading(element: etree._Element, tags: tuple[str, ...]) -> bool:
    return any(True for _ in element.iter(*tags))


def _remove_overlays(body: etree._Element, stats: TextStats) -> None:
    """Drop dialogs and script data before the size-based protection is computed.

    A privacy policy inside a modal can outweigh a short product page; counted in the page's
    text, it would make the footer holding it look like content.
    """
    # Unless the page is nothing but the dialog (a lightbox-only page), it is not the content.
    limit = stats.text.get(body, 0) * _OVERLAY_MAX_SHARE
    # XPath finds the dialogs in C; `measure` already noted the data dumps on its way.
    candidates = find_elements(_DIALOGS, body)
    doomed = {
        element
        for element in [*candidates, *stats.data_dumps]
        if element is not body and stats.text.get(element, 0) <= limit
    }
    for element in doomed:
        if any(ancestor in doomed for ancestor in element.iterancestors()):
            continue
        stats.forget(element)
        drop_keep_tail(element)


_NO_NAMES: Final[frozenset[str]] = frozenset()
_NAME_PARTS: Final = re.compile(r"[-_]+")


def _is_furniture_by_kind(element: etree._Element) -> bool:
    """A site's footer, header or navigation by its tag or role: kept when it holds most of a
    thin page's text, but its parts are still judged by their names (`footer__links`)."""
    return (
        element.tag in _FURNITURE_TAGS
        or element.tag == "header"
        or (element.get("role") or "").lower() in _FURNITURE_ROLES
    )


# Furniture words that name the subject of a page when their block holds most of it: a
# restaurant's menu (`menu-section`, `menu-item`), GOV.UK's step-by-step guide
# (`gem-c-step-nav__step`). Reviews, carousels, footers and the like are not: kept for their
# size, their parts are still judged by their names (measured on WCXB: passing every furniture
# word down brought back product reviews, carousels and footers, F1 −0.0005, product −0.002).
_SUBJECT_WORDS: Final = frozenset({"menu", "nav", "navigation"})


def _subject_names(element: etree._Element) -> frozenset[str]:
    """The element's class names (and id) that carry one of `_SUBJECT_WORDS`: the block names
    its parts extend."""
    names = (element.get("class") or "").lower().split()
    names.append((element.get("id") or "").lower())
    return frozenset(
        name for name in names if not _SUBJECT_WORDS.isdisjoint(_TOKEN_SPLIT.split(name))
    )


def _tokens_outside(element: etree._Element, blocks: frozenset[str]) -> list[str]:
    """`attribute_tokens` without the names that extend one of `blocks` (a part of a block)."""
    names = (element.get("class") or "").lower().split()
    names.append((element.get("id") or "").lower())
    kept = " ".join(name for name in names if name and not _extends(name, blocks))
    return [token for token in _TOKEN_SPLIT.split(kept) if token]


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


def remove_furniture(body: etree._Element, stats: TextStats, *, article_page: bool = False) -> None:
    """Drop furniture elements in place, top-down so a removed subtree is never visited.

    `stats` is kept true for what remains, so the later passes need not measure again.
    `article_page`: the page declares itself an article, so its comment thread goes too,
    unless the comments are nearly all of the page (then they are what it is about).
    """
    _remove_overlays(body, stats)
    protected = stats.text.get(body, 0) * _PROTECTED_SHARE
    comment_words = _ARTICLE_COMMENT_WORDS if article_page else frozenset()
    doomed: list[etree._Element] = []
    comments: list[tuple[etree._Element, frozenset[str] | None]] = []
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
        tokens = _tokens_outside(element, blocks) if blocks else attribute_tokens(element)
        small = stats.text.get(element, 0) <= protected
        if element.tag == "aside" and _is_content_aside(element, tokens, stats):
            stack.extend((child, blocks) for child in element)
        elif small and _is_link_list(element, stats):
            doomed.append(element)
            label = _list_label(element, stats)
            if label is not None:
                doomed.append(label)
        elif _is_consent_layer(tokens) or (small and _looks_like_furniture(element, tokens)):
            if not _is_icon_label(element, tokens, stats) and not _is_section_title(element):
                doomed.append(element)
        elif (
            small
            and comment_words
            and not comment_words.isdisjoint(tokens)
            and not _has_heading(element, ("h1",))
        ):
            comments.append((element, blocks))  # decided below, once the thread is known
        else:
            if not small and blocks is not None:
                if _is_furniture_by_kind(element):
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
    for element in dict.fromkeys(doomed):  # a list's title may be furniture in its own right
        stats.forget(element)
        drop_keep_tail(element)


def drop_keep_tail(element: etree._Element) -> None:
    if element.tag in ("td", "th"):
        # A table cell is emptied, not removed: the cells after it keep their columns.
        element.text = None
        del element[:]
        return
    parent = element.getparent()
    if parent is None:
        return
    tail = element.tail
    if tail and tail.strip():
        previous = element.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(element)
