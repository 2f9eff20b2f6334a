"""Plugin `web-search-perplexity`: registers the Perplexity provider (id ``perplexity``).

```yaml
- id: web-search-perplexity
  name: web-search-perplexity
  config:
    model: sonar   # default
```
"""

from __future__ import annotations

from dsh.harness import Context
from dsh.providers._keyed_api import new_client
from dsh.providers.perplexity._config import PerplexityConfig
from dsh.providers.perplexity._provider import PerplexitySearchProvider
from dsh.web import web_of

name = "web-search-perplexity"
inject = ("web",)
Config = PerplexityConfig


def apply(ctx: Context, config: PerplexityConfig) -> None:
    client = new_client(config.timeout)
    # Disposed newest-first: the provider leaves the registry before its client closes.
    ctx.effect(client.aclose)
    provider = PerplexitySearchProvider(config, ctx.credentials, client)
    ctx.effect(web_of(ctx).register_search_provider(provider))
