"""Plugin `web-fetch-http`: registers the ``http`` fetch provider with ``ctx.web``.

```yaml
- id: web-fetch-http
  name: web-fetch-http
  config:
    timeout: 30.0                 # seconds, one deadline over connect, headers and body
    max_response_bytes: 5000000   # counted after decompression
    max_body_chars: 100000        # text bodies
    max_html_chars: 5000000       # HTML source, rendered and capped by tool-web
    allowed_hosts: [intranet.example, 10.1.0.0/16]   # opt specific non-public hosts in
```
"""

from __future__ import annotations

from dsh.harness import Context
from dsh.providers.fetch_http._config import Config
from dsh.providers.fetch_http._provider import HttpFetchProvider
from dsh.web import web_of

name = "web-fetch-http"
inject = ("web",)

__all__ = ["Config", "apply", "inject", "name"]


def apply(ctx: Context, config: Config) -> None:
    provider = HttpFetchProvider(config)
    # Disposed newest-first: the provider is unregistered before its connection pool closes.
    ctx.effect(provider.aclose)
    ctx.effect(web_of(ctx).register_fetch_provider(provider))
