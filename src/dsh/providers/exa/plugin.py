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
from dsh.providers._keyed_api import new_client
from dsh.providers.exa._config import ExaConfig
from dsh.providers.exa._provider import ExaSearchProvider
from dsh.web import web_of

name = "web-search-exa"
inject = ("web",)
Config = ExaConfig


def apply(ctx: Context, config: ExaConfig) -> None:
    client = new_client(config.timeout)
    # Disposed newest-first: the provider leaves the registry before its client closes.
    ctx.effect(client.aclose)
    provider = ExaSearchProvider(config, ctx.credentials, client)
    ctx.effect(web_of(ctx).register_search_provider(provider))
