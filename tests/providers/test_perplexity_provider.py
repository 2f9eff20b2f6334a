"""`web-search-perplexity` through the real seam, against documented response shapes."""

from __future__ import annotations

import pytest

from dsh.web import (
    WEB_PROVIDER_ERROR,
    WebError,
    WebSearchRequest,
    WebSearchResult,
    WebSearchSource,
)
from providers.search_provider_support import CASES, PERPLEXITY_KEY, Harness, fixture, load
from support.local_http import LocalServer

PERPLEXITY = CASES[1]


async def search(
    harness: Harness, server: LocalServer, body: object, **config: object
) -> WebSearchResult:
    server.respond_json("/chat/completions", body)
    load(harness, PERPLEXITY, server.url(""), **config)
    return await harness.web.search(WebSearchRequest("What is new in Python 3.13?", max_results=8))


async def test_request_body_and_auth_header_are_exact(
    harness: Harness, server: LocalServer
) -> None:
    await search(harness, server, fixture("perplexity_search_results.json"))
    (request,) = server.requests
    assert (request.method, request.path) == ("POST", "/chat/completions")
    assert request.headers["authorization"] == f"Bearer {PERPLEXITY_KEY}"
    assert "x-api-key" not in request.headers
    # Sonar has no result-count control: max_results is not sent, the seam enforces it.
    assert request.json() == {
        "model": "sonar",
        "messages": [{"role": "user", "content": "What is new in Python 3.13?"}],
    }


async def test_control_characters_in_the_answer_are_removed_and_lines_kept(
    harness: Harness, server: LocalServer
) -> None:
    body = fixture("perplexity_citations_only.json")
    body["choices"][0]["message"]["content"] = "Line one\u001b[2J\n\tLine two\u0008\r\n"
    result = await search(harness, server, body)
    assert result.content == "Line one[2J\n\tLine two"


async def test_model_is_configurable(harness: Harness, server: LocalServer) -> None:
    await search(harness, server, fixture("perplexity_search_results.json"), model="sonar-pro")
    assert server.requests[0].json()["model"] == "sonar-pro"


async def test_search_results_are_preferred_over_citations(
    harness: Harness, server: LocalServer
) -> None:
    result = await search(harness, server, fixture("perplexity_search_results.json"))
    # The [n] markers index citations[]: each becomes a link to its page.
    assert result.content == (
        "Python 3.13 was released on October 7, 2024 "
        "[1](https://www.python.org/downloads/release/python-3130/)"
        "[2](https://docs.python.org/3/whatsnew/3.13.html). "
        "It adds a new interactive interpreter [3](https://realpython.com/python313-new-features/)."
    )
    assert result.sources == (
        WebSearchSource(
            url="https://www.python.org/downloads/release/python-3130/",
            title="Python Release Python 3.13.0",
            snippet="Python 3.13.0 is the newest major release of the Python programming language.",
            published_at="2024-10-07",
        ),
        # empty snippet and null date are omitted, never invented
        WebSearchSource(
            url="https://docs.python.org/3/whatsnew/3.13.html", title="What's New In Python 3.13"
        ),
        WebSearchSource(url="https://realpython.com/python313-new-features/"),
    )


async def test_url_only_citations_when_search_results_are_absent(
    harness: Harness, server: LocalServer
) -> None:
    result = await search(harness, server, fixture("perplexity_citations_only.json"))
    assert result.content == (
        "Rust is a systems programming language "
        "[1](https://en.wikipedia.org/wiki/Rust_(programming_language))[2](https://www.rust-lang.org/)."
    )
    assert result.sources == (
        WebSearchSource(url="https://en.wikipedia.org/wiki/Rust_(programming_language)"),
        WebSearchSource(url="https://www.rust-lang.org/"),
    )


async def test_empty_search_results_mean_no_sources(harness: Harness, server: LocalServer) -> None:
    result = await search(harness, server, fixture("perplexity_empty_search_results.json"))
    assert result.sources == ()
    assert result.content == "I could not find recent sources for that."


