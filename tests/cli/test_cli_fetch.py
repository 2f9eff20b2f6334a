"""`dsh-web fetch` as a subprocess against a real local server."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from pathlib import Path

import pytest

from cli.cli_support import run_cli, run_main_in_thread
from support.environment import clean_env, scrub_environment
from support.local_http import HangingRoute, LocalServer, Request, write_response
from support.socks5 import Connect, Socks5Proxy
from support.subprocesses import killed_at_exit

PAGE = """<!doctype html><html><head><title>Hello</title><script>var x = 1;</script></head>
<body><main><h1>Hello page</h1><p>Some <strong>text</strong> with a
<a href="/next">link</a>.</p></main></body></html>"""


async def test_fetch_prints_exactly_the_tool_text(
    server: LocalServer, loopback_config: Path
) -> None:
    server.respond("/page", PAGE, content_type="text/html; charset=utf-8")
    url = server.url("/page")
    done = await run_cli("fetch", url, "--config", str(loopback_config))
    assert done.status == 0, done.stderr
    assert done.stdout.startswith(f"Fetched {url} (HTTP 200)\n\n")
    assert "# Hello page" in done.stdout
    assert "var x" not in done.stdout
    # Not a terminal: no spinner, no progress, nothing but the result.
    assert done.stderr == ""


async def test_config_may_come_before_the_subcommand(
    server: LocalServer, loopback_config: Path
) -> None:
    server.respond("/t", "plain words")
    url = server.url("/t")
    before, after = await asyncio.gather(
        run_cli("--config", str(loopback_config), "fetch", url),
        run_cli("fetch", url, "--config", str(loopback_config)),
    )
    assert before.status == after.status == 0, before.stderr + after.stderr
    assert before.stdout == after.stdout == f"Fetched {url} (HTTP 200)\n\nplain words\n"


async def test_fetch_json_is_one_object_with_the_documented_keys(
    server: LocalServer, loopback_config: Path
) -> None:
    server.respond("/page", PAGE, content_type="text/html")
    url = server.url("/page")
    done, text = await asyncio.gather(
        run_cli("fetch", "--json", url, "--config", str(loopback_config)),
        run_cli("fetch", url, "--config", str(loopback_config)),
    )
    assert done.status == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data) == ["url", "status_code", "kind", "truncated", "content"]
    assert data["url"] == url
    assert data["status_code"] == 200
    assert data["kind"] == "html"
    assert data["truncated"] is False
    assert data["content"].startswith("# Hello page")
    assert text.stdout == f"Fetched {url} (HTTP 200)\n\n{data['content']}\n"


async def test_fetch_through_a_socks_proxy_from_all_proxy(
    server: LocalServer, socks_proxy: Socks5Proxy
) -> None:
    # The default config: the guard's static check passes a public name, which only the proxy
    # resolves (to the loopback server); the subprocess never looks it up itself.
    socks_proxy.names["www.example.com"] = "127.0.0.1"
    server.respond("/t", "plain words")
    url = f"http://www.example.com:{server.port}/t"
    done = await run_cli("fetch", url, env={"ALL_PROXY": socks_proxy.url, "NO_PROXY": ""})
    assert done.status == 0, done.stderr
    assert done.stdout == f"Fetched {url} (HTTP 200)\n\nplain words\n"
    assert socks_proxy.connects == [Connect("domain", "www.example.com", server.port)]


# In-process variants (same main(), on a thread): every subprocess pays the plugins' imports.


@pytest.fixture
def _clean(monkeypatch: pytest.MonkeyPatch) -> None:
    scrub_environment(monkeypatch)


@pytest.mark.usefixtures("_clean")
async def test_a_404_is_a_result_not_an_error(
    server: LocalServer, loopback_config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server.respond("/missing", "gone", status=404)
    status = await run_main_in_thread(
        ["fetch", server.url("/missing"), "--config", str(loopback_config)]
    )
    out, err = capsys.readouterr()
    assert status == 0, err
    assert out == f"Fetched {server.url('/missing')} (HTTP 404)\n\ngone\n"


QUOTED_NOTE = (
    "The tool ends a cut page with:\n\n"
    "(Content truncated. Fetch a more specific URL or section for the full text.)"
)


@pytest.mark.usefixtures("_clean")
@pytest.mark.parametrize(
    ("body", "content"),
    [
        # The tool text is the header line alone; `content` is the (empty) body, not that line.
        ("", ""),
        ("\n  \n", ""),
        # A page quoting the note is not truncated: only the tool's own footer is removed.
        (QUOTED_NOTE, QUOTED_NOTE),
    ],
    ids=["empty", "blank", "quotes-the-truncation-note"],
)
async def test_fetch_json_content_is_the_body_as_fetched(
    body: str,
    content: str,
    server: LocalServer,
    loopback_config: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    server.respond("/page", body)
    url = server.url("/page")
    status = await run_main_in_thread(["fetch", "--json", url, "--config", str(loopback_config)])
    out, err = capsys.readouterr()
    assert status == 0, err
    data = json.loads(out)
    assert data["truncated"] is False
    assert data["content"] == content


async def test_the_default_config_blocks_loopback(server: LocalServer) -> None:
    server.respond("/secret", "must not be read")
    done = await run_cli("fetch", server.url("/secret"))
    assert done.status == 3
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("dsh-web: error: WEB_BLOCKED_URL: ")
    assert "allowed_hosts" in lines[0] or "allow_private_network" in lines[0]
    assert server.requests == []


@pytest.mark.usefixtures("_clean")
async def test_an_invalid_url_is_a_web_error(capsys: pytest.CaptureFixture[str]) -> None:
    status = await run_main_in_thread(["fetch", "gopher://example.invalid/x"])
    out, err = capsys.readouterr()
    assert status == 3
    assert err.startswith("dsh-web: error: WEB_INVALID_URL: ")
    assert len(err.splitlines()) == 1
    assert out == ""


@pytest.mark.usefixtures("_clean")
async def test_a_blank_url_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status = await run_main_in_thread(["fetch", "  "])
    out, err = capsys.readouterr()
    assert status == 2
    assert err == "dsh-web: error: INVALID_ARGS: url must be a non-empty string\n"
    assert out == ""


async def test_a_library_warning_does_not_break_the_one_line_error(
    server: LocalServer, loopback_config: Path
) -> None:
    # pypdf logs "EOF marker not found" for this body; stderr must still be the one error line.
    server.respond("/broken.pdf", b"%PDF-1.4\nnot really a pdf", content_type="application/pdf")
    done = await run_cli("fetch", server.url("/broken.pdf"), "--config", str(loopback_config))
    assert done.status == 3
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("dsh-web: error: WEB_")


@pytest.mark.usefixtures("_clean")
async def test_the_tool_timeout_names_its_setting(
    server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: "Tool web_fetch timed out after 0.3 seconds." and nothing about which of the two
    # 30 s budgets (tool-web's fetch_timeout, web-fetch-http's timeout) had run out.
    hanging = HangingRoute()
    server.route("/hang", hanging)
    config = tmp_path / "web.yaml"
    config.write_text(
        "- {id: web, name: dsh-web}\n"
        "- {id: f, name: web-fetch-http, config: {allowed_hosts: ['127.0.0.1']}}\n"
        "- {id: t, name: tool-web, config: {fetch_timeout: 0.3}}\n",
        encoding="utf-8",
    )
    status = await run_main_in_thread(["fetch", server.url("/hang"), "--config", str(config)])
    out, err = capsys.readouterr()
    assert hanging.arrived.is_set()
    assert (status, out) == (3, "")
    assert err == (
        "dsh-web: error: TOOL_TIMEOUT: Tool web_fetch timed out after 0.3 seconds. The limit is "
        "the fetch_timeout setting of tool-web.\n"
    )


def _sigint_ignored() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


async def test_a_fetch_started_with_sigint_ignored_is_not_interrupted_by_it(
    server: LocalServer, loopback_config: Path
) -> None:
    # `dsh-web fetch URL &` in a script: the job inherits SIGINT ignored, and a Ctrl-C meant
    # for the foreground must leave it alone (Python and asyncio.run honour that; the MCP
    # server's own stop handler did not, see tests/mcp/test_mcp_signals.py).
    arrived, answer = asyncio.Event(), asyncio.Event()

    async def held(_request: Request, writer: asyncio.StreamWriter) -> None:
        arrived.set()
        await answer.wait()
        await write_response(writer, 200, {"Content-Type": "text/plain"}, b"still here")

    server.route("/held", held)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "dsh.cli",
        "fetch",
        server.url("/held"),
        "--config",
        str(loopback_config),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=clean_env(),
        preexec_fn=_sigint_ignored,
    )
    async with killed_at_exit(process):
        await asyncio.wait_for(arrived.wait(), 30)
        process.send_signal(signal.SIGINT)  # handled, if at all, before the answer is read
        answer.set()
        out, err = await asyncio.wait_for(process.communicate(), 30)
    assert (process.returncode, err.decode()) == (0, "")
    assert out.decode().endswith("still here\n")
