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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import yaml

from dsh._text import MAX_VALUE_CHARS, quoted_message, quoted_value
from dsh.harness._context import Context, _dispose_quietly
from dsh.harness._errors import ConfigError
from dsh.harness._plugin_config import validate_plugin_config

ENTRY_POINT_GROUP = "dsh.plugins"

Resolver = Callable[[str], object]


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
        unknown = sorted(set(item) - {"id", "name", "config"}, key=str)
        if unknown:
            raise ConfigError(
                f"{where}: unknown key(s) {_listed(unknown)}; "
                "a plugin entry has `id`, `name` and `config`."
            )
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"{where}: `name` must be a plugin name such as `dsh-web`.")
        plugin_id = item.get("id", name)
        if not isinstance(plugin_id, str) or not plugin_id.strip():
            raise ConfigError(f"{where}: `id` must be a non-empty string.")
        if plugin_id in seen:
            raise ConfigError(f"{where}: duplicate plugin id {quoted_value(plugin_id)}.")
        seen.add(plugin_id)
        config = item.get("config")
        if config is None:
            config = {}
        if not isinstance(config, dict):
            raise ConfigError(f"{where} ({quoted_value(plugin_id)}): `config` must be a mapping.")
        entries.append(PluginEntry(id=plugin_id, name=name, config=config))
    return entries


def parse_plugin_yaml(text: str, *, source: str = "config") -> list[PluginEntry]:
    """Parse and check a YAML plugin list given as text."""
    return parse_plugin_list(_load_yaml(text, source), source=source)


def _load_yaml(text: str, source: str) -> object:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ConfigError(f"{source}: invalid YAML{_yaml_problem(error, text)}") from None


def _yaml_problem(error: yaml.YAMLError, text: str) -> str:
    """`` at line L, column C: what`` of a YAML error, on one line.

    PyYAML's own text names the input ``"<unicode string>"`` (it was given the file's text)
    and draws a caret under a quoted line, which a one-line error turns into noise.
    """
    if isinstance(error, yaml.MarkedYAMLError) and error.problem_mark is not None:
        what = error.problem or "not valid YAML"
        if error.context:
            start = error.context_mark
            if start is not None and (start.line, start.column) != (
                error.problem_mark.line,
                error.problem_mark.column,
            ):
                what += f" ({error.context} that starts at {_at(start.line, start.column)})"
            else:
                what += f" ({error.context})"
        if error.note:
            what += f"; {error.note}"
        return f" at {_at(error.problem_mark.line, error.problem_mark.column)}: {what}."
    if isinstance(error, yaml.reader.ReaderError):
        # A character YAML does not allow; ``position`` counts characters of ``text``.
        line = text.count("\n", 0, error.position)
        column = error.position - (text.rfind("\n", 0, error.position) + 1)
        character = error.character
        code = character if isinstance(character, int) else ord(character[:1] or "\0")
        return f" at {_at(line, column)}: unacceptable character #x{code:04x}: {error.reason}."
    return f": {quoted_message(str(error))}"


def _at(line: int, column: int) -> str:
    """A PyYAML position (zero-based) as people count it."""
    return f"line {line + 1}, column {column + 1}"


def read_plugin_list(path: str | Path) -> list[PluginEntry]:
    """Read and check a YAML plugin list file.

    A file must name at least one plugin: an empty file (or only comments, ``null`` or ``[]``)
    is far more likely a mistake than a wish for no tools (``dsh.app``'s ``entries=`` refuses an
    empty list the same way).
    """
    # `~` too: an MCP client's "args" and "env" reach us without a shell to expand it.
    file = Path(path).expanduser()
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        # A relative name is looked for in a working directory the user may never have chosen
        # (a server started by an MCP client): say which file that was.
        where = str(file.absolute())
        shown = f"{str(path)!r}" + (f" (looked for {where!r})" if where != str(path) else "")
        raise ConfigError(f"Cannot read config file {shown}: {error.strerror}.") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{file}: not UTF-8 text ({error.reason}).") from None
    data = _load_yaml(text, str(file))
    if data is None or data == []:
        raise ConfigError(
            f"{file}: the plugin list is empty; list the plugins to load "
            "(see docs/configuration.md), or omit --config to use the embedded default."
        )
    return parse_plugin_list(data, source=str(file))


def available_plugins() -> list[str]:
    return sorted({ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})


def resolve_plugin(name: str) -> object:
    """The plugin object behind ``name`` in the ``dsh.plugins`` entry-point group."""
    return _resolve(name, f"Plugin {quoted_value(name)}")


