"""Exa-backed web search (plugin `web-search-exa`, provider id ``exa``)."""

from dsh.providers.exa._config import ExaConfig
from dsh.providers.exa._provider import ExaSearchProvider

__all__ = ["ExaConfig", "ExaSearchProvider"]
