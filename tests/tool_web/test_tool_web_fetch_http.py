"""`web_fetch` end to end: the loader, `dsh-web`, the real `web-fetch-http` and `tool-web`
against local servers on loopback (the only addresses the provider is allowed to reach)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from dsh.harness import Context, PluginEntry, load_plugins, to_openai
from dsh.tool_web import html_to_markdown
from support.local_http import HangingRoute, LocalServer, Request, write_head

FOOTER = "(Content truncated. Fetch a more specific URL or section for the full text.)"


def entries(
    fetch_config: dict[str, Any] | None = None, tool_config: dict[str, Any] | None = None
) -> list[PluginEntry]:
    return [
        PluginEntry(id="web", name="dsh-web"),
        PluginEntry(
            id="web-fetch-http",
            name="web-fetch-http",
            config={"allowed_hosts": ["127.0.0.1", "::1"], **(fetch_config or {})},
        ),
        PluginEntry(id="tool-web", name="tool-web", config=tool_config or {}),
    ]


@pytest.fixture
async def harness() -> AsyncIterator[Context]:
    ctx = Context()
    load_plugins(ctx, entries())
    try:
        yield ctx
    finally:
        await ctx.dispose()


def pdf(pages: list[str]) -> bytes:
    """A minimal valid PDF with one Helvetica text line per page."""
    objects: list[bytes] = [b"", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids: list[int] = []
    for text in pages:
        stream = b"BT /F1 12 Tf 72 720 Td (" + text.encode("latin-1") + b") Tj ET"
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 3 0 R >> >> >>" % len(objects)
        )
        kids.append(len(objects))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % kid for kid in kids),
        len(kids),
    )
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


async def test_html_page(harness: Context, server: LocalServer) -> None:
    html = (
        "<!doctype html><html><head><title>Release notes</title></head><body><main>"
        "<h1>Release 2.0</h1><p>The <strong>new</strong> parser is <a href='/docs'>here</a>."
        "</p><ul><li>Faster</li><li>Safer</li></ul></main></body></html>"
    )
    server.respond("/page", html, content_type="text/html; charset=utf-8")
    url = server.url("/page")
    result = await harness.tools.execute("web_fetch", {"url": url})
    assert not result.is_error, result.text
    assert result.text == f"Fetched {url} (HTTP 200)\n\n" + html_to_markdown(html, url=url).strip()
    assert "Release 2.0" in result.text
    assert result.metadata == {"url": url, "status_code": 200, "kind": "html", "truncated": False}


ARTICLE = (
    "What in the world is an everyday shoe? One you are content to wear every day: to work, on "
    "a walk, on a long flight. It should breathe, last a year of daily wear and look right with "
    "most of what you own."
)


async def test_content_after_a_large_head_reaches_the_model(
    harness: Context, server: LocalServer
) -> None:
    # Most real pages carry 100,000+ characters of inline script and JSON state before their
    # content (WCXB dev: 961 of 1,476). The source is rendered whole; only the rendered text
    # counts against what the model reads.
    products = ",".join(f'{{"id": {i}, "sku": "A-{i}"}}' for i in range(9000))
    state = '{"products": [' + products
    html = (
        "<!doctype html><html><head><title>Shoes</title>"
        f"<script>window.__STATE__ = {state}]}};</script></head><body><main>"
        f"<h1>Everyday shoes</h1><p>{ARTICLE}</p>"
        "</main></body></html>"
    )
    assert html.index("<main>") > 200_000
    server.respond("/shoes", html, content_type="text/html; charset=utf-8")
    url = server.url("/shoes")
    result = await harness.tools.execute("web_fetch", {"url": url})
    assert not result.is_error, result.text
    assert result.text == (f"Fetched {url} (HTTP 200)\n\n# Everyday shoes\n\n{ARTICLE}")
    assert result.metadata["truncated"] is False


async def test_text_file(harness: Context, server: LocalServer) -> None:
    server.respond("/notes.txt", "first line\nsecond line\n")
    url = server.url("/notes.txt")
    result = await harness.tools.execute("web_fetch", {"url": url})
    assert result.text == f"Fetched {url} (HTTP 200)\n\nfirst line\nsecond line"
    assert result.metadata["kind"] == "text"


async def test_pdf_document(harness: Context, server: LocalServer) -> None:
    server.respond(
        "/paper.pdf", pdf(["Abstract goes here", "Results follow"]), content_type="application/pdf"
    )
    url = server.url("/paper.pdf")
    result = await harness.tools.execute("web_fetch", {"url": url})
    assert not result.is_error, result.text
    assert result.text.startswith(f"Fetched {url} (HTTP 200)\n\n(PDF, 2 pages)\n\n")
    assert "Abstract goes here" in result.text
    assert result.text.index("Abstract goes here") < result.text.index("Results follow")
    assert result.metadata["kind"] == "pdf"


async def test_not_found_is_a_result(harness: Context, server: LocalServer) -> None:
    url = server.url("/missing")
    result = await harness.tools.execute("web_fetch", {"url": url})
    assert not result.is_error
    assert result.text == f"Fetched {url} (HTTP 404)\n\nnot found"
    assert result.metadata["status_code"] == 404


@pytest.mark.parametrize("url", ["ftp://127.0.0.1/file", "not a url"])
async def test_invalid_url(harness: Context, url: str) -> None:
    result = await harness.tools.execute("web_fetch", {"url": url})
    assert result.is_error
    assert result.code == "WEB_INVALID_URL"
    assert result.text.startswith("Error: ")
    assert len(result.text.splitlines()) == 1


async def test_cross_origin_redirect_is_reported_with_its_target(
    harness: Context, server: LocalServer, server_v6: LocalServer
) -> None:
    target = server_v6.url("/elsewhere")
    server.respond("/go", "", status=302, headers={"Location": target})
    result = await harness.tools.execute("web_fetch", {"url": server.url("/go")})
    assert result.is_error
    assert result.code == "WEB_REDIRECT_BLOCKED"
    assert target in result.text
    assert server_v6.requests == []  # a new tool call is needed to go there


async def test_provider_deadline(server: LocalServer) -> None:
    async def stall(_request: Request, writer: asyncio.StreamWriter) -> None:
        await write_head(writer, 200, {"Content-Type": "text/plain", "Content-Length": "100"})
        await asyncio.get_running_loop().create_future()  # the body never comes

    server.route("/slow", stall)
    ctx = Context()
    load_plugins(ctx, entries(fetch_config={"timeout": 0.2}))
    try:
        result = await ctx.tools.execute("web_fetch", {"url": server.url("/slow")})
    finally:
        await ctx.dispose()
    assert result.code == "WEB_FETCH_TIMEOUT"
    assert result.text.startswith("Error: ")


async def test_tool_budget(server: LocalServer) -> None:
    server.route("/slow", HangingRoute())  # not even a status line
    ctx = Context()
    load_plugins(ctx, entries(tool_config={"fetch_timeout": 0.2}))
    start = time.monotonic()
    try:
        result = await ctx.tools.execute("web_fetch", {"url": server.url("/slow")})
    finally:
        await ctx.dispose()
    assert time.monotonic() - start < 5  # the budget is kept, not only named in the message
    assert result.text == "Error: Tool web_fetch timed out after 0.2 seconds."
    assert result.code == "TOOL_TIMEOUT"


async def test_output_budget_over_a_real_page(server: LocalServer) -> None:
    server.respond("/long.txt", "\n".join(f"row {i}" for i in range(5000)))
    ctx = Context()
    load_plugins(ctx, entries(tool_config={"fetch_max_output_chars": 1000}))
    try:
        result = await ctx.tools.execute("web_fetch", {"url": server.url("/long.txt")})
    finally:
        await ctx.dispose()
    assert len(result.text) <= 1000
    assert result.text.endswith("\n\n" + FOOTER)
    assert result.metadata["truncated"] is True


async def test_output_budget_cutting_a_code_block_of_a_real_page(server: LocalServer) -> None:
    code = "\n".join(f"step_{i} = run({i})" for i in range(400))
    page = f"<html><body><h1>Guide</h1><p>Intro.</p><pre><code>{code}</code></pre></body></html>"
    server.respond("/guide", page, content_type="text/html; charset=utf-8")
    ctx = Context()
    load_plugins(ctx, entries(tool_config={"fetch_max_output_chars": 1000}))
    try:
        result = await ctx.tools.execute("web_fetch", {"url": server.url("/guide")})
    finally:
        await ctx.dispose()
    assert len(result.text) <= 1000
    assert "```" in result.text
    # The block is closed before the footer, so the notice is not read as code of the page.
    assert result.text.endswith("\n```\n\n" + FOOTER)


async def test_schemas_and_prompt_do_not_change_with_the_provider() -> None:
    async def render(plugin_entries: list[PluginEntry]) -> str:
        ctx = Context()
        load_plugins(ctx, plugin_entries)
        try:
            declared = [to_openai(d) for d in await ctx.tools.declarations()]
            return json.dumps([declared, ctx.system_prompt.render()], ensure_ascii=False)
        finally:
            await ctx.dispose()

    with_fetcher = await render(entries())
    without = await render([entries()[0], entries()[2]])
    assert with_fetcher == without
