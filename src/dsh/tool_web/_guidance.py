"""The system-prompt sections of the two tools (text from the seed, to the character)."""

from __future__ import annotations

SEARCH_SECTION_ID = "tool:web_search"
SEARCH_SECTION_ORDER = 110
FETCH_SECTION_ID = "tool:web_fetch"
FETCH_SECTION_ORDER = 111

_SEARCH_LEAD = (
    "Use the web_search tool to discover current information on the web. "
    "It returns an optional answer plus a list of source URLs."
)
# Only said when web_fetch is registered: naming a tool the model cannot call invites a call
# that fails. Citation is still asked for by the last line of every search result.
_SEARCH_FOLLOW_UP = (
    " Follow up with web_fetch when you need the full content of a specific result, "
    "and cite the relevant URLs as markdown links."
)

FETCH_GUIDANCE = (
    "Use the web_fetch tool to retrieve the content of a specific HTTP(S) URL "
    "(for example a result from web_search). It returns the page content decoded to text. "
    "Cite the URL as a markdown link when you use its content."
)


def search_guidance(*, fetch_enabled: bool) -> str:
    """The `tool:web_search` section; the follow-up sentence only when `web_fetch` exists."""
    return _SEARCH_LEAD + _SEARCH_FOLLOW_UP if fetch_enabled else _SEARCH_LEAD
