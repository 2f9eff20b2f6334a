"""The one-line notices for pages with (almost) no text.

A page with little text is only called a JavaScript shell when the HTML shows it is one (it
loads scripts, or mounts an app into an empty root element): a short 404 page or a one-line
"Example Domain" page is not an app, and telling the model it is would send it looking for an
API that does not exist.
"""

from __future__ import annotations

import html
import itertools
import re
from dataclasses import dataclass
from typing import Final

from lxml import etree

from dsh.tool_web.markdown.text import collapse

# Fewer words than this is not a page the model can use, whatever the cause.
SHELL_MAX_WORDS: Final = 25

EMPTY_SHELL_NOTICE: Final = (
    "(This page has almost no text content: it is probably rendered by JavaScript. "
    "Try another URL for the same content, such as an API endpoint, a print or AMP version, "
    "or a cached copy.)"
)
NO_TEXT_NOTICE: Final = "(This page has no text content.)"
# For a shell whose scripts' data holds text (`appdata.py`): that text follows the notice.
EMBEDDED_DATA_NOTICE: Final = (
    "(This page has almost no text content: it is rendered by JavaScript. The text below is "
    "from the data the page embeds for its scripts, without the page's layout; some of it may "
    "not be shown on the page.)"
)

# Ids that single-page-application frameworks mount into.
_APP_ROOT_IDS: Final = frozenset({"root", "app", "__next", "__nuxt", "svelte", "react-root"})

# Scripts announced without a <script> element (module preloads), and custom elements
# (`<discourse-assets>`, `<shreddit-app>`): only a script gives those a meaning.
_SCRIPT_EVIDENCE: Final = etree.XPath(
    "//link[@rel='modulepreload' or (@rel='preload' and @as='script')]"
    " | //*[contains(local-name(), '-')]"
)

# What a shell says about itself, shown with the notice so the model knows what it was.
# The first non-blank one of each, as a string (empty when there is none).
_TITLE: Final = etree.XPath("string((/html/head/title[normalize-space()])[1])")
_DESCRIPTION: Final = etree.XPath(
    "string((/html/head/meta[@name='description' or @property='og:description' "
    "or @name='og:description'][normalize-space(@content)])[1]/@content)"
)
_MAX_METADATA_CHARS: Final = 300

_WORD: Final = re.compile(r"\w+")


@dataclass(frozen=True)
class PageMetadata:
    """The page's own title and description, from its <head>."""

    title: str = ""
    description: str = ""

    def lines(self) -> str:
        shown = [
            f"{label}: {value}"
            for label, value in (("Title", self.title), ("Description", self.description))
            if value
        ]
        return "\n".join(shown)


def page_metadata(root: etree._Element) -> PageMetadata:
    """Read before <title> is stripped; each value whitespace-collapsed and bounded, and a
    character reference still in it decoded (`_twice_escaped`)."""
    return PageMetadata(
        _bounded(_twice_escaped(str(_TITLE(root)))),
        _bounded(_twice_escaped(str(_DESCRIPTION(root)))),
    )


def _twice_escaped(value: str) -> str:
    """`value` with its character references decoded: the parser decoded the attribute's
    once, so one left was escaped twice. Discourse cuts a post's first lines into its
    description with "&amp;hellip;", and the notice read "enough to se&hellip;". Only
    references closed by their semicolon: `html.unescape` also reads the legacy names
    without one, so a URL's query in a description ("?a=1&region=eu&param=2", correctly
    escaped once) read "?a=1®ion=eu¶m=2"."""
    return _CLOSED_REFERENCE.sub(_unescaped, value) if "&" in value else value


# A character reference with its semicolon: named, decimal or hexadecimal.
_CLOSED_REFERENCE: Final = re.compile(
    r"&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});"
)


def _unescaped(reference: re.Match[str]) -> str:
    return html.unescape(reference.group())


def _bounded(text: str) -> str:
    value = collapse(text).strip()
    if len(value) <= _MAX_METADATA_CHARS:
        return value
    return value[: _MAX_METADATA_CHARS - 1].rstrip() + "…"


def is_empty_shell(markdown: str) -> bool:
    # Counting stops at the bound: a real page's first 4096 characters hold hundreds of words,
    # and building them all as strings cost a shell test a twelfth of what `findall` did.
    words = itertools.islice(_WORD.finditer(markdown, 0, 4096), SHELL_MAX_WORDS)
    return sum(1 for _ in words) < SHELL_MAX_WORDS


def looks_like_app(root: etree._Element) -> bool:
    """Evidence, in the parsed page, of content that only a script would render."""
    if next(root.iter("script"), None) is not None:
        return True
    if any(
        element.get("id", "").lower() in _APP_ROOT_IDS
        for element in root.iter("div", "main", "section")
    ):
        return True
    return bool(_SCRIPT_EVIDENCE(root))


def looks_like_app_source(html: str) -> bool:
    """The same evidence for the fallback paths that never built a tree (a substring test)."""
    return "<script" in html[:2_000_000].lower()


def with_shell_notice(
    markdown: str,
    *,
    scripted: bool,
    metadata: PageMetadata | None = None,
    embedded: str = "",
) -> str:
    """Keep what little text there is, and say in one line why it is so little.

    The page's own title and description come before the notice: a forum thread rendered by
    scripts still names its question there, and the model can tell whether it is worth finding.
    The text of the page's script data (`embedded`), when it has any, comes after it.
    """
    if not is_empty_shell(markdown):
        return markdown
    if scripted and embedded:
        notice = EMBEDDED_DATA_NOTICE
    else:
        embedded = ""
        notice = EMPTY_SHELL_NOTICE if scripted else ("" if markdown else NO_TEXT_NOTICE)
    if not notice:
        return markdown  # a short page complete as it is (a 404 page): shown as it is
    about = metadata.lines() if metadata is not None else ""
    return "\n\n".join(part for part in (markdown, about, notice, embedded) if part)
