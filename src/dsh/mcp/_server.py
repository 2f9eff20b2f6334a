"""The MCP server: the registry's tools, exactly, over the official SDK's low-level `Server`.

``tools/list`` answers ``to_mcp(definition)`` for each declared tool, so its schemas are the JSON
``dsh-web tools --format mcp`` prints (the same bytes on the SDK's current protocol; for a client
that negotiates an older one, such as 2025-06-18, the SDK's compatibility layer writes the
schema's ``properties``, ``required`` and ``type`` first, equal JSON in another key order);
``tools/call`` goes through ``ToolRegistry.execute`` with
the client's cancellation wired to the abort signal.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server, ServerRequestContext

from dsh import __version__
from dsh.harness import AbortController, AbortError, Context, to_mcp

_log = logging.getLogger("dsh.mcp")

SERVER_NAME = "dsh-web"
GUIDANCE_PROMPT = "web-tools-guidance"
# The `_meta` key of an error result's code (`WEB_FETCH_TIMEOUT`, `INVALID_ARGS`, ...); MCP's key
# format, a prefix of our own then the name.
ERROR_CODE_META_KEY = "dsh-web/code"

# After a cancelled call's signal fires, how long the tool may take to end with its own abort
# error (closing its connection) before the cancellation is passed on regardless.
_ABORT_SETTLE_SECONDS = 5.0


class ClientCancelledError(AbortError):
    """The abort reason when the MCP client cancels a ``tools/call``."""

    def __init__(self) -> None:
        super().__init__(message="The MCP client cancelled the call.")


def create_server(ctx: Context) -> Server[Any]:
    """An MCP server exposing ``ctx.tools`` (instructions: the rendered system prompt)."""

    async def list_tools(
        _rctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        # Validated from ``to_mcp`` (not rebuilt field by field) so the wire schemas are the
        # ones `dsh-web tools --format mcp` prints (key order aside: see the module docstring).
        tools = [types.Tool.model_validate(to_mcp(d)) for d in await ctx.tools.declarations()]
        return types.ListToolsResult(tools=tools)

    async def call_tool(
        _rctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        return await call_registry_tool(ctx, params.name, params.arguments)

    async def list_prompts(
        _rctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListPromptsResult:
        return types.ListPromptsResult(
            prompts=[
                types.Prompt(
                    name=GUIDANCE_PROMPT,
                    title="Web tools guidance",
                    description="The system-prompt sections of web_search and web_fetch.",
                )
            ]
        )

    async def get_prompt(
        _rctx: ServerRequestContext[Any], params: types.GetPromptRequestParams
    ) -> types.GetPromptResult:
        if params.name != GUIDANCE_PROMPT:
            from mcp.shared.exceptions import MCPError

            # The client's own text: quoted as JSON (as it sent it) and bounded.
            name = params.name if len(params.name) <= 100 else params.name[:99] + "…"
            shown = json.dumps(name, ensure_ascii=False)
            raise MCPError(
                code=types.INVALID_PARAMS,
                message=f"Unknown prompt {shown}; available: {GUIDANCE_PROMPT}.",
            )
        return types.GetPromptResult(
            description="Guidance for the web tools, for the system prompt.",
            messages=[
                types.PromptMessage(
                    role="user", content=types.TextContent(text=ctx.system_prompt.render())
                )
            ],
        )

    server: Server[Any] = Server(
        SERVER_NAME,
        version=__version__,
        title="dsh-web",
        description="web_search and web_fetch over swappable backends.",
        instructions=ctx.system_prompt.render() or None,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_prompts=list_prompts,
        on_get_prompt=get_prompt,
    )
    return server


async def call_registry_tool(
    ctx: Context, name: str, arguments: dict[str, Any] | None
) -> types.CallToolResult:
    """Run one call through the registry; a cancellation aborts the tool's signal first.

    The SDK cancels the handler when the client sends ``notifications/cancelled``. The tool
    then gets its abort (so it ends with its own error and releases its connection) before the
    cancellation propagates; it is never swallowed.
    """
    controller = AbortController()
    task = asyncio.ensure_future(ctx.tools.execute(name, arguments or {}, signal=controller.signal))
    try:
        result = await asyncio.shield(task)
    except asyncio.CancelledError:
        controller.abort(ClientCancelledError())
        with anyio.CancelScope(shield=True), anyio.move_on_after(_ABORT_SETTLE_SECONDS):
            await asyncio.wait([task])
        if not task.done():
            task.cancel()
        _log.debug("tools/call %s cancelled by the client", name)
        raise
    # The model reads only the text; the error code (what hooks and UIs route on) rides in
    # `_meta`, which clients do not show the model. Not `structuredContent`: some clients hand
    # that to the model instead of the text, and the tools declare no output schema.
    code = result.code if result.is_error else None
    return types.CallToolResult(
        content=[types.TextContent(text=result.text)],
        is_error=result.is_error,
        _meta={ERROR_CODE_META_KEY: code} if code is not None else None,
    )
