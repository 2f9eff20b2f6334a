"""Plugin `tool-web`: registers `web_search` and `web_fetch` and their prompt sections.

```yaml
- id: tool-web
  name: tool-web
  config:
    search: true
    fetch: true
    search_max_results: 8
    search_max_queries: 4
    search_timeout: 30.0
    fetch_timeout: 30.0
    fetch_max_output_chars: 200000
```

Registration follows this config only. Providers (loaded, missing, keyed or not, ambiguous)
never add or remove a tool or a prompt section: they decide what a call returns, and their
``ready()`` decides per model step whether a registered tool is declared.
"""

from __future__ import annotations

from dsh.harness import Context
from dsh.tool_web._config import ToolWebConfig
from dsh.tool_web._fetch import fetch_definition
from dsh.tool_web._guidance import (
    FETCH_GUIDANCE,
    FETCH_SECTION_ID,
    FETCH_SECTION_ORDER,
    SEARCH_SECTION_ID,
    SEARCH_SECTION_ORDER,
    search_guidance,
)
from dsh.tool_web._search import search_definition
from dsh.web import web_of

name = "tool-web"
inject = ("web",)

Config = ToolWebConfig


def apply(ctx: Context, config: ToolWebConfig) -> None:
    web = web_of(ctx)
    if config.search:
        ctx.effect(ctx.tools.register(search_definition(web, config)))
        ctx.effect(
            ctx.system_prompt.section(
                SEARCH_SECTION_ID,
                SEARCH_SECTION_ORDER,
                search_guidance(fetch_enabled=config.fetch),
            )
        )
    if config.fetch:
        ctx.effect(ctx.tools.register(fetch_definition(web, config)))
        ctx.effect(ctx.system_prompt.section(FETCH_SECTION_ID, FETCH_SECTION_ORDER, FETCH_GUIDANCE))
