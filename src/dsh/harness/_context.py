"""The context: services by name, and plugin scopes whose registrations are disposed with them.

A scope is a tree: loading a plugin creates a child scope of the loader's scope; everything the
plugin registers through ``ctx.effect`` (tools, prompt sections, providers, clients to close) is
disposed in reverse order when that scope is, and disposing a parent disposes its children first.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ValidationError

from dsh.harness._errors import ConfigError, HarnessError

if TYPE_CHECKING:
    from dsh.harness._credentials import Credentials
    from dsh.harness._prompt import SystemPrompt
    from dsh.harness._tools import ToolRegistry

T = TypeVar("T")
Disposer = Callable[[], Awaitable[None] | None]

_log = logging.getLogger("dsh.harness.context")


class Scope:
    """Owns disposers; disposing runs children first, then its own disposers newest-first."""

    def __init__(self, name: str, parent: Scope | None = None) -> None:
        self.name = name
        self.parent = parent
        self._disposers: list[Disposer] = []
        self._children: list[Scope] = []
        self._disposed = False
        if parent is not None:
            parent._children.append(self)

    @property
    def disposed(self) -> bool:
        return self._disposed

    def add(self, disposer: Disposer) -> None:
        if self._disposed:
            raise HarnessError("SCOPE_DISPOSED", f"Scope {self.name!r} is already disposed.")
        self._disposers.append(disposer)

    async def dispose(self) -> None:
        """Dispose children (newest first), then this scope's disposers in reverse order.

        Every disposer runs even when an earlier one fails; the first failure is raised at the end.
        """
        if self._disposed:
            return
        self._disposed = True
        first_error: BaseException | None = None
        for child in reversed(self._children):
            try:
                await child.dispose()
            except Exception as error:
                first_error = first_error or error
        self._children.clear()
        while self._disposers:
            disposer = self._disposers.pop()
            try:
                outcome = disposer()
                if inspect.isawaitable(outcome):
                    await outcome
            except Exception as error:
                _log.exception("disposer in scope %r failed", self.name)
                first_error = first_error or error
        if self.parent is not None and self in self.parent._children:
            self.parent._children.remove(self)
        if first_error is not None:
            raise first_error


@runtime_checkable
class Plugin(Protocol):
    """What the loader needs of a plugin (a module or any object with these attributes).

    Optional attributes: ``inject`` (service names it needs), ``provides`` (service names it
    provides, used to order loading) and ``Config`` (a pydantic model for its config mapping).
    """

    name: str

    def apply(self, ctx: Context, config: Any) -> None: ...


class _Services:
    """The service table shared by a context and all of its forks."""

    def __init__(self) -> None:
        self.by_name: dict[str, object] = {}


class Context:
    """Services by name (``ctx.tools``, ``ctx.web``, ...) plus the scope this view registers into.

    ``Context()`` creates a root context with the harness services ``tools``,
    ``system_prompt`` and ``credentials``; :meth:`plugin` forks a child context for a plugin.
    """

    def __init__(self, *, credentials: Credentials | None = None) -> None:
        from dsh.harness._credentials import Credentials
        from dsh.harness._prompt import SystemPrompt
        from dsh.harness._tools import ToolRegistry

        self._services = _Services()
        self._scope = Scope("root")
        self._services.by_name["tools"] = ToolRegistry()
        self._services.by_name["system_prompt"] = SystemPrompt()
        self._services.by_name["credentials"] = credentials or Credentials()

    @classmethod
    def _fork(cls, parent: Context, scope: Scope) -> Context:
        child = cls.__new__(cls)
        child._services = parent._services
        child._scope = scope
        return child

    # -- typed harness services -------------------------------------------------------------
    @property
    def tools(self) -> ToolRegistry:
        from dsh.harness._tools import ToolRegistry

        return self.service("tools", ToolRegistry)

    @property
    def system_prompt(self) -> SystemPrompt:
        from dsh.harness._prompt import SystemPrompt

        return self.service("system_prompt", SystemPrompt)

    @property
    def credentials(self) -> Credentials:
        from dsh.harness._credentials import Credentials

        return self.service("credentials", Credentials)

    @property
    def scope(self) -> Scope:
        return self._scope

    # -- services by name -------------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        # Only reached for names that are not real attributes: ``ctx.web`` and friends.
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._services.by_name[name]
        except KeyError:
            raise AttributeError(
                f"Context has no service {name!r}; load the plugin that provides it."
            ) from None

    def has(self, name: str) -> bool:
        return name in self._services.by_name

    def service(self, name: str, expected: type[T]) -> T:
        """The service ``name``, checked to be an instance of ``expected``."""
        try:
            value = self._services.by_name[name]
        except KeyError:
            raise HarnessError(
                "SERVICE_MISSING",
                f"Service {name!r} is not provided; load the plugin that provides it.",
            ) from None
        if not isinstance(value, expected):
            raise HarnessError(
                "SERVICE_TYPE",
                f"Service {name!r} is a {type(value).__name__}, not a {expected.__name__}.",
            )
        return value

    def provide(self, name: str, service: object) -> None:
        """Provide a service in this scope; it is withdrawn when the scope is disposed."""
        if name in self._services.by_name:
            raise HarnessError("SERVICE_DUPLICATE", f"Service {name!r} is already provided.")
        self._services.by_name[name] = service

        def withdraw() -> None:
            if self._services.by_name.get(name) is service:
                del self._services.by_name[name]

        self.effect(withdraw)

    def effect(self, disposer: Disposer) -> Disposer:
        """Register ``disposer`` to run when this context's scope is disposed; returns it."""
        self._scope.add(disposer)
        return disposer

    # -- plugins ----------------------------------------------------------------------------
    def plugin(
        self, plugin: object, config: object = None, *, plugin_id: str | None = None
    ) -> Context:
        """Load ``plugin`` in a new child scope and return the plugin's own context.

        Checks ``inject`` against the provided services, validates ``config`` against the
        plugin's ``Config`` model, then calls ``apply``. If ``apply`` fails, everything it
        registered is rolled back before the error propagates.
        """
        name = str(getattr(plugin, "name", None) or getattr(plugin, "__name__", repr(plugin)))
        label = plugin_id or name
        apply = getattr(plugin, "apply", None)
        if not callable(apply):
            raise ConfigError(f"Plugin {label!r} ({name}) has no apply(ctx, config) function.")
        missing = [s for s in getattr(plugin, "inject", ()) if not self.has(s)]
        if missing:
            raise ConfigError(
                f"Plugin {label!r} ({name}) needs the service(s) {', '.join(map(repr, missing))}, "
                "which no loaded plugin provides. Load the plugin that provides it first.",
                code="SERVICE_MISSING",
            )
        validated = validate_plugin_config(plugin, config, label=label)
        child = Context._fork(self, Scope(label, self._scope))
        try:
            outcome = apply(child, validated)
            if inspect.isawaitable(outcome):
                raise ConfigError(f"Plugin {label!r}: apply() must be synchronous.")
        except BaseException:
            _dispose_now(child._scope)
            raise
        return child

    async def dispose(self) -> None:
        """Dispose this context's scope (for a plugin context: unload the plugin)."""
        await self._scope.dispose()


