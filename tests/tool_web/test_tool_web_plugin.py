"""`tool-web` as a plugin: config, enablement, prompt sections, byte-stable declarations,
readiness, structured seam errors, timeouts, aborts and presentation."""

from __future__ import annotations

import asyncio
import json
import typing
from collections.abc import Awaitable
from typing import Any

import pytest

import dsh.tool_web.plugin as tool_web_plugin
import dsh.web.plugin as web_plugin
from dsh.harness import (
    AbortController,
    AbortSignal,
    ConfigError,
    Context,
    Step,
    ToolExecution,
    ToolResult,
    to_anthropic,
    to_mcp,
    to_openai,
)
from dsh.web import (
    WEB_PROVIDER_AMBIGUOUS,
    WEB_PROVIDER_CONFIGURED_MISSING,
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_UNAVAILABLE,
    TextBody,
    WebError,
    WebFetchRequest,
    WebFetchResult,
    WebRuntime,
    WebSearchRequest,
    WebSearchResult,
)
from tool_web.tool_web_stubs import (
    RouteAwareFetch,
    RouteAwareSearch,
    StubFetch,
    StubSearch,
    build,
    never,
    src,
    wait_aborted,
)

SEARCH_GUIDANCE = (
    "Use the web_search tool to discover current information on the web. It returns an optional "
    "answer plus a list of source URLs. Follow up with web_fetch when you need the full content "
    "of a specific result, and cite the relevant URLs as markdown links."
)
SEARCH_GUIDANCE_WITHOUT_FETCH = (
    "Use the web_search tool to discover current information on the web. It returns an optional "
    "answer plus a list of source URLs."
)
FETCH_GUIDANCE = (
    "Use the web_fetch tool to retrieve the content of a specific HTTP(S) URL (for example a "
    "result from web_search). It returns the page content decoded to text. Cite the URL as a "
    "markdown link when you use its content."
)
SEARCH_OPENAI = (
    '{"type": "function", "function": {"name": "web_search", "description": "Search the web for '
    "current information. Provide 1–4 queries in the required queries array. Returns an optional "
    'summary answer and a list of source URLs.", "parameters": {"type": "object", "properties": '
    '{"queries": {"type": "array", "items": {"type": "string"}}}, "required": ["queries"], '
    '"additionalProperties": false}}}'
)
FETCH_OPENAI = (
    '{"type": "function", "function": {"name": "web_fetch", "description": "Fetch the content of '
    'a specific HTTP(S) URL and return it decoded to text.", "parameters": {"type": "object", '
    '"properties": {"url": {"type": "string"}}, "required": ["url"], '
    '"additionalProperties": false}}}'
)


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


async def snapshot(ctx: Context, step: Step | None = None) -> str:
    """Every byte a model request carries from this plugin: three export formats and prompt."""
    declared = await ctx.tools.declarations(step)
    return dumps(
        {
            "openai": [to_openai(d) for d in declared],
            "anthropic": [to_anthropic(d) for d in declared],
            "mcp": [to_mcp(d) for d in declared],
            "prompt": ctx.system_prompt.render(),
        }
    )


# -- what the model sees ----------------------------------------------------------------------


async def test_default_declarations_and_prompt_are_exact() -> None:
    ctx, _ = build()
    declared = await ctx.tools.declarations()
    assert [dumps(to_openai(d)) for d in declared] == [FETCH_OPENAI, SEARCH_OPENAI]
    assert to_mcp(declared[1])["annotations"] == {
        "title": "Web search",
        "readOnlyHint": True,
        "destructiveHint": False,
        "idempotentHint": False,
        "openWorldHint": True,
    }
    assert ctx.system_prompt.render() == SEARCH_GUIDANCE + "\n\n" + FETCH_GUIDANCE
    sections = [(s.id, s.order) for s in ctx.system_prompt.sections()]
    assert sections == [("tool:web_search", 110), ("tool:web_fetch", 111)]


@pytest.mark.parametrize(
    ("config", "tools", "prompt"),
    [
        ({"fetch": False}, ["web_search"], SEARCH_GUIDANCE_WITHOUT_FETCH),
        ({"search": False}, ["web_fetch"], FETCH_GUIDANCE),
        ({"search": False, "fetch": False}, [], ""),
    ],
)
async def test_a_disabled_tool_is_absent(
    config: dict[str, Any], tools: list[str], prompt: str
) -> None:
    ctx, _ = build(config)
    assert [d.name for d in ctx.tools.definitions()] == tools
    assert ctx.system_prompt.render() == prompt
    if "web_search" not in tools:
        result = await ctx.tools.execute("web_search", {"queries": ["x"]})
        assert result.code == "UNKNOWN_TOOL"


