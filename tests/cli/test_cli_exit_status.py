"""Exit statuses as the README's table states them, and what a failed load prints (in-process)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

import dsh.cli._commands as commands
from cli.cli_support import one_line, run_main
from dsh.harness import Context, ToolDefinition, ToolResult
from support.environment import clean_env, scrub_environment
from support.subprocesses import killed_at_exit

DUPLICATE_FETCHERS = """\
- id: web
  name: dsh-web
- id: f1
  name: web-fetch-http
- id: f2
  name: web-fetch-http
- id: tool-web
  name: tool-web
"""

DUPLICATE_MESSAGE = (
    "dsh-web: error: WEB_DUPLICATE_PROVIDER: A web fetch provider with id 'http' is already "
    "registered by plugin 'f1'. Plugin 'f2' tried to register it again."
)


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch) -> None:
    scrub_environment(monkeypatch)


@pytest.fixture
def duplicate_fetchers(tmp_path: Path) -> Path:
    path = tmp_path / "two-fetchers.yaml"
    path.write_text(DUPLICATE_FETCHERS, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "argv",
    [["fetch", "https://example.com"], ["search", "q"], ["tools"], ["config"], ["mcp"]],
)
def test_any_error_while_loading_is_a_configuration_error(
    duplicate_fetchers: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # WEB_DUPLICATE_PROVIDER is a web code, but raised at load it means a bad plugin list: 2.
    # (`mcp` fails while loading too, before it would read stdin.)
    status, out, err = run_main([*argv, "--config", str(duplicate_fetchers)], capsys)
    assert status == 2
    assert out == ""
    assert one_line(err).startswith(DUPLICATE_MESSAGE)


def test_a_plugin_crashing_while_loading_is_a_configuration_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def crashing_build(config: str | None) -> Context:
        raise ValueError("Unknown scheme for proxy URL 'gopher://u:hunter2@p'")

    monkeypatch.setattr(commands, "build_context", crashing_build)
    status, out, err = run_main(["fetch", "https://example.com"], capsys)
    assert status == 2
    assert out == ""
    assert one_line(err) == (
        "dsh-web: error: CONFIG_INVALID: Loading the plugins failed: ValueError: Unknown scheme "
        "for proxy URL 'gopher://***@p' (run with --debug for the traceback)"
    )


def test_a_plugin_crashing_while_the_mcp_server_loads_is_a_configuration_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The same failure as for `fetch` above, through `dsh-web mcp` (whose server builds the
    # context itself): exit 2 and the proxy password masked, not `INTERNAL` with the password.
    import dsh.mcp._run as mcp_run

    def crashing_build(config: str | None) -> Context:
        raise ValueError("Unknown scheme for proxy URL 'gopher://u:hunter2@p'")

    monkeypatch.setattr(mcp_run, "build_context", crashing_build)
    status, out, err = run_main(["mcp"], capsys)
    assert status == 2
    assert out == ""
    assert "hunter2" not in err
    assert one_line(err) == (
        "dsh-web: error: CONFIG_INVALID: Loading the plugins failed: ValueError: Unknown scheme "
        "for proxy URL 'gopher://***@p' (run with --debug for the traceback)"
    )


def test_an_unexpected_exception_inside_a_tool_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def broken(_args: object, _execution: object) -> ToolResult:
        raise RuntimeError("a bug in the tool")

    def build_with_a_broken_fetch(config: str | None) -> Context:
        ctx = Context()  # no plugin: just the tool registered below
        ctx.tools.register(
            ToolDefinition(
                name="web_fetch",
                description="Broken on purpose.",
                parameters={"type": "object", "properties": {"url": {"type": "string"}}},
                execute=broken,
            )
        )
        return ctx

    monkeypatch.setattr(commands, "build_context", build_with_a_broken_fetch)
    status, out, err = run_main(["fetch", "https://example.com"], capsys)
    assert status == 1
    assert out == ""
    assert one_line(err) == (
        "dsh-web: error: TOOL_ERROR: Tool web_fetch failed unexpectedly (RuntimeError). "
        "The failure was logged. (run with --debug for the traceback)"
    )


# The same in a real process, where nothing configured logging: the registry's log record (with
# the tool's traceback) must not reach stderr unless --debug asks for it.
BROKEN_TOOL_SCRIPT = """
import sys
import dsh.cli._commands as commands
from dsh.cli import main
from dsh.harness import Context, ToolDefinition

async def broken(_args, _execution):
    raise RuntimeError("a bug in the tool")

def build(config):
    ctx = Context()
    ctx.tools.register(ToolDefinition(
        name="web_fetch", description="Broken on purpose.",
        parameters={"type": "object", "properties": {"url": {"type": "string"}}},
        execute=broken,
    ))
    return ctx

