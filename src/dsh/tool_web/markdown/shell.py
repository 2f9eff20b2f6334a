"""The one-line notice for pages that are an empty shell around a JavaScript application."""

from __future__ import annotations

import re
from typing import Final

# Fewer words than this is not a page the model can use, whatever the cause.
SHELL_MAX_WORDS: Final = 25

EMPTY_SHELL_NOTICE: Final = (
    "(This page has almost no text content: it is probably rendered by JavaScript. "
    "Try another URL for the same content, such as an API endpoint, a print or AMP version, "
    "or a cached copy.)"
)

_WORD: Final = re.compile(r"\w+")


def is_empty_shell(markdown: str) -> bool:
    return len(_WORD.findall(markdown, 0, 4096)) < SHELL_MAX_WORDS


def with_shell_notice(markdown: str) -> str:
    """Keep what little text there is, and say in one line why it is so little."""
    if not is_empty_shell(markdown):
        return markdown
    return f"{markdown}\n\n{EMPTY_SHELL_NOTICE}" if markdown else EMPTY_SHELL_NOTICE
