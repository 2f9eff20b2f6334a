"""Plugin `web-deepseek-api`: DeepSeek search with the model request's route credential.

For hosts that run model requests (the tool registry tells it the chat route of each call), so it
is not part of the embedded default. ``ready(llm_provider)`` is false for a route without a
DeepSeek credential, so the web tools are not declared on that route.

```yaml
- id: web-deepseek-api
  name: web-deepseek-api
```
"""

from __future__ import annotations

from dsh.harness import Context
from dsh.providers._keyed_api import register_keyed_provider
from dsh.providers.deepseek._api import DeepSeekApiSearchProvider
from dsh.providers.deepseek._config import DeepSeekApiConfig

name = "web-deepseek-api"
inject = ("web",)
Config = DeepSeekApiConfig


def apply(ctx: Context, config: DeepSeekApiConfig) -> None:
    register_keyed_provider(ctx, config, DeepSeekApiSearchProvider)
