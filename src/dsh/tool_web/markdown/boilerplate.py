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

from dsh.tool_web.markdown.stats import TextStats

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
        "modal",
    }
)  # fmt: skip
# Tokens that only mean furniture next to a second word ("comment-form", "reply-form").
_FURNITURE_PAIRS: Final = frozenset(
    {("comment", "form"), ("reply", "form"), ("comments", "form"), ("site", "header"),
     ("page", "header"), ("global", "header"), ("top", "bar"), ("author", "bio")}
)  # fmt: skip

_TOKEN_SPLIT: Final = re.compile(r"[^a-z0-9]+")

# An element carrying this share of the page's text is content, whatever it is called.
_PROTECTED_SHARE: Final = 0.4


def attribute_tokens(element: etree._Element) -> list[str]:
    classes = element.get("class") or ""
    ident = element.get("id") or ""
    return [t for t in _TOKEN_SPLIT.split(f"{classes} {ident}".lower()) if t]


def _looks_like_furniture(element: etree._Element) -> bool:
    tag = element.tag
    if tag in _FURNITURE_TAGS:
        return True
    if tag == "header":
        return not _has_heading(element, ("h1",))
    role = (element.get("role") or "").lower()
    if role in _FURNITURE_ROLES:
        return True
    # Hidden by inline style: collapsed menus, off-screen dialogs, data dumps for scripts.
    # (`hidden` and aria-hidden are kept: pages use them for tab panels that hold content.)
    style = (element.get("style") or "").replace(" ", "").lower()
    if "display:none" in style or "visibility:hidden" in style:
        return True
    tokens = attribute_tokens(element)
    if not tokens:
        return False
    if any(t in _FURNITURE_WORDS for t in tokens):
        return not _has_heading(element, ("h1",))
    return any(pair in _FURNITURE_PAIRS for pair in itertools.pairwise(tokens))


def _has_heading(element: etree._Element, tags: tuple[str, ...]) -> bool:
    return any(True for _ in element.iter(*tags))


def remove_furniture(body: etree._Element, stats: TextStats) -> None:
    """Drop furniture elements in place, top-down so a removed subtree is never visited.

    `stats` is kept true for what remains, so the later passes need not measure again.
    """
    protected = stats.text.get(body, 0) * _PROTECTED_SHARE
    doomed: list[etree._Element] = []
    stack = list(body)
    while stack:
        element = stack.pop()
        if not isinstance(element.tag, str):
            continue
        if element.tag in ("main", "article") or (element.get("role") or "") == "main":
            stack.extend(element)
            continue
        if _looks_like_furniture(element) and stats.text.get(element, 0) <= protected:
            doomed.append(element)
        else:
            stack.extend(element)
    for element in doomed:
        stats.forget(element)
        drop_keep_tail(element)


def drop_keep_tail(element: etree._Element) -> None:
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
