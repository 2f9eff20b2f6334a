"""Helpers for the search provider tests: fixture files, credentials, the provider cases."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx

from dsh.harness import Context, Credentials
from dsh.providers.deepseek import DeepSeekSearchConfig, DeepSeekSearchProvider
from dsh.providers.deepseek import official_plugin as deepseek_plugin
from dsh.providers.exa import ExaConfig, ExaSearchProvider
from dsh.providers.exa import plugin as exa_plugin
from dsh.providers.perplexity import PerplexityConfig, PerplexitySearchProvider
from dsh.providers.perplexity import plugin as perplexity_plugin
from dsh.web import WebRuntime, web_of

FIXTURES = Path(__file__).parent / "fixtures"

#: The keys the tests use; a test that finds one of them in an error or log line fails.
EXA_KEY = "exa-test-key-0123456789"
PERPLEXITY_KEY = "pplx-test-key-0123456789"
DEEPSEEK_KEY = "sk-deepseek-test-key-0123456789"


def fixture(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


class MutableSource:
    """A credential source a test can change while the harness runs."""

    def __init__(self, values: dict[str, str] | None = None) -> None:
        self.values = dict(values or {})

    def get(self, reference: str) -> str | None:
        return self.values.get(reference)


@dataclass
class Harness:
    ctx: Context
    source: MutableSource

    @property
    def web(self) -> WebRuntime:
        return web_of(self.ctx)


@dataclass(frozen=True)
class Case:
    """One keyed search provider, described enough to run the shared error-path tests."""

    provider_id: str
    display: str
    plugin: ModuleType
    path: str
    key_env: str
    key: str
    ok_fixture: str
    extra_config: dict[str, Any] = field(default_factory=dict)

    def auth_ok(self, headers: dict[str, str]) -> bool:
        if self.provider_id == "perplexity":
            return headers.get("authorization") == f"Bearer {self.key}"
        return headers.get("x-api-key") == self.key


CASES = [
    Case("exa", "Exa", exa_plugin, "/search", "EXA_API_KEY", EXA_KEY, "exa_search.json"),
    Case(
        "perplexity",
        "Perplexity",
        perplexity_plugin,
        "/chat/completions",
        "PERPLEXITY_API_KEY",
        PERPLEXITY_KEY,
        "perplexity_search_results.json",
    ),
    Case(
        "deepseek-official",
        "DeepSeek",
        deepseek_plugin,
        "/messages",
        "DEEPSEEK_API_KEY",
        DEEPSEEK_KEY,
        "deepseek_web_search.json",
    ),
]


def load(harness: Harness, case: Case, base_url: str, **config: Any) -> Context:
    """Set the case's key and load its plugin against ``base_url``; returns the plugin context."""
    harness.source.values[case.key_env] = case.key
    return harness.ctx.plugin(case.plugin, {"base_url": base_url, **case.extra_config, **config})


def make_provider(
    case: Case, credentials: Credentials, client: httpx.AsyncClient, **config: Any
) -> ExaSearchProvider | PerplexitySearchProvider | DeepSeekSearchProvider:
    """The case's provider built directly, outside the seam (config as given, no plugin)."""
    if case.provider_id == "exa":
        return ExaSearchProvider(ExaConfig(**config), credentials, client)
    if case.provider_id == "perplexity":
        return PerplexitySearchProvider(PerplexityConfig(**config), credentials, client)
    return DeepSeekSearchProvider(DeepSeekSearchConfig(**config), credentials, client)


#: Base-URL env override of each keyed provider (read at every call).
BASE_URL_ENVS = {
    "exa": "EXA_BASE_URL",
    "perplexity": "PERPLEXITY_BASE_URL",
    "deepseek-official": "DEEPSEEK_SEARCH_BASE_URL",
}


class OfflineClient:
    """An httpx client whose transport never leaves the process: it records what would be sent.

    For tests about remote hosts: even if a guard regresses, nothing reaches the network.
    """

    def __init__(self) -> None:
        self.sent: list[httpx.Request] = []
        self.client = httpx.AsyncClient(transport=httpx.MockTransport(self._handle))

    def _handle(self, request: httpx.Request) -> httpx.Response:
        self.sent.append(request)
        return httpx.Response(500, json={"error": "the offline transport answered"})
