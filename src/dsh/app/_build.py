"""Building a context from the plugin list: a YAML file, ``$DSH_WEB_CONFIG`` or the default."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

from dsh._text import quoted_message
from dsh.app._defaults import CONFIG_ENV, DEFAULT_PLUGINS
from dsh.harness import (
    ConfigError,
    Context,
    Credentials,
    LoadedPlugin,
    PluginEntry,
    load_plugins,
    parse_plugin_list,
    read_plugin_list,
    resolve_plugin,
)

ConfigPath = str | Path | None


def config_source(config_path: ConfigPath = None) -> Path | None:
    """The config file in effect: the argument, else ``$DSH_WEB_CONFIG``, else None (default)."""
    if config_path is not None and not isinstance(config_path, str | os.PathLike):
        # The plugin list itself, passed where its file goes: pathlib's TypeError named
        # neither the argument nor entries=.
        raise ConfigError(
            "config_path must be the path of a YAML plugin list, not a "
            f"{type(config_path).__name__}; pass a plugin list in memory as "
            "entries=[{'id': ..., 'name': ...}, ...]."
        )
    if config_path is not None and str(config_path) != "":
        return Path(config_path)
    from_env = os.environ.get(CONFIG_ENV, "").strip()
    return Path(from_env) if from_env else None


def plugin_entries(config_path: ConfigPath = None) -> list[PluginEntry]:
    """The plugin list in effect (see :func:`config_source`); raises ``ConfigError`` if bad."""
    source = config_source(config_path)
    if source is None:
        return list(DEFAULT_PLUGINS)
    try:
        return read_plugin_list(source)
    except ConfigError as error:
        if config_path is not None and str(config_path) != "":
            raise
        # The name came from a variable set somewhere else (a shell profile, a service unit):
        # say so, or "Cannot read config file 'x.yaml'" leaves the user looking for a flag.
        raise ConfigError(
            f"{error.message} The file name comes from the {CONFIG_ENV} environment variable "
            "(unset it to use the embedded default).",
            code=error.code,
        ) from None


def load_context(
    config_path: ConfigPath = None,
    *,
    entries: Iterable[PluginEntry | Mapping[str, Any]] | None = None,
    credentials: Credentials | None = None,
    resolve: Callable[[str], object] = resolve_plugin,
) -> tuple[Context, list[LoadedPlugin]]:
    """Like :func:`build_context`, also returning what was loaded (for ``dsh-web config``)."""
    chosen = _entries(entries) if entries is not None else plugin_entries(config_path)
    ctx = Context(credentials=credentials)
    loaded = load_plugins(ctx, chosen, resolve=resolve)
    return ctx, loaded


def _entries(entries: Iterable[PluginEntry | Mapping[str, Any]]) -> list[PluginEntry]:
    """``entries`` as given, or checked like a file's list when they are its shape as Python data
    (``[{"id": "web", "name": "dsh-web"}]``), or not a list at all."""
    if isinstance(entries, str | bytes | Mapping):  # the file's text, or one entry alone
        return parse_plugin_list(entries, source="entries")
    items = list(entries)
    if not items:
        # As for an empty file (read_plugin_list): a context without a single plugin answers
        # every call UNKNOWN_TOOL "Available tools: none.", far from the list that caused it.
        raise ConfigError(
            "entries: the plugin list is empty; list the plugins to load (see "
            "docs/configuration.md), or omit entries= to use the config file or the embedded "
            "default."
        )
    if all(isinstance(item, PluginEntry) for item in items):
        return cast("list[PluginEntry]", items)
    data = [
        {"id": item.id, "name": item.name, "config": dict(item.config)}
        if isinstance(item, PluginEntry)
        else item
        for item in items
    ]
    return parse_plugin_list(data, source="entries")


def build_context(
    config_path: ConfigPath = None,
    *,
    entries: Iterable[PluginEntry | Mapping[str, Any]] | None = None,
    credentials: Credentials | None = None,
) -> Context:
    """A root context with every plugin of the list loaded: ``ctx.web``, ``ctx.tools``, ...

    ``entries`` (``PluginEntry`` items, or the YAML shape as Python data) wins over
    ``config_path``; with neither, ``$DSH_WEB_CONFIG``
    or the embedded default is used. Raises :class:`~dsh.harness.ConfigError` for a bad list
    or plugin config, with nothing left loaded. Release it with ``await close(ctx)``.
    """
    ctx, _ = load_context(config_path, entries=entries, credentials=credentials)
    return ctx


def plugin_load_failure(error: Exception) -> ConfigError:
    """A plugin that crashed while loading (not a :class:`~dsh.harness.HarnessError`), as the
    configuration error every surface reports. Its message and notes are quoted one line each,
    bounded, URL credentials masked: a library's message may quote the proxy URL it choked on,
    or a whole response body."""
    # The harness notes whose apply() raised it (``raised by the apply() of plugin ...``); each
    # note is quoted on its own, so a long message or note never cuts that one off.
    notes = "; ".join(quoted_message(str(note)) for note in getattr(error, "__notes__", ()))
    where = f" ({notes})" if notes else ""
    return ConfigError(
        f"Loading the plugins failed: {type(error).__name__}: {quoted_message(str(error))}{where}"
    )


async def close(ctx: Context) -> None:
    """Unload every plugin of ``ctx`` (closes provider clients)."""
    await ctx.dispose()


@asynccontextmanager
async def open_context(
    config_path: ConfigPath = None,
    *,
    entries: Iterable[PluginEntry | Mapping[str, Any]] | None = None,
    credentials: Credentials | None = None,
) -> AsyncIterator[Context]:
    """``async with open_context() as ctx:`` — :func:`build_context` plus :func:`close`."""
    ctx = build_context(config_path, entries=entries, credentials=credentials)
    try:
        yield ctx
    finally:
        await close(ctx)
