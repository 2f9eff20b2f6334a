"""Configuration of `web-search-deepseek` and `web-deepseek-api` (snake_case, seconds)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator

from dsh.providers._keyed_api import check_base_url

#: DeepSeek's Anthropic-compatible Messages API (not the chat-completions base of the LLM route).
DEFAULT_BASE_URL = "https://api.deepseek.com/anthropic/v1"
BASE_URL_ENV = "DEEPSEEK_SEARCH_BASE_URL"
API_KEY_ENV = "DEEPSEEK_API_KEY"
DEFAULT_MODEL = "deepseek-v4-flash"


class _MessagesSettings(BaseModel):
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
    timeout: float = Field(
        default=60.0,
        gt=0,
        le=600,
        description="Seconds for the whole call, retries included (a full model turn).",
    )

    @field_validator("base_url", check_fields=False)
    @classmethod
    def _base_url(cls, value: str | None) -> str | None:
        return None if value is None else check_base_url(value)


class DeepSeekSearchConfig(_MessagesSettings):
    """`web-search-deepseek`: a deployment-wide key."""

    api_key: SecretStr | None = Field(
        default=None,
        description="A literal DeepSeek API key. Discouraged: prefer `api_key_env`. A non-blank "
        "literal wins over `api_key_env`.",
    )
    api_key_env: str = Field(
        default=API_KEY_ENV,
        min_length=1,
        description="Credential reference resolved through ctx.credentials at every search.",
    )
    base_url: str | None = Field(
        default=None,
        description=f"Messages API base; `/messages` is appended. Unset: ${BASE_URL_ENV}, else "
        f"{DEFAULT_BASE_URL}.",
    )


class DeepSeekApiConfig(_MessagesSettings):
    """`web-deepseek-api`: the key of the chat route the model request runs on."""

    base_url: str | None = Field(
        default=None,
        description="Messages API base; unset: derived from the chat route's base URL (same "
        f"origin), else {DEFAULT_BASE_URL}.",
    )
