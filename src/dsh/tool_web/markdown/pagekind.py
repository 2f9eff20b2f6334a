"""What kind of page this says it is, from its own metadata (Open Graph, JSON-LD, and the
microformats' mark on its one post).

Only used where one kind changes a rule: on an article, a comment thread is furniture, while on
a forum page the "comments" are the content; on a product page, the product's summary beside its
description is part of the content. Read before scripts are stripped, since JSON-LD
lives in <script> elements. A page that declares nothing is treated as no particular kind.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Final

from lxml import etree

from dsh.tool_web.markdown.tree import find_elements

# The first og:type in <head>, lowercased ("" when there is none).
_OG_TYPE: Final = etree.XPath(
    "translate(string((/html/head/meta[@property='og:type' or @name='og:type'][@content])[1]"
    "/@content), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
)
_JSON_LD_TYPE: Final = "application/ld+json"
# Spelled in the source of every page with JSON-LD: without it the tree walk is skipped.
_JSON_LD_MARKERS: Final = (b"ld+json", b"LD+JSON", b"Ld+Json", b"ld+JSON")
# Found by one search for their tail: four substring tests cost four passes over a page
# without JSON-LD (and the regex skips to each "+" in C); the two bytes before it complete
# the marker. (Their tails hold no "+", so no occurrence hides inside another.)
_JSON_LD_TAIL: Final = re.compile(rb"\+(?:json|JSON|Json)")

# schema.org's Article and its subtypes (NewsArticle, OpinionNewsArticle, ScholarlyArticle, ...,
# BlogPosting, LiveBlogPosting, Report), matched by name so new subtypes count too.
_ARTICLE_TYPE_SUFFIXES: Final = ("Article", "BlogPosting", "Report")
# A page whose JSON-LD calls it a list of things (Yoast writes `CollectionPage` for category,
# tag and archive pages) is no article for its `og:type` article, which SEO plugins write on
# every page: a news site's section front, a blog's index, a shop's category.
_LIST_PAGE_TYPES: Final = frozenset({"CollectionPage", "SearchResultsPage"})
# A thread that also calls itself an article is a thread: its replies are the content.
_DISCUSSION_TYPES: Final = frozenset({"DiscussionForumPosting", "QAPage", "SocialMediaPosting"})

# JSON-LD beyond this is not read: the types sit near the top, and a page can ship megabytes.
_MAX_JSON_LD_CHARS: Final = 200_000
# Nodes visited per page when collecting "@type" values (JSON-LD graphs are small).
_MAX_JSON_NODES: Final = 5_000


def is_article_page(root: etree._Element, source: bytes) -> bool:
    """The page declares itself an article (og:type, unless its `body` is classed `archive`;
    JSON-LD; or one microformats entry) and not a discussion.

    `source` is the HTML `root` was parsed from.
    """
    return declared_kinds(root, source)[0]


# schema.org's product types; Open Graph's `product` (and Facebook's `product.item`, `og:product`).
_PRODUCT_TYPES: Final = frozenset({"Product", "ProductGroup", "IndividualProduct", "ProductModel"})
_PRODUCT_OG_TYPES: Final = frozenset({"product", "product.item", "og:product", "product.group"})
# Microdata's product item, found in the source (no tree walk).
_PRODUCT_ITEM: Final = re.compile(rb"""itemtype=["']?https?://schema\.org/Product["'/\s>]""")


def declared_kinds(root: etree._Element, source: bytes) -> tuple[bool, bool]:
    """Whether the page declares itself an article (see `is_article_page`), and whether it
    declares itself a product (JSON-LD, og:type or microdata) and is no article: a review
    that names the product it reviews is still an article."""
    has_json_ld = _has_json_ld_marker(source)
    types = _json_ld_types(root) if has_json_ld else set()
    if types & _DISCUSSION_TYPES:
        return False, False
    og_type = _OG_TYPE(root)
    if any(t.endswith(_ARTICLE_TYPE_SUFFIXES) for t in types) or (
        og_type == "article" and not _is_archive(root) and types.isdisjoint(_LIST_PAGE_TYPES)
    ):
        return True, False
    product = (
        bool(types & _PRODUCT_TYPES)
        or og_type in _PRODUCT_OG_TYPES
        or (b"schema.org/Product" in source and _PRODUCT_ITEM.search(source) is not None)
    )
    if not product and _one_entry(root, source):
        return True, False
    return False, product


# The microformats' post (`hentry`, microformats2's `h-entry`), as Blogger and blog themes mark
# each post they show: one on the page is a post's own page, several a blog's listing of them.
# Counted in the parsed tree, whose class attributes are read as HTML reads them (`class =
# "hentry"`, `class=hentry`, a repeated `class` attribute's first value; not a `data-class`, a
# title's words, a comment or a script's string); only on pages whose source spells an entry
# class, found from each "entry" (a literal the search skips to in C; a substring search per
# class name cost twice as much), the bytes before it completing the name.
_ENTRY: Final = re.compile(rb"entry")
_ENTRY_CLASSES: Final = frozenset({"hentry", "h-entry"})
# The elements whose class value holds an entry class's letters, their tokens read after
# (the class read once per element: `tree.py`'s attribute tests).
_ENTRY_CLASSED: Final = etree.XPath(
    "//*[@class[contains(., 'hentry') or contains(., 'h-entry')]]", smart_strings=False
)
# HTML splits a class value at ASCII whitespace only (not at a no-break space).
_CLASS_SEPARATORS: Final = re.compile(r"[ \t\n\f\r]+")


def _one_entry(root: etree._Element, source: bytes) -> bool:
    """The page marks exactly one element with a microformats entry class, a whole token of
    its `class` attribute (a stylesheet's `.hentry` is no mark)."""
    if not _spells_entry_class(source):
        return False
    found = 0
    for element in find_elements(_ENTRY_CLASSED, root):
        if _ENTRY_CLASSES.intersection(_CLASS_SEPARATORS.split(element.get("class") or "")):
            found += 1
            if found > 1:
                return False
    return found == 1


def _spells_entry_class(source: bytes) -> bool:
    """`source` holds `hentry` or `h-entry` somewhere."""
    for match in _ENTRY.finditer(source):
        at = match.start()
        if source[at - 1 : at] == b"h" or source[at - 2 : at] == b"h-":
            return True
    return False


def _is_archive(root: etree._Element) -> bool:
    """The page's `body` is classed `archive`: WordPress's class for its category, tag, author
    and date pages, lists of posts (or a shop's products) that SEO plugins still label
    `og:type` article. (`parse.py` has given the body the attributes of the `<body>` tags
    libxml2 dropped, as HTML does.)"""
    body = root.find("body")
    return body is not None and "archive" in (body.get("class") or "").split()


def _has_json_ld_marker(source: bytes) -> bool:
    """One of `_JSON_LD_MARKERS` is in `source`."""
    return any(
        source[max(tail.start() - 2, 0) : tail.end()] in _JSON_LD_MARKERS
        for tail in _JSON_LD_TAIL.finditer(source)
    )


def json_ld_documents(root: etree._Element) -> Iterator[object]:
    """The page's JSON-LD scripts, parsed, in document order, up to `_MAX_JSON_LD_CHARS` of
    them in all; broken ones are passed over (broken JSON-LD is common and says nothing)."""
    budget = _MAX_JSON_LD_CHARS
    for script in root.iter("script"):
        if (script.get("type") or "").strip().lower() != _JSON_LD_TYPE:
            continue
        text = script.text or ""
        if not text.strip() or len(text) > budget:
            continue
        budget -= len(text)
        try:
            yield json.loads(text)
        except (ValueError, RecursionError):
            continue


def _json_ld_types(root: etree._Element) -> set[str]:
    types: set[str] = set()
    for data in json_ld_documents(root):
        types |= _types_in(data)
    return types


def _types_in(data: object) -> set[str]:
    types: set[str] = set()
    for node in json_ld_nodes(data):
        types |= declared_types(node)
    return types


def json_ld_nodes(data: object, limit: int = _MAX_JSON_NODES) -> Iterator[dict[str, object]]:
    """The objects of a parsed JSON-LD document in document order, `limit` nodes at most
    (JSON-LD graphs are small; a hostile one is not walked to its end)."""
    stack = [data]
    visited = 0
    while stack and visited < limit:
        node = stack.pop()
        visited += 1
        if isinstance(node, dict):
            yield node
            children = list(node.values())
        elif isinstance(node, list):
            children = node
        else:
            continue
        stack.extend(reversed([v for v in children if isinstance(v, dict | list)]))


def declared_types(node: dict[str, object]) -> set[str]:
    """The node's `@type` values (one name or a list of them)."""
    declared = node.get("@type")
    if isinstance(declared, str):
        return {declared}
    if isinstance(declared, list):
        return {t for t in declared if isinstance(t, str)}
    return set()
