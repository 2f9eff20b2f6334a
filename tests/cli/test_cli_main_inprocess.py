"""The same `main()` the `dsh-web` script runs, called in-process for the many variants.

(Each path here also has a subprocess twin in test_cli_errors.py / test_cli_fetch.py; running the
variants in-process keeps the suite fast, since every subprocess pays the plugins' imports.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.cli_support import one_line, run_main
from support.environment import scrub_environment


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch) -> None:
    scrub_environment(monkeypatch)


@pytest.mark.parametrize(
    ("argv", "extra", "helped"),
    [
        (["fetch", "https://a.example", "https://b.example"], "https://b.example", "fetch"),
        (["tools", "--json"], "--json", "tools"),
        (["config", "--format", "mcp"], "--format mcp", "config"),
        (["--debug", "mcp", "stdio"], "stdio", "mcp"),
    ],
)
def test_an_extra_argument_points_to_the_command_help(
    capsys: pytest.CaptureFixture[str], argv: list[str], extra: str, helped: str
) -> None:
    # Before: "(see `dsh-web --help`)", whose page lists the commands but none of their options.
    status, out, err = run_main(argv, capsys)
    assert status == 2
    assert out == ""
    assert one_line(err) == (
        f"dsh-web: error: USAGE: unrecognized arguments: {extra} (see `dsh-web {helped} --help`)"
    )


@pytest.mark.parametrize(
    ("argv", "option", "command"),
    [
        (["--json", "fetch", "https://a.example"], "--json", "fetch"),
        (["--json", "config"], "--json", "config"),
        (["--json", "search", "q"], "--json", "search"),
    ],
)
def test_a_command_option_before_the_command_says_where_it_goes(
    capsys: pytest.CaptureFixture[str], argv: list[str], option: str, command: str
) -> None:
    # Before: "unrecognized arguments: --json (see `dsh-web fetch --help`)", a help page that
    # lists --json: the user could not tell what was wrong.
    status, out, err = run_main(argv, capsys)
    assert status == 2
    assert out == ""
    assert one_line(err) == (
        f"dsh-web: error: USAGE: {option} is an option of the {command} command, so it goes after "
        f"the command: dsh-web {command} {option} ... (see `dsh-web {command} --help`)"
    )


def test_a_tool_inactive_without_a_model_request_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # web-deepseek-api takes its key from the chat route of the model request being served; the
    # command line serves none. Before: "Tool "web_search" is not available for this request."
    # and nothing about why, while `dsh-web config` showed deepseek-api selected.
    path = tmp_path / "web.yaml"
    path.write_text(
        "- {id: web, name: dsh-web}\n- {id: ds, name: web-deepseek-api}\n"
        "- {id: tool-web, name: tool-web}\n",
        encoding="utf-8",
    )
    status, out, err = run_main(["search", "q", "--config", str(path)], capsys)
    assert status == 2
    assert out == ""
    assert one_line(err) == (
        'dsh-web: error: TOOL_INACTIVE: Tool "web_search" is not available for this request. '
        "The command line runs no model request, so a provider that takes its key from the "
        "request's chat route (web-deepseek-api) cannot run here; choose one with a key of its "
        "own (e.g. web-search-deepseek with DEEPSEEK_API_KEY)."
    )


def test_a_bad_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(["tools", "--format", "xml"], capsys)
    assert status == 2
    assert out == ""
    line = one_line(err)
    assert line.startswith("dsh-web: error: USAGE: argument --format: invalid choice: 'xml'")
    assert line.endswith("(see `dsh-web tools --help`)")


def test_invalid_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("- id: web\n  name: [unclosed\n", encoding="utf-8")
    status, _, err = run_main(["config", "--config", str(path)], capsys)
    assert status == 2
    assert one_line(err) == (
        f"dsh-web: error: CONFIG_INVALID: {path}: invalid YAML at line 3, column 1: expected "
        "',' or ']', but got '<stream end>' (while parsing a flow sequence that starts at line 2, "
        "column 9)."
    )


def test_not_a_plugin_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mapping.yaml"
    path.write_text("web: {name: dsh-web}\n", encoding="utf-8")
    status, _, err = run_main(["tools", "--config", str(path)], capsys)
    assert status == 2
    assert "expected a list of plugins" in one_line(err)


def test_an_unknown_plugin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "unknown.yaml"
    path.write_text("- id: x\n  name: web-search-nonexistent\n", encoding="utf-8")
    status, _, err = run_main(["tools", "--config", str(path)], capsys)
    assert status == 2
    line = one_line(err)
    assert line.startswith("dsh-web: error: PLUGIN_NOT_FOUND: ")
    assert "web-search-nonexistent" in line


def test_an_unknown_config_key_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text(
        "- id: web\n  name: dsh-web\n- id: tool-web\n  name: tool-web\n"
        "  config: {search_max_resluts: 3}\n",
        encoding="utf-8",
    )
    status, _, err = run_main(["tools", "--config", str(path)], capsys)
    assert status == 2
    line = one_line(err)
    assert line.startswith("dsh-web: error: CONFIG_INVALID: ")
    assert "search_max_resluts" in line


def test_the_config_file_may_come_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "only-fetch.yaml"
    path.write_text(
        "- id: web\n  name: dsh-web\n- id: tool-web\n  name: tool-web\n  config: {search: false}\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("DSH_WEB_CONFIG", str(path))
    status, out, _ = run_main(["tools", "--format", "mcp"], capsys)
    assert status == 0
    assert [tool["name"] for tool in json.loads(out)] == ["web_fetch"]


def test_a_disabled_tool_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "no-search.yaml"
    path.write_text(
        "- id: web\n  name: dsh-web\n- id: tool-web\n  name: tool-web\n  config: {search: false}\n",
        encoding="utf-8",
    )
    status, out, err = run_main(["search", "x", "--config", str(path)], capsys)
    assert status == 2
    assert out == ""
    assert one_line(err).startswith('dsh-web: error: UNKNOWN_TOOL: Unknown tool "web_search".')


def test_search_with_two_keys_is_ambiguous(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Selection fails before any request is made, so these keys never leave the process.
    monkeypatch.setenv("EXA_API_KEY", "test-exa")
    monkeypatch.setenv("PERPLEXITY_API_KEY", "test-pplx")
    status, out, err = run_main(["search", "python"], capsys)
    assert status == 3
    assert out == ""
    line = one_line(err)
    assert line.startswith("dsh-web: error: WEB_PROVIDER_AMBIGUOUS: ")
    assert "DSH_WEB_SEARCH_PROVIDER" in line
    assert "test-exa" not in line


def test_too_many_queries_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run_main(["search", "a", "b", "c", "d", "e"], capsys)
    assert status == 2
    assert one_line(err) == "dsh-web: error: INVALID_ARGS: queries must contain at most 4 queries"


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(["--help"], capsys)
    assert status == 0
    assert out.startswith("usage: dsh-web")
    for command in ("fetch", "search", "tools", "mcp", "config"):
        assert command in out
    status, out, _ = run_main(["--version"], capsys)
    assert status == 0
    assert out.startswith("dsh-web ")


def test_tools_in_each_export_format(capsys: pytest.CaptureFixture[str]) -> None:
    by_format = {}
    for fmt in ("openai", "anthropic", "mcp"):
        status, out, err = run_main(["tools", "--format", fmt], capsys)
        assert status == 0, err
        by_format[fmt] = json.loads(out)
    assert [t["function"]["name"] for t in by_format["openai"]] == ["web_fetch", "web_search"]
    assert [t["name"] for t in by_format["anthropic"]] == ["web_fetch", "web_search"]
    mcp = {t["name"]: t for t in by_format["mcp"]}
    assert mcp["web_fetch"]["inputSchema"]["required"] == ["url"]
    assert mcp["web_search"]["inputSchema"]["required"] == ["queries"]
    for tool in mcp.values():
        assert tool["annotations"]["readOnlyHint"] is True
        assert tool["annotations"]["openWorldHint"] is True
    # One definition, three formats: the schemas are the same object.
    for openai, anthropic in zip(by_format["openai"], by_format["anthropic"], strict=True):
        assert openai["function"]["parameters"] == anthropic["input_schema"]
        assert anthropic["input_schema"] == mcp[anthropic["name"]]["inputSchema"]


def test_tools_text_shows_schemas_and_sections(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(["tools"], capsys)
    assert status == 0
    assert "## tool web_fetch, timeout 30 s" in out
    assert "## tool web_search" in out
    assert "## prompt section" in out


def test_config_of_the_embedded_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(["config"], capsys)
    assert status == 0
    assert out.startswith("source: embedded default\n")
    assert "EXA_API_KEY: unset" in out
    assert "search: 'WEB_PROVIDER_UNAVAILABLE" in out
    assert "fetch: http" in out


@pytest.mark.parametrize(
    "tool_web",
    ["", "- id: tool-web\n  name: tool-web\n  config: {search: false, fetch: false}\n"],
    ids=["not-loaded", "both-disabled"],
)
def test_no_tools_says_both_ways_to_get_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tool_web: str
) -> None:
    # Before: "(is the tool-web plugin in the config?)" even when it was, with both tools off.
    path = tmp_path / "none.yaml"
    path.write_text("- id: web\n  name: dsh-web\n" + tool_web, encoding="utf-8")
    status, out, err = run_main(["tools", "--config", str(path)], capsys)
    assert (status, err) == (0, "")
    assert out == (
        "No tools are registered: load the tool-web plugin, with `search` or `fetch` enabled "
        "in its config.\n"
    )
