"""Every failure is one line on stderr with a code and a distinct exit status."""

from __future__ import annotations

from pathlib import Path

from cli.cli_support import run_cli


def _one_line(stderr: str) -> str:
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    return lines[0]


async def test_no_command_is_a_usage_error() -> None:
    done = await run_cli()
    assert done.status == 2
    assert _one_line(done.stderr).startswith("dsh-web: error: USAGE: ")


async def test_an_unknown_command_is_a_usage_error() -> None:
    done = await run_cli("crawl", "x")
    assert done.status == 2
    assert "invalid choice: 'crawl'" in _one_line(done.stderr)


async def test_a_missing_config_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    done = await run_cli("tools", "--config", str(missing))
    assert done.status == 2
    line = _one_line(done.stderr)
    assert line.startswith("dsh-web: error: CONFIG_INVALID: Cannot read config file")
    assert str(missing) in line


async def test_debug_shows_the_traceback(tmp_path: Path) -> None:
    done = await run_cli("tools", "--debug", "--config", str(tmp_path / "nope.yaml"))
    assert done.status == 2
    assert "Traceback (most recent call last)" in done.stderr
    assert done.stderr.rstrip().splitlines()[-1].startswith("dsh-web: error: CONFIG_INVALID: ")


async def test_search_without_any_key_says_no_provider() -> None:
    done = await run_cli("search", "python")
    assert done.status == 3
    assert _one_line(done.stderr).startswith("dsh-web: error: WEB_PROVIDER_UNAVAILABLE: ")
    assert done.stdout == ""


async def test_an_empty_config_file_is_not_an_empty_harness(tmp_path: Path) -> None:
    # Before: loaded nothing, then `fetch` failed with "UNKNOWN_TOOL ... Available tools: none".
    path = tmp_path / "empty.yaml"
    path.write_text("# plugins: to do\n", encoding="utf-8")
    done = await run_cli("fetch", "https://example.com", "--config", str(path))
    assert done.status == 2
    assert done.stdout == ""
    assert _one_line(done.stderr) == (
        f"dsh-web: error: CONFIG_INVALID: {path}: the plugin list is empty; list the plugins to "
        "load (see docs/configuration.md), or omit --config to use the embedded default."
    )


async def test_a_list_without_dsh_web_names_the_plugin_to_add(tmp_path: Path) -> None:
    # Before: "... which no plugin in the list provides. Add the plugin that provides it.", and
    # nothing said that the `web` service is the dsh-web plugin's.
    path = tmp_path / "tool-only.yaml"
    path.write_text("- id: tool-web\n  name: tool-web\n", encoding="utf-8")
    done = await run_cli("tools", "--config", str(path))
    assert done.status == 2
    assert _one_line(done.stderr) == (
        "dsh-web: error: SERVICE_MISSING: Plugin 'tool-web' (tool-web) needs service 'web', "
        "which no plugin in the list provides. Add the plugin that provides it "
        "(installed: dsh-web)."
    )


async def test_one_value_where_a_list_is_expected_shows_the_list(tmp_path: Path) -> None:
    # Before: "'allowed_hosts': Input should be a valid tuple (got '127.0.0.1')" (Python's word
    # for the type, and no hint of the YAML to write).
    path = tmp_path / "hosts.yaml"
    path.write_text(
        "- id: web\n  name: dsh-web\n- id: fetch\n  name: web-fetch-http\n"
        "  config: {allowed_hosts: 127.0.0.1}\n",
        encoding="utf-8",
    )
    done = await run_cli("tools", "--config", str(path))
    assert done.status == 2
    assert _one_line(done.stderr) == (
        "dsh-web: error: CONFIG_INVALID: Invalid config for plugin 'fetch': 'allowed_hosts': "
        "Input should be a list, even of one item: [\"127.0.0.1\"] (got '127.0.0.1')."
    )