async def test_description_follows_search_max_queries() -> None:
    ctx, _ = build({"search_max_queries": 2})
    tool = ctx.tools.get("web_search")
    assert tool is not None
    assert tool.description == (
        "Search the web for current information. Provide 1–2 queries in the required queries "
        "array. Returns an optional summary answer and a list of source URLs."
    )
    ctx, _ = build({"search_max_queries": 1})
    tool = ctx.tools.get("web_search")
    assert tool is not None
    assert "Provide 1–1 queries in the required queries array." in tool.description


async def test_definitions_carry_budgets_and_scheduling() -> None:
    ctx, _ = build({"search_timeout": 12.5, "fetch_timeout": 7})
    search, fetch = ctx.tools.get("web_search"), ctx.tools.get("web_fetch")
    assert search is not None
    assert fetch is not None
    assert (search.timeout, fetch.timeout) == (12.5, 7.0)
    assert search.concurrency_safe
    assert fetch.concurrency_safe
    assert search.annotations.read_only
    assert search.annotations.open_world
    assert fetch.annotations.read_only
    assert fetch.annotations.open_world


async def test_unloading_the_plugin_removes_tools_and_sections() -> None:
    ctx = Context()
    ctx.plugin(web_plugin, {})
    tool_ctx = ctx.plugin(tool_web_plugin, {})
    assert len(ctx.tools.definitions()) == 2
    await tool_ctx.dispose()
    assert ctx.tools.definitions() == []
    assert ctx.system_prompt.render() == ""


# -- byte stability ---------------------------------------------------------------------------


async def test_bytes_are_identical_whatever_the_providers_do() -> None:
    ctx, web = build()
    baseline = await snapshot(ctx)
    assert json.loads(baseline)["prompt"] == SEARCH_GUIDANCE + "\n\n" + FETCH_GUIDANCE
    seen = [baseline]

    keyed = StubSearch(id="keyed")
    unkeyed = StubSearch(id="unkeyed", is_available=False)
    other = StubSearch(id="other")
    fetcher = StubFetch()
    remove_keyed = web.register_search_provider(keyed)  # one provider
    seen.append(await snapshot(ctx))
    remove_unkeyed = web.register_search_provider(unkeyed)  # one with a key, one without
    seen.append(await snapshot(ctx))
    remove_other = web.register_search_provider(other)  # ambiguous
    remove_fetch = web.register_fetch_provider(fetcher)  # all loaded
    seen.append(await snapshot(ctx))
    seen.append(await snapshot(ctx, Step("some-route")))
    web.search_provider = "missing"  # configured but not registered
    seen.append(await snapshot(ctx))
    web.search_provider = "unkeyed"  # configured but unavailable
    seen.append(await snapshot(ctx))
    web.search_provider = None
    for remove in (remove_keyed, remove_unkeyed, remove_other, remove_fetch):
        remove()  # providers go away again
        seen.append(await snapshot(ctx))
    assert set(seen) == {baseline}


async def test_bytes_do_not_depend_on_load_order() -> None:
    early = Context()
    early.plugin(web_plugin, {})
    early_web = early.service("web", WebRuntime)
    early_web.register_search_provider(StubSearch())
    early.plugin(tool_web_plugin, {})
    late, late_web = build()
    late_web.register_search_provider(StubSearch())
    assert await snapshot(early) == await snapshot(late)


async def test_loading_the_plugin_asks_no_provider_anything() -> None:
    ctx = Context()
    ctx.plugin(web_plugin, {})
    web = ctx.service("web", WebRuntime)
    provider = RouteAwareSearch()
    web.register_search_provider(provider)
    ctx.plugin(tool_web_plugin, {})
    assert provider.available_calls == 0
    assert provider.ready_calls == []


# -- readiness --------------------------------------------------------------------------------


