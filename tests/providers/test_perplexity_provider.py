"""`web-search-perplexity` through the real seam, against documented response shapes."""

from __future__ import annotations

import pytest
from search_provider_support import CASES, PERPLEXITY_KEY, Harness, fixture, load

from dsh.web import (
    WEB_PROVIDER_ERROR,
    WebError,
    WebSearchRequest,
    WebSearchResult,
    WebSearchSource,
)
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


async def test_model_is_configurable(harness: Harness, server: LocalServer) -> None:
    await search(harness, server, fixture("perplexity_search_results.json"), model="sonar-pro")
    assert server.requests[0].json()["model"] == "sonar-pro"


async def test_search_results_are_preferred_over_citations(
    harness: Harness, server: LocalServer
) -> None:
    result = await search(harness, server, fixture("perplexity_search_results.json"))
    assert result.content == (
        "Python 3.13 was released on October 7, 2024 [1][2]. "
        "It adds a new interactive interpreter [3]."
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
    assert result.content == "Rust is a systems programming language [1][2]."
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


async def test_no_sources_at_all_and_blank_entries(harness: Harness, server: LocalServer) -> None:
    body = {
        "choices": [{"message": {"role": "assistant", "content": None}}],
        "citations": ["", None, "https://ok.example/"],
    }
    result = await search(harness, server, body)
    assert result.content is None
    assert result.sources == (WebSearchSource(url="https://ok.example/"),)


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
