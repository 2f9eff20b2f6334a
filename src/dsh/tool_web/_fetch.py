"""The `web_fetch` tool: schema, validation, body rendering and the output budget."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping
from typing import Any, assert_never

from dsh.harness import Step, ToolAnnotations, ToolDefinition, ToolExecution, ToolResult
from dsh.tool_web._args import INVALID_ARGS, ArgumentError, fetch_url
from dsh.tool_web._config import ToolWebConfig
from dsh.tool_web._present import present_fetch_call, present_fetch_result
from dsh.tool_web.markdown import html_to_markdown
from dsh.web import HtmlBody, PdfBody, TextBody, WebFetchRequest, WebFetchResult, WebRuntime

WEB_FETCH = "web_fetch"
FETCH_DESCRIPTION = "Fetch the content of a specific HTTP(S) URL and return it decoded to text."
TRUNCATION_FOOTER = "(Content truncated. Fetch a more specific URL or section for the full text.)"

_LEADING_BLANK_LINES = re.compile(r"\A(?:[ \t]*\r?\n)+")
# A CommonMark code fence line: up to 3 spaces, 3+ backticks or tildes, then an info string.
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)")


def fetch_parameters() -> dict[str, Any]:
    """The `web_fetch` JSON Schema: a required `url` string, nothing else (decision 0060)."""
    return {
        "type": "object",
        "properties": {"url": {"type": "string"}},
        "required": ["url"],
        "additionalProperties": False,
    }


def fetch_definition(web: WebRuntime, config: ToolWebConfig) -> ToolDefinition:
    """The `web_fetch` definition; everything the model sees depends on ``config`` only."""
    budget = config.fetch_max_output_chars

    async def execute(arguments: Mapping[str, Any], execution: ToolExecution) -> ToolResult:
        try:
            url = fetch_url(arguments)
        except ArgumentError as problem:
            return ToolResult.error(INVALID_ARGS, problem.message)
        result = await web.fetch(WebFetchRequest(url=url), execution.signal)
        body = await render_body(result)
        text, truncated = compose_fetch_text(
            header=fetch_header(result), body=body, truncated=result.truncated, budget=budget
        )
        return ToolResult(
            text=text,
            metadata={
                "url": result.url,
                "status_code": result.status_code,
                "kind": result.body.kind,
                "truncated": truncated,
            },
        )

    async def is_active(step: Step | None) -> bool:
        return await web.fetch_ready(step.llm_provider if step is not None else None)

    return ToolDefinition(
        name=WEB_FETCH,
        description=FETCH_DESCRIPTION,
        parameters=fetch_parameters(),
        execute=execute,
        timeout=config.fetch_timeout,
        concurrency_safe=True,
        is_active=is_active,
        annotations=ToolAnnotations(title="Web fetch", read_only=True, open_world=True),
        present_call=present_fetch_call,
        present_result=present_fetch_result,
    )


def fetch_header(result: WebFetchResult) -> str:
    return f"Fetched {result.url} (HTTP {result.status_code})"


async def render_body(result: WebFetchResult) -> str:
    """The body as the model reads it: HTML as Markdown, text as is, PDF text with a note."""
    body = result.body
    match body:
        case HtmlBody(content=content):
            # A thread keeps a large page from stalling the event loop (and the registry's
            # timeout with it); the renderer bounds its own time and depth.
            return await asyncio.to_thread(html_to_markdown, content, url=result.url)
        case TextBody(content=content):
            return content
        case PdfBody(content=content, page_count=page_count):
            return pdf_text(content, page_count)
        case _:
            assert_never(body)


def pdf_text(content: str, page_count: int) -> str:
    """``(PDF, N pages)``, a blank line, then the pages (form feeds become blank lines)."""
    note = "(PDF, 1 page)" if page_count == 1 else f"(PDF, {page_count} pages)"
    text = content.replace("\f", "\n\n").strip()
    return f"{note}\n\n{text}" if text else note


def compose_fetch_text(*, header: str, body: str, truncated: bool, budget: int) -> tuple[str, bool]:
    """Header, blank line, body, and the footer when cut; never longer than ``budget``.

    Returns the text and whether anything was cut (by the provider or here). The cut prefers
    a line end, then a space, in the last fifth of the room, so the last line stays whole. A
    code block left open by a cut is closed before the footer: open, it would swallow the
    footer, and the notice would read as code of the page.
    """
    body = _LEADING_BLANK_LINES.sub("", body).rstrip()
    text = _join(header, _closed(body) if truncated else body, truncated)
    if len(text) <= budget:
        return text, truncated
    room = budget - len(_join(header, "", True)) - 2  # the blank line between body and footer
    if room <= 0:
        # Only a URL longer than the whole budget gets here; bounded beats well-formed.
        return _join(header, "", True)[:budget], True
    return _join(header, cut_closed(body, room), True), True


def cut_closed(text: str, room: int) -> str:
    """The start of ``text`` within ``room`` characters, cut as :func:`_cut` cuts, with a code
    block the cut leaves open closed (open, it would swallow what follows the cut)."""
    cut = _cut(text, room)
    kept = _closed(cut)
    if len(kept) > room:
        # Make room for the closing fence; if the shorter cut needs a longer one (another
        # block), bounded beats well-formed.
        shorter = _cut(text, room - (len(kept) - len(cut)))
        kept = _closed(shorter)
        if len(kept) > room:
            kept = shorter
    return kept


def _cut(body: str, room: int) -> str:
    cut = body[: max(room, 0)]
    for separator in ("\n", " "):
        at = cut.rfind(separator)
        if at >= room * 4 // 5:
            cut = cut[:at]
            break
    return cut.rstrip()


def _closed(text: str) -> str:
    """``text``, plus the fence that closes a code block still open at its end."""
    fence = _open_fence(text)
    return f"{text}\n{fence}" if fence else text


def _open_fence(text: str) -> str | None:
    """The opening fence of a fenced code block that ``text`` leaves open, if any."""
    opened: str | None = None
    for line in text.split("\n"):
        match = _FENCE.fullmatch(line.rstrip("\r"))
        if match is None:
            continue
        fence, rest = match.groups()
        if opened is None:
            if not (fence[0] == "`" and "`" in rest):  # a backtick fence's info has none
                opened = fence
        elif fence[0] == opened[0] and len(fence) >= len(opened) and not rest.strip():
            opened = None
    return opened


def _join(header: str, body: str, truncated: bool) -> str:
    parts = [header]
    if body:
        parts.append(body)
    if truncated:
        parts.append(TRUNCATION_FOOTER)
    return "\n\n".join(parts)