async def test_a_route_whose_provider_is_not_ready_does_not_declare_the_tool() -> None:
    ctx, web = build()
    search = RouteAwareSearch(routes=frozenset({"deepseek"}))
    web.register_search_provider(search)
    web.register_fetch_provider(RouteAwareFetch(routes=frozenset({"openai"})))

    on_deepseek = await ctx.tools.declarations(Step("deepseek"))
    on_openai = await ctx.tools.declarations(Step("openai"))
    assert [d.name for d in on_deepseek] == ["web_search"]
    assert [d.name for d in on_openai] == ["web_fetch"]
    assert [dumps(to_openai(d)) for d in on_deepseek] == [SEARCH_OPENAI]
    assert [dumps(to_openai(d)) for d in on_openai] == [FETCH_OPENAI]
    assert "deepseek" in search.ready_calls
    assert "openai" in search.ready_calls
    # The prompt sections stay: enablement, not readiness, decides them.
    assert ctx.system_prompt.render() == SEARCH_GUIDANCE + "\n\n" + FETCH_GUIDANCE

    refused = await ctx.tools.execute("web_search", {"queries": ["x"]}, step=Step("openai"))
    assert refused.code == "TOOL_INACTIVE"
    assert search.requests == []
    allowed = await ctx.tools.execute("web_search", {"queries": ["x"]}, step=Step("deepseek"))
    assert not allowed.is_error


# -- structured seam errors -------------------------------------------------------------------


async def seam_error(operation: Awaitable[object]) -> WebError:
    """The error the seam itself raises: the tool must pass it on verbatim, code included."""
    with pytest.raises(WebError) as raised:
        await operation
    return raised.value


async def test_ambiguous_search_provider() -> None:
    ctx, web = build()
    web.register_search_provider(StubSearch(id="exa"))
    web.register_search_provider(StubSearch(id="perplexity"))
    expected = await seam_error(web.search(WebSearchRequest("x")))
    result = await ctx.tools.execute("web_search", {"queries": ["x"]})
    assert result.is_error
    assert result.text == f"Error: {expected.message}"
    assert "exa" in result.text
    assert "perplexity" in result.text
    assert result.metadata["code"] == WEB_PROVIDER_AMBIGUOUS
    assert result.metadata["candidates"] == ["exa", "perplexity"]
    # Still declared: the model keeps its schema and learns the problem from the call.
    assert [d.name for d in await ctx.tools.declarations()] == ["web_fetch", "web_search"]


async def test_no_provider_at_all() -> None:
    ctx, web = build()
    expected_search = await seam_error(web.search(WebSearchRequest("x")))
    expected_fetch = await seam_error(web.fetch(WebFetchRequest("https://example.com/")))
    search = await ctx.tools.execute("web_search", {"queries": ["x", "y"]})
    fetch = await ctx.tools.execute("web_fetch", {"url": "https://example.com/"})
    assert search.text == f"Error: {expected_search.message}"
    assert search.text.startswith("Error: No web search provider is available")
    assert search.code == WEB_PROVIDER_UNAVAILABLE
    assert fetch.text == f"Error: {expected_fetch.message}"
    assert fetch.code == WEB_PROVIDER_UNAVAILABLE


async def test_configured_provider_missing_or_unavailable() -> None:
    ctx, web = build(web_config={"search_provider": "exa"})
    expected = await seam_error(web.search(WebSearchRequest("x")))
    result = await ctx.tools.execute("web_search", {"queries": ["x"]})
    assert result.text == f"Error: {expected.message}"
    assert "'exa'" in result.text
    assert result.code == WEB_PROVIDER_CONFIGURED_MISSING
    assert result.metadata["provider"] == "exa"

    web.register_search_provider(StubSearch(id="exa", is_available=False))
    expected = await seam_error(web.search(WebSearchRequest("x")))
    result = await ctx.tools.execute("web_search", {"queries": ["x", "y"]})
    assert result.text == f"Error: {expected.message}"
    assert result.code == WEB_PROVIDER_CONFIGURED_UNAVAILABLE


# -- budgets and cancellation -----------------------------------------------------------------


async def test_search_timeout_is_enforced_and_reaches_the_provider() -> None:
    async def hang(request: WebSearchRequest, signal: AbortSignal | None) -> WebSearchResult:
        await wait_aborted(signal)
        raise AssertionError("unreachable")

    ctx, web = build({"search_timeout": 0.05})
    stub = StubSearch(handler=hang)
    web.register_search_provider(stub)
    result = await ctx.tools.execute("web_search", {"queries": ["a", "b"]})
    assert result.text == "Error: Tool web_search timed out after 0.05 seconds."
    assert result.code == "TOOL_TIMEOUT"
    assert all(signal is not None and signal.aborted for signal in stub.signals)


