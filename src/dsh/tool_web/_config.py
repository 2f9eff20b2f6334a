"""The `tool-web` config: which tools exist, and the bounds the product (not the model) sets."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ToolWebConfig(BaseModel):
    """Config of the `tool-web` plugin (snake_case keys, durations in seconds).

    None of these values is a model argument: the model only asks (queries, url); the
    deployment decides how much comes back and how long a call may take.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    search: bool = Field(default=True, description="Register `web_search`.")
    fetch: bool = Field(default=True, description="Register `web_fetch`.")
    search_max_results: int = Field(
        default=8,
        ge=1,
        le=100,
        description="Upper bound on the sources one `web_search` call returns (all queries "
        "merged); also the `max_results` of each seam request.",
    )
    search_max_queries: int = Field(
        default=4,
        ge=1,
        le=20,
        description="Most queries one `web_search` call accepts (the N of `1–N`).",
    )
    search_timeout: float = Field(
        default=30.0,
        gt=0,
        allow_inf_nan=False,
        description="Tool-call budget of `web_search` in seconds, enforced by the tool registry.",
    )
    fetch_timeout: float = Field(
        default=30.0,
        gt=0,
        allow_inf_nan=False,
        description="Tool-call budget of `web_fetch` in seconds, enforced by the tool registry.",
    )
    fetch_max_output_chars: int = Field(
        default=200_000,
        ge=1_000,
        description="Most characters of one `web_fetch` result, truncation footer included.",
    )