async def test_null_search_results_fall_back_to_citations(
    harness: Harness, server: LocalServer
) -> None:
    body = fixture("perplexity_citations_only.json") | {"search_results": None}
    result = await search(harness, server, body)
    assert [s.url for s in result.sources] == [
        "https://en.wikipedia.org/wiki/Rust_(programming_language)",
        "https://www.rust-lang.org/",
    ]


@pytest.mark.parametrize("key", ["search_results", "citations"])
async def test_a_repeated_url_is_one_source_so_the_cap_keeps_a_distinct_one(
    harness: Harness, server: LocalServer, key: str
) -> None:
    # A page listed twice was one source in the seam's cut and then merged away by the tool:
    # the call showed one source fewer than the cap while a distinct third page was dropped.
    urls = ["https://a.example/", "https://a.example/", "https://b.example/"]
    entries: list[object] = [{"url": url} for url in urls] if key == "search_results" else [*urls]
    body = fixture("perplexity_citations_only.json") | {"citations": None, key: entries}
    server.respond_json("/chat/completions", body)
    load(harness, PERPLEXITY, server.url(""))
    result = await harness.web.search(WebSearchRequest("q", max_results=2))
    assert [s.url for s in result.sources] == ["https://a.example/", "https://b.example/"]
    assert not result.truncated


async def test_no_sources_at_all_and_blank_entries(harness: Harness, server: LocalServer) -> None:
    body = {
        "choices": [{"message": {"role": "assistant", "content": None}}],
        "citations": ["", None, "https://ok.example/"],
    }
    result = await search(harness, server, body)
    assert result.content is None
    assert result.sources == (WebSearchSource(url="https://ok.example/"),)


async def test_content_as_documented_text_chunks_is_the_answer(
    harness: Harness, server: LocalServer
) -> None:
    # ChatMessageOutput.content is `string | Array<chunk>` in Perplexity's API schema.
    body = fixture("perplexity_citations_only.json")
    body["choices"][0]["message"]["content"] = [
        {"type": "text", "text": "Rust is a systems programming language [2]."},
        {"type": "image_url", "image_url": {"url": "https://img.example/logo.png"}},
        {"type": "text", "text": " It has no garbage collector."},
    ]
    result = await search(harness, server, body)
    assert result.content == (
        "Rust is a systems programming language [2](https://www.rust-lang.org/). "
        "It has no garbage collector."
    )


@pytest.mark.parametrize(
    ("content", "answer"),
    [
        (
            "<think>\nThe user asks about Rust.\n</think>\n\nRust is fast [2].",
            "Rust is fast [2](https://www.rust-lang.org/).",
        ),
        ("<think>cut off mid-thought, no closing tag", None),
        ("Rust is fast. A <think> tag later stays.", "Rust is fast. A <think> tag later stays."),
    ],
)
async def test_a_reasoning_models_think_section_is_not_the_answer(
    harness: Harness, server: LocalServer, content: str, answer: str | None
) -> None:
    body = fixture("perplexity_citations_only.json")
    body["choices"][0]["message"]["content"] = content
    result = await search(harness, server, body)
    assert result.content == answer


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"choices": []},
        {"choices": ["text"]},
        {"choices": [{"message": "text"}]},
        {"choices": [{"message": {"content": "a"}}], "search_results": {"url": "x"}},
        {"choices": [{"message": {"content": "a"}}], "citations": "https://x"},
    ],
)
async def test_wrong_shape_is_unprocessable(
    harness: Harness, server: LocalServer, body: object
) -> None:
    with pytest.raises(WebError) as caught:
        await search(harness, server, body)
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message.startswith("Perplexity returned an unprocessable response body")