async def test_fetch_timeout_even_when_the_provider_ignores_its_signal() -> None:
    async def ignore(request: WebFetchRequest, signal: AbortSignal | None) -> WebFetchResult:
        await never()
        raise AssertionError("unreachable")

    ctx, web = build({"fetch_timeout": 0.05})
    web.register_fetch_provider(StubFetch(handler=ignore))
    result = await ctx.tools.execute("web_fetch", {"url": "https://example.com/"})
    assert result.text == "Error: Tool web_fetch timed out after 0.05 seconds."
    assert result.code == "TOOL_TIMEOUT"


@pytest.mark.parametrize("queries", [["one"], ["one", "two"]])
async def test_abort_from_the_caller(queries: list[str]) -> None:
    started = asyncio.Event()

    async def hang(request: WebSearchRequest, signal: AbortSignal | None) -> WebSearchResult:
        started.set()
        await wait_aborted(signal)
        raise AssertionError("unreachable")

    ctx, web = build()
    stub = StubSearch(handler=hang)
    web.register_search_provider(stub)
    controller = AbortController()
    call = asyncio.ensure_future(
        ctx.tools.execute("web_search", {"queries": queries}, signal=controller.signal)
    )
    await started.wait()
    controller.abort()
    result = await call
    assert result.text.startswith("Error: The web search was aborted")
    assert result.code == "WEB_ABORTED"
    assert all(signal is not None and signal.aborted for signal in stub.signals)


async def test_abort_of_a_fetch() -> None:
    started = asyncio.Event()

    async def hang(request: WebFetchRequest, signal: AbortSignal | None) -> WebFetchResult:
        started.set()
        await wait_aborted(signal)
        raise AssertionError("unreachable")

    ctx, web = build()
    web.register_fetch_provider(StubFetch(handler=hang))
    controller = AbortController()
    call = asyncio.ensure_future(
        ctx.tools.execute("web_fetch", {"url": "https://example.com/"}, signal=controller.signal)
    )
    await started.wait()
    controller.abort()
    result = await call
    assert result.text.startswith("Error: The web fetch was aborted")
    assert result.code == "WEB_ABORTED"


@pytest.mark.parametrize("through", ["registry", "definition"])
async def test_cancelling_the_caller_leaves_no_search_running(through: str) -> None:
    started: list[str] = []
    finished: list[str] = []
    both = asyncio.Event()

    async def hang(request: WebSearchRequest, signal: AbortSignal | None) -> WebSearchResult:
        started.append(request.query)
        if len(started) == 2:
            both.set()
        try:
            await never()
        finally:
            finished.append(request.query)
        raise AssertionError("unreachable")

    ctx, web = build()
    web.register_search_provider(StubSearch(handler=hang))
    call: asyncio.Future[ToolResult | str]
    if through == "registry":
        # The registry aborts the tool's signal before cancelling it; the seam obeys the signal.
        call = asyncio.ensure_future(ctx.tools.execute("web_search", {"queries": ["a", "b"]}))
    else:
        # A host may run the definition itself (decision 0060 §1) with a signal it never
        # aborts: then only run_searches' own cancel reaches the seam requests, and without it
        # the cancelled call waited for them for ever.
        definition = ctx.tools.get("web_search")
        assert definition is not None
        execution = ToolExecution(signal=AbortController().signal)
        call = asyncio.ensure_future(definition.execute({"queries": ["a", "b"]}, execution))
    await both.wait()
    call.cancel()
    done, _ = await asyncio.wait([call], timeout=10)  # a bound on failure, not a wait for it
    assert done, "the cancelled call is still waiting for its searches"
    assert call.cancelled()
    assert sorted(finished) == ["a", "b"]


# -- presentation -----------------------------------------------------------------------------


