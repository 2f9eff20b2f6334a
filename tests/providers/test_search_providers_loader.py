"""Each search plugin loads through the real loader from YAML, registers, works and unloads."""

from __future__ import annotations

from types import ModuleType

import httpx
import pytest
import yaml

import dsh.providers._keyed_api.registration as keyed_registration
from dsh.harness import (
    ChatRoute,
    Context,
    Credentials,
    MappingSource,
    load_plugins,
    parse_plugin_list,
)
from dsh.providers._keyed_api.client import new_client
from dsh.providers.deepseek import api_plugin, official_plugin
from dsh.providers.exa import plugin as exa_plugin
from dsh.providers.perplexity import plugin as perplexity_plugin
from dsh.web import WebSearchRequest, describe_selection, web_of
from providers.search_provider_support import fixture
from support.local_http import LocalServer

PLUGINS = [
    # (entry point name, provider id, module, path served, fixture)
    ("web-search-exa", "exa", exa_plugin, "/search", "exa_search.json"),
    (
        "web-search-perplexity",
        "perplexity",
        perplexity_plugin,
        "/chat/completions",
        "perplexity_citations_only.json",
    ),
    (
        "web-search-deepseek",
        "deepseek-official",
        official_plugin,
        "/messages",
        "deepseek_web_search.json",
    ),
    ("web-deepseek-api", "deepseek-api", api_plugin, "/messages", "deepseek_web_search.json"),
]

YAML = """
- id: web
  name: dsh-web
  config:
    search_provider: {provider_id}
- id: search
  name: {entry_point}
  config:
    base_url: {base_url}
    timeout: 5
"""


@pytest.mark.parametrize(
    ("entry_point", "provider_id", "module", "path", "body"),
    PLUGINS,
    ids=[p[0] for p in PLUGINS],
)
async def test_loads_from_yaml_registers_searches_and_disposes(
    server: LocalServer,
    monkeypatch: pytest.MonkeyPatch,
    entry_point: str,
    provider_id: str,
    module: ModuleType,
    path: str,
    body: str,
) -> None:
    assert module.name == entry_point
    clients: list[httpx.AsyncClient] = []

    # Every keyed plugin's apply gets its client from the shared helper.
    def recording_new_client(timeout: float) -> httpx.AsyncClient:
        client: httpx.AsyncClient = new_client(timeout)
        clients.append(client)
        return client

    monkeypatch.setattr(keyed_registration, "new_client", recording_new_client)
    server.respond_json(path, fixture(body))
    credentials = Credentials(
        MappingSource({"EXA_API_KEY": "k1", "PERPLEXITY_API_KEY": "k2", "DEEPSEEK_API_KEY": "k3"})
    )
    credentials.add_route(ChatRoute("ds", "deepseek", api_key="k4"))
    ctx = Context(credentials=credentials)
    text = YAML.format(provider_id=provider_id, entry_point=entry_point, base_url=server.url(""))
    loaded = load_plugins(ctx, parse_plugin_list(yaml.safe_load(text), source="test.yaml"))
    web = web_of(ctx)
    try:
        assert web.search_provider_ids() == [provider_id]
        if provider_id == "deepseek-api":
            assert await web.search_ready("ds") is True  # its searches run inside tool calls
        else:
            result = await web.search(WebSearchRequest("q", max_results=3))
            assert result.sources
            assert len(server.requests) == 1
        (client,) = clients
        assert not client.is_closed
        await loaded[-1].context.dispose()  # unload the provider plugin only
        assert web.search_provider_ids() == []
        assert client.is_closed
    finally:
        await ctx.dispose()


async def test_an_unknown_config_key_fails_before_anything_is_applied() -> None:
    from dsh.harness import ConfigError

    ctx = Context(credentials=Credentials(MappingSource({})))
    entries = parse_plugin_list(
        yaml.safe_load(
            "- {id: web, name: dsh-web}\n- {id: s, name: web-search-exa, config: {baseURL: x}}\n"
        )
    )
    with pytest.raises(ConfigError) as caught:
        load_plugins(ctx, entries)
    assert "Invalid config for plugin 's'" in caught.value.message
    assert "unknown key 'baseURL'" in caught.value.message
    assert not ctx.has("web")


KEYED = [
    ("web-search-exa", "EXA_API_KEY"),
    ("web-search-perplexity", "PERPLEXITY_API_KEY"),
    ("web-search-deepseek", "DEEPSEEK_API_KEY"),
]


