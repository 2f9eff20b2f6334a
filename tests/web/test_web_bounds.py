"""`max_results` enforced on the way back, request checks, and result-shape checks."""

from __future__ import annotations

from typing import Any

import pytest

from dsh.web import (
    WEB_INVALID_REQUEST,
    WEB_PROVIDER_ERROR,
    HtmlBody,
    PdfBody,
    WebError,
    WebFetchRequest,
    WebFetchResult,
    WebRuntime,
    WebSearchRequest,
    WebSearchResult,
    WebSearchSource,
)
from web.web_seam_stubs import Stub


def runtime_with(provider: Any) -> WebRuntime:
    web = WebRuntime()
    web.register_search_provider(provider)
    web.register_fetch_provider(provider)
    return web


@pytest.mark.parametrize(
    ("returned", "limit", "kept", "truncated"),
    [
        (5, 3, 3, True),  # over-returned: cut
        (3, 3, 3, False),  # exactly the bound: not cut
        (2, 3, 2, False),  # under the bound: not cut
        (0, 1, 0, False),
        (12, None, 12, False),  # unbounded
    ],
)
async def test_max_results_is_enforced_on_the_way_back(
    returned: int, limit: int | None, kept: int, truncated: bool
) -> None:
    provider = Stub("p", sources=returned)
    web = runtime_with(provider)
    result = await web.search(WebSearchRequest("q", max_results=limit))
    assert len(result.sources) == kept
    assert result.truncated is truncated
    # The cut keeps the provider's ranking: the first sources, in order.
    assert [s.url for s in result.sources] == [f"https://p.example/{n}" for n in range(kept)]
    assert result.content == "answer from p"
    # The provider was asked with the bound, so it can apply it at its own request layer.
    request, _signal = provider.calls[0]
    assert isinstance(request, WebSearchRequest)
    assert request.max_results == limit


async def test_a_provider_reported_truncation_is_kept() -> None:
    class SaysTruncated(Stub):
        async def search(self, request: WebSearchRequest, signal: Any = None) -> WebSearchResult:
            return WebSearchResult(sources=(WebSearchSource("https://a.example/"),), truncated=True)

    web = runtime_with(SaysTruncated("p"))
    result = await web.search(WebSearchRequest("q", max_results=5))
    assert result.truncated is True


async def test_sources_given_as_a_list_come_back_as_a_tuple() -> None:
    class ListSources(Stub):
        async def search(self, request: WebSearchRequest, signal: Any = None) -> WebSearchResult:
            urls = [WebSearchSource(f"https://{n}.example/") for n in range(4)]
            return WebSearchResult(sources=urls)  # type: ignore[arg-type]

    web = runtime_with(ListSources("p"))
    for limit in (None, 2):
        result = await web.search(WebSearchRequest("q", max_results=limit))
        assert isinstance(result.sources, tuple)


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "3"])
async def test_an_invalid_max_results_is_refused_before_any_provider_runs(bad: Any) -> None:
    provider = Stub("p")
    web = runtime_with(provider)
    with pytest.raises(WebError) as caught:
        await web.search(WebSearchRequest("q", max_results=bad))
    assert caught.value.code == WEB_INVALID_REQUEST
    assert caught.value.message == (
        f"max_results must be a whole number of at least 1, or None for no bound; got {bad!r}."
    )
    assert provider.calls == []


@pytest.mark.parametrize("query", ["", "   ", None])
async def test_an_empty_query_is_refused(query: Any) -> None:
    provider = Stub("p")
    web = runtime_with(provider)
    with pytest.raises(WebError) as caught:
        await web.search(WebSearchRequest(query))
    assert caught.value.code == WEB_INVALID_REQUEST
    assert caught.value.message == f"The search query must be a non-empty string, got {query!r}."
    assert provider.calls == []


async def test_the_wrong_request_type_is_refused() -> None:
    web = runtime_with(Stub("p"))
    with pytest.raises(WebError) as caught:
        await web.search(WebFetchRequest("https://x.example/"))  # type: ignore[arg-type]
    assert caught.value.message == "search() takes a WebSearchRequest, got WebFetchRequest."
    with pytest.raises(WebError) as caught:
        await web.fetch(WebSearchRequest("q"))  # type: ignore[arg-type]
    assert caught.value.message == "fetch() takes a WebFetchRequest, got WebSearchRequest."


async def test_a_non_2xx_fetch_is_a_result_and_passes_through_unchanged() -> None:
    page = WebFetchResult(
        url="https://final.example/", status_code=404, body=HtmlBody("<p>gone</p>"), truncated=True
    )

    class NotFound(Stub):
        async def fetch(self, request: WebFetchRequest, signal: Any = None) -> WebFetchResult:
            return page

    web = runtime_with(NotFound("p"))
    assert await web.fetch(WebFetchRequest("https://start.example/")) is page


async def test_every_body_kind_passes_the_seam() -> None:
    body = PdfBody("page one\fpage two", page_count=2)

    class Pdf(Stub):
        async def fetch(self, request: WebFetchRequest, signal: Any = None) -> WebFetchResult:
            return WebFetchResult(url=request.url, status_code=200, body=body)

    web = runtime_with(Pdf("p"))
    assert (await web.fetch(WebFetchRequest("https://x.example/a.pdf"))).body is body


async def test_a_result_of_the_wrong_type_is_a_provider_error() -> None:
    class Wrong(Stub):
        async def search(self, request: Any, signal: Any = None) -> Any:
            return {"sources": []}

        async def fetch(self, request: Any, signal: Any = None) -> Any:
            return WebFetchResult(url=request.url, status_code=200, body="<p>raw</p>")  # type: ignore[arg-type]

    web = runtime_with(Wrong("odd"))
    with pytest.raises(WebError) as caught:
        await web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message == (
        "The web search provider 'odd' returned dict instead of a WebSearchResult."
    )
    with pytest.raises(WebError) as caught:
        await web.fetch(WebFetchRequest("https://x.example/"))
    assert caught.value.message == (
        "The web fetch provider 'odd' returned str instead of an HtmlBody, TextBody or PdfBody."
    )
