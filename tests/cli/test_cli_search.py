"""`dsh-web search` against a real provider plugin pointed at a local server."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cli.cli_support import exa_config, run_cli
from support.local_http import LocalServer

EXA_RESPONSE = {
    "requestId": "b5947044c4b78efa9552a7c89b306d95",
    "results": [
        {
            "id": "https://docs.python.org/3/",
            "url": "https://docs.python.org/3/",
            "title": "Python 3 documentation",
            "publishedDate": "2024-01-01T00:00:00.000Z",
            "highlights": ["The official Python documentation."],
            "highlightScores": [0.5],
        }
    ],
}


async def test_search_prints_the_tool_text(server: LocalServer, tmp_path: Path) -> None:
    server.respond_json("/search", EXA_RESPONSE)
    config = tmp_path / "exa.yaml"
    config.write_text(exa_config(server.url("")), encoding="utf-8")
    env = {"DSH_TEST_EXA_KEY": "local-test-key"}
    done = await run_cli("search", "python docs", "asyncio", "--config", str(config), env=env)
    assert done.status == 0, done.stderr
    assert done.stderr == ""
    assert "Sources:\n- [Python 3 documentation](https://docs.python.org/3/)" in done.stdout
    assert done.stdout.rstrip().endswith(
        "Cite the relevant URLs above as markdown links in your answer."
    )
    queries = sorted(request.json()["query"] for request in server.requests)
    assert queries == ["asyncio", "python docs"]

    as_json = await run_cli("search", "--json", "python", "--config", str(config), env=env)
    assert as_json.status == 0, as_json.stderr
    data = json.loads(as_json.stdout)
    assert data["queries"] == ["python"]
    assert data["sources"][0]["url"] == "https://docs.python.org/3/"
    assert data["truncated"] is False


async def _json_keys_in_help(command: str) -> list[str]:
    """The ``{a, b, ...}`` that ``dsh-web COMMAND --help`` says ``--json`` prints."""
    done = await run_cli(command, "--help")
    assert done.status == 0, done.stderr
    help_text = " ".join(done.stdout.split())
    found = re.search(r"print \{([^}]*)\} as one JSON object", help_text)
    assert found is not None, help_text
    return [key.strip() for key in found.group(1).split(",")]


async def test_search_json_help_names_the_keys_it_prints(
    server: LocalServer, tmp_path: Path
) -> None:
    # `search --help` must list the keys `--json` prints (the README lists them too).
    server.respond_json("/search", EXA_RESPONSE)
    config = tmp_path / "exa.yaml"
    config.write_text(exa_config(server.url("")), encoding="utf-8")
    env = {"DSH_TEST_EXA_KEY": "local-test-key"}
    done = await run_cli("search", "--json", "python", "--config", str(config), env=env)
    assert done.status == 0, done.stderr
    assert await _json_keys_in_help("search") == list(json.loads(done.stdout))


async def test_web_search_asks_exa_for_search_max_results_not_num_results(
    server: LocalServer, tmp_path: Path
) -> None:
    # docs/configuration.md: Exa's `num_results` serves only requests without `max_results`;
    # web_search always sends tool-web's `search_max_results`.
    server.respond_json("/search", EXA_RESPONSE)
    config = tmp_path / "exa.yaml"
    text = (
        exa_config(server.url(""))
        .replace(
            "    api_key_env: DSH_TEST_EXA_KEY\n",
            "    api_key_env: DSH_TEST_EXA_KEY\n    num_results: 20\n",
        )
        .replace("  name: tool-web\n", "  name: tool-web\n  config: {search_max_results: 3}\n")
    )
    config.write_text(text, encoding="utf-8")
    env = {"DSH_TEST_EXA_KEY": "local-test-key"}
    done = await run_cli("search", "python", "--config", str(config), env=env)
    assert done.status == 0, done.stderr
    assert [request.json()["numResults"] for request in server.requests] == [3]
