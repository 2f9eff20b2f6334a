"""Configuration of `web-search-perplexity` (seed names in snake_case, durations in seconds)."""

from __future__ import annotations

from pydantic import Field, SecretStr

from dsh.providers._keyed_api import (
    BaseUrl,
    KeyedApiConfig,
    api_key_env_field,
    api_key_field,
    base_url_field,
)

DEFAULT_BASE_URL = "https://api.perplexity.ai"
BASE_URL_ENV = "PERPLEXITY_BASE_URL"
API_KEY_ENV = "PERPLEXITY_API_KEY"


class PerplexityConfig(KeyedApiConfig):
    """`web-search-perplexity`."""

    api_key: SecretStr | None = api_key_field("Perplexity")
    api_key_env: str = api_key_env_field(API_KEY_ENV)
    base_url: BaseUrl | None = base_url_field(
        path="/chat/completions", env=BASE_URL_ENV, default=DEFAULT_BASE_URL
    )
    model: str = Field(default="sonar", min_length=1, description="Sonar model to ask.")
