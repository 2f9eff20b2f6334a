"""The small agent harness the web capability plugs into.

Public API (everything else is private):

- errors: :class:`HarnessError`, :class:`AbortError`, :class:`ConfigError`,
  :class:`ConfigValueError`
- cancellation: :class:`AbortController`, :class:`AbortSignal`, :func:`race_signal`
- context and plugins: :class:`Context`, :class:`Scope`, :class:`Plugin`, :func:`applying_plugin`,
  ``SECRET_VALUE_ERROR``
- tools: :class:`ToolRegistry`, :class:`ToolDefinition`, :class:`ToolResult`,
  :class:`ToolExecution`, :class:`ToolAnnotations`, :class:`ToolCall`, :class:`Step`,
  :func:`current_step`, :func:`current_llm_provider`
- exports: :func:`to_openai`, :func:`to_anthropic`, :func:`to_mcp`
- prompt: :class:`SystemPrompt`, :class:`PromptSection`
- credentials: :class:`Credentials`, :class:`ChatRoute`, :class:`EnvironmentSource`,
  :class:`MappingSource`, :class:`CredentialSource`
- loading: :class:`PluginEntry`, :class:`LoadedPlugin`, :func:`parse_plugin_list`,
  :func:`parse_plugin_yaml`, :func:`read_plugin_list`, :func:`load_plugins`,
  :func:`load_plugins_async`, :func:`resolve_plugin`, ``ENTRY_POINT_GROUP``

See README.md in this folder for the one-line-per-name list.
"""

from dsh._text import mask_url_credentials
from dsh.harness._abort import AbortController, AbortSignal, race_signal
from dsh.harness._context import Context, Plugin, Scope, applying_plugin
from dsh.harness._credentials import (
    ChatRoute,
    Credentials,
    CredentialSource,
    EnvironmentSource,
    MappingSource,
)
from dsh.harness._errors import AbortError, ConfigError, ConfigValueError, HarnessError
from dsh.harness._export import to_anthropic, to_mcp, to_openai
from dsh.harness._loader import (
    ENTRY_POINT_GROUP,
    LoadedPlugin,
    PluginEntry,
    load_plugins,
    load_plugins_async,
    parse_plugin_list,
    parse_plugin_yaml,
    read_plugin_list,
    resolve_plugin,
)
from dsh.harness._plugin_config import SECRET_VALUE_ERROR
from dsh.harness._prompt import PromptSection, SystemPrompt
from dsh.harness._tools import (
    Step,
    ToolAnnotations,
    ToolCall,
    ToolDefinition,
    ToolExecution,
    ToolRegistry,
    ToolResult,
    current_llm_provider,
    current_step,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "SECRET_VALUE_ERROR",
    "AbortController",
    "AbortError",
    "AbortSignal",
    "ChatRoute",
    "ConfigError",
    "ConfigValueError",
    "Context",
    "CredentialSource",
    "Credentials",
    "EnvironmentSource",
    "HarnessError",
    "LoadedPlugin",
    "MappingSource",
    "Plugin",
    "PluginEntry",
    "PromptSection",
    "Scope",
    "Step",
    "SystemPrompt",
    "ToolAnnotations",
    "ToolCall",
    "ToolDefinition",
    "ToolExecution",
    "ToolRegistry",
    "ToolResult",
    "applying_plugin",
    "current_llm_provider",
    "current_step",
    "load_plugins",
    "load_plugins_async",
    "mask_url_credentials",
    "parse_plugin_list",
    "parse_plugin_yaml",
    "race_signal",
    "read_plugin_list",
    "resolve_plugin",
    "to_anthropic",
    "to_mcp",
    "to_openai",
]
