"""`web-search-exa` through the real seam, against a loopback server serving documented shapes."""

from __future__ import annotations

import logging

import pytest

from dsh.providers.exa import ExaConfig
from dsh.web import (
    WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
    WEB_PROVIDER_ERROR,
    WebError,
    WebSearchRequest,
    WebSearchSource,
)
from providers.search_provider_support import CASES, EXA_KEY, Harness, fixture, load
from support.local_http import LocalServer

EXA = CASES[0]


async def test_request_body_and_auth_header_are_exact(
    harness: Harness, server: LocalServer
) -> None:
    server.respond_json("/search", fixture("exa_search.json"))
    load(harness, EXA, server.url(""))
    await harness.web.search(WebSearchRequest("latest LLM surveys", max_results=5))
    (request,) = server.requests
    assert (request.method, request.path) == ("POST", "/search")
    assert request.headers["x-api-key"] == EXA_KEY
    assert "authorization" not in request.headers
    assert request.json() == {
        "query": "latest LLM surveys",
        "type": "auto",
        "contents": {"highlights": {"highlightsPerUrl": 1}},
        "numResults": 5,
    }


async def test_config_shapes_the_body(harness: Harness, server: LocalServer) -> None:
    server.respond_json("/search", {"results": []})
    load(harness, EXA, server.url(""), type="neural", highlights_per_url=3, num_results=7)
    await harness.web.search(WebSearchRequest("q"))  # no max_results: config default
    await harness.web.search(WebSearchRequest("q", max_results=2))  # the request wins
    first, second = (r.json() for r in server.requests)
    assert first == {
        "query": "q",
        "type": "neural",
        "contents": {"highlights": {"highlightsPerUrl": 3}},
        "numResults": 7,
    }
    assert second["numResults"] == 2


async def test_count_is_capped_at_exas_maximum(harness: Harness, server: LocalServer) -> None:
    server.respond_json("/search", {"results": []})
    load(harness, EXA, server.url(""))
    await harness.web.search(WebSearchRequest("q", max_results=500))
    assert server.requests[0].json()["numResults"] == 100


async def test_no_count_is_sent_without_a_bound(harness: Harness, server: LocalServer) -> None:
    server.respond_json("/search", {"results": []})
    load(harness, EXA, server.url(""))
    await harness.web.search(WebSearchRequest("q"))
    assert "numResults" not in server.requests[0].json()


