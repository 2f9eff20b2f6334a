"""`web_search` end to end: the loader, `dsh-web`, the real `web-search-perplexity` and
`tool-web` against a local server shaped like Perplexity's documented chat completion."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from dsh.harness import Context, PluginEntry, load_plugins
from support.local_http import LocalServer

FIXTURES = Path(__file__).parents[1] / "providers" / "fixtures"
CITE = "Cite the relevant URLs above as markdown links in your answer."
#: tool-web's bound on one query's answer, its mark included (src/dsh/tool_web/README.md).
ANSWER_MAX_CHARS = 20_000


@pytest.fixture
async def harness(server: LocalServer) -> AsyncIterator[Context]:
    ctx = Context()
    load_plugins(
        ctx,
        [
            PluginEntry(id="web", name="dsh-web"),
            PluginEntry(
                id="web-search-perplexity",
                name="web-search-perplexity",
                config={"api_key": "pplx-test-key-0123456789", "base_url": server.url("")},
            ),
            PluginEntry(id="tool-web", name="tool-web"),
        ],
    )
    try:
        yield ctx
    finally:
        await ctx.dispose()


def completion(content: str) -> object:
    body = json.loads((FIXTURES / "perplexity_citations_only.json").read_text(encoding="utf-8"))
    body["choices"][0]["message"]["content"] = content
    return body


async def test_a_runaway_answer_is_cut_with_a_visible_mark(
    harness: Context, server: LocalServer
) -> None:
    # Only the provider's 8 MiB body cap bounded an answer: a gateway or a model that loops
    # could put megabytes of text into the model's context in one tool call.
    line = "Rust guarantees memory safety without a garbage collector [1]. " * 2
    server.respond_json("/chat/completions", completion(f"{line.strip()}\n" * 20_000))
    result = await harness.tools.execute("web_search", {"queries": ["rust"]})
    assert not result.is_error
    answer, sources = result.text.split("\n\nSources:\n")
    assert len(answer) <= ANSWER_MAX_CHARS
    # Cut at a line end, then the mark as its own paragraph: the model sees the answer goes on.
    kept, mark = answer.rsplit("\n\n", 1)
    assert mark == "…"
    assert kept.endswith("(https://en.wikipedia.org/wiki/Rust_(programming_language)).")
    assert len(kept) > ANSWER_MAX_CHARS * 4 // 5
    assert sources.endswith(CITE)
    assert result.metadata["answer"] == answer  # every door shows what the model reads


async def test_an_answer_within_the_bound_is_whole(harness: Context, server: LocalServer) -> None:
    content = ("Rust is fast.\n" * (ANSWER_MAX_CHARS // 14))[: ANSWER_MAX_CHARS - 1] + "."
    server.respond_json("/chat/completions", completion(content))
    result = await harness.tools.execute("web_search", {"queries": ["rust"]})
    assert result.metadata["answer"] == content