def _dispose_now(scope: Scope) -> None:
    """Best-effort synchronous rollback of a half-applied plugin (async disposers are skipped)."""
    scope._disposed = True
    while scope._disposers:
        disposer = scope._disposers.pop()
        try:
            outcome = disposer()
            if inspect.iscoroutine(outcome):
                outcome.close()
        except Exception:
            _log.exception("rollback disposer failed")
    if scope.parent is not None and scope in scope.parent._children:
        scope.parent._children.remove(scope)


def validate_plugin_config(plugin: object, config: object, *, label: str) -> Any:
    """Validate a raw config mapping with the plugin's pydantic ``Config`` model (if any)."""
    model = getattr(plugin, "Config", None)
    if model is None:
        if config not in (None, {}):
            raise ConfigError(f"Plugin {label!r} takes no config, but config was given.")
        return None
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise ConfigError(f"Plugin {label!r}: Config must be a pydantic model class.")
    if isinstance(config, model):
        return config
    if config is None:
        config = {}
    if not isinstance(config, dict):
        raise ConfigError(
            f"Plugin {label!r}: config must be a mapping of keys to values, "
            f"not {type(config).__name__}."
        )
    try:
        return model.model_validate(config)
    except ValidationError as error:
        raise ConfigError(describe_validation_error(label, error)) from None


def describe_validation_error(label: str, error: ValidationError) -> str:
    """One readable sentence per problem: the plugin id, the key and what was expected."""
    problems: list[str] = []
    for item in error.errors():
        key = ".".join(str(part) for part in item["loc"]) or "(config)"
        if item["type"] == "extra_forbidden":
            problems.append(f"unknown key {key!r}")
        else:
            shown = "***" if _looks_secret(key) else repr(item.get("input"))
            problems.append(f"{key!r}: {item['msg']} (got {shown})")
    return f"Invalid config for plugin {label!r}: " + "; ".join(problems) + "."


def _looks_secret(key: str) -> bool:
    lowered = key.lower()
    return any(word in lowered for word in ("key", "secret", "token", "password"))


def plugin_attribute(plugin: object, name: str) -> Sequence[str]:
    value = getattr(plugin, name, ())
    return tuple(value)
