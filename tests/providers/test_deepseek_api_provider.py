"""`web-deepseek-api`: DeepSeek search with the credential of the model request's chat route.

The route reaches the provider the real way: the tool registry sets the model step of each call,
and a small tool calls ``ctx.web.search`` inside it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

import pytest

import dsh.providers._keyed_api.registration as keyed_registration
from dsh.harness import ChatRoute, ConfigError, Step, ToolDefinition, ToolExecution, ToolResult
from dsh.providers.deepseek import SYSTEM_PROMPT, anthropic_base_for
from dsh.providers.deepseek import api_plugin as deepseek_api_plugin
from dsh.web import WEB_PROVIDER_CREDENTIAL_MISSING, WebError, WebSearchRequest
from providers.search_provider_support import Harness, OfflineClient, fixture
from support.local_http import LocalServer, Request, write_response

ROUTE_KEY = "sk-route-key-0123456789"


def setup(harness: Harness, server: LocalServer, **config: Any) -> None:
    """Load the provider, a probe tool and three chat routes (only one is a usable DeepSeek one)."""
    harness.ctx.plugin(deepseek_api_plugin, config)
    harness.web.search_provider = "deepseek-api"
    credentials = harness.ctx.credentials
    credentials.add_route(
        ChatRoute("ds", "deepseek", api_key_ref="DS_ROUTE_KEY", base_url=server.url(""))
    )
    credentials.add_route(ChatRoute("ds-nokey", "deepseek", api_key_ref="UNSET_REF"))
    credentials.add_route(
        ChatRoute("oa", "openai", api_key="sk-openai-literal", base_url=server.url(""))
    )
    harness.source.values["DS_ROUTE_KEY"] = ROUTE_KEY

    async def probe(args: Mapping[str, Any], execution: ToolExecution) -> str:
        result = await harness.web.search(WebSearchRequest(args["query"]), execution.signal)
        return " ".join(source.url for source in result.sources)

    harness.ctx.tools.register(
        ToolDefinition(
            name="probe",
            description="search",
            parameters={
                "type": "object",
                "properties": {"query": {"type": "string"}},
                "required": ["query"],
            },
            execute=probe,
        )
    )


async def run(harness: Harness, route: str | None) -> ToolResult:
    return await harness.ctx.tools.execute(
        "probe", {"query": "shannon"}, step=Step(llm_provider=route)
    )


async def test_searches_with_the_route_credential_on_the_route_origin(
    harness: Harness, server: LocalServer
) -> None:
    server.respond_json("/anthropic/v1/messages", fixture("deepseek_web_search.json"))
    setup(harness, server)
    result = await run(harness, "ds")
    assert not result.is_error, result.text
    assert result.text.split() == [
        "https://en.wikipedia.org/wiki/Claude_Shannon",
        "https://www.britannica.com/biography/Claude-Shannon",
        "https://example.org/uncited",
    ]
    (request,) = server.requests
    assert request.path == "/anthropic/v1/messages"
    assert request.headers["x-api-key"] == ROUTE_KEY
    assert request.headers["anthropic-version"] == "2023-06-01"
    assert request.json() == {
        "model": "deepseek-v4-flash",
        "max_tokens": 1024,
        "system": SYSTEM_PROMPT,
        "messages": [{"role": "user", "content": "shannon"}],
        "tools": [{"type": "web_search_20250305", "name": "web_search", "max_uses": 1}],
        "thinking": {"type": "disabled"},
    }


async def test_a_paused_turn_is_continued_on_the_route(
    harness: Harness, server: LocalServer
) -> None:
    paused = fixture("deepseek_pause_turn.json")
    bodies = [paused, fixture("deepseek_search_no_citations.json")]

    async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
        payload = json.dumps(bodies[len(server.requests) - 1]).encode()
        await write_response(writer, 200, {"Content-Type": "application/json"}, payload)

    server.route("/anthropic/v1/messages", handler)
    setup(harness, server)
    result = await run(harness, "ds")
    assert result.text == "https://www.python-httpx.org/async/"
    _first, second = server.requests
    assert second.headers["x-api-key"] == ROUTE_KEY
    assert second.json()["messages"] == [
        {"role": "user", "content": "shannon"},
        {"role": "assistant", "content": paused["content"]},
    ]


async def test_ready_is_per_route(harness: Harness, server: LocalServer) -> None:
    setup(harness, server)
    assert await harness.web.search_ready("ds") is True
    assert await harness.web.search_ready("ds-nokey") is False  # its reference is unset
    assert await harness.web.search_ready("oa") is False  # not a DeepSeek route
    assert await harness.web.search_ready("nope") is False  # not a route
    assert await harness.web.search_ready(None) is False  # not a model request
    # configured is enough to be selected; readiness is the per-route question
    assert harness.web.selected_search_provider() == "deepseek-api"


async def test_a_route_key_set_later_is_used(harness: Harness, server: LocalServer) -> None:
    server.respond_json("/anthropic/v1/messages", fixture("deepseek_search_no_citations.json"))
    setup(harness, server)
    del harness.source.values["DS_ROUTE_KEY"]
    assert await harness.web.search_ready("ds") is False
    harness.source.values["DS_ROUTE_KEY"] = "sk-rotated"
    assert await harness.web.search_ready("ds") is True
    assert not (await run(harness, "ds")).is_error
    assert server.requests[0].headers["x-api-key"] == "sk-rotated"


@pytest.mark.parametrize(
    ("route", "reason"),
    [
        ("oa", "the chat route 'oa' is served by 'openai', not DeepSeek"),
        ("ds-nokey", "the chat route 'ds-nokey' has no credential (its reference UNSET_REF"),
        ("nope", "the chat route 'nope' is not defined"),
        (None, "this search is not running for a model request"),
    ],
)
async def test_no_usable_route_is_a_clear_credential_error(
    harness: Harness, server: LocalServer, route: str | None, reason: str
) -> None:
    setup(harness, server)
    result = await run(harness, route)
    assert result.is_error
    assert result.code == WEB_PROVIDER_CREDENTIAL_MISSING
    assert reason in result.text
    assert "sk-openai-literal" not in result.text
    assert server.requests == []  # no other route's credential is ever sent


async def test_outside_a_tool_call_there_is_no_route(harness: Harness, server: LocalServer) -> None:
    setup(harness, server)
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_CREDENTIAL_MISSING
    assert "web-search-deepseek" in caught.value.message


async def test_config_base_url_wins_over_the_route(harness: Harness, server: LocalServer) -> None:
    server.respond_json("/gateway/messages", fixture("deepseek_web_search.json"))
    setup(harness, server, base_url=server.url("/gateway"))
    assert not (await run(harness, "ds")).is_error
    assert server.requests[0].path == "/gateway/messages"


async def test_route_literal_key(harness: Harness, server: LocalServer) -> None:
    server.respond_json("/anthropic/v1/messages", fixture("deepseek_web_search.json"))
    setup(harness, server)
    harness.ctx.credentials.add_route(
        ChatRoute("ds-lit", "deepseek", api_key="sk-literal-route", base_url=server.url("/v1"))
    )
    assert not (await run(harness, "ds-lit")).is_error
    assert server.requests[0].headers["x-api-key"] == "sk-literal-route"


@pytest.mark.parametrize(
    ("route_base", "expected"),
    [
        (None, "https://api.deepseek.com/anthropic/v1"),
        ("", "https://api.deepseek.com/anthropic/v1"),
        ("https://api.deepseek.com", "https://api.deepseek.com/anthropic/v1"),
        ("https://api.deepseek.com/", "https://api.deepseek.com/anthropic/v1"),
        ("https://api.deepseek.com/v1", "https://api.deepseek.com/anthropic/v1"),
        ("https://api.deepseek.com/anthropic", "https://api.deepseek.com/anthropic/v1"),
        ("https://api.deepseek.com/anthropic/v1/", "https://api.deepseek.com/anthropic/v1"),
        ("https://gw.example/deepseek", "https://gw.example/deepseek/anthropic/v1"),
        ("not a url", None),
    ],
)
def test_anthropic_base_stays_on_the_route_origin(
    route_base: str | None, expected: str | None
) -> None:
    assert anthropic_base_for(route_base) == expected


def test_a_remote_plain_http_config_base_url_is_refused_at_load(harness: Harness) -> None:
    with pytest.raises(ConfigError) as caught:
        harness.ctx.plugin(deepseek_api_plugin, {"base_url": "http://gw.example/anthropic/v1"})
    assert "'base_url'" in caught.value.message
    assert "https is required" in caught.value.message


async def test_a_route_on_remote_plain_http_is_refused(
    harness: Harness, server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    offline = OfflineClient()
    # The plugin's client cannot leave the process, even if the check regressed.
    monkeypatch.setattr(keyed_registration, "new_client", lambda _timeout: offline.client)
    setup(harness, server)
    harness.ctx.credentials.add_route(
        ChatRoute("ds-http", "deepseek", api_key="sk-http-route", base_url="http://gw.example")
    )
    assert await harness.web.search_ready("ds-http") is False
    result = await run(harness, "ds-http")
    assert result.is_error
    assert result.code == WEB_PROVIDER_CREDENTIAL_MISSING
    assert "the base URL of the chat route 'ds-http' is not usable" in result.text
    assert "https is required" in result.text
    assert "sk-http-route" not in result.text
    assert offline.sent == []
    # a loopback route on plain http is fine (the other tests run on one)
    assert await harness.web.search_ready("ds") is True


async def test_a_route_base_url_with_a_token_is_refused_without_quoting_it(
    harness: Harness, server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A password with a raw '/' ends the host for URL parsers: it was quoted as a bad port.
    offline = OfflineClient()
    monkeypatch.setattr(keyed_registration, "new_client", lambda _timeout: offline.client)
    setup(harness, server)
    harness.ctx.credentials.add_route(
        ChatRoute(
            "ds-tok", "deepseek", api_key="sk-tok-route", base_url="https://k:Ab/SECRET@gw.example"
        )
    )
    result = await run(harness, "ds-tok")
    assert result.is_error
    assert result.code == WEB_PROVIDER_CREDENTIAL_MISSING
    assert (
        "the base URL of the chat route 'ds-tok' is not usable: a base URL must not carry "
        "credentials; use the api key settings." in result.text
    )
    assert "SECRET" not in result.text
    assert offline.sent == []
