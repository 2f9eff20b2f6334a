"""dsh-web: one stable pair of web tools for LLM agents over swappable backends."""

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
