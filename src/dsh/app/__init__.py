"""Assembly of a context from configuration, shared by the command line and the MCP server.

```python
from dsh.app import build_context, close

ctx = build_context()            # the embedded default, or build_context("web.yaml")
result = await ctx.tools.execute("web_fetch", {"url": "https://example.com"})
await close(ctx)
```
"""

from dsh._text import looks_secret, mask_url_credentials
from dsh.app._build import (
    build_context,
    close,
    config_source,
    load_context,
    open_context,
    plugin_entries,
    plugin_load_failure,
)
from dsh.app._defaults import (
    CONFIG_ENV,
    CREDENTIAL_ENV,
    DEFAULT_CONFIG_YAML,
    DEFAULT_PLUGINS,
    NO_TOOLS_MESSAGE,
)
from dsh.app._describe import describe_config, describe_loaded, mask_secrets
from dsh.app._reference import PROJECT_PLUGINS, render_configuration_reference

__all__ = [
    "CONFIG_ENV",
    "CREDENTIAL_ENV",
    "DEFAULT_CONFIG_YAML",
    "DEFAULT_PLUGINS",
    "NO_TOOLS_MESSAGE",
    "PROJECT_PLUGINS",
    "build_context",
    "close",
    "config_source",
    "describe_config",
    "describe_loaded",
    "load_context",
    "looks_secret",
    "mask_secrets",
    "mask_url_credentials",
    "open_context",
    "plugin_entries",
    "plugin_load_failure",
    "render_configuration_reference",
]