def _load_error(entry_point: str, config: str) -> str:
    from dsh.harness import ConfigError

    ctx = Context(credentials=Credentials(MappingSource({})))
    entries = parse_plugin_list(
        yaml.safe_load(
            f"- {{id: web, name: dsh-web}}\n- {{id: s, name: {entry_point}, {config}}}\n"
        )
    )
    with pytest.raises(ConfigError) as caught:
        load_plugins(ctx, entries)
    assert not ctx.has("web")
    return caught.value.message


@pytest.mark.parametrize(("entry_point", "variable"), KEYED, ids=[k[0] for k in KEYED])
@pytest.mark.parametrize("form", ["${%s}", "$%s"])
async def test_a_variable_reference_as_the_literal_key_is_refused(
    entry_point: str, variable: str, form: str
) -> None:
    # Nothing expands references: before, "${EXA_API_KEY}" itself was sent as the key, and the
    # provider's 401 never said why.
    reference = form % variable
    message = _load_error(entry_point, f'config: {{api_key: "{reference}"}}')
    assert message == (
        "Invalid config for plugin 's': 'api_key': Value error, `api_key` holds a reference to "
        f"the environment variable {variable}, but `api_key` is the key itself and is not "
        f"expanded; to read the key from that variable, set `api_key_env: {variable}` instead "
        "(got ***)."
    )


@pytest.mark.parametrize(("entry_point", "variable"), KEYED, ids=[k[0] for k in KEYED])
@pytest.mark.parametrize("form", ["${%s}", "$%s"])
async def test_a_dollar_in_the_key_variable_name_is_refused(
    entry_point: str, variable: str, form: str
) -> None:
    # Before: the provider was unavailable with "$EXA_API_KEY is not set" while EXA_API_KEY was.
    reference = form % variable
    message = _load_error(entry_point, f'config: {{api_key_env: "{reference}"}}')
    assert message == (
        f"Invalid config for plugin 's': 'api_key_env': Value error, `api_key_env` is the name "
        f"of the variable, without `$` or braces: write `api_key_env: {variable}` "
        f"(got {reference!r})."  # a variable's name is no secret (dsh/_text.py's looks_secret)
    )


KEY_SHAPES = {
    "deepseek": "sk-" + "0123456789abcdef" * 2,
    "perplexity": "pplx-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z" + "Ab3dEf6hIj9kLm2n",
    "exa": "3f1c2a9e-4b7d-4e2a-9c1f-5d6e7f8a9b0c",
}


@pytest.mark.parametrize(("entry_point", "variable"), KEYED, ids=[k[0] for k in KEYED])
@pytest.mark.parametrize("key", list(KEY_SHAPES.values()), ids=list(KEY_SHAPES))
async def test_a_key_written_as_the_key_variable_name_is_refused_unshown(
    entry_point: str, variable: str, key: str
) -> None:
    # `api_key_env: sk-…` for `api_key: sk-…`: before, it loaded, and the key itself was named as
    # a variable everywhere: "exa: sk-… is not set" in the error the model reads, in `dsh-web
    # config` (plugin config and environment), in the provider's repr.
    message = _load_error(entry_point, f'config: {{api_key_env: "{key}"}}')
    assert key not in message
    assert message == (
        "Invalid config for plugin 's': 'api_key_env': `api_key_env` is the name of the "
        "variable that holds the key, but this value looks like a key itself: put the key in a "
        f"variable and name that variable here (`api_key_env: {variable}`), or write the key as "
        "`api_key` (got ***)."
    )


@pytest.mark.parametrize("name", ["EXA_API_KEY_PROD", "exa-key-2024", "vault/search/exa", "K1"])
async def test_a_variable_name_that_is_no_key_is_kept(name: str) -> None:
    ctx = Context(credentials=Credentials(MappingSource({name: "k"})))
    entries = parse_plugin_list(
        [
            {"id": "web", "name": "dsh-web"},
            {"id": "a", "name": "web-search-exa", "config": {"api_key_env": name}},
        ]
    )
    load_plugins(ctx, entries)
    try:
        assert describe_selection(web_of(ctx))["search"] == "exa"
    finally:
        await ctx.dispose()


async def test_a_key_or_variable_name_with_a_dollar_inside_is_kept() -> None:
    ctx = Context(credentials=Credentials(MappingSource({"MY$KEY": "k"})))
    entries = parse_plugin_list(
        yaml.safe_load(
            "- {id: web, name: dsh-web}\n"
            "- {id: a, name: web-search-exa, config: {api_key: 'ab$cd'}}\n"
            "- {id: b, name: web-search-perplexity, config: {api_key_env: 'MY$KEY'}}\n"
        )
    )
    load_plugins(ctx, entries)
    try:
        # Both loaded, and both available: each has a key.
        assert describe_selection(web_of(ctx))["search"].startswith("WEB_PROVIDER_AMBIGUOUS: ")
    finally:
        await ctx.dispose()
