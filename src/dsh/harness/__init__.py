"""The small agent harness the web capability plugs into.

Public API (everything else is private):

- errors: :class:`HarnessError`, :class:`AbortError`, :class:`ConfigError`
- cancellation: :class:`AbortController`, :class:`AbortSignal`, :func:`race_signal`
- context and plugins: :class:`Context`, :class:`Scope`, :class:`Plugin`
- tools: :class:`ToolRegistry`, :class:`ToolDefinition`, :class:`ToolResult`,
  :class:`ToolExecution`, :class:`ToolAnnotations`, :class:`ToolCall`, :class:`Step`,
  :func:`current_step`, :func:`current_llm_provider`
- exports: :func:`to_openai`, :func:`to_anthropic`, :func:`to_mcp`
- prompt: :class:`SystemPrompt`, :class:`PromptSection`
- credentials: :class:`Credentials`, :class:`ChatRoute`, :class:`EnvironmentSource`,
  :class:`MappingSource`
- loading: :class:`PluginEntry`, :func:`parse_plugin_list`, :func:`read_plugin_list`,
  :func:`load_plugins`, :func:`resolve_plugin`
"""

from dsh.harness._abort import AbortController, AbortSignal, race_signal
from dsh.harness._context import Context, Plugin, Scope
from dsh.harness._credentials import ChatRoute, Credentials, EnvironmentSource, MappingSource
from dsh.harness._errors import AbortError, ConfigError, HarnessError
from dsh.harness._export import to_anthropic, to_mcp, to_openai
from dsh.harness._loader import (
    ENTRY_POINT_GROUP,
    LoadedPlugin,
    PluginEntry,
    load_plugins,
    parse_plugin_list,
    read_plugin_list,
    resolve_plugin,
)
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
    "AbortController",
    "AbortError",
    "AbortSignal",
    "ChatRoute",
    "ConfigError",
    "Context",
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
    "current_llm_provider",
    "current_step",
    "load_plugins",
    "parse_plugin_list",
    "race_signal",
    "read_plugin_list",
    "resolve_plugin",
    "to_anthropic",
    "to_mcp",
    "to_openai",
]
