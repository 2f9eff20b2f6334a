"""`web_fetch` through the real registry with a stub fetch provider: exact text and bounds."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsh.harness import ToolResult
from dsh.tool_web import compose_fetch_text, html_to_markdown
from dsh.web import HtmlBody, PdfBody, TextBody, WebFetchBody, WebFetchRequest, WebFetchResult
from tool_web.tool_web_stubs import StubFetch, build

FOOTER = "(Content truncated. Fetch a more specific URL or section for the full text.)"
URL = "https://x.example/start"
FINAL = "https://x.example/final"


async def fetch(
    body: WebFetchBody, *, status: int = 200, truncated: bool = False, **tool_config: Any
) -> tuple[ToolResult, StubFetch]:
    ctx, web = build(tool_config)
    stub = StubFetch(
        results={URL: WebFetchResult(url=FINAL, status_code=status, body=body, truncated=truncated)}
    )
    web.register_fetch_provider(stub)
    return await ctx.tools.execute("web_fetch", {"url": f"  {URL} "}), stub


async def test_text_passes_through() -> None:
    result, stub = await fetch(TextBody("hello\n  indented\nworld\n\n"))
    assert result.text == f"Fetched {FINAL} (HTTP 200)\n\nhello\n  indented\nworld"
    assert not result.is_error
    assert result.metadata == {"url": FINAL, "status_code": 200, "kind": "text", "truncated": False}
    assert stub.requests == [WebFetchRequest(url=URL)]  # stripped of outer whitespace
    assert stub.signals[0] is not None


async def test_a_404_is_a_result_not_an_error() -> None:
    result, _ = await fetch(TextBody("not found"), status=404)
    assert result.text == f"Fetched {FINAL} (HTTP 404)\n\nnot found"
    assert not result.is_error
    assert result.metadata["status_code"] == 404


async def test_html_is_rendered_to_markdown_with_the_final_url() -> None:
    html = (
        "<html><head><title>T</title><script>var x = 1;</script></head><body><main>"
        "<h1>Heading</h1><p>Some <a href='/rel'>linked</a> text.</p></main></body></html>"
    )
    result, _ = await fetch(HtmlBody(html))
    assert (
        result.text == f"Fetched {FINAL} (HTTP 200)\n\n" + html_to_markdown(html, url=FINAL).strip()
    )
    assert "Heading" in result.text
    assert result.metadata["kind"] == "html"


async def test_html_renderer_gets_the_content_and_final_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[str, str | None]] = []

    def fake(html: str, *, url: str | None = None) -> str:
        calls.append((html, url))
        return "# Rendered"

    monkeypatch.setattr("dsh.tool_web._fetch.html_to_markdown", fake)
    result, _ = await fetch(HtmlBody("<h1>x</h1>"))
    assert calls == [("<h1>x</h1>", FINAL)]
    assert result.text == f"Fetched {FINAL} (HTTP 200)\n\n# Rendered"


async def test_pdf_text_with_its_page_count() -> None:
    result, _ = await fetch(PdfBody("Page one.\fPage two.\n", page_count=2))
    assert result.text == f"Fetched {FINAL} (HTTP 200)\n\n(PDF, 2 pages)\n\nPage one.\n\nPage two."
    assert result.metadata["kind"] == "pdf"
    single, _ = await fetch(PdfBody("Only page.", page_count=1))
    assert single.text == f"Fetched {FINAL} (HTTP 200)\n\n(PDF, 1 page)\n\nOnly page."


async def test_empty_body_is_the_header_alone() -> None:
    result, _ = await fetch(TextBody("  \n"), status=204)
    assert result.text == f"Fetched {FINAL} (HTTP 204)"


async def test_provider_truncation_adds_the_footer() -> None:
    result, _ = await fetch(TextBody("partial text"), truncated=True)
    assert result.text == f"Fetched {FINAL} (HTTP 200)\n\npartial text\n\n{FOOTER}"
    assert result.metadata["truncated"] is True


async def test_output_that_fits_exactly_is_not_cut() -> None:
    header = f"Fetched {FINAL} (HTTP 200)\n\n"
    body = "x" * (1000 - len(header))
    result, _ = await fetch(TextBody(body), fetch_max_output_chars=1000)
    assert result.text == header + body
    assert len(result.text) == 1000
    assert result.metadata["truncated"] is False


async def test_the_tool_cut_keeps_the_footer_inside_the_budget() -> None:
    header = f"Fetched {FINAL} (HTTP 200)\n\n"
    room = 1000 - len(header) - 2 - len(FOOTER)
    body = "y" * room + "z" * 200
    result, _ = await fetch(TextBody(body), fetch_max_output_chars=1000)
    assert result.text == header + "y" * room + "\n\n" + FOOTER
    assert len(result.text) == 1000
    assert result.metadata["truncated"] is True


async def test_the_tool_cut_ends_on_a_whole_line() -> None:
    body = "\n".join(f"line {i:04d} of the document" for i in range(2000))
    result, _ = await fetch(TextBody(body), fetch_max_output_chars=2000, truncated=True)
    assert len(result.text) <= 2000
    head, rest = result.text.split("\n\n", 1)
    assert head == f"Fetched {FINAL} (HTTP 200)"
    kept, footer = rest.rsplit("\n\n", 1)
    assert footer == FOOTER  # once, although both the provider and the tool cut
    lines = kept.split("\n")
    assert all(re.fullmatch(r"line \d{4} of the document", line) for line in lines)
    assert lines == [f"line {i:04d} of the document" for i in range(len(lines))]
    assert len(result.text) > 2000 - len("line 0000 of the document") - 1


def code_page(fence: str, lines: int) -> str:
    code = "\n".join(f"value_{i:04d} = compute({i})  # step" for i in range(lines))
    return f"# Guide\n\nIntro text.\n\n{fence}python\n{code}\n{fence}\n\nClosing words."


@pytest.mark.parametrize("fence", ["```", "~~~", "````"])
async def test_a_cut_inside_a_code_block_closes_it_before_the_footer(fence: str) -> None:
    # Left open, the block would swallow the footer: the notice would read as code of the page.
    body = code_page(fence, 200)
    result, _ = await fetch(TextBody(body), fetch_max_output_chars=1500)
    text = result.text
    assert len(text) <= 1500
    assert text.endswith(f"\n{fence}\n\n{FOOTER}")
    kept = text.removesuffix(f"\n{fence}\n\n{FOOTER}").removeprefix(
        f"Fetched {FINAL} (HTTP 200)\n\n"
    )
    assert body.startswith(kept)
    assert kept.count(f"{fence}python") == 1
    assert re.fullmatch(r"value_\d{4} = compute\(\d+\)  # step", kept.rsplit("\n", 1)[1])
    assert result.metadata["truncated"] is True


async def test_a_provider_cut_inside_a_code_block_closes_it_before_the_footer() -> None:
    body = code_page("```", 10).split("value_0005", 1)[0]
    result, _ = await fetch(TextBody(body), truncated=True)
    assert result.text == f"Fetched {FINAL} (HTTP 200)\n\n{body.rstrip()}\n```\n\n{FOOTER}"


async def test_a_cut_after_a_closed_code_block_adds_no_fence() -> None:
    body = code_page("```", 5) + "\n\n" + "More prose here. " * 200
    result, _ = await fetch(TextBody(body), fetch_max_output_chars=1500)
    assert re.search(r"(here\.|More|prose) ?\n\n" + re.escape(FOOTER) + r"\Z", result.text)
    assert result.text.count("```") == 2


async def test_default_budget_is_200000_characters() -> None:
    result, _ = await fetch(TextBody("w " * 150_000))
    assert len(result.text) <= 200_000
    assert result.text.endswith("w\n\n" + FOOTER)
    assert len(result.text) >= 199_990


@settings(max_examples=300, deadline=None)
@given(
    body=st.text(alphabet=st.sampled_from("ab \n\t"), max_size=3000),
    url_length=st.integers(min_value=1, max_value=1500),
    budget=st.integers(min_value=1000, max_value=2500),
    provider_cut=st.booleans(),
)
def test_compose_never_exceeds_the_budget(
    body: str, url_length: int, budget: int, provider_cut: bool
) -> None:
    header = f"Fetched https://x.example/{'p' * url_length} (HTTP 200)"
    text, truncated = compose_fetch_text(
        header=header, body=body, truncated=provider_cut, budget=budget
    )
    assert len(text) <= budget
    normalized = re.sub(r"\A(?:[ \t]*\n)+", "", body).rstrip()
    whole = f"{header}\n\n{normalized}" if normalized else header
    if not truncated:
        assert text == whole
        return
    fits = len(header) + 2 + len(FOOTER) <= budget
    if not fits:  # only a URL longer than the budget: a hard cut, still bounded
        assert text == f"{header}\n\n{FOOTER}"[:budget]
        return
    assert text.endswith(f"\n\n{FOOTER}") or text == f"{header}\n\n{FOOTER}"
    kept = text.removesuffix(FOOTER).removesuffix("\n\n")
    assert whole.startswith(kept)
    assert provider_cut or len(whole) > budget


@settings(max_examples=300, deadline=None)
@given(
    body=st.lists(st.sampled_from(["a", " ", "\n", "```", "~~~~", "````py"]), max_size=800).map(
        "".join
    ),
    budget=st.integers(min_value=1000, max_value=1400),
    provider_cut=st.booleans(),
)
def test_closing_a_code_block_never_breaks_the_budget(
    body: str, budget: int, provider_cut: bool
) -> None:
    header = "Fetched https://x.example/ (HTTP 200)"
    text, truncated = compose_fetch_text(
        header=header, body=body * 3, truncated=provider_cut, budget=budget
    )
    assert len(text) <= budget
    if truncated:
        assert text.endswith(f"\n\n{FOOTER}")
