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
from dsh.providers._keyed_api import register_keyed_provider
from dsh.providers.deepseek._config import DeepSeekSearchConfig
from dsh.providers.deepseek._official import DeepSeekSearchProvider

name = "web-search-deepseek"
inject = ("web",)
Config = DeepSeekSearchConfig


def apply(ctx: Context, config: DeepSeekSearchConfig) -> None:
    register_keyed_provider(ctx, config, DeepSeekSearchProvider)