def _subject(entry: PluginEntry) -> str:
    """How a loader error names a list entry: its id, then the plugin name (once each); both
    are the user's text, quoted on one line and bounded."""
    return f"Plugin {quoted_value(entry.id)} ({quoted_message(entry.name, MAX_VALUE_CHARS)})"


def _listed(keys: Sequence[object], most: int = 5) -> str:
    """The first ``most`` of ``keys`` quoted (``'a', 'b', …``): a list entry's unknown keys."""
    shown = ", ".join(quoted_value(key) for key in keys[:most])
    return shown + (", …" if len(keys) > most else "")


def _resolve(name: str, subject: str) -> object:
    """:func:`resolve_plugin`, its errors opening with ``subject`` (so they read once)."""
    # The same distribution can be visible twice on sys.path (e.g. an editable install plus a
    # build directory): the same target is one plugin; two different targets are ambiguous.
    matches = list(
        {ep.value: ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == name}.values()
    )
    if not matches:
        known = ", ".join(available_plugins()) or "none"
        raise ConfigError(
            f"{subject} is not installed (no {ENTRY_POINT_GROUP!r} entry point has that name). "
            f"Installed plugins: {known}.",
            code="PLUGIN_NOT_FOUND",
        )
    if len(matches) > 1:
        targets = ", ".join(sorted(ep.value for ep in matches))
        raise ConfigError(
            f"{subject} is declared by several installed packages ({targets}); "
            "uninstall one of them.",
            code="PLUGIN_AMBIGUOUS",
        )
    try:
        loaded = matches[0].load()
    except Exception as error:
        raise ConfigError(
            f"{subject} failed to import: {type(error).__name__}: {quoted_message(str(error))}",
            code="PLUGIN_IMPORT_FAILED",
        ) from error
    return loaded


def _resolve_entry(entry: PluginEntry, resolve: Resolver) -> object:
    if resolve is resolve_plugin:
        return _resolve(entry.name, _subject(entry))
    # A caller's resolver knows only the name: its errors get the entry's subject once.
    try:
        return resolve(entry.name)
    except ConfigError as error:
        raise ConfigError(f"{_subject(entry)}: {error.message}", code=error.code) from (
            error.__cause__ or error
        )
    except Exception as error:
        raise ConfigError(
            f"{_subject(entry)} failed to import: "
            f"{type(error).__name__}: {quoted_message(str(error))}",
            code="PLUGIN_IMPORT_FAILED",
        ) from error


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
            if ctx.has(service):
                raise ConfigError(
                    f"{_subject(entry)} provides service {service!r}, "
                    "which the context already has.",
                    code="SERVICE_DUPLICATE",
                )
            if service in providers:
                other = resolved[providers[service]][0].id
                raise ConfigError(
                    f"Plugins {quoted_value(other)} and {quoted_value(entry.id)} both provide "
                    f"service {service!r}."
                )
            providers[service] = index
    needs: list[set[int]] = []
    for entry, plugin in resolved:
        deps: set[int] = set()
        for service in getattr(plugin, "inject", ()):
            if service in providers:
                deps.add(providers[service])
            elif not ctx.has(service):
                installed = ", ".join(_installed_providers(service))
                raise ConfigError(
                    f"{_subject(entry)} needs service {service!r}, which no "
                    "plugin in the list provides. Add the plugin that provides it"
                    + (f" (installed: {installed})." if installed else "."),
                    code="SERVICE_MISSING",
                )
        needs.append(deps)
    order: list[int] = []
    placed: set[int] = set()
    while len(order) < len(resolved):
        ready = [i for i in range(len(resolved)) if i not in placed and needs[i] <= placed]
        if not ready:
            cycle = _find_cycle(needs, placed)
            path = " -> ".join(resolved[i][0].id for i in [*cycle, cycle[0]])
            raise ConfigError(
                f"Plugins depend on each other in a cycle: {path} (each needs a service the "
                "next provides).",
                code="PLUGIN_CYCLE",
            )
        order.append(ready[0])
        placed.add(ready[0])
    return order


def _installed_providers(service: str) -> list[str]:
    """The installed plugins whose ``provides`` has ``service``: what a list that lacks it
    should add (``tool-web`` needs ``web``, which only ``dsh-web`` provides). Loading them is
    paid only on this error path; one that fails to import is simply not suggested."""
    names: set[str] = set()
    for entry_point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            plugin = entry_point.load()
        except Exception:  # a broken third-party plugin must not hide the error
            continue
        if service in getattr(plugin, "provides", ()):
            names.add(entry_point.name)
    return sorted(names)


