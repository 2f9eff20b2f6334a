"""Plugin `dsh-web`: provides ``ctx.web``, the web capability seam.

```yaml
- id: web
  name: dsh-web
  config:
    search_provider: exa   # or DSH_WEB_SEARCH_PROVIDER; unset = the single available one
    fetch_provider: http   # or DSH_WEB_FETCH_PROVIDER
```

The config is the runtime's starting value: ``web_of(ctx).search_provider = "perplexity"`` is a
settings change that applies to the next call. A provider plugin declares ``inject = ("web",)``
and registers with ``ctx.effect(web_of(ctx).register_search_provider(provider))``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from dsh.harness import Context
from dsh.web._runtime import WebRuntime

name = "dsh-web"
provides = ("web",)


class Config(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    search_provider: str | None = Field(
        default=None,
        description="Search provider id to use; unset: DSH_WEB_SEARCH_PROVIDER, else the only "
        "available one.",
    )
    fetch_provider: str | None = Field(
        default=None,
        description="Fetch provider id to use; unset: DSH_WEB_FETCH_PROVIDER, else the only "
        "available one.",
    )


def apply(ctx: Context, config: Config) -> None:
    ctx.provide(
        "web",
        WebRuntime(search_provider=config.search_provider, fetch_provider=config.fetch_provider),
    )
