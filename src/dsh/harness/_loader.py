"""The plugin loader: the seeds' YAML plugin list, resolved through `dsh.plugins` entry points.

```yaml
- id: web
  name: dsh-web
  config: {search_provider: exa}
- id: tool-web
  name: tool-web
```

Plugins are applied in dependency order (a plugin that ``provides`` a service before the plugins
that ``inject`` it), otherwise in list order, so a list need not be sorted by hand.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import yaml

from dsh.harness._context import Context, validate_plugin_config
from dsh.harness._errors import ConfigError

ENTRY_POINT_GROUP = "dsh.plugins"


@dataclass(frozen=True)
class PluginEntry:
    """One item of the plugin list."""

    id: str
    name: str
    config: Mapping[str, Any] = field(default_factory=dict)


def parse_plugin_list(data: object, *, source: str = "config") -> list[PluginEntry]:
    """Check the shape of a plugin list (already parsed from YAML/JSON) and return its entries."""
    if data is None:
        return []
    if not isinstance(data, list):
        raise ConfigError(
            f"{source}: expected a list of plugins (`- id: ... / name: ...`), "
            f"got {type(data).__name__}."
        )
    entries: list[PluginEntry] = []
    seen: set[str] = set()
    for index, item in enumerate(data):
        where = f"{source}: plugin #{index + 1}"
        if not isinstance(item, dict):
            raise ConfigError(f"{where}: expected a mapping with `id` and `name`.")
        unknown = sorted(set(item) - {"id", "name", "config"})
        if unknown:
            raise ConfigError(
                f"{where}: unknown key(s) {', '.join(map(repr, unknown))}; "
                "a plugin entry has `id`, `name` and `config`."
            )
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"{where}: `name` must be a plugin name such as `dsh-web`.")
        plugin_id = item.get("id", name)
        if not isinstance(plugin_id, str) or not plugin_id.strip():
            raise ConfigError(f"{where}: `id` must be a non-empty string.")
        if plugin_id in seen:
            raise ConfigError(f"{where}: duplicate plugin id {plugin_id!r}.")
        seen.add(plugin_id)
        config = item.get("config") or {}
        if not isinstance(config, dict):
            raise ConfigError(f"{where} ({plugin_id!r}): `config` must be a mapping.")
        entries.append(PluginEntry(id=plugin_id, name=name, config=config))
    return entries


def read_plugin_list(path: str | Path) -> list[PluginEntry]:
    """Read and check a YAML plugin list file."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"Cannot read config file {str(file)!r}: {error.strerror}.") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ConfigError(f"{file}: invalid YAML: {error}") from None
    return parse_plugin_list(data, source=str(file))


def available_plugins() -> list[str]:
    return sorted({ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})


def resolve_plugin(name: str) -> object:
    """The plugin object behind ``name`` in the ``dsh.plugins`` entry-point group."""
    matches = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
    if not matches:
        known = ", ".join(available_plugins()) or "none installed"
        raise ConfigError(
            f"Unknown plugin {name!r}. Installed plugins: {known}.", code="PLUGIN_NOT_FOUND"
        )
    try:
        loaded = matches[0].load()
    except Exception as error:
        raise ConfigError(
            f"Plugin {name!r} failed to import: {type(error).__name__}: {error}",
            code="PLUGIN_IMPORT_FAILED",
        ) from error
    return loaded


@dataclass
class LoadedPlugin:
    entry: PluginEntry
    plugin: object
    context: Context


def _order(resolved: Sequence[tuple[PluginEntry, object]], ctx: Context) -> list[int]:
    """Topological order on provides/inject, stable with respect to the list order."""
    providers: dict[str, int] = {}
    for index, (entry, plugin) in enumerate(resolved):
        for service in getattr(plugin, "provides", ()):
            if service in providers:
                other = resolved[providers[service]][0].id
                raise ConfigError(
                    f"Plugins {other!r} and {entry.id!r} both provide service {service!r}."
                )
            providers[service] = index
    needs: list[set[int]] = []
    for entry, plugin in resolved:
        deps: set[int] = set()
        for service in getattr(plugin, "inject", ()):
            if service in providers:
                deps.add(providers[service])
            elif not ctx.has(service):
                raise ConfigError(
                    f"Plugin {entry.id!r} ({entry.name}) needs service {service!r}, which no "
                    "plugin in the list provides. Add the plugin that provides it.",
                    code="SERVICE_MISSING",
                )
        needs.append(deps)
    order: list[int] = []
    placed: set[int] = set()
    while len(order) < len(resolved):
        ready = [i for i in range(len(resolved)) if i not in placed and needs[i] <= placed]
        if not ready:
            cycle = [resolved[i][0].id for i in range(len(resolved)) if i not in placed]
            raise ConfigError(f"Plugins depend on each other in a cycle: {', '.join(cycle)}.")
        order.append(ready[0])
        placed.add(ready[0])
    return order


def load_plugins(
    ctx: Context,
    entries: Iterable[PluginEntry],
    *,
    resolve: Any = resolve_plugin,
) -> list[LoadedPlugin]:
    """Resolve, validate and apply plugins; on any failure, unload what was loaded and raise.

    Every config is validated before any plugin is applied, so a typo in the last entry does
    not leave half a harness running.
    """
    entries = list(entries)
    resolved = [(entry, resolve(entry.name)) for entry in entries]
    configs = [
        validate_plugin_config(plugin, dict(entry.config), label=entry.id)
        for entry, plugin in resolved
    ]
    loaded: list[LoadedPlugin] = []
    try:
        for index in _order(resolved, ctx):
            entry, plugin = resolved[index]
            child = ctx.plugin(plugin, configs[index], plugin_id=entry.id)
            loaded.append(LoadedPlugin(entry, plugin, child))
    except BaseException:
        for item in reversed(loaded):
            item.context.scope._disposed = False  # allow a synchronous best-effort rollback
            _rollback(item.context)
        raise
    return loaded


def _rollback(ctx: Context) -> None:
    from dsh.harness._context import _dispose_now

    _dispose_now(ctx.scope)


def import_plugin(reference: str) -> object:
    """Import ``module`` or ``module:attribute`` (for plugins that are not installed)."""
    module_name, _, attribute = reference.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module
