"""The MCP server of `dsh-web`: the registry's tools over the official MCP Python SDK.

```python
from dsh.mcp import serve

serve("web.yaml")                          # stdio
serve(None, http=("127.0.0.1", 8000))      # streamable HTTP at /mcp
```
"""

from dsh.mcp._run import serve, serve_async
from dsh.mcp._server import GUIDANCE_PROMPT, SERVER_NAME, call_registry_tool, create_server

__all__ = [
    "GUIDANCE_PROMPT",
    "SERVER_NAME",
    "call_registry_tool",
    "create_server",
    "serve",
    "serve_async",
]
