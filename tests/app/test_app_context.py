"""`dsh.app`: the embedded default, building from a file, and the effective-config report."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from dsh.app import (
    DEFAULT_PLUGINS,
    build_context,
    close,
    describe_config,
    describe_loaded,
    load_context,
    looks_secret,
    mask_secrets,
    open_context,
    plugin_entries,
    plugin_load_failure,
)
from dsh.harness import ConfigError, PluginEntry, to_anthropic, to_openai
from dsh.web import web_of
from support.environment import scrub_environment
from support.local_http import HangingRoute, LocalServer


@pytest.fixture(autouse=True)
def _no_provider_env(monkeypatch: pytest.MonkeyPatch) -> None:
    scrub_environment(monkeypatch)


def test_the_embedded_default_is_spec_section_6() -> None:
    assert [e.name for e in DEFAULT_PLUGINS] == [
        "dsh-web",
        "web-fetch-http",
        "web-search-exa",
        "web-search-perplexity",
        "web-search-deepseek",
        "tool-web",
    ]
    assert all(not e.config for e in DEFAULT_PLUGINS)  # no id pinned anywhere


async def test_default_context_has_both_tools_and_picks_fetch_without_a_key() -> None:
    ctx = build_context()
    try:
        assert [d.name for d in ctx.tools.definitions()] == ["web_fetch", "web_search"]
        web = web_of(ctx)
        assert web.selected_fetch_provider() == "http"
        assert web.search_provider_ids() == ["deepseek-official", "exa", "perplexity"]
        exported = [to_openai(d) for d in ctx.tools.definitions()]
        assert exported[0]["function"]["name"] == "web_fetch"
        assert to_anthropic(ctx.tools.definitions()[1])["name"] == "web_search"
    finally:
        await close(ctx)
    assert not ctx.has("web")


@pytest.mark.parametrize(
    "variables",
    [
        {"ALL_PROXY": "socks5://127.0.0.1:1080"},
        {"HTTPS_PROXY": "socks5h://proxy.example:1080", "all_proxy": "socks5://127.0.0.1:1080"},
        # A proxy httpx cannot use (SOCKS4) fails the calls through it, not the load.
        {"all_proxy": "socks://127.0.0.1:1080/", "HTTP_PROXY": "socks4://127.0.0.1:1080"},
    ],
)
async def test_a_socks_proxy_in_the_environment_loads(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str]
) -> None:
    # A common desktop setting: it made every load fail (CONFIG_INVALID from web-fetch-http,
    # an ImportError from the keyed providers' clients) while socksio was not a dependency.
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    ctx = build_context()
    try:
        assert [d.name for d in ctx.tools.definitions()] == ["web_fetch", "web_search"]
        assert web_of(ctx).search_provider_ids() == ["deepseek-official", "exa", "perplexity"]
    finally:
        await close(ctx)


async def test_a_yaml_file_replaces_the_default(tmp_path: Path) -> None:
    path = tmp_path / "fetch-only.yaml"
    path.write_text(
        "- id: web\n  name: dsh-web\n- id: fetch\n  name: web-fetch-http\n"
        "- id: tool-web\n  name: tool-web\n  config: {search: false}\n",
        encoding="utf-8",
    )
    assert [e.id for e in plugin_entries(path)] == ["web", "fetch", "tool-web"]
    async with open_context(path) as ctx:
        assert [d.name for d in ctx.tools.definitions()] == ["web_fetch"]


async def test_the_environment_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "env.yaml"
    path.write_text("- id: web\n  name: dsh-web\n", encoding="utf-8")
    monkeypatch.setenv("DSH_WEB_CONFIG", str(path))
    assert plugin_entries() == [PluginEntry(id="web", name="dsh-web")]
    assert plugin_entries(None) == plugin_entries()


def test_an_unreadable_file_from_the_environment_says_where_its_name_came_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A variable set long ago in a shell profile: the error must lead back to it.
    missing = tmp_path / "gone.yaml"
    monkeypatch.setenv("DSH_WEB_CONFIG", str(missing))
    with pytest.raises(ConfigError) as raised:
        plugin_entries()
    assert raised.value.message == (
        f"Cannot read config file {str(missing)!r}: No such file or directory. "
        "The file name comes from the DSH_WEB_CONFIG environment variable (unset it to use the "
        "embedded default)."
    )
    # Given explicitly, the file is the caller's own: nothing to add.
    with pytest.raises(ConfigError) as raised:
        plugin_entries(missing)
    assert raised.value.message.endswith(": No such file or directory.")


async def test_a_home_relative_name_is_expanded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An MCP client's "args" and "env" reach dsh-web without a shell: nobody expands the `~`.
    # Before: "Cannot read config file '~/web.yaml': No such file or directory."
    (tmp_path / "web.yaml").write_text("- id: web\n  name: dsh-web\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert plugin_entries("~/web.yaml") == [PluginEntry(id="web", name="dsh-web")]
    monkeypatch.setenv("DSH_WEB_CONFIG", "~/web.yaml")
    assert plugin_entries() == [PluginEntry(id="web", name="dsh-web")]


def test_a_missing_relative_name_says_where_it_was_looked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A server started by an MCP client runs in a directory the user never chose.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError) as raised:
        plugin_entries("web.yaml")
    assert raised.value.message == (
        f"Cannot read config file 'web.yaml' (looked for {str(tmp_path / 'web.yaml')!r}): "
        "No such file or directory."
    )


async def test_a_closed_context_says_it_is_closed() -> None:
    # Before: "Context has no service 'web'; load the plugin that provides it." after close(),
    # which sends the caller after a plugin list that was fine.
    ctx = build_context()
    assert ctx.web is not None
    await close(ctx)
    with pytest.raises(AttributeError) as raised:
        _ = ctx.web
    assert str(raised.value) == (
        "Context has no service 'web': the context was closed (close(ctx) or ctx.dispose()); "
        "build a new one."
    )


async def test_a_tool_call_after_close_says_the_context_was_closed() -> None:
    # Before: 'Unknown tool "web_fetch". Available tools: none.' (UNKNOWN_TOOL), which told the
    # model (or the developer) that the tool had never existed.
    ctx = build_context()
    registry = ctx.tools
    await close(ctx)
    for name in ("web_fetch", "no_such_tool"):
        result = await registry.execute(name, {"url": "http://127.0.0.1:9/"})
        assert result.is_error
        assert result.metadata["code"] == "SCOPE_DISPOSED"
        assert result.text == (
            f'Error: Tool "{name}" cannot run: the context was closed (close(ctx) or '
            "ctx.dispose()); build a new one."
        )


async def test_a_call_running_when_the_context_closes_says_it_was_closed(
    server: LocalServer,
) -> None:
    # Before: 'The web fetch provider 'http' was unloaded while the fetch was running. Try
    # again: the next fetch selects a provider again.' (WEB_PROVIDER_UNAVAILABLE), though the
    # next call could only answer SCOPE_DISPOSED.
    hanging = HangingRoute()
    server.route("/hang", hanging)
    ctx = build_context(
        entries=[
            {"name": "dsh-web"},
            {"name": "web-fetch-http", "config": {"allowed_hosts": ["127.0.0.1"]}},
            {"name": "tool-web"},
        ]
    )
    call = asyncio.ensure_future(ctx.tools.execute("web_fetch", {"url": server.url("/hang")}))
    await asyncio.wait_for(hanging.arrived.wait(), 10)
    await close(ctx)
    result = await asyncio.wait_for(call, 10)
    assert result.metadata["code"] == "WEB_ABORTED"
    assert result.text == (
        "Error: The web fetch was aborted: the context was closed (close(ctx) or ctx.dispose())."
    )


async def test_disposing_a_plugin_leaves_the_other_tools_callable() -> None:
    # Only closing the context closes its registry: an unloaded plugin's tool is unknown again.
    ctx = build_context(entries=[{"name": "dsh-web"}, {"name": "tool-web"}])
    try:
        (tool_web,) = (scope for scope in ctx.scope.children if scope.name == "tool-web")
        await tool_web.dispose()
        result = await ctx.tools.execute("web_fetch", {"url": "http://127.0.0.1:9/"})
        assert result.metadata["code"] == "UNKNOWN_TOOL"
    finally:
        await close(ctx)


@pytest.mark.parametrize(
    ("config", "kind"),
    [([{"name": "dsh-web"}], "list"), ({"name": "dsh-web"}, "dict"), (3, "int")],
)
def test_a_plugin_list_passed_as_the_config_path_says_to_use_entries(
    config: Any, kind: str
) -> None:
    # Before: TypeError: expected str, bytes or os.PathLike object, not list (from pathlib),
    # which named neither the argument nor entries=, where the list in memory goes.
    with pytest.raises(ConfigError) as raised:
        build_context(config)
    assert raised.value.code == "CONFIG_INVALID"
    assert raised.value.message == (
        f"config_path must be the path of a YAML plugin list, not a {kind}; pass a plugin list "
        "in memory as entries=[{'id': ..., 'name': ...}, ...]."
    )


async def test_entries_may_be_the_yaml_shape_as_python_data() -> None:
    # Before: AttributeError: 'dict' object has no attribute 'name'.
    entries: Any = [{"id": "web", "name": "dsh-web"}, {"name": "web-fetch-http"}]
    async with open_context(entries=entries) as ctx:
        assert web_of(ctx).fetch_provider_ids() == ["http"]
    with pytest.raises(ConfigError) as raised:
        build_context(entries=[{"id": "web"}])
    assert raised.value.message == (
        "entries: plugin #1: `name` must be a plugin name such as `dsh-web`."
    )
    with pytest.raises(ConfigError) as raised:
        build_context(entries="- id: web\n  name: dsh-web\n")  # type: ignore[arg-type]
    assert raised.value.message == (
        "entries: expected a list of plugins (`- id: ... / name: ...`), got str."
    )


@pytest.mark.parametrize("entries", [[], (), iter([])], ids=["list", "tuple", "iterator"])
async def test_an_empty_entries_list_is_refused_as_an_empty_file_is(entries: Any) -> None:
    # Before: a context with no tools at all, whose every call answered UNKNOWN_TOOL "Available
    # tools: none." (a filter that left nothing, say), while the same list in a file was refused.
    with pytest.raises(ConfigError) as raised:
        build_context(entries=entries)
    assert raised.value.code == "CONFIG_INVALID"
    assert raised.value.message == (
        "entries: the plugin list is empty; list the plugins to load (see "
        "docs/configuration.md), or omit entries= to use the config file or the embedded default."
    )
    with pytest.raises(ConfigError) as raised:
        await describe_config(entries=[])
    assert raised.value.message.startswith("entries: the plugin list is empty;")


def test_a_bad_plugin_config_is_a_config_error() -> None:
    entries = [
        PluginEntry("web", "dsh-web"),
        PluginEntry("tool-web", "tool-web", {"search_max_results": 0}),
    ]
    with pytest.raises(ConfigError, match="search_max_results"):
        build_context(entries=entries)


class _CrashingPlugin:
    name = "crashing"

    def apply(self, ctx: object, config: object) -> None:
        raise RuntimeError("boom in apply")


def test_a_plugin_that_crashes_while_loading_is_named_in_the_error() -> None:
    # With six plugins in the list, "Loading the plugins failed: RuntimeError: ..." alone does
    # not say whose bug it is; every surface reports the error through plugin_load_failure.
    from dsh.harness import resolve_plugin

    def resolve(name: str) -> object:
        return _CrashingPlugin() if name == "crashing" else resolve_plugin(name)

    entries = [PluginEntry("web", "dsh-web"), PluginEntry("third-party", "crashing")]
    with pytest.raises(RuntimeError) as raised:
        load_context(entries=entries, resolve=resolve)
    assert plugin_load_failure(raised.value).message == (
        "Loading the plugins failed: RuntimeError: boom in apply "
        "(raised by the apply() of plugin 'third-party' (crashing))"
    )


class _LoudlyCrashingPlugin:
    name = "loud"

    def apply(self, ctx: object, config: object) -> None:
        raise RuntimeError(
            "proxy https://ops:hunter2@proxy.example:3128 refused\n" + "detail\n" * 50_000 + "END"
        )


def test_a_plugin_crash_is_quoted_as_one_bounded_line() -> None:
    from dsh.harness import resolve_plugin

    def resolve(name: str) -> object:
        return _LoudlyCrashingPlugin() if name == "loud" else resolve_plugin(name)

    entries = [PluginEntry("web", "dsh-web"), PluginEntry("third-party", "loud")]
    with pytest.raises(RuntimeError) as raised:
        load_context(entries=entries, resolve=resolve)
    message = plugin_load_failure(raised.value).message
    assert message.startswith(
        "Loading the plugins failed: RuntimeError: proxy https://***@proxy.example:3128 refused "
        "detail detail"
    )
    # The note naming the plugin is kept whole after the cut message.
    assert message.endswith("… (raised by the apply() of plugin 'third-party' (loud))")
    assert "\n" not in message
    assert "END" not in message
    assert "hunter2" not in message
    assert len(message) < 450


def test_secret_keys() -> None:
    assert looks_secret("api_key")
    assert looks_secret("token")
    assert looks_secret("client_secret")
    assert not looks_secret("api_key_env")
    assert not looks_secret("search_max_results")
    assert not looks_secret("allowed_hosts")
    assert mask_secrets(
        {"api_key": "sk-1", "nested": {"token": "t"}, "n": 3, "api_key_env": "X"}
    ) == {
        "api_key": "***",
        "nested": {"token": "***"},
        "n": 3,
        "api_key_env": "X",
    }


async def test_describe_config_masks_and_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PERPLEXITY_API_KEY", "pplx-secret-value")
    entries = [
        PluginEntry("web", "dsh-web"),
        PluginEntry("exa", "web-search-exa", {"api_key": "exa-literal-secret"}),
        PluginEntry("pplx", "web-search-perplexity"),
        PluginEntry("tool-web", "tool-web"),
    ]
    data = await describe_config(entries=entries)
    text = repr(data)
    assert "exa-literal-secret" not in text
    assert "pplx-secret-value" not in text
    exa = next(p for p in data["plugins"] if p["id"] == "exa")
    assert exa["config"]["api_key"] == "***"
    assert data["environment"]["PERPLEXITY_API_KEY"] == "set"
    assert data["environment"]["EXA_API_KEY"] == "unset"
    assert data["selection"]["search"].startswith("WEB_PROVIDER_AMBIGUOUS: ")
    assert data["selection"]["fetch"].startswith("WEB_PROVIDER_UNAVAILABLE: ")


def test_url_credentials_are_masked_at_any_depth() -> None:
    data = {
        "proxy": "http://user:pw0rd@proxy.local:3128",
        "base_url": "https://u:pass@api.example/v1?q=a@b",
        "hosts": ["socks5h://tok3n@10.0.0.1:1080", "plain.example", "mail@example.com"],
        "nested": {"routes": [{"via": "https://a:b@c@proxy.example"}]},
        "api_key": "http://k:v@x",  # a secret key's value is masked whole
        "n": 3,
    }
    assert mask_secrets(data) == {
        "proxy": "http://***@proxy.local:3128",
        "base_url": "https://***@api.example/v1?q=a@b",
        "hosts": ["socks5h://***@10.0.0.1:1080", "plain.example", "mail@example.com"],
        "nested": {"routes": [{"via": "https://***@proxy.example"}]},
        "api_key": "***",
        "n": 3,
    }


async def test_describe_config_masks_a_proxy_password() -> None:
    entries = [
        PluginEntry("web", "dsh-web"),
        PluginEntry("fetch", "web-fetch-http", {"proxy": "http://user:pw0rd@proxy.local:3128"}),
        PluginEntry("tool-web", "tool-web", {"search": False}),
    ]
    data = await describe_config(entries=entries)
    assert "pw0rd" not in repr(data)
    fetch = next(p for p in data["plugins"] if p["id"] == "fetch")
    assert fetch["config"]["proxy"] == "http://***@proxy.local:3128"


async def test_describe_config_masks_a_secret_query_value() -> None:
    # A key in a URL's query (`?token=...`) is as secret as a password in it; only the password
    # was masked, by a second rule beside the one quoted messages use.
    entries = [
        PluginEntry("web", "dsh-web"),
        PluginEntry("fetch", "web-fetch-http", {"proxy": "http://proxy.local:3128/?token=t0k-v4l"}),
        PluginEntry("tool-web", "tool-web", {"search": False}),
    ]
    data = await describe_config(entries=entries)
    assert "t0k-v4l" not in repr(data)
    fetch = next(p for p in data["plugins"] if p["id"] == "fetch")
    assert fetch["config"]["proxy"] == "http://proxy.local:3128/?token=***"


def test_secret_query_values_are_masked_by_the_one_rule() -> None:
    data = {
        "hook": "https://hooks.example/x?api_key=k1&max_tokens=5&tokenizer=t&X-Api-Key=k2",
        "nested": [{"via": "https://u:p@h.example/?clientSecret=s3#f"}],
        "lookup": "https://h.example/?api_key_env=NAME",
    }
    assert mask_secrets(data) == {
        "hook": "https://hooks.example/x?api_key=***&max_tokens=5&tokenizer=t&X-Api-Key=***",
        "nested": [{"via": "https://***@h.example/?clientSecret=***#f"}],
        "lookup": "https://h.example/?api_key_env=NAME",
    }


async def test_describe_loaded_reports_a_context_the_caller_loaded(tmp_path: Path) -> None:
    path = tmp_path / "fetch.yaml"
    path.write_text(
        "- id: web\n  name: dsh-web\n- id: fetch\n  name: web-fetch-http\n", encoding="utf-8"
    )
    ctx, loaded = load_context(path)
    data = await describe_loaded(ctx, loaded, source=path)
    assert data["source"] == str(path)
    assert [p["id"] for p in data["plugins"]] == ["web", "fetch"]
    assert data["selection"]["fetch"] == "http"
    assert not ctx.has("web")  # disposed
