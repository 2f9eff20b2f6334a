"""`dsh-web config`: the effective plugin list, validated configs (secrets masked), selection."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, SecretBytes, SecretStr

# The one implementation of the secret-key rule and of URL-credential masking, shared with the
# harness's config errors and the quoted exception messages (re-exported for the surfaces).
from dsh._text import looks_secret, mask_url_credentials
from dsh.app._build import ConfigPath, config_source, load_context
from dsh.app._defaults import CREDENTIAL_ENV
from dsh.harness import Context, LoadedPlugin, PluginEntry
from dsh.web import FETCH_PROVIDER_ENV, SEARCH_PROVIDER_ENV, describe_selection, web_of

MASK = "***"

_PROXY_ENV = ("HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "NO_PROXY")


def credential_variables(plugin_name: str, config: dict[str, Any] | None) -> list[str]:
    """The environment variables a plugin reads credentials from (``*_env`` config keys)."""
    found = [
        value
        for key, value in (config or {}).items()
        if key.lower().endswith("_env") and looks_secret(key[: -len("_env")]) and value
    ]
    return [str(v) for v in found] or list(CREDENTIAL_ENV.get(plugin_name, ()))


def mask_secrets(value: Any, key: str = "") -> Any:
    """A copy of ``value`` (JSON-like) with secret-looking keys' non-empty values as ``***``,
    and the user and password of any URL as ``***`` (``http://***@proxy.local:3128``)."""
    if isinstance(value, Mapping):
        return {str(k): mask_secrets(v, str(k)) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [mask_secrets(item, key) for item in value]
    if isinstance(value, SecretStr | SecretBytes):
        return MASK if value.get_secret_value() else ""
    if key and looks_secret(key) and isinstance(value, str) and value:
        return MASK
    if isinstance(value, str):
        return mask_url_credentials(value)
    return value


def effective_config(plugin: object, entry: PluginEntry) -> dict[str, Any] | None:
    """The plugin's config after validation (defaults filled), as JSON data, secrets masked."""
    model = getattr(plugin, "Config", None)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return None
    validated = model.model_validate(dict(entry.config))
    data: dict[str, Any] = {}
    for name in type(validated).model_fields:
        raw = getattr(validated, name)
        if isinstance(raw, SecretStr | SecretBytes):
            data[name] = MASK if raw.get_secret_value() else ""
            continue
        dumped = validated.model_dump(mode="json", include={name})[name]
        data[name] = mask_secrets(dumped, name)
    return data


async def describe_config(
    config_path: ConfigPath = None, *, entries: Iterable[PluginEntry] | None = None
) -> dict[str, Any]:
    """Everything ``dsh-web config`` prints, as JSON-ready data. Never contains a secret."""
    source = None if entries is not None else config_source(config_path)
    ctx, loaded = load_context(config_path, entries=entries)
    return await describe_loaded(ctx, loaded, source=source)


async def describe_loaded(
    ctx: Context, loaded: Sequence[LoadedPlugin], *, source: Path | None = None
) -> dict[str, Any]:
    """:func:`describe_config` of a context already loaded (``source``: the file it came from,
    None for the embedded default); disposes ``ctx``. Lets a caller tell a failure to load
    (a configuration problem) from one while describing."""
    try:
        plugins = [
            {
                "id": item.entry.id,
                "name": item.entry.name,
                "config": effective_config(item.plugin, item.entry),
            }
            for item in loaded
        ]
        # A selection problem is reported as its error message, which may quote a URL.
        selection = mask_secrets(dict(describe_selection(web_of(ctx)))) if ctx.has("web") else {}
        tools = [definition.name for definition in ctx.tools.definitions()]
    finally:
        await ctx.dispose()
    environment: dict[str, str] = {}
    for item in loaded:
        config = effective_config(item.plugin, item.entry)
        for variable in credential_variables(item.entry.name, config):
            environment[variable] = "set" if os.environ.get(variable, "").strip() else "unset"
    for variable in (SEARCH_PROVIDER_ENV, FETCH_PROVIDER_ENV):
        environment[variable] = os.environ.get(variable, "").strip() or "unset"
    for variable in _PROXY_ENV:
        if os.environ.get(variable) or os.environ.get(variable.lower()):
            environment[variable] = "set"
    return {
        "source": str(source) if source is not None else "embedded default",
        "plugins": plugins,
        "tools": tools,
        "selection": selection,
        "environment": environment,
    }