commands.build_context = build
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("debug", [False, True])
async def test_a_tool_error_in_a_real_process(debug: bool) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        BROKEN_TOOL_SCRIPT,
        "fetch",
        "https://example.com",
        *(["--debug"] if debug else []),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=clean_env(),
    )
    async with killed_at_exit(process):
        out, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 1
    assert out == b""
    stderr = err.decode()
    last = "dsh-web: error: TOOL_ERROR: Tool web_fetch failed unexpectedly (RuntimeError). "
    if debug:
        assert "RuntimeError: a bug in the tool" in stderr  # the tool's own traceback
        assert stderr.splitlines()[-1] == last + "The failure was logged."
    else:
        assert one_line(stderr) == last + (
            "The failure was logged. (run with --debug for the traceback)"
        )


@pytest.mark.parametrize("text", ["", "# just a comment\n", "null\n", "[]\n"])
def test_an_empty_config_file_is_a_configuration_error(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(text, encoding="utf-8")
    status, out, err = run_main(["fetch", "https://example.com", "--config", str(path)], capsys)
    assert status == 2
    assert out == ""
    assert one_line(err) == (
        f"dsh-web: error: CONFIG_INVALID: {path}: the plugin list is empty; list the plugins to "
        "load (see docs/configuration.md), or omit --config to use the embedded default."
    )


def test_config_masks_a_proxy_password(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "proxied.yaml"
    path.write_text(
        "- id: web\n  name: dsh-web\n- id: fetch\n  name: web-fetch-http\n"
        "  config: {proxy: 'http://user:pw0rd@proxy.local:3128'}\n",
        encoding="utf-8",
    )
    status, out, err = run_main(["config", "--config", str(path)], capsys)
    assert status == 0, err
    assert "pw0rd" not in out
    assert "    proxy: http://***@proxy.local:3128" in out.splitlines()


@pytest.mark.parametrize(
    ("config", "shown"),
    [
        (
            "- id: fetch\n  name: web-fetch-http\n  config: {proxy: 'ftp://u:hunter2@p:1'}\n",
            "(got 'ftp://***@p:1')",
        ),
        (
            "- id: exa\n  name: web-search-exa\n  config: {base_url: 'https://u:pass@api.example'}\n",
            "(got 'https://***@api.example')",
        ),
    ],
)
def test_a_config_error_masks_url_credentials(
    tmp_path: Path, config: str, shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad-url.yaml"
    path.write_text("- id: web\n  name: dsh-web\n" + config, encoding="utf-8")
    status, out, err = run_main(["config", "--config", str(path)], capsys)
    assert status == 2
    assert out == ""
    line = one_line(err)
    assert line.startswith("dsh-web: error: CONFIG_INVALID: Invalid config for plugin ")
    assert line.endswith(shown + ".")
    assert "hunter2" not in line
    assert "pass@" not in line


def _cleanup_fails_with(monkeypatch: pytest.MonkeyPatch, message: str) -> None:
    """Make the command's context fail at close with a RuntimeError carrying `message`."""

    def failing_cleanup() -> None:
        raise RuntimeError(message)

    def build_with_a_failing_cleanup(config: str | None) -> Context:
        ctx = Context()
        ctx.effect(failing_cleanup)
        return ctx

    monkeypatch.setattr(commands, "build_context", build_with_a_failing_cleanup)


def test_an_unexpected_exception_with_a_huge_message_is_one_bounded_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A cleanup that fails with a library's whole response body (or a repr of a big object) as
    # its message: the INTERNAL line names the exception and a bounded start of its message.
    _cleanup_fails_with(monkeypatch, "start of the message " + "x" * 200_000 + " END")
    status, _out, err = run_main(["tools"], capsys)
    assert status == 1
    line = one_line(err)
    assert line.startswith("dsh-web: error: INTERNAL: RuntimeError: start of the message xxx")
    assert line.endswith("x… (run with --debug for the traceback)")
    assert "END" not in line
    assert len(line) < 400


def test_an_unexpected_exception_never_shows_url_credentials(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A library's message quoting the proxy URL it choked on (or a request URL with a key in the
    # query): the INTERNAL line masks them as a configuration error does.
    _cleanup_fails_with(
        monkeypatch,
        "proxy http://ops:hunter2@proxy.local:3128 refused "
        "https://api.example/v1?q=cats&api_key=sk-live-1",
    )
    status, _out, err = run_main(["tools"], capsys)
    assert status == 1
    assert one_line(err) == (
        "dsh-web: error: INTERNAL: RuntimeError: proxy http://***@proxy.local:3128 refused "
        "https://api.example/v1?q=cats&api_key=*** (run with --debug for the traceback)"
    )