async def test_results_map_to_sources(harness: Harness, server: LocalServer) -> None:
    server.respond_json("/search", fixture("exa_search.json"))
    load(harness, EXA, server.url(""))
    result = await harness.web.search(WebSearchRequest("q"))
    assert result.content is None
    assert not result.truncated
    assert result.sources == (
        WebSearchSource(
            url="https://arxiv.org/abs/2307.06435",
            title="A Comprehensive Overview of Large Language Models",
            snippet="Large Language Models (LLMs) have recently demonstrated remarkable "
            "capabilities in natural language processing tasks.",
            published_at="2023-07-12T00:00:00.000Z",
        ),
        # null title and date are omitted; the first *non-blank* highlight is the snippet
        WebSearchSource(
            url="https://example.org/untitled",
            snippet="The second highlight is the first non-blank one.",
        ),
        # results without highlights (absent or empty) are dropped
        WebSearchSource(url="https://example.org/minimal", snippet="Only a URL and a highlight."),
    )


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # A JavaScript backend that cuts a title or highlight by UTF-16 units can split an
        # emoji's surrogate pair, and JSON.stringify then writes the lone half as "\ud83d".
        # Python decodes it to a str that no UTF-8 output can encode: the CLI failed with
        # INTERNAL UnicodeEncodeError and MCP could not serialize the result.
        (
            b'{"results": [{"url": "https://example.org/cut", "title": "Cut here \\ud83d",'
            b' "highlights": ["\\ude00 half a pair, then a whole one \\ud83d\\ude00"]}]}',
            WebSearchSource(
                url="https://example.org/cut",
                title="Cut here \ufffd",
                snippet="\ufffd half a pair, then a whole one \U0001f600",
            ),
        ),
        # A backend that cuts a highlight at a byte count can split a UTF-8 character ("é" is
        # two bytes). One bad byte failed the whole search as "the body is not JSON".
        (
            '{"results": [{"url": "https://example.org/cafe", "title": "Café", '
            '"highlights": ["Le café'.encode()
            + "é".encode()[:1]
            + b'"]}]}',
            WebSearchSource(url="https://example.org/cafe", title="Café", snippet="Le café\ufffd"),
        ),
        # A page title is the page author's text. Escape sequences (ESC, C1's CSI), BEL and NUL
        # in it reached the model and the terminal `dsh-web search` prints to (the fetcher
        # removes them from pages: the same rule).
        (
            b'{"results": [{"url": "https://example.org/t", "title": "T\\u001b]0;pwned\\u0007 '
            b'\\u001b[31mred\\u0000", "highlights": ["x\\u009b2J\\u007f y\\ttab"]}]}',
            WebSearchSource(
                url="https://example.org/t", title="T]0;pwned [31mred", snippet="x2J y\ttab"
            ),
        ),
    ],
    ids=["cut-surrogate-pair", "character-cut-by-bytes", "control-characters"],
)
async def test_results_are_mended_into_text_a_reader_can_get(
    harness: Harness, server: LocalServer, body: bytes, expected: WebSearchSource
) -> None:
    server.respond("/search", body, content_type="application/json")
    load(harness, EXA, server.url(""))
    result = await harness.web.search(WebSearchRequest("q"))
    assert result.sources == (expected,)


async def test_the_seam_cuts_an_over_long_list(harness: Harness, server: LocalServer) -> None:
    server.respond_json("/search", fixture("exa_search.json"))
    load(harness, EXA, server.url(""))
    result = await harness.web.search(WebSearchRequest("q", max_results=1))
    assert len(result.sources) == 1
    assert result.truncated


# A 200 with an `error` member is the provider's error, not a shape problem: see
# test_search_providers_errors.py.
@pytest.mark.parametrize("body", [{}, {"results": None}, {"results": {"url": "x"}}])
async def test_wrong_shape_is_unprocessable(
    harness: Harness, server: LocalServer, body: object
) -> None:
    server.respond_json("/search", body)
    load(harness, EXA, server.url(""))
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message.startswith("Exa returned an unprocessable response body")


GOOD = {"url": "https://example.org/a", "highlights": ["A highlight."]}


@pytest.mark.parametrize(
    ("results", "reason"),
    [
        (["https://example.org/a"], "`results[0]` is a string, not an object"),
        ([GOOD, {**GOOD, "url": 42}], "`results[1].url` is a number, not a string"),
        ([{**GOOD, "title": ["A title"]}], "`results[0].title` is an array, not a string"),
        ([{**GOOD, "publishedDate": 2024}], "`results[0].publishedDate` is a number, not a string"),
        (
            [{**GOOD, "highlights": "A highlight."}],
            "`results[0].highlights` is a string, not an array",
        ),
        (
            [{**GOOD, "highlights": [{"text": "A highlight."}]}],
            "`results[0].highlights[0]` is an object, not a string",
        ),
    ],
)
async def test_a_field_of_the_wrong_type_is_unprocessable_and_named(
    harness: Harness, server: LocalServer, results: list[object], reason: str
) -> None:
    # Not the documented shape: a result silently dropped (or a search reported empty) would
    # hide a broken or changed API behind a plausible answer.
    server.respond_json("/search", {"results": results})
    load(harness, EXA, server.url(""))
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message == f"Exa returned an unprocessable response body: {reason}."
    assert caught.value.details == {"provider": "Exa", "reason": reason}


