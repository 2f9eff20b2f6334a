"""`web_search` through the real registry: exact result text, merge, metadata and fan-out."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from dsh.harness import AbortSignal, ToolResult
from dsh.web import WEB_PROVIDER_ERROR, WebError, WebSearchRequest, WebSearchResult
from tool_web.tool_web_stubs import StubSearch, build, src, wait_aborted

CITE = "Cite the relevant URLs above as markdown links in your answer."


async def run(stub: StubSearch, arguments: dict[str, Any], **tool_config: Any) -> ToolResult:
    ctx, web = build(tool_config)
    web.register_search_provider(stub)
    return await ctx.tools.execute("web_search", arguments)


async def test_one_query_every_source_line_variant() -> None:
    stub = StubSearch(
        results={
            "python 3.13": WebSearchResult(
                sources=(
                    src("https://a.example/1", "Alpha", "First snippet.", "2024-05-01T12:30:00Z"),
                    src("https://b.example/2", "Beta", snippet="Only a snippet."),
                    src("https://c.example/3", "Gamma", published_at="2023-01-02"),
                    src("https://d.example/4", "Delta"),
                    src("https://host.example/no-title"),
                    src("urn:isbn:0451450523"),
                )
            )
        }
    )
    result = await run(stub, {"queries": ["python 3.13"]})
    assert result.text == (
        "Sources:\n"
        "- [Alpha](https://a.example/1) — First snippet. (2024-05-01T12:30:00Z)\n"
        "- [Beta](https://b.example/2) — Only a snippet.\n"
        "- [Gamma](https://c.example/3) (2023-01-02)\n"
        "- [Delta](https://d.example/4)\n"
        "- [host.example](https://host.example/no-title)\n"
        "- [urn:isbn:0451450523](urn:isbn:0451450523)\n"
        "\n" + CITE
    )
    assert not result.is_error
    assert stub.requests == [WebSearchRequest(query="python 3.13", max_results=8)]
    meta = result.metadata
    assert meta["truncated"] is False
    assert meta["answer"] is None
    assert meta["queries"] == ["python 3.13"]
    assert meta["sources"][0] == {
        "url": "https://a.example/1",
        "title": "Alpha",
        "snippet": "First snippet.",
        "summary": None,
        "published_at": "2024-05-01T12:30:00Z",
    }
    assert meta["sources"][4]["title"] is None  # the fallback label is presentation, not data
    json.dumps(dict(meta))  # JSON-serialisable as it is


async def test_answer_then_sources() -> None:
    stub = StubSearch(
        results={
            "q": WebSearchResult(
                content="  Python 3.13 was released in October 2024.\n",
                sources=(src("https://python.org/", "Python"),),
            )
        }
    )
    result = await run(stub, {"queries": ["q"]})
    assert result.text == (
        "Python 3.13 was released in October 2024.\n"
        "\n"
        "Sources:\n"
        "- [Python](https://python.org/)\n"
        "\n" + CITE
    )
    assert result.metadata["answer"] == "Python 3.13 was released in October 2024."


async def test_answer_only() -> None:
    stub = StubSearch(results={"q": WebSearchResult(content="Just an answer.", sources=())})
    result = await run(stub, {"queries": ["q"]})
    assert result.text == "Just an answer.\n\n" + CITE
    assert result.metadata["sources"] == []


async def test_no_results() -> None:
    stub = StubSearch(results={"q": WebSearchResult(content="  ", sources=())})
    result = await run(stub, {"queries": ["q"]})
    assert result.text == "No results found.\n\n" + CITE
    assert not result.is_error
    assert result.metadata == {"sources": [], "truncated": False, "answer": None, "queries": ["q"]}


async def test_seam_truncation_adds_the_note() -> None:
    many = tuple(src(f"https://e.example/{i}", f"R{i}") for i in range(5))
    stub = StubSearch(results={"q": WebSearchResult(sources=many)})
    result = await run(stub, {"queries": ["q"]}, search_max_results=3)
    assert result.text == (
        "Sources:\n"
        "- [R0](https://e.example/0)\n"
        "- [R1](https://e.example/1)\n"
        "- [R2](https://e.example/2)\n"
        "\n"
        "(Showing the first 3 sources. Refine the query for more.)\n"
        "\n" + CITE
    )
    assert result.metadata["truncated"] is True
    assert stub.requests[0].max_results == 3


async def test_one_source_note_is_singular() -> None:
    many = tuple(src(f"https://e.example/{i}", f"R{i}") for i in range(2))
    stub = StubSearch(results={"q": WebSearchResult(sources=many)})
    result = await run(stub, {"queries": ["q"]}, search_max_results=1)
    assert "(Showing the first 1 sources. Refine the query for more.)" in result.text


async def test_several_queries_merge_round_robin_dedupe_and_cap() -> None:
    stub = StubSearch(
        results={
            "alpha": WebSearchResult(
                content="Alpha answer.",
                sources=(
                    src("https://x.example/a1", "A1"),
                    src("https://x.example/shared", "Shared from alpha"),
                    src("https://x.example/a3", "A3"),
                ),
            ),
            "beta": WebSearchResult(
                sources=(
                    src("https://x.example/shared", "Shared from beta"),
                    src("https://x.example/b2", "B2"),
                ),
            ),
            "gamma": WebSearchResult(
                content="Gamma answer.",
                sources=(src("https://x.example/g1", "G1"), src("https://x.example/g2", "G2")),
            ),
        }
    )
    result = await run(stub, {"queries": ["alpha", "beta", "alpha", "gamma"]}, search_max_results=5)
    # rank 0: a1, shared(beta), g1; rank 1: shared(alpha) is a duplicate, b2, g2 (cap) ...
    assert result.text == (
        "### alpha\n"
        "\n"
        "Alpha answer.\n"
        "\n"
        "### gamma\n"
        "\n"
        "Gamma answer.\n"
        "\n"
        "Sources:\n"
        "- [A1](https://x.example/a1)\n"
        "- [Shared from beta](https://x.example/shared)\n"
        "- [G1](https://x.example/g1)\n"
        "- [B2](https://x.example/b2)\n"
        "- [G2](https://x.example/g2)\n"
        "\n"
        "(Showing the first 5 sources. Refine the query for more.)\n"
        "\n" + CITE
    )
    # The duplicate "alpha" collapsed: three seam requests, one per distinct query.
    assert sorted(r.query for r in stub.requests) == ["alpha", "beta", "gamma"]
    assert all(r.max_results == 5 for r in stub.requests)
    assert result.metadata["queries"] == ["alpha", "beta", "gamma"]
    assert result.metadata["truncated"] is True
    assert [s["url"] for s in result.metadata["sources"]] == [
        "https://x.example/a1",
        "https://x.example/shared",
        "https://x.example/g1",
        "https://x.example/b2",
        "https://x.example/g2",
    ]


async def test_duplicates_alone_do_not_mark_truncated() -> None:
    same = WebSearchResult(sources=(src("https://x.example/1", "One"),))
    stub = StubSearch(results={"a": same, "b": same})
    result = await run(stub, {"queries": ["a", "b"]})
    assert result.text == "Sources:\n- [One](https://x.example/1)\n\n" + CITE
    assert result.metadata["truncated"] is False


async def test_one_of_several_answers_keeps_its_heading() -> None:
    stub = StubSearch(
        results={
            "a": WebSearchResult(sources=()),
            "b": WebSearchResult(content="B only.", sources=()),
        }
    )
    result = await run(stub, {"queries": ["a", "b"]})
    assert result.text == "### b\n\nB only.\n\n" + CITE
    assert result.metadata["answer"] == "### b\n\nB only."


async def test_a_multi_line_query_keeps_its_answer_heading_on_one_line() -> None:
    # A heading ends at the line end: the rest of the query would read as part of the answer.
    stub = StubSearch(
        results={
            "rust\n\nasync  traits": WebSearchResult(content="R.", sources=()),
            "go": WebSearchResult(content="G.", sources=()),
        }
    )
    result = await run(stub, {"queries": ["rust\n\nasync  traits", "go"]})
    assert result.text == "### rust async traits\n\nR.\n\n### go\n\nG.\n\n" + CITE
    assert [r.query for r in stub.requests] == ["rust\n\nasync  traits", "go"]  # sent as asked


async def test_each_answer_is_bounded_so_a_long_one_hides_no_other() -> None:
    # tool-web's bound is per answer (20,000 characters, mark included): one query's runaway
    # answer is cut, and the next query's answer still follows under its heading.
    long = "Word " * 10_000
    stub = StubSearch(
        results={
            "a": WebSearchResult(content=long, sources=()),
            "b": WebSearchResult(content="B answer.", sources=()),
        }
    )
    result = await run(stub, {"queries": ["a", "b"]})
    first, second = result.text.removesuffix("\n\n" + CITE).split("\n\n### b\n\n")
    assert second == "B answer."
    answer = first.removeprefix("### a\n\n")
    assert len(answer) <= 20_000
    assert answer.endswith("Word Word\n\n…")


async def test_an_answer_cut_inside_a_code_block_closes_it_before_the_mark() -> None:
    # Left open, the fence would swallow the mark and everything after it (Sources: included).
    content = "Example:\n\n~~~~python\n" + "x = 1\n" * 5_000
    stub = StubSearch(
        results={"q": WebSearchResult(content=content, sources=(src("https://x.example/"),))}
    )
    result = await run(stub, {"queries": ["q"]})
    answer, sources = result.text.split("\n\nSources:\n")
    assert len(answer) <= 20_000
    assert answer.endswith("x = 1\n~~~~\n\n…")
    assert sources.startswith("- [x.example](https://x.example/)")


async def test_queries_are_stripped_and_exact_duplicates_collapse() -> None:
    stub = StubSearch()
    await run(stub, {"queries": ["  rust  ", "rust", "Rust"]})
    assert sorted(r.query for r in stub.requests) == ["Rust", "rust"]


async def test_markdown_is_kept_valid_and_one_line_per_source() -> None:
    stub = StubSearch(
        results={
            "q": WebSearchResult(
                sources=(
                    src(
                        "https://en.wikipedia.org/wiki/Python_(programming_language)",
                        "Python [language]\n  (Wikipedia)",
                        "Line one\n\nline two",
                    ),
                    src("https://x.example/a)b", "Un)balanced", published_at=" 2024-06-01 "),
                    src("https://x.example/with space<tag>", "Back\\slash"),
                )
            )
        }
    )
    result = await run(stub, {"queries": ["q"]})
    assert result.text == (
        "Sources:\n"
        "- [Python \\[language\\] (Wikipedia)]"
        "(https://en.wikipedia.org/wiki/Python_(programming_language)) — Line one line two\n"
        "- [Un)balanced](https://x.example/a\\)b) (2024-06-01)\n"
        "- [Back\\\\slash](https://x.example/with%20space%3Ctag%3E)\n"
        "\n" + CITE
    )
    # The metadata keeps the provider's data untouched.
    assert result.metadata["sources"][1]["url"] == "https://x.example/a)b"


async def test_summary_stands_in_for_a_missing_snippet_and_long_text_is_clipped() -> None:
    long_words = " ".join(["word"] * 200)
    stub = StubSearch(
        results={
            "q": WebSearchResult(
                sources=(
                    src("https://x.example/1", "One", summary="A summary."),
                    src("https://x.example/2", "Two", snippet=long_words),
                )
            )
        }
    )
    result = await run(stub, {"queries": ["q"]})
    lines = result.text.splitlines()
    assert lines[1] == "- [One](https://x.example/1) — A summary."
    excerpt = lines[2].removeprefix("- [Two](https://x.example/2) — ")
    assert excerpt.endswith("word…")
    assert len(excerpt) <= 400


async def test_queries_run_concurrently() -> None:
    started: dict[str, asyncio.Event] = {q: asyncio.Event() for q in ("a", "b", "c")}

    async def handler(request: WebSearchRequest, signal: AbortSignal | None) -> WebSearchResult:
        started[request.query].set()
        # Each request waits until every request has started: only concurrent fan-out ends.
        await asyncio.gather(*(event.wait() for event in started.values()))
        return WebSearchResult(sources=(src(f"https://x.example/{request.query}", request.query),))

    stub = StubSearch(handler=handler)
    result = await asyncio.wait_for(run(stub, {"queries": ["a", "b", "c"]}), timeout=5)
    assert result.text.startswith("Sources:\n- [a](https://x.example/a)\n- [b]")


async def test_first_failure_aborts_the_others_and_is_reported_after_they_settle() -> None:
    settled: list[str] = []
    slow_started = asyncio.Event()

    async def handler(request: WebSearchRequest, signal: AbortSignal | None) -> WebSearchResult:
        try:
            if request.query == "bad":
                await slow_started.wait()
                raise WebError(WEB_PROVIDER_ERROR, "Stub API error (HTTP 500): boom")
            slow_started.set()
            await wait_aborted(signal)
            raise AssertionError("unreachable")
        finally:
            settled.append(request.query)

    stub = StubSearch(handler=handler)
    result = await run(stub, {"queries": ["slow", "bad"]})
    assert result.is_error
    assert result.text == "Error: Stub API error (HTTP 500): boom"
    assert result.code == WEB_PROVIDER_ERROR
    assert sorted(settled) == ["bad", "slow"]  # nothing left running
    slow_signal = stub.signals[stub.requests.index(WebSearchRequest("slow", 8))]
    assert slow_signal is not None
    assert slow_signal.aborted


async def test_execution_signal_reaches_every_seam_request() -> None:
    stub = StubSearch()
    ctx, web = build()
    web.register_search_provider(stub)
    await ctx.tools.execute("web_search", {"queries": ["a", "b"]})
    await ctx.tools.execute("web_search", {"queries": ["c"]})
    assert len(stub.signals) == 3
    assert all(isinstance(signal, AbortSignal) for signal in stub.signals)


@pytest.mark.parametrize(
    ("timestamp", "shown"),
    [
        ("2024-05-01T00:00:00.000Z", "2024-05-01T00:00:00.000Z"),
        ("2024-05-01T10:20:30+02:00", "2024-05-01T10:20:30+02:00"),
        ("2024-05-01", "2024-05-01"),
        ("May 2024", "May 2024"),
    ],
)
async def test_dates_are_shown_as_the_provider_gave_them(timestamp: str, shown: str) -> None:
    stub = StubSearch(
        results={"q": WebSearchResult(sources=(src("https://x.example/", "T", None, timestamp),))}
    )
    result = await run(stub, {"queries": ["q"]})
    assert result.text.splitlines()[1] == f"- [T](https://x.example/) ({shown})"
