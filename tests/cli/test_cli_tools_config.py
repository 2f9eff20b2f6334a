"""`dsh-web tools` (every format) and `dsh-web config` (secrets masked)."""

from __future__ import annotations

import json
from pathlib import Path

from cli.cli_support import run_cli

FETCH_GUIDANCE = (
    "Use the web_fetch tool to retrieve the content of a specific HTTP(S) URL (for example a "
    "result from web_search). It returns the page content decoded to text. Cite the URL as a "
    "markdown link when you use its content."
)


async def test_tools_prompt_is_the_seed_guidance() -> None:
    done = await run_cli("tools", "--format", "prompt")
    assert done.status == 0, done.stderr
    assert FETCH_GUIDANCE in done.stdout.rstrip("\n").split("\n\n")
    assert done.stdout.startswith("Use the web_search tool")


async def test_config_masks_secrets_and_reports_credentials(tmp_path: Path) -> None:
    path = tmp_path / "keyed.yaml"
    path.write_text(
        "- id: web\n  name: dsh-web\n- id: exa\n  name: web-search-exa\n"
        "  config: {api_key: sk-literal-secret-1234}\n- id: tool-web\n  name: tool-web\n",
        encoding="utf-8",
    )
    env = {"EXA_API_KEY": "env-secret-5678"}
    done = await run_cli("config", "--json", "--config", str(path), env=env)
    assert done.status == 0, done.stderr
    assert "sk-literal-secret-1234" not in done.stdout
    assert "env-secret-5678" not in done.stdout
    data = json.loads(done.stdout)
    assert data["source"] == str(path)
    exa = next(p for p in data["plugins"] if p["id"] == "exa")
    assert exa["config"]["api_key"] == "***"
    assert exa["config"]["api_key_env"] == "EXA_API_KEY"
    assert data["environment"]["EXA_API_KEY"] == "set"
    assert data["selection"]["search"] == "exa"
    assert data["tools"] == ["web_fetch", "web_search"]
    tool_web = next(p for p in data["plugins"] if p["name"] == "tool-web")
    assert tool_web["config"]["search_max_results"] == 8  # defaults filled in


async def test_tools_and_config_load_with_a_socks_proxy_in_the_environment() -> None:
    # Both failed at load ("CONFIG_INVALID: ... is a SOCKS proxy, which needs the 'socksio'
    # package") while socksio was not a dependency, for a proxy the user had not configured here.
    env = {
        "ALL_PROXY": "socks5://127.0.0.1:1080",
        "HTTPS_PROXY": "socks5h://127.0.0.1:1080",
        "NO_PROXY": "",
    }
    tools = await run_cli("tools", "--format", "prompt", env=env)
    assert tools.status == 0, tools.stderr
    assert FETCH_GUIDANCE in tools.stdout
    config = await run_cli("config", "--json", env=env)
    assert config.status == 0, config.stderr
    assert json.loads(config.stdout)["tools"] == ["web_fetch", "web_search"]
