"""Output through a standard output that cannot encode every character (``PYTHONIOENCODING``,
a latin-1 locale, a cp1252 console): JSON and YAML stay exact, in their ASCII escapes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import yaml

from cli.cli_support import run_cli
from support.local_http import LocalServer

PAGE = "<html><body><h1>Héllo</h1><p>wörld — ✓ 日本</p></body></html>"
ASCII = {"PYTHONIOENCODING": "ascii"}


async def test_fetch_json_keeps_every_character(server: LocalServer, loopback_config: Path) -> None:
    # Before: "content": "# H?llo\n\nw?rld ? ? ??", valid JSON with the wrong text, exit 0.
    server.respond("/page", PAGE, content_type="text/html; charset=utf-8")
    done = await run_cli(
        "fetch", "--json", server.url("/page"), "--config", str(loopback_config), env=ASCII
    )
    assert done.status == 0, done.stderr
    assert done.stdout.isascii()
    assert json.loads(done.stdout)["content"] == "# Héllo\n\nwörld — ✓ 日本"


@pytest.mark.parametrize("fmt", ["openai", "anthropic", "mcp"])
async def test_exported_tool_schemas_keep_every_character(fmt: str, loopback_config: Path) -> None:
    # Before: the description read "Provide 1?4 queries" (the seeds' en dash replaced).
    done, utf8 = await asyncio.gather(
        *(
            run_cli("tools", "--format", fmt, "--config", str(loopback_config), env=env)
            for env in (ASCII, {"PYTHONIOENCODING": "utf-8"})
        )
    )
    assert done.status == utf8.status == 0, done.stderr + utf8.stderr
    assert done.stdout.isascii()
    assert "1–4" in utf8.stdout
    assert json.loads(done.stdout) == json.loads(utf8.stdout)


async def test_config_yaml_and_json_keep_every_character(tmp_path: Path) -> None:
    path = tmp_path / "ua.yaml"
    path.write_text(
        "- id: web\n  name: dsh-web\n  config: {search_provider: exa–official}\n", "utf-8"
    )
    latin1 = {"PYTHONIOENCODING": "latin-1"}
    as_yaml, as_json = await asyncio.gather(
        *(
            run_cli("config", *extra, "--config", str(path), env=latin1)
            for extra in ((), ("--json",))
        )
    )
    assert as_yaml.status == as_json.status == 0, as_yaml.stderr + as_json.stderr
    for done, load in ((as_yaml, yaml.safe_load), (as_json, json.loads)):
        plugins = load(done.stdout)["plugins"]
        assert plugins[0]["config"]["search_provider"] == "exa–official"


async def test_fetch_text_escapes_what_stdout_cannot_encode(
    server: LocalServer, loopback_config: Path
) -> None:
    # Before: "# H?llo\n\nw?rld ? ? ??": a replaced character read as a real `?` (every URL's
    # query has one) and was lost. A backslash escape, as Python's own stderr writes, keeps it.
    server.respond("/page", PAGE, content_type="text/html; charset=utf-8")
    url = server.url("/page")
    done = await run_cli("fetch", url, "--config", str(loopback_config), env=ASCII)
    assert done.status == 0, done.stderr
    assert done.stdout == (
        f"Fetched {url} (HTTP 200)\n\n# H\\xe9llo\n\nw\\xf6rld \\u2014 \\u2713 \\u65e5\\u672c\n"
    )


async def test_an_error_line_escapes_what_stderr_cannot_encode(loopback_config: Path) -> None:
    done = await run_cli(
        "fetch", "gopher://bücher.example/", "--config", str(loopback_config), env=ASCII
    )
    assert done.status == 3
    assert done.stdout == ""
    assert "gopher://b\\xfccher.example/" in done.stderr
    assert "?" not in done.stderr.split("gopher://", 1)[1][:10]


async def test_an_explicit_error_handler_is_kept(
    server: LocalServer, loopback_config: Path
) -> None:
    # PYTHONIOENCODING=ascii:replace asks for `?`: the user's choice, not a crash to prevent.
    server.respond("/page", PAGE, content_type="text/html; charset=utf-8")
    env = {"PYTHONIOENCODING": "ascii:replace"}
    done = await run_cli("fetch", server.url("/page"), "--config", str(loopback_config), env=env)
    assert done.status == 0, done.stderr
    assert done.stdout.endswith("# H?llo\n\nw?rld ? ? ??\n")
