"""The loader, through real `dsh.plugins` entry points of a distribution installed at test time."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from dsh.harness import (
    ENTRY_POINT_GROUP,
    ConfigError,
    Context,
    PluginEntry,
    load_plugins,
    load_plugins_async,
    parse_plugin_list,
    parse_plugin_yaml,
    read_plugin_list,
    resolve_plugin,
)

# The `install_plugins` fixture (conftest.py): modules by basename, entry points by name.
InstallPlugins = Callable[[Mapping[str, str], Mapping[str, str]], str]

# A provider plugin: provides the `greeter` service. It records what happens in a list that
# lives on the module, so the test can read it back through the imported module.
PROVIDER = """
from pydantic import BaseModel, ConfigDict

name = "fake-greeter"
provides = ("greeter",)
events = []

class Config(BaseModel):
    model_config = ConfigDict(extra="forbid")
    greeting: str = "hello"
    timeout: float = 30.0

class Greeter:
    def __init__(self, greeting):
        self.greeting = greeting

def apply(ctx, config):
    events.append("provider applied")
    ctx.provide("greeter", Greeter(config.greeting))
    ctx.effect(lambda: events.append("provider disposed"))

    async def aclose():
        events.append("provider client closed")

    ctx.effect(aclose)
"""

# A consumer plugin: injects `greeter`, registers a tool that uses it.
CONSUMER = """
from pydantic import BaseModel, ConfigDict
from dsh.harness import ToolDefinition

name = "fake-greet-tool"
inject = ("greeter",)
events = []

class Config(BaseModel):
    model_config = ConfigDict(extra="forbid")
    punctuation: str = "!"

def apply(ctx, config):
    greeter = ctx.greeter

    async def greet(args, execution):
        return f"{greeter.greeting}, {args['who']}{config.punctuation}"

    ctx.effect(ctx.tools.register(ToolDefinition(
        name="greet",
        description="Greet someone.",
        parameters={"type": "object", "properties": {"who": {"type": "string"}},
                    "required": ["who"]},
        execute=greet,
    )))
    events.append("consumer applied")
"""

BROKEN_APPLY = """
from dsh.harness import ToolDefinition

name = "fake-broken"
inject = ("greeter",)

def apply(ctx, config):
    async def never(args, execution):
        return ""
    ctx.effect(ctx.tools.register(ToolDefinition("half", "d", {"type": "object"}, never)))
    raise RuntimeError("apply exploded")
"""

CYCLE_A = """
name = "fake-a"
provides = ("a",)
inject = ("b",)
def apply(ctx, config):
    ctx.provide("a", 1)
"""

CYCLE_B = """
name = "fake-b"
provides = ("b",)
inject = ("a",)
def apply(ctx, config):
    ctx.provide("b", 2)
"""

FAILS_TO_IMPORT = """
import a_module_that_does_not_exist_anywhere
"""

OBJECT_PLUGIN = """
class _Plugin:
    name = "fake-object"
    def apply(self, ctx, config):
        ctx.provide("object-service", "from an object")

