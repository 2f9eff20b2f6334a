"""The `dsh-web` command line: ``fetch``, ``search``, ``tools``, ``mcp``, ``config``.

Heavy modules (httpx, pydantic, lxml, mcp) are imported only by the command that needs them,
so ``dsh-web --help`` starts fast.
"""

from dsh.cli._main import main

__all__ = ["main"]
