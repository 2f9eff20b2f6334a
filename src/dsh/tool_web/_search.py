"""The `web_search` tool: schema, validation, concurrent fan-out through ``ctx.web.search``."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from dsh.harness import (
    AbortController,
    AbortError,
    AbortSignal,
    Step,
    ToolAnnotations,
    ToolDefinition,
    ToolExecution,
    ToolResult,
)
from dsh.tool_web._args import INVALID_ARGS, ArgumentError, plural_queries, search_queries
from dsh.tool_web._config import ToolWebConfig
from dsh.tool_web._merge import merge_results
from dsh.tool_web._present import present_search_call, present_search_result
from dsh.tool_web._search_render import render_search, search_metadata
from dsh.web import WebRuntime, WebSearchRequest, WebSearchResult

WEB_SEARCH = "web_search"


def search_description(max_queries: int) -> str:
    """The tool description; ``1–N`` with an en dash, N from config."""
    count = f"1–{plural_queries(max_queries)}"
    return (
        "Search the web for current information. "
        f"Provide {count} in the required queries array. "
        "Returns an optional summary answer and a list of source URLs."
    )


def search_parameters() -> dict[str, Any]:
    """Types only: counts and blank strings get the tool's own messages (decision 0060)."""
    return {
        "type": "object",
        "properties": {"queries": {"type": "array", "items": {"type": "string"}}},
        "required": ["queries"],
        "additionalProperties": False,
    }


def search_definition(web: WebRuntime, config: ToolWebConfig) -> ToolDefinition:
    """The `web_search` definition; everything the model sees depends on ``config`` only."""
    max_queries = config.search_max_queries
    max_results = config.search_max_results

    async def execute(arguments: Mapping[str, Any], execution: ToolExecution) -> ToolResult:
        try:
            queries = search_queries(arguments, max_queries)
        except ArgumentError as problem:
            return ToolResult.error(INVALID_ARGS, problem.message)
        requests = [WebSearchRequest(query=q, max_results=max_results) for q in queries]
        results = await run_searches(web, requests, execution.signal)
        merged = merge_results(queries, results, max_results)
        return ToolResult(text=render_search(merged), metadata=search_metadata(merged))

    async def is_active(step: Step | None) -> bool:
        return await web.search_ready(step.llm_provider if step is not None else None)

    return ToolDefinition(
        name=WEB_SEARCH,
        description=search_description(max_queries),
        parameters=search_parameters(),
        execute=execute,
        timeout=config.search_timeout,
        concurrency_safe=True,
        is_active=is_active,
        annotations=ToolAnnotations(title="Web search", read_only=True, open_world=True),
        present_call=present_search_call,
        present_result=present_search_result,
    )


async def run_searches(
    web: WebRuntime, requests: Sequence[WebSearchRequest], signal: AbortSignal | None
) -> list[WebSearchResult]:
    """One seam request per query, concurrently; results in request order.

    The first failure aborts the others through their shared signal and is raised once all of
    them have settled, so no provider request outlives the call.
    """
    if len(requests) == 1:
        return [await web.search(requests[0], signal)]
    siblings = AbortController()
    shared = AbortSignal.any([signal, siblings.signal])
    tasks = [asyncio.ensure_future(web.search(request, shared)) for request in requests]
    first_failure: list[BaseException] = []

    def on_done(task: asyncio.Future[WebSearchResult]) -> None:
        if task.cancelled() or first_failure:
            return
        error = task.exception()
        if error is not None:
            first_failure.append(error)
            siblings.abort(AbortError(message="Another query of this web_search call failed."))

    for task in tasks:
        task.add_done_callback(on_done)
    try:
        await asyncio.wait(tasks)
    except asyncio.CancelledError:
        # The registry aborts the signal before it cancels a tool, but a host running the
        # definition itself may cancel without aborting: only this then ends the requests.
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise
    if not first_failure:
        # Done callbacks run in completion order, before this coroutine resumes; this is a
        # fallback so a failure is never mistaken for success.
        for task in tasks:
            error = None if task.cancelled() else task.exception()
            if error is not None:
                first_failure.append(error)
                break
    if first_failure:
        for task in tasks:
            if not task.cancelled():
                task.exception()  # retrieved: the siblings' aborts are consequences, not news
        raise first_failure[0]
    return [task.result() for task in tasks]