def _find_cycle(needs: Sequence[set[int]], placed: set[int]) -> list[int]:
    """One dependency cycle among the unplaced plugins (each of them waits on another)."""
    start = min(i for i in range(len(needs)) if i not in placed)
    seen: list[int] = []
    node = start
    while node not in seen:
        seen.append(node)
        node = min(needs[node] - placed)
    cycle = seen[seen.index(node) :]
    return list(reversed(cycle))  # provider first reads naturally: a -> b means b needs a


def _prepare(
    ctx: Context, entries: Iterable[PluginEntry], resolve: Resolver
) -> tuple[list[tuple[PluginEntry, object]], list[Any], list[int]]:
    """Resolve every plugin and validate every config before anything is applied."""
    resolved: list[tuple[PluginEntry, object]] = []
    for entry in entries:
        resolved.append((entry, _resolve_entry(entry, resolve)))
    configs = []
    for entry, plugin in resolved:
        try:
            configs.append(validate_plugin_config(plugin, dict(entry.config), label=entry.id))
        except ConfigError as error:
            hint = _owner_hint(entry, plugin, resolved)
            if not hint:
                raise
            raise ConfigError(f"{error.message} {hint}", code=error.code) from None
    return resolved, configs, _order(resolved, ctx)


def _config_keys(plugin: object) -> set[str]:
    model = getattr(plugin, "Config", None)
    fields = getattr(model, "model_fields", None)
    return set(fields) if isinstance(fields, dict) else set()


def _owner_hint(
    entry: PluginEntry, plugin: object, resolved: Sequence[tuple[PluginEntry, object]]
) -> str:
    """Where the unknown keys of ``entry``'s config belong, when another listed plugin has them.

    A key under the wrong plugin is the usual config mistake (`allowed_hosts` under tool-web,
    `fetch_timeout` under web-fetch-http); "unknown key" alone left its owner to be guessed.
    """
    own = _config_keys(plugin)
    sentences = []
    for key in sorted(k for k in entry.config if isinstance(k, str) and k not in own):
        owners = [
            f"{quoted_value(other.id)} ({other.name})"
            for other, other_plugin in resolved
            if other is not entry and key in _config_keys(other_plugin)
        ]
        if owners:
            sentences.append(
                f"{quoted_value(key)} is a key of plugin {' and '.join(owners)}: move it there."
            )
    return " ".join(sentences[:3])


def load_plugins(
    ctx: Context,
    entries: Iterable[PluginEntry],
    *,
    resolve: Resolver = resolve_plugin,
) -> list[LoadedPlugin]:
    """Resolve, validate and apply plugins; on any failure, unload what was loaded and raise.

    Every plugin is resolved and every config validated before any plugin is applied, so a typo
    in the last entry does not leave half a harness running. If an ``apply`` fails, the plugins
    applied before it are unloaded newest-first: their synchronous disposers have run when the
    error reaches the caller; async ones (closing clients) finish on the running loop, or at
    once when no loop runs. From async code, :func:`load_plugins_async` waits for all of it.
    """
    resolved, configs, order = _prepare(ctx, entries, resolve)
    mark = ctx.scope._mark()
    try:
        return _apply_in_order(ctx, resolved, configs, order)
    except BaseException:
        ctx.scope._split_since(mark).dispose_soon()
        raise


async def load_plugins_async(
    ctx: Context,
    entries: Iterable[PluginEntry],
    *,
    resolve: Resolver = resolve_plugin,
) -> list[LoadedPlugin]:
    """:func:`load_plugins` whose rollback is awaited: when it raises, everything it loaded
    (async disposers included) has been undone."""
    resolved, configs, order = _prepare(ctx, entries, resolve)
    mark = ctx.scope._mark()
    try:
        return _apply_in_order(ctx, resolved, configs, order)
    except BaseException:
        await _dispose_quietly(ctx.scope._split_since(mark))
        raise


def _apply_in_order(
    ctx: Context,
    resolved: Sequence[tuple[PluginEntry, object]],
    configs: Sequence[Any],
    order: Sequence[int],
) -> list[LoadedPlugin]:
    loaded: list[LoadedPlugin] = []
    for index in order:
        entry, plugin = resolved[index]
        child = ctx._attach(plugin, configs[index], plugin_id=entry.id)
        loaded.append(LoadedPlugin(entry, plugin, child))
    return loaded


def import_plugin(reference: str) -> object:
    """Import ``module`` or ``module:attribute`` (for plugins that are not installed)."""
    module_name, _, attribute = reference.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module
