"""The MCP server as a real `dsh-web mcp` subprocess, driven by the SDK's own client."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from mcp_support import http_server_process, run_scenario, stdio_client, write_config

from dsh.cli import main
from mcp import Client
from support.local_http import LocalServer


async def tools_as_cli_prints_them(config: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What `dsh-web tools --format mcp` prints for this config (same main(), in-process)."""
    status = await asyncio.to_thread(main, ["tools", "--format", "mcp", "--config", str(config)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(out)  # not empty
    return out


async def test_mcp_over_stdio(
    server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path)
    expected = await tools_as_cli_prints_them(config, capsys)
    async with stdio_client(config) as client:
        await run_scenario(client, server, expected)


async def test_mcp_over_streamable_http(
    server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path)
    expected = await tools_as_cli_prints_them(config, capsys)
    async with http_server_process(config) as url:
        assert url.startswith("http://127.0.0.1:")
        assert url.endswith("/mcp")
        async with Client(url) as client:
            await run_scenario(client, server, expected)
