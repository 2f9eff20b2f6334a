"""Plugin `web-search-deepseek`: registers DeepSeek search (id ``deepseek-official``).

```yaml
- id: web-search-deepseek
  name: web-search-deepseek
  config:
    api_key_env: DEEPSEEK_API_KEY   # default; base override: DEEPSEEK_SEARCH_BASE_URL
```
"""

from __future__ import annotations

from dsh.harness import Context
from dsh.providers._keyed_api import new_client
from dsh.providers.deepseek._config import DeepSeekSearchConfig
from dsh.providers.deepseek._official import DeepSeekSearchProvider
from dsh.web import web_of

name = "web-search-deepseek"
inject = ("web",)
Config = DeepSeekSearchConfig


def apply(ctx: Context, config: DeepSeekSearchConfig) -> None:
    client = new_client(config.timeout)
    # Disposed newest-first: the provider leaves the registry before its client closes.
    ctx.effect(client.aclose)
    provider = DeepSeekSearchProvider(config, ctx.credentials, client)
    ctx.effect(web_of(ctx).register_search_provider(provider))
