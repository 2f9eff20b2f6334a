"""src/dsh/harness/README.md's table of what the model sees from the registry, checked.

Each row quotes a `ToolResult.text`; the real registry produces it here for tools named as the
README names them (`x`, and `a`, `b` beside it) and it is compared with the row, as
tests/app/test_app_readme.py does for README.md.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from dsh.harness import AbortController, Context, ToolExecution, ToolResult
from support.tool_definitions import echo, tool

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "src" / "dsh" / "harness" / "README.md").read_text(encoding="utf-8")


def row(code: str) -> str:
    """The text column of the table's row for ``code``: its first backticked string."""
    match = re.search(rf"^\| `{code}` \| `(.*?)`", README, flags=re.M)
    assert match is not None, code
    return match.group(1)


async def fails(_args: object, _execution: ToolExecution) -> ToolResult:
    raise KeyError("k")


async def hangs(_args: object, _execution: ToolExecution) -> ToolResult:
    await asyncio.get_running_loop().create_future()
    raise AssertionError("unreachable")


def context() -> Context:
    ctx = Context()
    ctx.tools.register(tool("a", echo))
    ctx.tools.register(tool("b", echo))
    return ctx


async def test_unknown_tool() -> None:
    result = await context().tools.execute("x", {})
    assert (result.code, result.text) == ("UNKNOWN_TOOL", row("UNKNOWN_TOOL"))


async def test_scope_disposed() -> None:
    ctx = context()
    await ctx.dispose()
    result = await ctx.tools.execute("x", {})
    assert (result.code, result.text) == ("SCOPE_DISPOSED", row("SCOPE_DISPOSED"))


async def test_tool_inactive() -> None:
    async def never_active(_step: object) -> bool:
        return False

    ctx = context()
    ctx.tools.register(tool("x", echo, is_active=never_active))
    result = await ctx.tools.execute("x", {})
    assert (result.code, result.text) == ("TOOL_INACTIVE", row("TOOL_INACTIVE"))


async def test_tool_timeout() -> None:
    ctx = context()
    ctx.tools.register(tool("x", hangs, timeout=0.01))
    result = await ctx.tools.execute("x", {})
    assert result.code == "TOOL_TIMEOUT"
    # The row shows a 30-second budget; this run's differs only in the number.
    assert result.text.replace("0.01 seconds", "30 seconds") == row("TOOL_TIMEOUT")


async def test_aborted() -> None:
    ctx = context()
    ctx.tools.register(tool("x", hangs))
    controller = AbortController()
    controller.abort(Exception("<reason>"))
    result = await ctx.tools.execute("x", {}, signal=controller.signal)
    assert (result.code, result.text) == ("ABORTED", row("ABORTED"))


async def test_tool_error() -> None:
    ctx = context()
    ctx.tools.register(tool("x", fails))
    result = await ctx.tools.execute("x", {})
    assert (result.code, result.text) == ("TOOL_ERROR", row("TOOL_ERROR"))


async def test_invalid_args_has_the_rows_shape() -> None:
    ctx = context()
    schema = {"type": "object", "properties": {"q": {"type": "string"}}}
    ctx.tools.register(tool("x", echo, parameters=schema))
    result = await ctx.tools.execute("x", {"q": 3})
    prefix, _ = row("INVALID_ARGS").split("<", 1)  # what follows is jsonschema's message
    assert result.code == "INVALID_ARGS"
    assert result.text.startswith(prefix), result.text