def answer(content: object, **rest: object) -> dict[str, object]:
    return {"choices": [{"message": {"role": "assistant", "content": content}}], **rest}


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (
            answer({"text": "An answer."}),
            "`choices[0].message.content` is an object, not a string or an array",
        ),
        (answer(42), "`choices[0].message.content` is a number, not a string or an array"),
        (answer(["An answer."]), "`choices[0].message.content[0]` is a string, not an object"),
        (
            answer([{"type": "text", "text": 42}]),
            "`choices[0].message.content[0].text` is a number, not a string",
        ),
        (
            answer("a", search_results=["https://x.example/"]),
            "`search_results[0]` is a string, not an object",
        ),
        (
            answer("a", search_results=[{"url": 42}]),
            "`search_results[0].url` is a number, not a string",
        ),
        (
            answer("a", search_results=[{"url": "https://x.example/", "date": 20240101}]),
            "`search_results[0].date` is a number, not a string",
        ),
        (
            answer("a", search_results=[{"url": "https://x.example/", "title": {"t": 1}}]),
            "`search_results[0].title` is an object, not a string",
        ),
        (
            answer("a", citations=["https://x.example/", 7]),
            "`citations[1]` is a number, not a string",
        ),
    ],
)
async def test_a_field_of_the_wrong_type_is_unprocessable_and_named(
    harness: Harness, server: LocalServer, body: object, reason: str
) -> None:
    # Not the documented shape: a dropped answer or source would hide a broken or changed API.
    with pytest.raises(WebError) as caught:
        await search(harness, server, body)
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message == f"Perplexity returned an unprocessable response body: {reason}."


async def test_error_message_from_the_documented_error_body(
    harness: Harness, server: LocalServer
) -> None:
    server.respond_json("/chat/completions", fixture("perplexity_error_401.json"), status=401)
    load(harness, PERPLEXITY, server.url(""))
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.message == "Perplexity API error (HTTP 401): Invalid API key provided."


async def test_env_base_url_override(
    harness: Harness, server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PERPLEXITY_BASE_URL", server.url("/pplx"))
    server.respond_json("/pplx/chat/completions", fixture("perplexity_citations_only.json"))
    harness.source.values["PERPLEXITY_API_KEY"] = PERPLEXITY_KEY
    harness.ctx.plugin(PERPLEXITY.plugin, {})
    await harness.web.search(WebSearchRequest("q"))
    assert server.requests[0].path == "/pplx/chat/completions"


# -- [n] citation markers -------------------------------------------------------------------------
def cited_answer(content: str, citations: object = None, search_results: object = None) -> object:
    body = fixture("perplexity_citations_only.json")
    body["choices"][0]["message"]["content"] = content
    body["citations"] = citations
    if search_results is not None:
        body["search_results"] = search_results
    return body


async def test_markers_outside_the_list_and_other_brackets_are_left_alone(
    harness: Harness, server: LocalServer
) -> None:
    content = (
        "See [1], not [0] or [3]; a list [a] and [1, 2], code `x[2]` and\n```\ny[1]\n```\n"
        "a link [1](https://kept.example/) and a definition\n[2]: https://def.example/"
    )
    body = cited_answer(content, citations=["https://one.example/", "https://two.example/"])
    result = await search(harness, server, body)
    assert result.content == (
        "See [1](https://one.example/), not [0] or [3]; a list [a] and [1, 2], code `x[2]` and"
        "\n```\ny[1]\n```\na link [1](https://kept.example/) and a definition\n"
        "[2]: https://def.example/"
    )


async def test_markers_use_search_results_when_there_are_no_citations(
    harness: Harness, server: LocalServer
) -> None:
    body = cited_answer(
        "Two pages [1][2][3].",
        search_results=[
            {"url": "https://a.example/"},
            {"title": "no url"},
            {"url": "https://c.example/"},
        ],
    )
    result = await search(harness, server, body)
    # The second entry has no URL: its marker keeps its place and stays as it was.
    assert result.content == "Two pages [1](https://a.example/)[2][3](https://c.example/)."


async def test_a_url_that_would_break_the_link_is_bracketed_or_left(
    harness: Harness, server: LocalServer
) -> None:
    body = cited_answer(
        "Odd [1] and [2].",
        citations=["https://odd.example/a)b", "https://space.example/a b"],
    )
    result = await search(harness, server, body)
    assert result.content == "Odd [1](<https://odd.example/a)b>) and [2]."
