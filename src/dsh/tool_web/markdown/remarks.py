"""Comments under a Q&A page's question and answers: remarks attached to a main post, not
posts of their own.

On a page that declares itself an article, its comment thread is furniture
(`boilerplate.py`); on a forum, the replies are the posts. A Q&A page sits between: its posts
are the question and its answers, and the remarks under each ("Which version?", "Duplicate
of …") are secondary to the post they hang from, as an article's comments are to it. They are
told apart by schema.org's microdata alone: a `Comment` item whose nearest enclosing item is a
`Question` or an `Answer`. A `Comment` under a `DiscussionForumPosting` (Discourse's and
NodeBB's replies) or under an article is no remark on a post and is left alone. JSON-LD
cannot point at elements, so a page that declares its Q&A only there keeps its comments.
"""

from __future__ import annotations

import re
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.tree import find_elements, nearest_where

# Candidates by one search in C; each is then read by its type's exact name.
_COMMENT_ITEMS: Final = etree.XPath("//*[@itemscope][contains(@itemtype, 'Comment')]")
# A schema.org type as microdata names it: http or https, with or without `www.` (the
# source is searched for `schema.org/` in lower case before this pass runs).
_SCHEMA_TYPE: Final = re.compile(r"https?://(?:www\.)?schema\.org/([A-Za-z]+)/?")
_POSTS: Final = frozenset({"Question", "Answer"})

# What a comment list's container may hold besides its comments: controls ("Add a comment",
# "Show 2 more comments", a "9 Comments" toggle), which are links, buttons or marked as
# buttons, and separators with no letter or digit. Anything else (a line of the answer, an
# image) keeps the container, and only the comments go.
_CONTROLS: Final = frozenset({"a", "button"})
_NO_TEXT: Final = frozenset({"script", "style", "template"})
_MEDIA: Final = frozenset({"img", "picture", "video", "audio", "iframe", "object", "embed"})
# A text outside the comments longer than this is no separator, whatever it holds (and is not
# searched: a huge blank text would be read once per nested post).
_SEPARATOR_CHARS: Final = 200
# Elements outside the comments looked at for each post's container: a few for the controls,
# and the wrappers of each comment.
_CONTAINER_REACH: Final = 100
_REACH_PER_COMMENT: Final = 2


def drop_post_comments(root: etree._Element) -> None:
    """Remove the comments under a Q&A page's question and answers, with their list's
    container when it holds nothing else but the list's controls.

    Run on the tree as written (before `repairs.py` makes a button holding blocks a `div`, and
    before the form controls are stripped), and only on pages whose source names a `Question`
    or `Answer` and a `Comment` in schema.org's terms."""
    found = find_elements(_COMMENT_ITEMS, root)
    if not found:
        return
    nearest: dict[etree._Element, etree._Element | None] = {}
    types: dict[str, frozenset[str]] = {}  # an `itemtype` read once however often written
    under: dict[etree._Element, list[etree._Element]] = {}
    for comment in found:
        if "Comment" not in _schema_types(comment, types):
            continue
        item = nearest_where(comment, _is_item, nearest)
        if item is not None and not _POSTS.isdisjoint(_schema_types(item, types)):
            under.setdefault(item, []).append(comment)
    doomed: list[etree._Element] = []
    for post, comments in under.items():
        doomed.extend(_removed_with(post, comments))
    for element in doomed:
        drop_keep_tail(element)


def _schema_types(element: etree._Element, read: dict[str, frozenset[str]]) -> frozenset[str]:
    """The schema.org types `element`'s `itemtype` names (`read`: the answers so far)."""
    written = element.get("itemtype") or ""
    if written not in read:
        read[written] = frozenset(
            match.group(1)
            for token in written.split()
            if (match := _SCHEMA_TYPE.fullmatch(token)) is not None
        )
    return read[written]


def _is_item(element: etree._Element) -> bool:
    """Whether `element` is a microdata item (many comments under one post climb the same
    wrappers once: `nearest_where` remembers them)."""
    return element.get("itemscope") is not None


def _removed_with(post: etree._Element, comments: list[etree._Element]) -> list[etree._Element]:
    """What goes for `post`'s comments: the widest element below the post holding them and
    nothing but their controls, else the comments themselves."""
    holder = _common_holder(post, comments)
    if holder is post:
        return comments  # spread among the post's own parts: no container to speak of
    budget = [_CONTAINER_REACH + _REACH_PER_COMMENT * len(comments)]
    if holder not in comments and not _only_controls(holder, set(comments), budget):
        return comments
    container = holder
    parent = container.getparent()
    while parent is not None and parent is not post and _only_controls(parent, {container}, budget):
        container = parent
        parent = container.getparent()
    return [container]


def _common_holder(post: etree._Element, comments: list[etree._Element]) -> etree._Element:
    """The nearest element holding all of `comments` (the comment itself when alone), at most
    `post`. Each element on the way is passed once: a comment climbs until it meets one passed
    before."""
    chain = [comments[0]]
    while chain[-1] is not post:
        parent = chain[-1].getparent()
        if parent is None:
            return post
        chain.append(parent)
    place = {element: index for index, element in enumerate(chain)}
    seen = set(chain)
    top = 0
    for comment in comments[1:]:
        node: etree._Element | None = comment
        while node is not None and node not in seen:
            seen.add(node)
            node = node.getparent()
        if node is None:
            return post
        top = max(top, place.get(node, 0))
    return chain[top]


def _only_controls(element: etree._Element, skip: set[etree._Element], budget: list[int]) -> bool:
    """Whether `element` holds nothing outside `skip` but controls and separators, looked at
    through at most `budget[0]` elements (spent: the budget is the post's)."""
    if _has_word(element.text):
        return False
    stack = list(reversed(element))
    while stack:
        node = stack.pop()
        if _has_word(node.tail):
            return False
        if node in skip:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return False
        tag = node.tag
        if not isinstance(tag, str) or tag in _NO_TEXT:
            continue  # an HTML comment, a script: nothing shown
        if tag in _CONTROLS or (node.get("role") or "").strip().lower() == "button":
            continue
        if tag in _MEDIA or _has_word(node.text):
            return False
        stack.extend(reversed(node))
    return True


def _has_word(text: str | None) -> bool:
    if not text:
        return False
    return len(text) > _SEPARATOR_CHARS or any(character.isalnum() for character in text)
