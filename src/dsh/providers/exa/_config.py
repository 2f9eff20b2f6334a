"""Configuration of `web-search-exa` (seed names in snake_case, durations in seconds)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator

from dsh.providers._keyed_api import check_base_url

DEFAULT_BASE_URL = "https://api.exa.ai"
BASE_URL_ENV = "EXA_BASE_URL"
API_KEY_ENV = "EXA_API_KEY"


class ExaConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    api_key: SecretStr | None = Field(
        default=None,
        description="A literal Exa API key. Discouraged: prefer `api_key_env`, so the key stays "
        "out of config files. A non-blank literal wins over `api_key_env`.",
    )
    api_key_env: str = Field(
        default=API_KEY_ENV,
        min_length=1,
        description="Credential reference resolved through ctx.credentials at every search.",
    )
    base_url: str | None = Field(
        default=None,
        description=f"API base; `/search` is appended. Unset: ${BASE_URL_ENV}, else "
        f"{DEFAULT_BASE_URL}.",
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
        description="`numResults` when a request has no `max_results`; unset sends none.",
    )
    timeout: float = Field(
        default=30.0, gt=0, le=600, description="Seconds for the whole call, retries included."
    )

    @field_validator("base_url")
    @classmethod
    def _base_url(cls, value: str | None) -> str | None:
        return None if value is None else check_base_url(value)
