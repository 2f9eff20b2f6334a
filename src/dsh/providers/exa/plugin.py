"""Plugin `web-search-exa`: registers the Exa search provider (id ``exa``) into ``ctx.web``.

```yaml
- id: web-search-exa
  name: web-search-exa
  config:
    api_key_env: EXA_API_KEY   # default; resolved at every search
```
"""

from __future__ import annotations

from dsh.harness import Context
from dsh.providers._keyed_api import register_keyed_provider
from dsh.providers.exa._config import ExaConfig
from dsh.providers.exa._provider import ExaSearchProvider

name = "web-search-exa"
inject = ("web",)
Config = ExaConfig


def apply(ctx: Context, config: ExaConfig) -> None:
    register_keyed_provider(ctx, config, ExaSearchProvider)
