"""SystemPrompt sections and Credentials (environment, pluggable sources, chat routes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from dsh.harness import (
    ChatRoute,
    Context,
    Credentials,
    EnvironmentSource,
    HarnessError,
    MappingSource,
    Step,
    SystemPrompt,
    ToolDefinition,
    ToolExecution,
    current_llm_provider,
)

# -- system prompt -----------------------------------------------------------------------------


def test_sections_render_by_order_then_id() -> None:
    prompt = SystemPrompt()
    prompt.section("web-fetch", 111, "Fetch guidance.")
    prompt.section("base", 0, "You are helpful.")
    prompt.section("web-search", 110, "Search guidance.")
    prompt.section("also-110", 110, "Same order, sorted by id.")
    assert prompt.render() == (
        "You are helpful.\n\nSame order, sorted by id.\n\nSearch guidance.\n\nFetch guidance."
    )
    assert [s.id for s in prompt.sections()] == ["base", "also-110", "web-search", "web-fetch"]


def test_a_section_disposer_removes_it_and_duplicates_are_errors() -> None:
    prompt = SystemPrompt()
    remove = prompt.section("web-search", 110, "Search guidance.")
    with pytest.raises(HarnessError) as caught:
        prompt.section("web-search", 1, "again")
    assert caught.value.code == "DUPLICATE_PROMPT_SECTION"
    remove()
    assert prompt.render() == ""
    prompt.section("web-search", 110, "New text.")
    remove()  # the old disposer leaves the new section alone
    assert prompt.render() == "New text."


async def test_sections_leave_with_their_plugin() -> None:
    ctx = Context()

    def apply(plugin_ctx: Context, _config: None) -> None:
        plugin_ctx.effect(plugin_ctx.system_prompt.section("web", 110, "Use web tools."))

    child = ctx.plugin(type("P", (), {"name": "p", "apply": staticmethod(apply)})())
    assert ctx.system_prompt.render() == "Use web tools."
    await child.dispose()
    assert ctx.system_prompt.render() == ""


# -- credentials -------------------------------------------------------------------------------


def test_the_environment_is_the_default_source_read_at_each_lookup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    credentials = Credentials()
    monkeypatch.delenv("EXA_API_KEY", raising=False)
    assert credentials.get("EXA_API_KEY") is None
    assert not credentials.has("EXA_API_KEY")
    monkeypatch.setenv("EXA_API_KEY", "  exa-key  ")
    assert credentials.get("EXA_API_KEY") == "exa-key"  # set after start-up: seen, trimmed
    monkeypatch.setenv("EXA_API_KEY", "   ")
    assert credentials.get("EXA_API_KEY") is None  # blank counts as missing
    assert EnvironmentSource().get("EXA_API_KEY") == "   "


def test_a_pluggable_source() -> None:
    class Vault:
        def get(self, reference: str) -> str | None:
            return {"PERPLEXITY_API_KEY": "pplx"}.get(reference)

    assert Credentials(Vault()).get("PERPLEXITY_API_KEY") == "pplx"
    assert Credentials(MappingSource({"A": "1"})).get("B") is None


def test_secrets_never_appear_in_reprs() -> None:
    source = MappingSource({"EXA_API_KEY": "sk-top-secret"})
    credentials = Credentials(source)
    credentials.add_route(ChatRoute("ds", "deepseek", api_key="sk-route-secret"))
    for text in (repr(source), repr(credentials), repr(credentials.route("ds"))):
        assert "sk-top-secret" not in text
        assert "sk-route-secret" not in text


def test_chat_routes_carry_their_own_credential() -> None:
    credentials = Credentials(MappingSource({"DEEPSEEK_API_KEY": "from-ref"}))
    remove = credentials.add_route(
        ChatRoute(id="deepseek-chat", provider="deepseek", api_key_ref="DEEPSEEK_API_KEY")
    )
    credentials.add_route(ChatRoute(id="literal", provider="deepseek", api_key=" lit "))
    credentials.add_route(
        ChatRoute(id="both", provider="deepseek", api_key="wins", api_key_ref="DEEPSEEK_API_KEY")
    )
    credentials.add_route(ChatRoute(id="keyless", provider="local"))
    credentials.add_route(ChatRoute(id="dangling", provider="x", api_key_ref="UNSET_REF"))

    assert credentials.route_key("deepseek-chat") == "from-ref"
    assert credentials.route_key("literal") == "lit"
    assert credentials.route_key("both") == "wins"
    assert credentials.route_key("keyless") is None
    assert credentials.route_key("dangling") is None
    assert credentials.route_key("unknown") is None
    route = credentials.route("deepseek-chat")
    assert route is not None
    assert route.provider == "deepseek"

    with pytest.raises(HarnessError) as caught:
        credentials.add_route(ChatRoute(id="deepseek-chat", provider="deepseek"))
    assert caught.value.code == "DUPLICATE_ROUTE"
    remove()
    assert credentials.route("deepseek-chat") is None


async def test_a_running_tool_finds_the_credential_of_its_route() -> None:
    # How web-deepseek-api authenticates: the registry sets the route of the model request,
    # the provider reads it and asks the credentials service for that route's key.
    ctx = Context(credentials=Credentials(MappingSource({"DS_KEY": "sk-ds"})))
    ctx.credentials.add_route(ChatRoute("ds-route", "deepseek", api_key_ref="DS_KEY"))

    async def whoami(_args: Mapping[str, Any], _execution: ToolExecution) -> str:
        route = current_llm_provider()
        key = ctx.credentials.route_key(route) if route else None
        return f"{route}:{'key' if key == 'sk-ds' else 'no key'}"

    ctx.tools.register(ToolDefinition("whoami", "d", {"type": "object"}, whoami))
    assert (await ctx.tools.execute("whoami", {}, step=Step(llm_provider="ds-route"))).text == (
        "ds-route:key"
    )
    assert (await ctx.tools.execute("whoami", {}, step=Step(llm_provider="other"))).text == (
        "other:no key"
    )
    assert (await ctx.tools.execute("whoami", {})).text == "None:no key"
