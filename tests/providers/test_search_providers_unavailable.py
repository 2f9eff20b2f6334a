"""What the keyed providers tell the seam when they are unavailable, and their deadlines."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from dsh.harness import Credentials
from dsh.providers.deepseek import DeepSeekApiConfig, DeepSeekSearchConfig
from dsh.providers.deepseek import official_plugin as deepseek_plugin
from dsh.providers.exa import ExaConfig
from dsh.providers.exa import plugin as exa_plugin
from dsh.providers.perplexity import PerplexityConfig
from dsh.providers.perplexity import plugin as perplexity_plugin
from dsh.tool_web import plugin as tool_web_plugin
from dsh.web import (
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_UNAVAILABLE,
    WebError,
    WebSearchRequest,
)
from providers.search_provider_support import (
    BASE_URL_ENVS,
    CASES,
    Case,
    Harness,
    MutableSource,
    make_provider,
)

HTTPS_NOTE = "is not a usable base URL (https is required; plain http only to localhost, "


@pytest.fixture(autouse=True)
def _no_base_url_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in BASE_URL_ENVS.values():
        monkeypatch.delenv(variable, raising=False)


async def failure(harness: Harness) -> WebError:
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    return caught.value


async def test_without_keys_the_error_names_every_missing_variable(harness: Harness) -> None:
    for plugin in (exa_plugin, perplexity_plugin, deepseek_plugin):
        harness.ctx.plugin(plugin, {})
    error = await failure(harness)
    assert error.code == WEB_PROVIDER_UNAVAILABLE
    assert error.message == (
        "No web search provider is available: 'deepseek-official', 'exa', 'perplexity' are "
        "registered but not available (deepseek-official: DEEPSEEK_API_KEY is not set; exa: "
        "EXA_API_KEY is not set; perplexity: PERPLEXITY_API_KEY is not set). Give one of them "
        "what it needs."
    )


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
async def test_a_bad_env_base_url_is_blamed_not_the_key(
    harness: Harness, case: Case, monkeypatch: pytest.MonkeyPatch
) -> None:
    variable = BASE_URL_ENVS[case.provider_id]
    monkeypatch.setenv(variable, "http://example.com")
    harness.source.values[case.key_env] = case.key
    harness.ctx.plugin(case.plugin, {})
    harness.web.search_provider = case.provider_id
    error = await failure(harness)
    assert error.code == WEB_PROVIDER_CONFIGURED_UNAVAILABLE
    assert f"not available: {variable} {HTTPS_NOTE}127.0.0.0/8 or ::1). Give it" in error.message
    assert case.key_env not in error.message
    assert case.key not in error.message
    assert "example.com" not in error.message  # variables are named, values never shown


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
def test_both_problems_are_named(case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    variable = BASE_URL_ENVS[case.provider_id]
    monkeypatch.setenv(variable, "ftp://example.com")
    provider = make_provider(case, Credentials(MutableSource()), None)  # type: ignore[arg-type]
    assert provider.unavailable_reason() == (
        f"{case.key_env} is not set and {variable} {HTTPS_NOTE}127.0.0.0/8 or ::1)"
    )


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
def test_an_available_provider_has_no_reason(case: Case) -> None:
    provider = make_provider(
        case,
        Credentials(MutableSource({case.key_env: case.key})),
        None,  # type: ignore[arg-type]
    )
    assert provider.available()
    assert provider.unavailable_reason() is None


@pytest.mark.parametrize(
    "config", [ExaConfig, PerplexityConfig, DeepSeekSearchConfig, DeepSeekApiConfig]
)
def test_default_deadline_ends_before_the_tool_budget(config: type[BaseModel]) -> None:
    # A provider deadline past tool-web's search_timeout never fires: the tool's generic
    # TOOL_TIMEOUT would win over the provider's own error naming its setting.
    budget = tool_web_plugin.Config().search_timeout
    timeout = config.model_fields["timeout"]
    assert timeout.default == 25.0 < budget
    assert "`search_timeout`" in (timeout.description or "")
