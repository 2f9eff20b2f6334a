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
from dsh.providers._keyed_api import register_keyed_provider
from dsh.providers.perplexity._config import PerplexityConfig
from dsh.providers.perplexity._provider import PerplexitySearchProvider

name = "web-search-perplexity"
inject = ("web",)
Config = PerplexityConfig


def apply(ctx: Context, config: PerplexityConfig) -> None:
    register_keyed_provider(ctx, config, PerplexitySearchProvider)
