"""Configuration of `web-search-exa` (seed names in snake_case, durations in seconds)."""

from __future__ import annotations

from pydantic import Field, SecretStr

from dsh.providers._keyed_api import (
    BaseUrl,
    KeyedApiConfig,
    api_key_env_field,
    api_key_field,
    base_url_field,
)

DEFAULT_BASE_URL = "https://api.exa.ai"
BASE_URL_ENV = "EXA_BASE_URL"
API_KEY_ENV = "EXA_API_KEY"


class ExaConfig(KeyedApiConfig):
    """`web-search-exa`."""

    api_key: SecretStr | None = api_key_field("Exa")
    api_key_env: str = api_key_env_field(API_KEY_ENV)
    base_url: BaseUrl | None = base_url_field(
        path="/search", env=BASE_URL_ENV, default=DEFAULT_BASE_URL
    )
    type: str = Field(
        default="auto",
        min_length=1,
        description="Exa's retrieval mode, sent as `type` (`auto`, `fast`, `neural`, `keyword`, "
        "... as Exa documents them; passed through so a new mode needs no release).",
    )
    highlights_per_url: int = Field(
        default=1, ge=1, le=10, description="Highlights asked per result (`highlightsPerUrl`)."
    )
    num_results: int | None = Field(
        default=None,
        ge=1,
        le=100,
        description="`numResults` when a request has no `max_results`; unset sends none. "
        "`web_search` always sends tool-web's `search_max_results`, so this applies only to "
        "direct `ctx.web` callers: set `search_max_results` to change what the tool asks for.",
    )
