"""DeepSeek-backed web search: plugins `web-search-deepseek` and `web-deepseek-api`.

Both call DeepSeek's Anthropic-compatible Messages API with the native web search tool; they
differ only in whose credential pays (a deployment key, or the model request's chat route).
"""

from dsh.providers.deepseek._api import DeepSeekApiSearchProvider, anthropic_base_for
from dsh.providers.deepseek._config import DeepSeekApiConfig, DeepSeekSearchConfig
from dsh.providers.deepseek._official import DeepSeekSearchProvider
from dsh.providers.deepseek._wire import SYSTEM_PROMPT

__all__ = [
    "SYSTEM_PROMPT",
    "DeepSeekApiConfig",
    "DeepSeekApiSearchProvider",
    "DeepSeekSearchConfig",
    "DeepSeekSearchProvider",
    "anthropic_base_for",
]
