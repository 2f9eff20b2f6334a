"""The page's title on top of the selection: its first `h1` (not the site's name) when the
descent left it out, with an article's date beside it; a post's tag link above it goes; a
reply's subject that repeats it goes."""

from __future__ import annotations

import copy
import itertools
import re
from typing import Final
from urllib.parse import urlsplit

import lxml.etree as etree

from dsh.tool_web.markdown.boilerplate import drop_keep_tail
from dsh.tool_web.markdown.select import WRAPPERS
from dsh.tool_web.markdown.stats import TextStats
from dsh.tool_web.markdown.text import string_value
from dsh.tool_web.markdown.tree import holds
from dsh.tool_web.markdown.vocabulary import attribute_tokens


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
    if main is body or main.tag not in WRAPPERS:
        return main
    title = next((h1 for h1 in body.iter("h1") if not is_site_name(h1)), None)
    if title is None:
        return main
    if holds(main, title):
        _drop_tag_link_before(title)
        return main
    text = string_value(title)
    if not text.strip():
        return main
    own = [title_words(string_value(h1)) for h1 in main.iter("h1")]
    # When the selection has an `h1` of its own, the one left out must be the page's title, as
    # its `<title>` says (not the site's name after the separator, nor a section's "Blog" or a
    # banner's slogan), and not a copy of the selection's (a mobile header's).
    if own and (title_words(text) in own or not _names_the_page(text, page_title)):
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


def title_words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text.lower()))


def _names_the_page(heading: str, page_title: str) -> bool:
    """At least half the heading's words are in the `<title>`, its last part (the site's name
    when there are several) aside."""
    parts = _TITLE_SEPARATOR.split(page_title)
    named = set(title_words(" ".join(parts[:-1] if len(parts) > 1 else parts)))
    words = title_words(heading)
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


def is_site_name(h1: etree._Element) -> bool:
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


# The texts opening with a reply's mark, `Re:` as mail and forum software write it.
_REPLY_TEXTS: Final = etree.XPath(
    ".//text()[starts-with(normalize-space(), 'Re:') or starts-with(normalize-space(), 'RE:')]"
)
_REPLY_MARK: Final = re.compile(r"\s*re:\s*", re.IGNORECASE)
# A subject is a line: longer texts are a post's words that open with "Re:".
_MAX_SUBJECT_CHARS: Final = 300
# How far up the subject's element is climbed while its wrappers hold nothing else (phpBB's
# `<h3><a>Re: …</a></h3>`).
_SUBJECT_LEVELS: Final = 3
# A page of posts holds a few hundred at most; the rest stay (each removal updates the sums
# of the removed element's ancestors).
_MAX_SUBJECTS: Final = 500
_POST_NUMBER: Final = re.compile(r"#?\d{1,5}\.?")
_MAX_NUMBER_CHARS: Final = 7


def drop_reply_subjects(main: etree._Element, page_title: str, stats: TextStats) -> None:
    """Drop the elements in `main` that are only a reply's subject repeating the topic's title
    ("Re: Turning off all LEDs", the `<title>` being "Turning off all LEDs - Example Forums").

    Forum software titles every reply so (phpBB's and FluxBB's post headings, Nairaland's and
    Tripadvisor's post headers): a line per post saying what the page's title already said.
    A reply's own subject ("Re: What about the fan?") stays, and so does a list's entry (a mail
    archive's replies under the message they answer, each a link to one); on a page that is
    itself a reply (a mailing list's message, its `<title>` opening with "Re:") nothing goes."""
    title = " ".join(title_words(page_title))
    if not title or _REPLY_MARK.match(page_title) is not None:
        return
    title = f" {title} "
    removed = 0
    found = _REPLY_TEXTS(main)
    for text in found if isinstance(found, list) else ():
        if removed >= _MAX_SUBJECTS:
            return
        if not isinstance(text, etree._ElementUnicodeResult) or not text.is_text:
            continue  # a tail: words running on after an element, not one element's text
        subject = text.strip()
        element = text.getparent()
        if element is None or element.tag == "h1" or len(subject) > _MAX_SUBJECT_CHARS:
            continue
        if stats.text.get(element, 0) > len(subject) or string_value(element).strip() != subject:
            continue  # more than the subject in it (a post that opens with "Re:")
        topic = " ".join(title_words(_REPLY_MARK.sub("", subject, count=1)))
        if not topic or f" {topic} " not in title:
            continue
        for _ in range(_SUBJECT_LEVELS):
            parent = element.getparent()
            if parent is None or parent is main or parent.tag == "h1":
                break
            if stats.text.get(parent, 0) > stats.text.get(element, 0):
                break
            element = parent
        parent = element.getparent()
        if element.tag == "li" or (parent is not None and parent.tag == "li"):
            continue  # a list of replies (a mail archive's thread): each entry links to one
        stats.forget(element)
        drop_keep_tail(element)
        removed += 1
        # Its post's number left alone beside it (Tripadvisor's "1." before the subject) goes
        # with it: a line of its own saying nothing.
        if (
            parent is not None
            and parent is not main
            and stats.text.get(parent, 0) <= _MAX_NUMBER_CHARS
            and _POST_NUMBER.fullmatch(string_value(parent).strip()) is not None
        ):
            stats.forget(parent)
            drop_keep_tail(parent)
