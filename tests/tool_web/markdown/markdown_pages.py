"""Handwritten page pieces shared by the html_to_markdown tests."""

from __future__ import annotations

# Long enough to count as content, so a test page is never taken for an empty app shell.
PROSE = (
    "This paragraph is long enough to count as real content for the renderer, and it keeps "
    "going for a while so that the page is not mistaken for an empty application shell."
)


def html_page(body: str, head: str = "") -> str:
    """A whole document around `body`, titled "T"."""
    return f"<html><head><title>T</title>{head}</head><body>{body}</body></html>"
