"""Perplexity-backed web search (plugin `web-search-perplexity`, provider id ``perplexity``)."""

from dsh.providers.perplexity._config import PerplexityConfig
from dsh.providers.perplexity._provider import PerplexitySearchProvider

__all__ = ["PerplexityConfig", "PerplexitySearchProvider"]
