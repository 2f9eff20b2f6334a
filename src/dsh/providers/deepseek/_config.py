"""Configuration of `web-search-deepseek` and `web-deepseek-api` (snake_case, seconds)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from dsh.providers._keyed_api import (
    BaseUrl,
    KeyedApiConfig,
    api_key_env_field,
    api_key_field,
    base_url_field,
    timeout_field,
)

#: DeepSeek's Anthropic-compatible Messages API (not the chat-completions base of the LLM route).
DEFAULT_BASE_URL = "https://api.deepseek.com/anthropic/v1"
BASE_URL_ENV = "DEEPSEEK_SEARCH_BASE_URL"
API_KEY_ENV = "DEEPSEEK_API_KEY"
DEFAULT_MODEL = "deepseek-v4-flash"


class MessagesSettings(BaseModel):
    """What both DeepSeek providers send: the same wire, the same knobs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field(
        default=DEFAULT_MODEL,
        min_length=1,
        description="DeepSeek model that runs the native web_search tool.",
    )
    max_uses: int = Field(
        default=1,
        ge=1,
        le=10,
        description="Searches the model may run for one query (the tool's `max_uses`).",
    )
    max_tokens: int = Field(
        default=1024,
        ge=64,
        le=32768,
        description="Output token cap of the Messages call (its prose is discarded).",
    )
    timeout: float = timeout_field()


class DeepSeekSearchConfig(MessagesSettings, KeyedApiConfig):
    """`web-search-deepseek`: a deployment-wide key."""

    api_key: SecretStr | None = api_key_field("DeepSeek")
    api_key_env: str = api_key_env_field(API_KEY_ENV)
    base_url: BaseUrl | None = base_url_field(
        path="/messages", env=BASE_URL_ENV, default=DEFAULT_BASE_URL, api="Messages API"
    )


class DeepSeekApiConfig(MessagesSettings):
    """`web-deepseek-api`: the key of the chat route the model request runs on."""

    base_url: BaseUrl | None = Field(
        default=None,
        description="Messages API base; unset: derived from the chat route's base URL (same "
        f"origin), else {DEFAULT_BASE_URL}. Must be https (plain http only to localhost, "
        "127.0.0.0/8 or ::1), as must the route's base URL.",
    )
