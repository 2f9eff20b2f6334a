"""The one-line notices for pages with (almost) no text.

A page with little text is only called a JavaScript shell when the HTML shows it is one (it
loads scripts, or mounts an app into an empty root element): a short 404 page or a one-line
"Example Domain" page is not an app, and telling the model it is would send it looking for an
API that does not exist.
"""

from __future__ import annotations

import re
from typing import Final

from lxml import etree

# Fewer words than this is not a page the model can use, whatever the cause.
SHELL_MAX_WORDS: Final = 25

EMPTY_SHELL_NOTICE: Final = (
    "(This page has almost no text content: it is probably rendered by JavaScript. "
    "Try another URL for the same content, such as an API endpoint, a print or AMP version, "
    "or a cached copy.)"
)
NO_TEXT_NOTICE: Final = "(This page has no text content.)"

# Ids that single-page-application frameworks mount into.
_APP_ROOT_IDS: Final = frozenset({"root", "app", "__next", "__nuxt", "svelte", "react-root"})

_WORD: Final = re.compile(r"\w+")


def is_empty_shell(markdown: str) -> bool:
    return len(_WORD.findall(markdown, 0, 4096)) < SHELL_MAX_WORDS


def looks_like_app(root: etree._Element) -> bool:
    """Evidence, in the parsed page, of content that only a script would render."""
    if next(root.iter("script"), None) is not None:
        return True
    return any(
        element.get("id", "").lower() in _APP_ROOT_IDS
        for element in root.iter("div", "main", "section")
    )


def looks_like_app_source(html: str) -> bool:
    """The same evidence for the fallback paths that never built a tree (a substring test)."""
    return "<script" in html[:2_000_000].lower()


def with_shell_notice(markdown: str, *, scripted: bool) -> str:
    """Keep what little text there is, and say in one line why it is so little."""
    if not is_empty_shell(markdown):
        return markdown
    if scripted:
        return f"{markdown}\n\n{EMPTY_SHELL_NOTICE}" if markdown else EMPTY_SHELL_NOTICE
    return markdown or NO_TEXT_NOTICE
