"""The model-facing web tools (`web_search`, `web_fetch`) and their presentation.

The plugin is :mod:`dsh.tool_web.plugin` (name ``tool-web``); the names below let a host build
the definitions itself or reuse the renderers.
"""

from dsh.tool_web._args import INVALID_ARGS
from dsh.tool_web._config import ToolWebConfig
from dsh.tool_web._fetch import (
    FETCH_DESCRIPTION,
    TRUNCATION_FOOTER,
    WEB_FETCH,
    compose_fetch_text,
    fetch_definition,
    fetch_parameters,
)
from dsh.tool_web._guidance import (
    FETCH_GUIDANCE,
    FETCH_SECTION_ID,
    FETCH_SECTION_ORDER,
    SEARCH_SECTION_ID,
    SEARCH_SECTION_ORDER,
    search_guidance,
)
from dsh.tool_web._merge import MergedSearch, merge_results
from dsh.tool_web._search import (
    WEB_SEARCH,
    run_searches,
    search_definition,
    search_description,
    search_parameters,
)
from dsh.tool_web._search_render import render_search, search_metadata, source_line
from dsh.tool_web.markdown import html_to_markdown

__all__ = [
    "FETCH_DESCRIPTION",
    "FETCH_GUIDANCE",
    "FETCH_SECTION_ID",
    "FETCH_SECTION_ORDER",
    "INVALID_ARGS",
    "SEARCH_SECTION_ID",
    "SEARCH_SECTION_ORDER",
    "TRUNCATION_FOOTER",
    "WEB_FETCH",
    "WEB_SEARCH",
    "MergedSearch",
    "ToolWebConfig",
    "compose_fetch_text",
    "fetch_definition",
    "fetch_parameters",
    "html_to_markdown",
    "merge_results",
    "render_search",
    "run_searches",
    "search_definition",
    "search_description",
    "search_guidance",
    "search_metadata",
    "search_parameters",
    "source_line",
]