async def test_null_fields_are_omitted_not_errors(harness: Harness, server: LocalServer) -> None:
    nulls = {**GOOD, "title": None, "publishedDate": None}
    server.respond_json("/search", {"results": [nulls, {"url": None, "highlights": None}]})
    load(harness, EXA, server.url(""))
    result = await harness.web.search(WebSearchRequest("q"))
    assert result.sources == (WebSearchSource(url="https://example.org/a", snippet="A highlight."),)


async def test_error_message_from_the_documented_error_body(
    harness: Harness, server: LocalServer
) -> None:
    server.respond_json("/search", fixture("exa_error_401.json"), status=401)
    load(harness, EXA, server.url(""))
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.message == "Exa API error (HTTP 401): invalid api key"


async def test_a_key_set_after_start_up_is_used_by_the_next_call(
    harness: Harness, server: LocalServer
) -> None:
    server.respond_json("/search", {"results": []})
    harness.ctx.plugin(EXA.plugin, {"base_url": server.url("")})
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.code == "WEB_PROVIDER_UNAVAILABLE"
    harness.source.values["EXA_API_KEY"] = "first-key"
    await harness.web.search(WebSearchRequest("q"))
    harness.source.values["EXA_API_KEY"] = "rotated-key"
    await harness.web.search(WebSearchRequest("q"))
    assert [r.headers["x-api-key"] for r in server.requests] == ["first-key", "rotated-key"]


async def test_literal_key_wins_and_never_shows(
    harness: Harness, server: LocalServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    server.respond_json("/search", {"error": "nope"}, status=401)
    harness.source.values["EXA_API_KEY"] = "from-env"
    plugin_ctx = harness.ctx.plugin(
        EXA.plugin, {"base_url": server.url(""), "api_key": "literal-secret-key"}
    )
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert server.requests[0].headers["x-api-key"] == "literal-secret-key"
    config = ExaConfig.model_validate({"api_key": "literal-secret-key"})
    shown = [repr(config), str(config), repr(caught.value), caplog.text, repr(harness.web)]
    shown.append(repr(plugin_ctx))
    assert not any("literal-secret-key" in text for text in shown)


async def test_available_is_local_and_checks_key_and_base_url(
    harness: Harness, server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness.ctx.plugin(EXA.plugin, {})
    monkeypatch.setenv("EXA_BASE_URL", "not a url")
    harness.source.values["EXA_API_KEY"] = EXA_KEY
    harness.web.search_provider = "exa"
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_CONFIGURED_UNAVAILABLE
    # the documented env override is read at call time
    monkeypatch.setenv("EXA_BASE_URL", server.url("/exa-proxy/"))
    server.respond_json("/exa-proxy/search", {"results": []})
    await harness.web.search(WebSearchRequest("q"))
    assert server.requests[0].path == "/exa-proxy/search"


async def test_config_beats_the_env_override(
    harness: Harness, server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EXA_BASE_URL", "http://127.0.0.1:9/never")
    server.respond_json("/search", {"results": []})
    load(harness, EXA, server.url(""))
    await harness.web.search(WebSearchRequest("q"))
    assert len(server.requests) == 1


@pytest.mark.parametrize(
    ("config", "problem"),
    [
        ({"base_url": "api.exa.ai"}, "base_url"),
        ({"timeout": 0}, "timeout"),
        ({"highlights_per_url": 0}, "highlights_per_url"),
        ({"num_results": 0}, "num_results"),
        ({"apiKey": "x"}, "unknown key 'apiKey'"),
        ({"api_key_env": ""}, "api_key_env"),
    ],
)
def test_bad_config_is_refused_at_load(
    harness: Harness, config: dict[str, object], problem: str
) -> None:
    from dsh.harness import ConfigError

    with pytest.raises(ConfigError) as caught:
        harness.ctx.plugin(EXA.plugin, config)
    assert problem in caught.value.message
    assert harness.web.search_provider_ids() == []
