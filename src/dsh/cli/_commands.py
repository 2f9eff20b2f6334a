"""The commands. Imported only after argument parsing succeeded (it pulls in the harness)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from dsh.app import (
    NO_TOOLS_MESSAGE,
    build_context,
    close,
    config_source,
    describe_loaded,
    load_context,
    plugin_load_failure,
)
from dsh.cli._main import CommandError, OutputClosedError, OutputFailedError
from dsh.cli._parser import EXIT_OK, EXIT_UNEXPECTED, EXIT_USAGE, EXIT_WEB
from dsh.cli._spinner import spinner
from dsh.harness import (
    AbortController,
    Context,
    HarnessError,
    ToolResult,
    to_anthropic,
    to_mcp,
    to_openai,
)

# Tool-result codes that mean "you asked wrongly" rather than "the web call failed".
_USAGE_CODES = frozenset({"INVALID_ARGS", "UNKNOWN_TOOL", "TOOL_INACTIVE"})
#: The tool-web setting that is each tool's budget (the registry's TOOL_TIMEOUT).
_TOOL_BUDGETS = {"web_fetch": "fetch_timeout", "web_search": "search_timeout"}
# A tool raised something no layer turned into an error of its own: a bug, not the web.
_UNEXPECTED_CODES = frozenset({"TOOL_ERROR"})

FETCH_HEADER_PREFIX = "Fetched "
TRUNCATION_NOTE = "(Content truncated. Fetch a more specific URL or section for the full text.)"


def run(args: argparse.Namespace) -> int:
    command: str = args.command
    config: str | None = getattr(args, "config", None)
    if sys.stdout is None and not (command == "mcp" and args.http):
        # Started with descriptor 1 closed (`>&-`): fail before any work, as cat or ls would.
        # The invocation is wrong, not the program: a usage error (no --debug hint).
        raise CommandError(
            "OS_ERROR",
            "Standard output is closed, so nothing can be printed. "
            "Redirect it (e.g. >/dev/null) instead of closing it.",
            EXIT_USAGE,
        )
    if command == "mcp":
        from dsh.mcp import serve

        host_port: tuple[str, int] | None = args.http
        try:
            serve(config, http=host_port)
        except BrokenPipeError:
            # A stdio client that stopped reading our output: the reader left.
            raise OutputClosedError from None
        except HarnessError as error:
            # The server turns every failure of a running tool into a tool result, so a
            # harness error that escapes it happened while starting: loading the plugins, or
            # binding the port. Both are configuration.
            # A plugin that crashed while loading (wrapped by the server): its traceback is
            # the clue, as for the other commands.
            crashed = isinstance(error.__cause__, Exception) and not isinstance(
                error.__cause__, HarnessError
            )
            raise CommandError(
                error.code, error.message, EXIT_USAGE, traceback_hint=crashed
            ) from error
        return EXIT_OK
    if command == "config":
        return _print_config(config, as_json=args.json)
    return asyncio.run(_with_context(args, config))


@contextmanager
def _loading() -> Iterator[None]:
    """Whatever fails while the plugins load is a configuration problem (exit 2), whatever its
    code: a bad list, a duplicate provider id (``WEB_DUPLICATE_PROVIDER``), a client a plugin
    cannot build from its config."""
    try:
        yield
    except HarnessError as error:
        raise CommandError(error.code, error.message, EXIT_USAGE) from error
    except Exception as error:
        failure = plugin_load_failure(error)
        raise CommandError(
            failure.code, failure.message, EXIT_USAGE, traceback_hint=True
        ) from error


async def _with_context(args: argparse.Namespace, config: str | None) -> int:
    with _loading():
        ctx = build_context(config)
    try:
        if args.command == "fetch":
            return await _fetch(ctx, args.url, as_json=args.json)
        if args.command == "search":
            return await _search(ctx, list(args.queries), as_json=args.json)
        if args.command == "tools":
            return await _tools(ctx, args.format)
        raise CommandError("USAGE", f"unknown command {args.command!r}", EXIT_USAGE)
    finally:
        await close(ctx)


async def _call(ctx: Context, tool: str, arguments: Mapping[str, Any], label: str) -> ToolResult:
    controller = AbortController()
    try:
        async with spinner(sys.stderr, label):
            result = await ctx.tools.execute(tool, arguments, signal=controller.signal)
    except asyncio.CancelledError:
        controller.abort(KeyboardInterrupt("interrupted"))
        raise
    if result.is_error:
        code = result.code or "TOOL_ERROR"
        message = result.text.removeprefix("Error: ")
        if code == "UNKNOWN_TOOL":
            message += " Enable it in the tool-web config (or load the tool-web plugin)."
        elif code == "TOOL_TIMEOUT" and tool in _TOOL_BUDGETS:
            # The model needs only "timed out"; whoever runs the command may want to raise it,
            # and two budgets of 30 s apply (tool-web's and the provider's own).
            message += f" The limit is the {_TOOL_BUDGETS[tool]} setting of tool-web."
        elif code == "TOOL_INACTIVE":
            # A tool is inactive when its provider cannot authenticate on the model request's
            # chat route (tool-web's activation); the command line serves no model request.
            message += (
                " The command line runs no model request, so a provider that takes its key from"
                " the request's chat route (web-deepseek-api) cannot run here; choose one with a"
                " key of its own (e.g. web-search-deepseek with DEEPSEEK_API_KEY)."
            )
        raise CommandError(code, message, _tool_status(code))
    return result


def _tool_status(code: str) -> int:
    """The exit status of a failed tool call, by its result code (see the README's table)."""
    if code in _USAGE_CODES:
        return EXIT_USAGE
    if code in _UNEXPECTED_CODES:
        return EXIT_UNEXPECTED
    return EXIT_WEB


def _emit(text: str) -> None:
    try:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        raise OutputClosedError from None
    except OSError as error:
        # A full disk (ENOSPC), an I/O error: the place the output goes failed, not dsh-web.
        raise OutputFailedError(error) from None


def _stdout_is_unicode() -> bool:
    """Whether standard output encodes every character (UTF-8/16/32). Otherwise it writes
    what it cannot encode as a Python backslash escape (see ``_tolerant_streams``): readable in
    text, but a wrong value in JSON or YAML, which have exact ASCII escapes of their own."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return encoding.startswith("utf")


def _emit_json(data: object) -> None:
    _emit(json.dumps(data, ensure_ascii=not _stdout_is_unicode(), indent=2))


async def _fetch(ctx: Context, url: str, *, as_json: bool) -> int:
    result = await _call(ctx, "web_fetch", {"url": url}, f"Fetching {url}")
    _emit_json(fetch_json(result)) if as_json else _emit(result.text)
    return EXIT_OK


async def _search(ctx: Context, queries: list[str], *, as_json: bool) -> int:
    result = await _call(ctx, "web_search", {"queries": queries}, search_label(queries))
    _emit_json(search_json(queries, result)) if as_json else _emit(result.text)
    return EXIT_OK


def search_label(queries: list[str]) -> str:
    """The progress line of a search: the queries quoted as JSON, as the tool receives them."""
    return "Searching " + ", ".join(json.dumps(q, ensure_ascii=False) for q in queries)


def fetch_body(text: str, *, truncated: bool = True) -> str:
    """The body part of a fetch result: without the ``Fetched ...`` line and, when the result
    was cut (``truncated``), the truncation note. A header line alone is an empty body."""
    body = text.partition("\n\n")[2] if text.startswith(FETCH_HEADER_PREFIX) else text
    if not truncated:
        return body
    return body.removesuffix("\n\n" + TRUNCATION_NOTE).removesuffix(TRUNCATION_NOTE)


def fetch_json(result: ToolResult) -> dict[str, Any]:
    """``{url, status_code, kind, truncated, content}``; ``content`` is the body as the model
    reads it (HTML already rendered to Markdown), without the header line or truncation note,
    which ``url``/``status_code``/``truncated`` carry."""
    meta = result.metadata
    content = meta.get("content")
    truncated = bool(meta.get("truncated", False))
    return {
        "url": meta.get("url"),
        "status_code": meta.get("status_code"),
        "kind": meta.get("kind"),
        "truncated": truncated,
        "content": content
        if isinstance(content, str)
        else fetch_body(result.text, truncated=truncated),
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    to_dict = getattr(value, "__dataclass_fields__", None)
    if to_dict is not None:
        return {name: _jsonable(getattr(value, name)) for name in to_dict}
    return str(value)


def search_json(queries: list[str], result: ToolResult) -> dict[str, Any]:
    """``{queries, content, sources, truncated}`` from the tool's metadata, plus ``text``."""
    meta = _jsonable(dict(result.metadata))
    content = meta.get("content", meta.get("answer"))
    return {
        "queries": queries,
        "content": content,
        "sources": meta.get("sources", []),
        "truncated": bool(meta.get("truncated", False)),
        "text": result.text,
    }


async def _tools(ctx: Context, fmt: str) -> int:
    definitions = await ctx.tools.declarations()
    if fmt == "openai":
        _emit_json([to_openai(d) for d in definitions])
    elif fmt == "anthropic":
        _emit_json([to_anthropic(d) for d in definitions])
    elif fmt == "mcp":
        _emit_json([to_mcp(d) for d in definitions])
    elif fmt == "prompt":
        _emit(ctx.system_prompt.render())
    else:
        _emit(render_tools_text(ctx, definitions))
    return EXIT_OK


def render_tools_text(ctx: Context, definitions: list[Any]) -> str:
    lines: list[str] = []
    for definition in definitions:
        timeout = f", timeout {definition.timeout:g} s" if definition.timeout else ""
        lines += [f"## tool {definition.name}{timeout}", "", definition.description, ""]
        lines += [json.dumps(dict(definition.parameters), ensure_ascii=False, indent=2), ""]
    for section in ctx.system_prompt.sections():
        lines += [f"## prompt section {section.id} (order {section.order})", "", section.text, ""]
    if not lines:
        return NO_TOOLS_MESSAGE
    return "\n".join(lines).rstrip("\n")


def _print_config(config: str | None, *, as_json: bool) -> int:
    data = asyncio.run(_describe(config))
    if as_json:
        _emit_json(data)
    else:
        import yaml

        unicode = _stdout_is_unicode()
        _emit(yaml.safe_dump(data, sort_keys=False, allow_unicode=unicode, width=100).rstrip())
    return EXIT_OK


async def _describe(config: str | None) -> dict[str, Any]:
    with _loading():
        ctx, loaded = load_context(config)
    return await describe_loaded(ctx, loaded, source=config_source(config))
