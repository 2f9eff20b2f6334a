"""src/dsh/tool_web/README.md shows exactly what the model sees: each quoted string, checked.

The README's promise (SPEC's developers' guide) is byte-identical text, so every model-visible
string it quotes is produced here by the real registry and tools (stub providers at the seam)
and compared with the README's own text, as tests/app/test_app_readme.py does for README.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from dsh.harness import AbortSignal, to_anthropic, to_mcp, to_openai
from dsh.web import PdfBody, TextBody, WebFetchResult, WebSearchRequest, WebSearchResult
from tool_web.tool_web_stubs import StubFetch, StubSearch, build, never, src

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "src" / "dsh" / "tool_web" / "README.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    """The README's fenced blocks of that language, in order, without their final newline."""
    return re.findall(rf"^```{language}\n(.*?)\n```$", README, flags=re.S | re.M)


def section(title: str) -> str:
    """The README's text under the ``### title`` heading, up to the next heading."""
    match = re.search(rf"^### {re.escape(title)}\n(.*?)(?=^#)", README, flags=re.S | re.M)
    assert match is not None, title
    return " ".join(match.group(1).split())  # README prose wraps lines anywhere


def quoted(text: str) -> str:
    """``text`` as the README quotes it in prose: in backticks, lines joined by a space."""
    return f"`{' '.join(text.split())}`"


def test_the_schemas_are_the_registrys() -> None:
    ctx, _ = build()
    tools = {d.name: d for d in ctx.tools.definitions()}
    assert blocks("json") == [
        json.dumps(to_openai(tools["web_search"]), ensure_ascii=False),
        json.dumps(to_openai(tools["web_fetch"]), ensure_ascii=False),
    ]


def test_the_prompt_sections_are_the_registered_ones() -> None:
    ctx, _ = build()
    search_only, _ = build({"fetch": False})
    sections = {s.id: s for s in ctx.system_prompt.sections()}
    assert f"Section `tool:web_search`, order {sections['tool:web_search'].order}:" in README
    assert f"Section `tool:web_fetch`, order {sections['tool:web_fetch'].order}:" in README
    assert blocks("markdown") == [
        sections["tool:web_search"].text,
        search_only.system_prompt.render(),
        sections["tool:web_fetch"].text,
    ]


async def test_the_search_result_example_is_what_the_tool_returns() -> None:
    sources = (
        src("https://a.example/1", "Alpha", "First snippet.", "2024-05-01T12:30:00Z"),
        src("https://b.example/2", "Beta", snippet="Only a snippet."),
        src("https://c.example/3", "Gamma", published_at="2023-01-02"),
        src("https://host.example/no-title"),
        src("https://e.example/5", "Left out"),
    )
    answer = "Python 3.13 was released in October 2024."
    stub = StubSearch(results={"q": WebSearchResult(sources=sources, content=answer)})
    ctx, web = build({"search_max_results": 4})
    web.register_search_provider(stub)
    result = await ctx.tools.execute("web_search", {"queries": ["q"]})
    assert blocks("text")[0] == result.text


async def test_the_several_queries_example_is_what_the_tool_returns() -> None:
    answers = {"alpha": "Alpha answer.", "beta": None, "gamma": "Gamma answer."}
    stub = StubSearch(
        results={q: WebSearchResult(sources=(), content=a) for q, a in answers.items()}
    )
    ctx, web = build()
    web.register_search_provider(stub)
    result = await ctx.tools.execute("web_search", {"queries": list(answers)})
    answer_part = result.text.split("\n\nCite ")[0]
    assert f"`{answer_part}`".replace("\n", "\\n") in section("Search result")


async def test_the_fetch_result_example_is_what_the_tool_returns() -> None:
    final = "https://example.com/final"
    stub = StubFetch(
        results={final: WebFetchResult(final, 200, TextBody("<body>"), truncated=True)}
    )
    ctx, web = build()
    web.register_fetch_provider(stub)
    result = await ctx.tools.execute("web_fetch", {"url": final})
    assert blocks("text")[1] == result.text


async def test_the_pdf_header_is_what_the_tool_returns() -> None:
    url = "https://example.com/a.pdf"
    stub = StubFetch(results={url: WebFetchResult(url, 200, PdfBody("one\ftwo", page_count=2))})
    ctx, web = build()
    web.register_fetch_provider(stub)
    result = await ctx.tools.execute("web_fetch", {"url": url})
    header = result.text.split("\n\n")[1]
    assert f"A PDF body starts `{header}`" in section("Fetch result")


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("web_search", {"queries": []}),
        ("web_search", {"queries": ["a", "b", "c", "d", "e"]}),
        ("web_search", {"queries": [" "]}),
        ("web_fetch", {"url": " "}),
        ("web_search", {"queries": ["a", 3]}),
    ],
)
async def test_the_argument_errors_are_the_tools(tool: str, arguments: dict[str, Any]) -> None:
    ctx, _ = build()
    result = await ctx.tools.execute(tool, arguments)
    assert result.is_error
    assert result.code == "INVALID_ARGS"
    assert quoted(result.text) in section("Errors")


async def test_the_timeout_error_is_the_registrys() -> None:
    async def hang(_request: WebSearchRequest, _signal: AbortSignal | None) -> WebSearchResult:
        await never()
        raise AssertionError("unreachable")

    stub = StubSearch(handler=hang)
    ctx, web = build({"search_timeout": 0.01})
    web.register_search_provider(stub)
    result = await ctx.tools.execute("web_search", {"queries": ["q"]})
    assert result.code == "TOOL_TIMEOUT"
    # The README quotes the default budget; the text differs from this run's only in the number.
    assert quoted(result.text.replace("0.01 seconds", "30 seconds")) in section("Errors")


def test_the_token_tables_character_counts_are_the_exports() -> None:
    # tokens need tiktoken (`uv run --group bench python bench/tokens.py` prints the table);
    # the characters, counted the same way, tell when the table has gone stale.
    ctx, _ = build()
    tools = {d.name: d for d in ctx.tools.definitions()}

    def chars(entry: dict[str, Any]) -> int:
        return len(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))

    for name in ("web_search", "web_fetch"):
        counts = " / ".join(str(chars(f(tools[name]))) for f in (to_openai, to_anthropic, to_mcp))
        assert f"| `{name}` declaration, OpenAI / Anthropic / MCP | {counts} |" in README, name
