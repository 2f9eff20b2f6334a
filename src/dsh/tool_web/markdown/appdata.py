"""The text a script-rendered page carries for its scripts, for when it shows none itself.

A page rendered in the browser often ships its content anyway, as data for the script that
renders it: Next.js's `__NEXT_DATA__`, Nuxt's `__NUXT_DATA__` and other `application/json`
scripts, JSON-LD (`application/ld+json`), Inertia's `data-page` attribute on its mount point.
When the rendered page is an empty shell, the readable strings of that data are what the model
can still use; read in document order, whole-word prose only (ids, slugs, URLs, class names and
flags are left out), each shown once, HTML strings (a CMS body) rendered like the page itself.

Only ever run on pages already found to be empty shells, so it costs nothing elsewhere; bounded
by the input's size and a budget of JSON values visited.

One piece of that data is read on pages that are no shell: a declared product's description
(`product_description`, `with_product_description`), for the shop whose script draws it while
its buy box is HTML, so that the page shows a title, a price and sizes and not what it sells.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Final

import lxml.etree as etree

from dsh.tool_web.markdown.pagekind import declared_types, json_ld_documents, json_ld_nodes
from dsh.tool_web.markdown.tree import find_elements

# Where a page keeps data for its scripts.
_DATA_SCRIPT_TYPES: Final = frozenset({"application/json", "application/ld+json"})
_DATA_ATTRIBUTES: Final = ("data-page", "data-preloaded")
_DATA_ELEMENTS: Final = etree.XPath("//script[@type] | //*[@data-page or @data-preloaded]")

# JSON values visited in all of a page's data together: a few hundred thousand is far more
# than any real page state and walks in well under a second.
MAX_VALUES: Final = 200_000

# Strings shown at most: a page's own state says what it shows in far fewer; past this it is a
# data dump, and the rendering stays under the element bound that turns a page to plain text.
MAX_STRINGS: Final = 10_000

# Values under these keys name things rather than say them.
_NAME_KEYS: Final = frozenset(
    {
        "@id", "@context", "@type", "id", "key", "slug", "url", "href", "src", "srcset",
        "image", "path", "classname", "class", "style", "type", "__typename", "locale", "lang",
        "hash", "etag", "uuid", "guid", "canonical", "token", "mimetype", "contenttype",
    }
)  # fmt: skip

_LETTER_WORD: Final = re.compile(r"[^\W\d_]{2,}")
# Scripts written without spaces between words: one CJK sentence is one `\w+` run.
_CJK: Final = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_MARKUP: Final = re.compile(r"</?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?/?>")
_CODE_LIKE: Final = re.compile(r"[{}\[\]<>=\\|&%$#@^~`_/]")
_WHITESPACE: Final = re.compile(r"\s+")


def embedded_text(
    root: etree._Element, render_fragment: Callable[[str], str], already_shown: Iterable[str]
) -> str:
    """The readable text of the page's script data, as Markdown (empty when there is none).

    `root` is the page parsed before its scripts were stripped; `render_fragment` renders an
    HTML document the way the rest of the page is rendered; strings in `already_shown` (the
    page's title, its few rendered lines) are not repeated.
    """
    parts: list[str] = []
    seen = {_WHITESPACE.sub(" ", text).strip() for text in already_shown}
    budget = [MAX_VALUES]
    for value in _data_values(root):
        for text in _readable_strings(value, budget):
            if text in seen:
                continue
            seen.add(text)
            parts.append(
                f"<div>{text}</div>" if _MARKUP.search(text) else f"<p>{html.escape(text)}</p>"
            )
            if len(parts) >= MAX_STRINGS:
                break
        if budget[0] <= 0 or len(parts) >= MAX_STRINGS:
            break
    if not parts:
        return ""
    return render_fragment(f"<html><body>{''.join(parts)}</body></html>")


def _data_values(root: etree._Element) -> Iterator[object]:
    for element in find_elements(_DATA_ELEMENTS, root):
        if element.tag == "script":
            if (element.get("type") or "").strip().lower() not in _DATA_SCRIPT_TYPES:
                continue
            sources = [element.text or ""]
        else:
            sources = [element.get(name) or "" for name in _DATA_ATTRIBUTES]
        for source in sources:
            if not source.strip():
                continue
            try:
                yield json.loads(source)
            except (ValueError, RecursionError):
                continue  # not JSON, or nested past what the decoder walks


def _readable_strings(value: object, budget: list[int]) -> Iterator[str]:
    """The prose strings inside `value`, depth-first in document order, within `budget`."""
    stack: list[object] = [value]
    while stack and budget[0] > 0:
        budget[0] -= 1
        item = stack.pop()
        if isinstance(item, str):
            text = _WHITESPACE.sub(" ", item).strip()
            if _reads_as_text(text):
                yield text
        elif isinstance(item, dict):
            stack.extend(reversed([v for k, v in item.items() if str(k).lower() not in _NAME_KEYS]))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def _reads_as_text(text: str) -> bool:
    if _MARKUP.search(text):
        return True  # an HTML body: the renderer decides what of it is text
    if "://" in text and len(text) < 200:
        return False
    words = len(_LETTER_WORD.findall(text))
    # Three words apart, or a CJK phrase: not a name like `google-play-app` or a robots list.
    if (words < 3 or len(text.split(" ", 2)) < 3) and len(_CJK.findall(text)) < 10:
        return False
    # Code, queries and serialised data: many symbols per word.
    return len(_CODE_LIKE.findall(text)) * 4 <= words


# A declared product's description (schema.org `Product` or `ProductGroup` in JSON-LD), for a
# product page that shows little of it: a shop rendered by its script (Next.js, Nuxt) still
# ships the buy box as HTML, so the page is no empty shell, but the description and features
# are drawn from the script's data; the model read a sock's title, price and sizes, and not
# what the sock is. Only the first Product's own description, and only as prose
# (`_reads_as_text`; Coco Republic's URL-encoded "An%20elegant%20sofa…" is none).
_PRODUCT_TYPES: Final = frozenset({"Product", "ProductGroup"})
# Shown when the rendering holds this share of its words: wordings of one description differ
# (a shortened summary, a list written as sentences), and then the page's own stays alone.
_DESCRIPTION_SHOWN_SHARE: Final = 1 / 3
_MIN_DESCRIPTION_WORDS: Final = 12
# A line opening so would read as a heading, quote, list item or rule.
_BLOCK_OPENING: Final = re.compile(r"(?:[#>*+-]|\d+[.)])")
_INLINE_MARKS: Final = re.compile(r"([\\`*_\[\]<])")


def product_description(root: etree._Element) -> str:
    """The description the page's JSON-LD declares for its product, as one line of plain
    text ("" when there is none, or it is no prose). Read before the scripts are stripped."""
    for data in json_ld_documents(root):
        description = _declared_description(data)
        if description is not None:
            return _as_prose(description)
    return ""


def _declared_description(data: object) -> str | None:
    # pagekind's bounds hold: JSON-LD characters read, nodes walked.
    for node in json_ld_nodes(data):
        description = node.get("description")
        if isinstance(description, str) and not _PRODUCT_TYPES.isdisjoint(declared_types(node)):
            return description
    return None


def _as_prose(description: str) -> str:
    text = _WHITESPACE.sub(" ", html.unescape(_MARKUP.sub(" ", description))).strip()
    if len(_LETTER_WORD.findall(text)) < _MIN_DESCRIPTION_WORDS or not _reads_as_text(text):
        return ""
    return text


def with_product_description(markdown: str, description: str) -> str:
    """`markdown` with `description` under its title (on top when it opens with none), when it
    shows less than `_DESCRIPTION_SHOWN_SHARE` of the description's words."""
    if not description:
        return markdown
    wanted = {word.lower() for word in _LETTER_WORD.findall(description)}
    shown = {word.lower() for word in _LETTER_WORD.findall(markdown)}
    if len(wanted & shown) >= _DESCRIPTION_SHOWN_SHARE * len(wanted):
        return markdown
    paragraph = _INLINE_MARKS.sub(r"\\\1", description)
    if _BLOCK_OPENING.match(paragraph):
        paragraph = "\\" + paragraph
    title, _, rest = markdown.partition("\n")
    if not title.startswith("# "):
        title, rest = "", markdown
    return "\n\n".join(part for part in (title, paragraph, rest.lstrip("\n")) if part)
