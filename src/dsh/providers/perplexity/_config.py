"""Configuration of `web-search-perplexity` (seed names in snake_case, durations in seconds)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator

from dsh.providers._keyed_api import check_base_url

DEFAULT_BASE_URL = "https://api.perplexity.ai"
BASE_URL_ENV = "PERPLEXITY_BASE_URL"
API_KEY_ENV = "PERPLEXITY_API_KEY"


class PerplexityConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    api_key: SecretStr | None = Field(
        default=None,
        description="A literal Perplexity API key. Discouraged: prefer `api_key_env`. A non-blank "
        "literal wins over `api_key_env`.",
    )
    api_key_env: str = Field(
        default=API_KEY_ENV,
        min_length=1,
        description="Credential reference resolved through ctx.credentials at every search.",
    )
    base_url: str | None = Field(
        default=None,
        description=f"API base; `/chat/completions` is appended. Unset: ${BASE_URL_ENV}, else "
        f"{DEFAULT_BASE_URL}.",
    )
    model: str = Field(default="sonar", min_length=1, description="Sonar model to ask.")
    timeout: float = Field(
        default=60.0,
        gt=0,
        le=600,
        description="Seconds for the whole call, retries included (a generated answer is slower "
        "than a retrieval endpoint).",
    )

    @field_validator("base_url")
    @classmethod
    def _base_url(cls, value: str | None) -> str | None:
        return None if value is None else check_base_url(value)
