"""The embedded default plugin list (SPEC §6): everything loaded, no provider id pinned."""

from __future__ import annotations

from dsh.harness import PluginEntry

#: Loaded when no config file is given. No id is pinned, so the single search provider that has
#: a credential is picked at call time, and fetch works with no key at all.
DEFAULT_PLUGINS: tuple[PluginEntry, ...] = (
    PluginEntry(id="web", name="dsh-web"),
    PluginEntry(id="web-fetch-http", name="web-fetch-http"),
    PluginEntry(id="web-search-exa", name="web-search-exa"),
    PluginEntry(id="web-search-perplexity", name="web-search-perplexity"),
    PluginEntry(id="web-search-deepseek", name="web-search-deepseek"),
    PluginEntry(id="tool-web", name="tool-web"),
)

#: The same list as YAML, a starting point for a ``--config`` file.
DEFAULT_CONFIG_YAML = """\
- id: web
  name: dsh-web
- id: web-fetch-http
  name: web-fetch-http
- id: web-search-exa
  name: web-search-exa
- id: web-search-perplexity
  name: web-search-perplexity
- id: web-search-deepseek
  name: web-search-deepseek
- id: tool-web
  name: tool-web
"""

#: Environment variable naming a config file when ``--config`` is not given.
CONFIG_ENV = "DSH_WEB_CONFIG"

#: Credential variables of the keyed providers, by plugin name (reported set/unset, never shown).
CREDENTIAL_ENV: dict[str, tuple[str, ...]] = {
    "web-search-exa": ("EXA_API_KEY",),
    "web-search-perplexity": ("PERPLEXITY_API_KEY",),
    "web-search-deepseek": ("DEEPSEEK_API_KEY",),
}

#: What a surface says when the plugin list registers no tool (`dsh-web tools` prints it; the MCP
#: server warns with it on stderr, since its client would otherwise just list no tools).
NO_TOOLS_MESSAGE = (
    "No tools are registered: load the tool-web plugin, with `search` or `fetch` enabled in its "
    "config."
)
