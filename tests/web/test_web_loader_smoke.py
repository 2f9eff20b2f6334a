"""The real loader: `dsh-web` plus two provider plugins from a YAML list, every name resolved
through `dsh.plugins` entry points (the providers come from a distribution made at test time)."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from dsh.harness import ConfigError, Context, load_plugins, parse_plugin_list
from dsh.web import (
    WEB_PROVIDER_AMBIGUOUS,
    HtmlBody,
    WebError,
    WebFetchRequest,
    WebSearchRequest,
    web_of,
)

SEARCH_PLUGIN = '''
"""A third-party search provider plugin, shaped like the real ones."""

from pydantic import BaseModel, ConfigDict

from dsh.web import WebSearchResult, WebSearchSource, web_of

name = "stub-web-search"
inject = ("web",)


class Config(BaseModel):
    model_config = ConfigDict(extra="forbid")
    provider_id: str = "stub-search"
    answer: str = "no answer"


class Provider:
    def __init__(self, config):
        self.id = config.provider_id
        self.config = config

    def available(self):
        return True

    async def search(self, request, signal=None):
        sources = tuple(WebSearchSource(f"https://r{n}.example/") for n in range(5))
        return WebSearchResult(sources=sources, content=f"{self.config.answer}: {request.query}")


def apply(ctx, config):
    ctx.effect(web_of(ctx).register_search_provider(Provider(config)))
'''

FETCH_PLUGIN = '''
"""A third-party fetch provider plugin without a Config model."""

from dsh.web import HtmlBody, WebFetchResult

name = "stub-web-fetch"
inject = ("web",)


class Provider:
    id = "stub-fetch"

    def available(self):
        return True

    async def fetch(self, request, signal=None):
        return WebFetchResult(request.url, 200, HtmlBody(f"<p>{request.url}</p>"))


def apply(ctx, config):
    ctx.effect(ctx.web.register_fetch_provider(Provider()))
'''

ENTRY_POINTS = """\
[dsh.plugins]
stub-web-search = stub_web_seam_search_plugin
stub-web-fetch = stub_web_seam_fetch_plugin
"""

# Providers listed before the seam they inject: the loader orders by provides/inject.
PLUGIN_LIST = """\
- id: search-a
  name: stub-web-search
  config: {provider_id: alpha, answer: "from alpha"}
- id: search-b
  name: stub-web-search
  config: {provider_id: beta, answer: "from beta"}
- id: fetch
  name: stub-web-fetch
- id: web
  name: dsh-web
  config: {search_provider: beta}
"""

MODULES = ("stub_web_seam_search_plugin", "stub_web_seam_fetch_plugin")


@pytest.fixture
def stub_distribution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    dist_info = tmp_path / "stub_web_plugins-0.1.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: stub-web-plugins\nVersion: 0.1\n"
    )
    (dist_info / "entry_points.txt").write_text(ENTRY_POINTS)
    (tmp_path / "stub_web_seam_search_plugin.py").write_text(textwrap.dedent(SEARCH_PLUGIN))
    (tmp_path / "stub_web_seam_fetch_plugin.py").write_text(textwrap.dedent(FETCH_PLUGIN))
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    try:
        yield tmp_path
    finally:
        for module in MODULES:
            sys.modules.pop(module, None)
        importlib.invalidate_caches()


@pytest.mark.usefixtures("stub_distribution")
async def test_dsh_web_and_two_provider_plugins_load_from_yaml() -> None:
    ctx = Context()
    loaded = load_plugins(ctx, parse_plugin_list(yaml.safe_load(PLUGIN_LIST)))
    assert [item.entry.id for item in loaded] == ["web", "search-a", "search-b", "fetch"]
    web = web_of(ctx)
    assert web.search_provider_ids() == ["alpha", "beta"]
    assert web.fetch_provider_ids() == ["stub-fetch"]

    result = await web.search(WebSearchRequest("python asyncio", max_results=3))
    assert result.content == "from beta: python asyncio"
    assert (len(result.sources), result.truncated) == (3, True)

    fetched = await web.fetch(WebFetchRequest("https://example.test/doc"))
    assert fetched.body == HtmlBody("<p>https://example.test/doc</p>")

    # The config is only the default: clearing it makes the two search providers ambiguous.
    web.search_provider = None
    with pytest.raises(WebError) as caught:
        await web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_AMBIGUOUS
    assert caught.value.details["candidates"] == ["alpha", "beta"]

    # Unloading one provider plugin unregisters exactly its provider.
    await loaded[1].context.dispose()
    assert web.search_provider_ids() == ["beta"]
    assert (await web.search(WebSearchRequest("q"))).content == "from beta: q"

    await ctx.dispose()
    assert not ctx.has("web")
    assert web.search_provider_ids() == []
    assert web.fetch_provider_ids() == []


@pytest.mark.usefixtures("stub_distribution")
def test_a_provider_plugin_without_dsh_web_is_a_clear_config_error() -> None:
    entries = parse_plugin_list(yaml.safe_load("- id: fetch\n  name: stub-web-fetch\n"))
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.code == "SERVICE_MISSING"
    assert "'web'" in caught.value.message


@pytest.mark.usefixtures("stub_distribution")
def test_an_unknown_dsh_web_config_key_is_refused_before_anything_loads() -> None:
    text = PLUGIN_LIST.replace("search_provider: beta", "searchProvider: beta")
    ctx = Context()
    with pytest.raises(ConfigError) as caught:
        load_plugins(ctx, parse_plugin_list(yaml.safe_load(text)))
    # The wording after the key belongs to the harness; the seam's part is the key check.
    assert caught.value.message.startswith(
        "Invalid config for plugin 'web': unknown key 'searchProvider'"
    )
    assert not ctx.has("web")