async def test_present_call_and_result() -> None:
    ctx, web = build()
    web.register_search_provider(
        StubSearch(
            results={
                "q": WebSearchResult(content="A.", sources=(src("https://x.example/", "X"),)),
                "empty": WebSearchResult(sources=()),
            }
        )
    )
    web.register_fetch_provider(
        StubFetch(
            results={
                "https://x.example/": WebFetchResult(
                    url="https://x.example/final", status_code=404, body=TextBody("gone")
                )
            }
        )
    )
    search, fetch = ctx.tools.get("web_search"), ctx.tools.get("web_fetch")
    assert search is not None
    assert fetch is not None
    assert search.present_call is not None
    assert search.present_result is not None
    assert fetch.present_call is not None
    assert fetch.present_result is not None

    assert search.present_call({"queries": ["q", 'say "hi"']}) == 'Web search: "q", "say \\"hi\\""'
    assert search.present_call({"queries": "oops"}) == "Web search"
    assert fetch.present_call({"url": " https://x.example/ "}) == "Web fetch: https://x.example/"
    assert fetch.present_call({}) == "Web fetch"

    found = await ctx.tools.execute("web_search", {"queries": ["q"]})
    assert search.present_result(found) == "Answer and 1 source"
    nothing = await ctx.tools.execute("web_search", {"queries": ["empty"]})
    assert search.present_result(nothing) == "No results"
    many = ToolResult(text="", metadata={"sources": [{}, {}], "truncated": True, "answer": None})
    assert search.present_result(many) == "2 sources (more available)"
    bad = await ctx.tools.execute("web_search", {"queries": []})
    assert search.present_result(bad) == "Error: queries must contain at least one query"

    fetched = await ctx.tools.execute("web_fetch", {"url": "https://x.example/"})
    assert fetch.present_result(fetched) == "HTTP 404 from https://x.example/final (text)"


async def test_present_call_of_a_url_with_a_line_break_stays_on_one_line() -> None:
    # The URL was shown as the model wrote it: "Web fetch: https://x.example/\nIgnore this"
    # took two lines of a UI's one-line label (queries are JSON-quoted, so theirs never did).
    ctx, _web = build()
    fetch = ctx.tools.get("web_fetch")
    assert fetch is not None
    assert fetch.present_call is not None
    shown = fetch.present_call({"url": " https://x.example/\nIgnore\tthis "})
    assert shown == 'Web fetch: "https://x.example/\\nIgnore\\tthis"'
    assert fetch.present_call({"url": "https://x.example/ü"}) == "Web fetch: https://x.example/ü"


@pytest.mark.parametrize("arguments", [None, "https://x.example/", ["https://x.example/"], 3])
async def test_present_call_of_arguments_that_are_not_an_object(arguments: Any) -> None:
    # The registry answers such a call INVALID_ARGS ("expected a JSON object, got a string"),
    # and None is what it takes for no arguments; presenting the same call raised
    # AttributeError ('NoneType' object has no attribute 'get'), though a UI presents calls
    # whose arguments failed validation.
    ctx, _web = build()
    search, fetch = ctx.tools.get("web_search"), ctx.tools.get("web_fetch")
    assert search is not None
    assert fetch is not None
    assert search.present_call is not None
    assert fetch.present_call is not None
    assert search.present_call(arguments) == "Web search"
    assert fetch.present_call(arguments) == "Web fetch"
    result = await ctx.tools.execute("web_fetch", arguments)
    assert result.code == "INVALID_ARGS"


def test_the_present_call_annotations_say_any_value_is_taken() -> None:
    # They were annotated `Mapping[str, Any] | None` while presenting any value (the test
    # above): a UI type-checked with mypy --strict was told a JSON string could not be passed.
    ctx, _web = build()
    for name in ("web_search", "web_fetch"):
        definition = ctx.tools.get(name)
        assert definition is not None
        assert definition.present_call is not None
        hints = typing.get_type_hints(definition.present_call)
        assert hints == {"arguments": object, "return": str}


# -- config -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (
            {"search_max_results": 0},
            "Invalid config for plugin 'tool-web': 'search_max_results': Input should be greater "
            "than or equal to 1 (got 0).",
        ),
        (
            {"fetch_timeout": -1},
            "Invalid config for plugin 'tool-web': 'fetch_timeout': Input should be greater "
            "than 0 (got -1).",
        ),
        (
            {"searchMaxResults": 3},
            "Invalid config for plugin 'tool-web': unknown key 'searchMaxResults'.",
        ),
        (
            {"search": "sometimes"},
            "Invalid config for plugin 'tool-web': 'search': Input should be a valid boolean, "
            "unable to interpret input (got 'sometimes').",
        ),
    ],
)
async def test_bad_config_is_a_clear_error(config: dict[str, Any], message: str) -> None:
    ctx = Context()
    ctx.plugin(web_plugin, {})
    with pytest.raises(ConfigError) as raised:
        ctx.plugin(tool_web_plugin, config, plugin_id="tool-web")
    # The harness words the sentence; the plugin id, the key and the bound must be in it.
    assert raised.value.message.startswith(message.removesuffix("."))
    assert ctx.tools.definitions() == []


async def test_needs_the_web_service() -> None:
    with pytest.raises(ConfigError) as raised:
        Context().plugin(tool_web_plugin, {})
    assert raised.value.code == "SERVICE_MISSING"
