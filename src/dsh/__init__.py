"""dsh-web: one stable pair of web tools for LLM agents over swappable backends.

Where to start:

- ``dsh.app``: ``build_context()`` (or ``build_context("web.yaml")``) gives a context whose
  ``ctx.tools.execute("web_fetch", {"url": ...})`` runs a tool as a model host would, whose
  ``ctx.tools.definitions()`` export with ``dsh.harness.to_openai`` / ``to_anthropic`` /
  ``to_mcp``, and whose ``ctx.system_prompt.render()`` is the tools' guidance; release it with
  ``await dsh.app.close(ctx)``.
- ``dsh.tool_web``: the model-facing tools themselves (schemas, prompt sections, renderers).
- ``dsh.web``: the seam (``ctx.web``): request/result types, ``WebError`` and its codes.
- ``dsh.mcp``: ``serve()``, the MCP server; the ``dsh-web`` command line is ``dsh.cli``.
"""

from __future__ import annotations

from functools import cache

__all__ = ["__version__"]


@cache
def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dsh-web")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0.0.0"


def __getattr__(name: str) -> str:
    # Looked up on first use, not at import: every `import dsh.*` (and so `dsh-web --help`)
    # would otherwise pay for reading the installed distributions' metadata.
    if name == "__version__":
        return _version()
    raise AttributeError(f"module 'dsh' has no attribute {name!r}")