plugin = _Plugin()
"""


@pytest.fixture
def greeters(install_plugins: InstallPlugins) -> str:
    return install_plugins(
        {"provider": PROVIDER, "consumer": CONSUMER, "broken": BROKEN_APPLY},
        {
            "fake-greeter": "provider",
            "fake-greet-tool": "consumer",
            "fake-broken": "broken",
        },
    )


def module(prefix: str, basename: str) -> object:
    return sys.modules[f"{prefix}{basename}"]


def test_the_fake_distribution_is_a_real_entry_point(greeters: str) -> None:
    names = {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert {"fake-greeter", "fake-greet-tool", "fake-broken"} <= names
    plugin = resolve_plugin("fake-greeter")
    assert getattr(plugin, "name", None) == "fake-greeter"


async def test_happy_path_from_yaml_text_in_dependency_order(greeters: str) -> None:
    entries = parse_plugin_yaml(
        """
        # the consumer comes first: the loader must apply the provider before it
        - id: tool
          name: fake-greet-tool
          config: {punctuation: "?"}
        - id: greeter
          name: fake-greeter
          config:
            greeting: hi
            timeout: 5
        """.replace("\n        ", "\n")
    )
    assert entries == [
        PluginEntry(id="tool", name="fake-greet-tool", config={"punctuation": "?"}),
        PluginEntry(id="greeter", name="fake-greeter", config={"greeting": "hi", "timeout": 5}),
    ]
    ctx = Context()
    loaded = load_plugins(ctx, entries)
    assert [item.entry.id for item in loaded] == ["greeter", "tool"]
    provider = module(greeters, "provider")
    assert provider.events == ["provider applied"]  # type: ignore[attr-defined]
    assert (await ctx.tools.execute("greet", {"who": "Ada"})).text == "hi, Ada?"
    assert loaded[0].plugin is provider
    assert loaded[0].context.scope.name == "greeter"

    await ctx.dispose()
    assert ctx.tools.get("greet") is None
    assert not ctx.has("greeter")
    assert provider.events == [  # type: ignore[attr-defined]
        "provider applied",
        "provider client closed",
        "provider disposed",
    ]


async def test_load_plugins_async_happy_path(greeters: str) -> None:
    ctx = Context()
    entries = parse_plugin_list(
        [{"id": "tool", "name": "fake-greet-tool"}, {"id": "g", "name": "fake-greeter"}]
    )
    loaded = await load_plugins_async(ctx, entries)
    assert [item.entry.id for item in loaded] == ["g", "tool"]
    assert (await ctx.tools.execute("greet", {"who": "Bo"})).text == "hello, Bo!"
    await ctx.dispose()


def test_read_plugin_list_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "dsh.yaml"
    path.write_text("- id: web\n  name: dsh-web\n  config: {search_provider: exa}\n", "utf-8")
    assert read_plugin_list(path) == [
        PluginEntry(id="web", name="dsh-web", config={"search_provider": "exa"})
    ]
    with pytest.raises(ConfigError, match="Cannot read config file"):
        read_plugin_list(tmp_path / "missing.yaml")
    (tmp_path / "binary.yaml").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(ConfigError, match="not UTF-8"):
        read_plugin_list(tmp_path / "binary.yaml")


@pytest.mark.parametrize("text", ["", "\n", "# only a comment\n# and another\n", "null\n", "[]\n"])
def test_an_empty_config_file_is_an_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(ConfigError) as caught:
        read_plugin_list(path)
    assert caught.value.code == "CONFIG_INVALID"
    assert caught.value.message == (
        f"{path}: the plugin list is empty; list the plugins to load (see "
        "docs/configuration.md), or omit --config to use the embedded default."
    )


def test_an_empty_list_loads_nothing() -> None:
    assert parse_plugin_yaml("") == []
    assert load_plugins(Context(), []) == []


def test_id_defaults_to_the_name() -> None:
    assert parse_plugin_list([{"name": "dsh-web"}]) == [PluginEntry(id="dsh-web", name="dsh-web")]


# -- error paths -------------------------------------------------------------------------------


def test_unknown_plugin_name(greeters: str) -> None:
    entries = parse_plugin_list([{"id": "search", "name": "fake-nonexistent"}])
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.code == "PLUGIN_NOT_FOUND"
    message = caught.value.message
    assert message.startswith(
        "Plugin 'search' (fake-nonexistent) is not installed (no 'dsh.plugins' entry point has "
        "that name). Installed plugins: "
    )
    assert message.count("Plugin") == 1
    assert message.count("fake-nonexistent") == 1
    assert "fake-greeter" in message  # lists what is installed


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        (
            {"greting": "hi"},
            "Invalid config for plugin 'greeter': unknown key 'greting' "
            "(expected one of: greeting, timeout).",
        ),
        (
            {"timeout": "soon"},
            "Invalid config for plugin 'greeter': 'timeout': Input should be a valid number, "
            "unable to parse string as a number (got 'soon').",
        ),
    ],
)
def test_a_bad_config_key_or_value(greeters: str, config: dict[str, object], expected: str) -> None:
    entries = parse_plugin_list(
        [
            {"id": "tool", "name": "fake-greet-tool"},
            {"id": "greeter", "name": "fake-greeter", "config": config},
        ]
    )
    ctx = Context()
    with pytest.raises(ConfigError) as caught:
        load_plugins(ctx, entries)
    assert caught.value.code == "CONFIG_INVALID"
    assert caught.value.message == expected
    # Configs are all validated before anything is applied.
    assert module(greeters, "consumer").events == []  # type: ignore[attr-defined]
    assert ctx.scope.children == []


def test_a_key_written_under_the_wrong_plugin_names_its_owner(greeters: str) -> None:
    # `timeout` under the tool plugin, `punctuation` under the provider: before, each was only
    # "unknown key" with the other plugin's keys unmentioned, so the owner had to be guessed.
    entries = parse_plugin_list(
        [
            {"id": "tool", "name": "fake-greet-tool", "config": {"timeout": 5}},
            {"id": "greeter", "name": "fake-greeter"},
        ]
    )
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.message == (
        "Invalid config for plugin 'tool': unknown key 'timeout' (expected one of: punctuation). "
        "'timeout' is a key of plugin 'greeter' (fake-greeter): move it there."
    )


def test_a_missing_injected_service(greeters: str) -> None:
    entries = parse_plugin_list([{"id": "tool", "name": "fake-greet-tool"}])
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.code == "SERVICE_MISSING"
    assert caught.value.message == (
        "Plugin 'tool' (fake-greet-tool) needs service 'greeter', which no plugin in the list "
        "provides. Add the plugin that provides it (installed: fake-greeter)."
    )


def test_a_service_already_in_the_context_satisfies_inject(greeters: str) -> None:
    ctx = Context()
    ctx.provide("greeter", type("G", (), {"greeting": "yo"})())
    load_plugins(ctx, parse_plugin_list([{"id": "tool", "name": "fake-greet-tool"}]))
    assert ctx.tools.get("greet") is not None
    with pytest.raises(ConfigError) as caught:
        load_plugins(ctx, parse_plugin_list([{"id": "g", "name": "fake-greeter"}]))
    assert caught.value.code == "SERVICE_DUPLICATE"
    assert "'greeter'" in caught.value.message


def test_a_dependency_cycle(install_plugins: InstallPlugins) -> None:
    install_plugins({"a": CYCLE_A, "b": CYCLE_B}, {"fake-a": "a", "fake-b": "b"})
    entries = parse_plugin_list([{"id": "one", "name": "fake-a"}, {"id": "two", "name": "fake-b"}])
    ctx = Context()
    with pytest.raises(ConfigError) as caught:
        load_plugins(ctx, entries)
    assert caught.value.code == "PLUGIN_CYCLE"
    assert "cycle" in caught.value.message
    assert "'one'" not in caught.value.message
    assert "one -> two -> one" in caught.value.message or "two -> one -> two" in (
        caught.value.message
    )
    assert not ctx.has("a")


def test_two_plugins_providing_one_service(greeters: str) -> None:
    entries = parse_plugin_list(
        [{"id": "g1", "name": "fake-greeter"}, {"id": "g2", "name": "fake-greeter"}]
    )
    with pytest.raises(ConfigError, match="'g1' and 'g2' both provide service 'greeter'"):
        load_plugins(Context(), entries)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"id": "web"}, "config: expected a list of plugins"),
        (["dsh-web"], "config: plugin #1: expected a mapping with `id` and `name`."),
        ([{"id": "w"}], "config: plugin #1: `name` must be a plugin name"),
        ([{"name": "  "}], "config: plugin #1: `name` must be a plugin name"),
        ([{"id": 3, "name": "x"}], "config: plugin #1: `id` must be a non-empty string."),
        (
            [{"id": "w", "name": "x", "options": {}}],
            "config: plugin #1: unknown key(s) 'options'; a plugin entry has `id`, `name` and "
            "`config`.",
        ),
        ([{"id": "w", "name": "x", "config": []}], "config: plugin #1 ('w'): `config` must be"),
        ([{"id": "w", "name": "x", "config": "a"}], "config: plugin #1 ('w'): `config` must be"),
        (
            [{"id": "w", "name": "x"}, {"id": "w", "name": "y"}],
            "config: plugin #2: duplicate plugin id 'w'.",
        ),
    ],
)
def test_plugin_list_shape_errors(data: object, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_plugin_list(data)
    assert caught.value.message.startswith(message)


def test_unknown_keys_of_mixed_types_are_a_config_error() -> None:
    # YAML 1.1 reads `on:` as the key True: unknown keys that cannot be compared with each
    # other (True and 'options') must still get the list-shape message, not a TypeError.
    text = "- id: web\n  name: dsh-web\n  on: true\n  options: {}\n"
    with pytest.raises(ConfigError) as caught:
        parse_plugin_yaml(text, source="dsh.yaml")
    assert caught.value.message == (
        "dsh.yaml: plugin #1: unknown key(s) True, 'options'; a plugin entry has `id`, `name` "
        "and `config`."
    )


LONG = "x" * 5000


@pytest.mark.parametrize(
    "data",
    [
        [{"id": LONG, "name": "a"}, {"id": LONG, "name": "b"}],  # duplicate id
        [{"id": "w", "name": "x", LONG: 1, "also\nthis": 2}],  # unknown keys
        [{"id": LONG, "name": "x", "config": []}],  # config not a mapping
    ],
)
def test_the_lists_own_text_is_quoted_on_one_bounded_line(data: object) -> None:
    # The ids and keys are the user's text: a pasted blob must not become the whole message.
    with pytest.raises(ConfigError) as caught:
        parse_plugin_list(data)
    assert caught.value.message.startswith("config: plugin #")
    assert "\n" not in caught.value.message
    assert len(caught.value.message) < 250, len(caught.value.message)


def test_an_unknown_plugins_name_and_id_are_quoted_on_one_bounded_line(greeters: str) -> None:
    entries = parse_plugin_list([{"id": "line one\nline two " + LONG, "name": "fake\n" + LONG}])
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.code == "PLUGIN_NOT_FOUND"
    message = caught.value.message
    assert message.startswith("Plugin 'line one\\nline two xxx")
    assert "is not installed" in message
    assert "\n" not in message
    assert len(message) < 600, len(message)


def test_a_bad_config_under_a_long_id_is_one_bounded_line(greeters: str) -> None:
    entries = parse_plugin_list(
        [{"id": LONG, "name": "fake-greeter", "config": {"timeout": "soon"}}]
    )
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.code == "CONFIG_INVALID"
    assert caught.value.message.startswith("Invalid config for plugin 'xxx")
    assert caught.value.message.endswith("(got 'soon').")
    assert len(caught.value.message) < 400, len(caught.value.message)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "- id: web\n  name: [unclosed\n",
            "dsh.yaml: invalid YAML at line 3, column 1: expected ',' or ']', but got "
            "'<stream end>' (while parsing a flow sequence that starts at line 2, column 9).",
        ),
        (
            "- id: web\n\tname: x\n",
            "dsh.yaml: invalid YAML at line 2, column 1: found character '\\t' that cannot start "
            "any token (while scanning for the next token).",
        ),
        (
            "- id: web\n  name: a\x00b\n",
            "dsh.yaml: invalid YAML at line 2, column 10: unacceptable character #x0000: special "
            "characters are not allowed.",
        ),
    ],
)
def test_invalid_yaml_names_the_source_line_and_column(text: str, message: str) -> None:
    # Not PyYAML's '"<unicode string>", line 2' with a caret drawing that one line mangles.
    with pytest.raises(ConfigError) as caught:
        parse_plugin_yaml(text, source="dsh.yaml")
    assert caught.value.code == "CONFIG_INVALID"
    assert caught.value.message == message


def test_a_config_file_with_invalid_yaml_is_named_by_its_path(tmp_path: Path) -> None:
    path = tmp_path / "web.yaml"
    path.write_text("- id: web\n  name: dsh-web\n  config: {a: 1\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        read_plugin_list(path)
    assert caught.value.message.startswith(f"{path}: invalid YAML at line 4, column 1: ")
    assert "<unicode string>" not in caught.value.message


def test_an_import_failure(install_plugins: InstallPlugins) -> None:
    install_plugins({"bad": FAILS_TO_IMPORT}, {"fake-bad-import": "bad"})
    entries = parse_plugin_list([{"id": "bad", "name": "fake-bad-import"}])
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.code == "PLUGIN_IMPORT_FAILED"
    assert caught.value.message == (
        "Plugin 'bad' (fake-bad-import) failed to import: ModuleNotFoundError: "
        "No module named 'a_module_that_does_not_exist_anywhere'"
    )
    assert isinstance(caught.value.__cause__, ModuleNotFoundError)


def test_an_import_failure_named_directly(install_plugins: InstallPlugins) -> None:
    install_plugins({"bad": FAILS_TO_IMPORT}, {"fake-bad-import": "bad"})
    with pytest.raises(ConfigError) as caught:
        resolve_plugin("fake-bad-import")
    assert caught.value.message == (
        "Plugin 'fake-bad-import' failed to import: ModuleNotFoundError: "
        "No module named 'a_module_that_does_not_exist_anywhere'"
    )


# A module that fails at import with what a library might put in its message: a URL with a
# password, then a whole response body over many lines.
FAILS_TO_IMPORT_LOUDLY = """
raise RuntimeError(
    "cannot fetch https://deploy:hunter2@mirror.example/index?token=t0k3n\\n"
    + "body line\\n" * 20_000
    + "END"
)
"""


def test_an_import_failure_is_quoted_as_one_bounded_masked_line(
    install_plugins: InstallPlugins,
) -> None:
    install_plugins({"loud": FAILS_TO_IMPORT_LOUDLY}, {"fake-loud-import": "loud"})
    entries = parse_plugin_list([{"id": "loud", "name": "fake-loud-import"}])
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.code == "PLUGIN_IMPORT_FAILED"
    message = caught.value.message
    assert message.startswith(
        "Plugin 'loud' (fake-loud-import) failed to import: RuntimeError: cannot fetch "
        "https://***@mirror.example/index?token=*** body line body line"
    )
    assert message.endswith("…")
    assert "\n" not in message
    assert "END" not in message
    assert "hunter2" not in message
    assert "t0k3n" not in message
    assert len(message) < 400


def test_a_custom_resolvers_crash_is_quoted_as_one_bounded_line() -> None:
    def crashes(name: str) -> object:
        raise ImportError("see http://u:pw@mirror.example/x\n" + "x" * 100_000)

    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), [PluginEntry("inline-1", "inline")], resolve=crashes)
    assert caught.value.code == "PLUGIN_IMPORT_FAILED"
    message = caught.value.message
    assert message.startswith(
        "Plugin 'inline-1' (inline) failed to import: ImportError: see "
        "http://***@mirror.example/x xxx"
    )
    assert message.endswith("x…")
    assert len(message) < 400


def test_an_entry_point_naming_an_object(install_plugins: InstallPlugins) -> None:
    install_plugins({"obj": OBJECT_PLUGIN}, {"fake-object": "obj:plugin"})
    ctx = Context()
    load_plugins(ctx, parse_plugin_list([{"name": "fake-object"}]))
    assert ctx.service("object-service", str) == "from an object"


def test_one_name_from_two_packages_is_ambiguous(install_plugins: InstallPlugins) -> None:
    install_plugins({"one": OBJECT_PLUGIN}, {"fake-twice": "one:plugin"})
    install_plugins({"two": OBJECT_PLUGIN}, {"fake-twice": "two:plugin"})
    with pytest.raises(ConfigError) as caught:
        resolve_plugin("fake-twice")
    assert caught.value.code == "PLUGIN_AMBIGUOUS"
    one, two = sorted(
        f"{ep.value}" for ep in entry_points(group=ENTRY_POINT_GROUP, name="fake-twice")
    )
    assert caught.value.message == (
        f"Plugin 'fake-twice' is declared by several installed packages ({one}, {two}); "
        "uninstall one of them."
    )
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), [PluginEntry("twice", "fake-twice")])
    assert caught.value.message == (
        f"Plugin 'twice' (fake-twice) is declared by several installed packages ({one}, {two}); "
        "uninstall one of them."
    )


def test_a_custom_resolvers_errors_name_the_entry_once() -> None:
    def refuses(name: str) -> object:
        raise ConfigError(f"no such thing as {name!r} here", code="PLUGIN_NOT_FOUND")

    def crashes(name: str) -> object:
        raise ImportError(f"cannot import {name}")

    entry = PluginEntry("inline-1", "inline")
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), [entry], resolve=refuses)
    assert caught.value.code == "PLUGIN_NOT_FOUND"
    assert caught.value.message == "Plugin 'inline-1' (inline): no such thing as 'inline' here"
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), [entry], resolve=crashes)
    assert caught.value.code == "PLUGIN_IMPORT_FAILED"
    assert caught.value.message == (
        "Plugin 'inline-1' (inline) failed to import: ImportError: cannot import inline"
    )


async def test_an_apply_failure_rolls_back_the_plugins_loaded_before_it(greeters: str) -> None:
    entries = parse_plugin_list(
        [
            {"id": "greeter", "name": "fake-greeter"},
            {"id": "tool", "name": "fake-greet-tool"},
            {"id": "broken", "name": "fake-broken"},
        ]
    )
    ctx = Context()
    with pytest.raises(RuntimeError, match="apply exploded"):
        load_plugins(ctx, entries)  # the synchronous API, called inside a running loop
    provider = module(greeters, "provider")
    # Newest first: the broken plugin's tool and the consumer's tool are gone at once; the
    # provider's async client close continues on the loop, then its sync disposer.
    assert ctx.tools.get("half") is None
    assert ctx.tools.get("greet") is None
    for _ in range(50):  # a few loop turns; bounded, so a regression fails instead of hanging
        if "provider disposed" in provider.events:  # type: ignore[attr-defined]
            break
        await asyncio.sleep(0)
    assert provider.events == [  # type: ignore[attr-defined]
        "provider applied",
        "provider client closed",
        "provider disposed",
    ]
    assert not ctx.has("greeter")
    assert ctx.scope.children == []


def test_an_apply_failure_is_raised_as_is_with_a_note_naming_the_plugin(greeters: str) -> None:
    # The exception keeps its type (callers may catch it), and its traceback says whose
    # apply() raised it; dsh.app quotes the note in its one-line configuration error.
    entries = parse_plugin_list(
        [{"id": "greeter", "name": "fake-greeter"}, {"id": "broken", "name": "fake-broken"}]
    )
    with pytest.raises(RuntimeError, match="apply exploded") as raised:
        load_plugins(Context(), entries)
    assert raised.value.__notes__ == ["raised by the apply() of plugin 'broken' (fake-broken)"]


async def test_load_plugins_async_rolls_back_completely_before_raising(greeters: str) -> None:
    entries = parse_plugin_list(
        [
            {"id": "broken", "name": "fake-broken"},
            {"id": "greeter", "name": "fake-greeter"},
        ]
    )
    ctx = Context()
    with pytest.raises(RuntimeError, match="apply exploded"):
        await load_plugins_async(ctx, entries)
    provider = module(greeters, "provider")
    assert provider.events == [  # type: ignore[attr-defined]
        "provider applied",
        "provider client closed",
        "provider disposed",
    ]
    assert ctx.tools.get("half") is None
    assert not ctx.has("greeter")
    assert ctx.scope.children == []


def test_sync_rollback_without_a_running_loop_completes(greeters: str) -> None:
    entries = parse_plugin_list(
        [{"id": "greeter", "name": "fake-greeter"}, {"id": "broken", "name": "fake-broken"}]
    )
    ctx = Context()
    with pytest.raises(RuntimeError, match="apply exploded"):
        load_plugins(ctx, entries)
    assert module(greeters, "provider").events == [  # type: ignore[attr-defined]
        "provider applied",
        "provider client closed",
        "provider disposed",
    ]


def test_a_custom_resolver() -> None:
    class Plugin:
        name = "inline"

        @staticmethod
        def apply(ctx: Context, _config: None) -> None:
            ctx.provide("inline", True)

    ctx = Context()
    load_plugins(ctx, [PluginEntry("x", "inline")], resolve=lambda _name: Plugin)
    assert ctx.inline is True
