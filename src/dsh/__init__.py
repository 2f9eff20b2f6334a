"""dsh-web: one stable pair of web tools for LLM agents over swappable backends."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("dsh-web")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

__all__ = ["__version__"]
