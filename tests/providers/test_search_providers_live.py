"""Live smoke tests: one real search per provider, only when its key is set.

Run them with ``uv run pytest -m live tests/providers``. Without the key each skips and says which
variable to set. They are the only tests allowed to leave loopback, and only to the provider's
documented public API.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import pytest

import dsh.web.plugin as web_plugin
from dsh.harness import ChatRoute, Context, Credentials, Step, ToolDefinition, ToolExecution
from dsh.providers.deepseek import api_plugin, official_plugin
from dsh.providers.exa import plugin as exa_plugin
from dsh.providers.perplexity import plugin as perplexity_plugin
from dsh.web import WebSearchRequest, web_of
from providers.search_provider_support import MutableSource

pytestmark = pytest.mark.live

QUERY = "Python programming language official website"


def key_or_skip(variable: str) -> str:
    value = os.environ.get(variable, "").strip()
    if not value:
        pytest.skip(f"{variable} not set: live smoke test skipped")
    return value


@pytest.mark.parametrize(
    ("variable", "plugin"),
    [
        ("EXA_API_KEY", exa_plugin),
        ("PERPLEXITY_API_KEY", perplexity_plugin),
        ("DEEPSEEK_API_KEY", official_plugin),
    ],
    ids=["exa", "perplexity", "deepseek-official"],
)
async def test_live_search(variable: str, plugin: object) -> None:
    key = key_or_skip(variable)
    ctx = Context(credentials=Credentials(MutableSource({variable: key})))
    try:
        ctx.plugin(web_plugin, {})
        ctx.plugin(plugin, {})
        result = await web_of(ctx).search(WebSearchRequest(QUERY, max_results=5))
        assert result.sources, result
        assert all(s.url.startswith(("http://", "https://")) for s in result.sources)
        assert len(result.sources) <= 5
    finally:
        await ctx.dispose()


async def test_live_deepseek_api_with_a_route() -> None:
    key = key_or_skip("DEEPSEEK_API_KEY")
    credentials = Credentials(MutableSource({"DEEPSEEK_API_KEY": key}))
    credentials.add_route(ChatRoute("deepseek", "deepseek", api_key_ref="DEEPSEEK_API_KEY"))
    ctx = Context(credentials=credentials)
    try:
        ctx.plugin(web_plugin, {})
        ctx.plugin(api_plugin, {})
        web = web_of(ctx)

        async def probe(_args: Mapping[str, Any], execution: ToolExecution) -> str:
            result = await web.search(WebSearchRequest(QUERY, max_results=5), execution.signal)
            return "\n".join(s.url for s in result.sources)

        ctx.tools.register(
            ToolDefinition(
                name="probe",
                description="live search",
                parameters={"type": "object", "properties": {}},
                execute=probe,
            )
        )
        outcome = await ctx.tools.execute("probe", {}, step=Step(llm_provider="deepseek"))
        assert not outcome.is_error, outcome.text
        assert outcome.text.strip()
    finally:
        await ctx.dispose()
