"""The context: services by name, and plugin scopes whose registrations are disposed with them.

A scope is a tree: loading a plugin creates a child scope of the loader's scope; everything the
plugin registers through ``ctx.effect`` (tools, prompt sections, providers, clients to close) is
disposed in reverse order when that scope is, and disposing a parent disposes its children (in the
same newest-first order as its own registrations).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable, Generator
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from dsh._text import quoted_value
from dsh.harness._errors import ConfigError, HarnessError
from dsh.harness._plugin_config import validate_plugin_config

if TYPE_CHECKING:
    from dsh.harness._credentials import Credentials
    from dsh.harness._prompt import SystemPrompt
    from dsh.harness._tools import ToolRegistry

T = TypeVar("T")
Disposer = Callable[[], Awaitable[None] | None]

_log = logging.getLogger("dsh.harness.context")


class Scope:
    """Owns disposers and child scopes; disposing undoes everything newest-first.

    Disposers and child scopes share one registration order, like :class:`contextlib.ExitStack`:
    a thing registered after a plugin was loaded may depend on that plugin, so it is undone
    before the plugin is.
    """

    name: str
    parent: Scope | None
    _disposed: bool

    def __init__(self, name: str, parent: Scope | None = None) -> None:
        if parent is not None and parent._disposed:
            raise HarnessError(
                "SCOPE_DISPOSED", f"Cannot open scope {name!r}: {parent.name!r} is disposed."
            )
        self.name = name
        self.parent = parent
        self._entries: list[Disposer | Scope] = []
        self._disposed = False
        if parent is not None:
            parent._entries.append(self)

    def __repr__(self) -> str:
        state = "disposed" if self._disposed else f"{len(self._entries)} entries"
        return f"<Scope {self.name!r} {state}>"

    @property
    def disposed(self) -> bool:
        return self._disposed

    @property
    def children(self) -> list[Scope]:
        return [entry for entry in self._entries if isinstance(entry, Scope)]

    def add(self, disposer: Disposer) -> None:
        if self._disposed:
            raise HarnessError("SCOPE_DISPOSED", f"Scope {self.name!r} is already disposed.")
        self._entries.append(disposer)

    async def dispose(self) -> None:
        """Undo this scope: child scopes and disposers, newest first.

        Every disposer runs even when an earlier one fails (the first failure is raised at the
        end) or when this task is cancelled meanwhile (the ``CancelledError`` is re-raised once
        everything has run, so cancellation never leaves half a plugin registered).
        """
        await _drive(self._steps())

    def dispose_soon(self) -> asyncio.Task[None] | None:
        """Dispose from synchronous code, as completely as the situation allows.

        Disposers run now, newest first, up to the first one that returns an awaitable. Without
        a running event loop, that awaitable and the rest then run to completion on a private
        loop before this returns. Inside a running loop this cannot block, so they continue in
        a task on the loop (returned, and kept referenced until done); awaitables are only ever
        awaited inside that task, never half in the caller. Failures are logged, not raised:
        this is the rollback path of synchronous loading.
        """
        steps = self._steps()
        try:
            first = next(steps)
        except StopIteration:
            return None
        except Exception:
            _log.exception("disposing scope %r failed", self.name)
            return None
        rest = _quietly(_drive(steps, first), self.name)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            asyncio.run(rest)
            return None
        task = asyncio.ensure_future(rest)
        _BACKGROUND.add(task)
        task.add_done_callback(_BACKGROUND.discard)
        return task

    def _steps(self) -> Generator[Awaitable[object], BaseException | None, None]:
        """The disposal as plain synchronous code that yields each awaitable to its driver.

        The driver sends back the awaitable's failure (or None). Keeping this synchronous lets
        :meth:`dispose_soon` run part of it in the caller and the rest in a task without ever
        moving a started coroutine between tasks.
        """
        if self._disposed:
            return
        self._disposed = True
        first_error: BaseException | None = None
        cancelled: asyncio.CancelledError | None = None
        while self._entries:
            entry = self._entries.pop()
            if isinstance(entry, Scope):
                try:
                    yield from entry._steps()
                except asyncio.CancelledError as error:
                    cancelled = cancelled or error
                except Exception as error:  # the child logged it
                    first_error = first_error or error
                continue
            try:
                outcome = entry()
                if inspect.isawaitable(outcome):
                    failure = yield outcome
                    if failure is not None:
                        raise failure
            except asyncio.CancelledError as error:
                cancelled = cancelled or error
            except Exception as error:
                _log.exception("disposer in scope %r failed", self.name)
                first_error = first_error or error
        self._detach()
        if cancelled is not None:
            raise cancelled
        if first_error is not None:
            raise first_error

    def _mark(self) -> int:
        return len(self._entries)

    def _split_since(self, mark: int) -> Scope:
        """Move what was registered after ``mark`` into a detached scope (to roll it back)."""
        split = Scope(f"{self.name} (rollback)")
        split._entries = self._entries[mark:]
        del self._entries[mark:]
        for entry in split._entries:
            if isinstance(entry, Scope):
                entry.parent = split
        return split

    def _detach(self) -> None:
        if self.parent is not None and self in self.parent._entries:
            self.parent._entries.remove(self)


# Rollbacks finishing in the background (``Scope.dispose_soon``); the loop holds tasks weakly.
_BACKGROUND: set[asyncio.Task[None]] = set()


async def _drive(
    steps: Generator[Awaitable[object], BaseException | None, None],
    first: Awaitable[object] | None = None,
) -> None:
    """Await each awaitable the disposal steps yield, in this task, and report back failures."""
    pending = first if first is not None else _next(steps, None)
    while pending is not None:
        failure: BaseException | None = None
        try:
            await pending
        except BaseException as error:  # CancelledError included: the steps decide
            failure = error
        pending = _next(steps, failure)


def _next(
    steps: Generator[Awaitable[object], BaseException | None, None], value: BaseException | None
) -> Awaitable[object] | None:
    try:
        return steps.send(value)
    except StopIteration:
        return None


async def _quietly(coroutine: Awaitable[None], name: str) -> None:
    try:
        await coroutine
    except Exception:
        _log.exception("disposing scope %r failed", name)


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
            if self._scope.disposed:
                # Its plugins are unloaded: the plugin list is not what is wrong.
                raise AttributeError(
                    f"Context has no service {name!r}: the context was closed (close(ctx) or "
                    "ctx.dispose()); build a new one."
                ) from None
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
        mark = self._scope._mark()
        try:
            return self._attach(plugin, config, plugin_id=plugin_id)
        except BaseException:
            # From sync code: synchronous disposers have run when this returns; async ones
            # (closing clients) finish on the loop. ``await ctx.load(...)`` waits for all.
            self._scope._split_since(mark).dispose_soon()
            raise

    async def load(
        self, plugin: object, config: object = None, *, plugin_id: str | None = None
    ) -> Context:
        """Like :meth:`plugin`, but a failed ``apply`` is rolled back completely (async
        disposers awaited) before the error propagates. Prefer it in async code."""
        mark = self._scope._mark()
        try:
            return self._attach(plugin, config, plugin_id=plugin_id)
        except BaseException:
            await _dispose_quietly(self._scope._split_since(mark))
            raise

    def _attach(self, plugin: object, config: object, *, plugin_id: str | None) -> Context:
        """Check, validate, open the child scope and apply; a failure leaves the child scope
        registered in this scope for the caller to roll back."""
        name = _plugin_name(plugin)
        label = plugin_id or name
        apply = getattr(plugin, "apply", None)
        if not callable(apply):
            raise ConfigError(
                f"Plugin {quoted_value(label)} ({name}) has no apply(ctx, config) function."
            )
        self._check_inject(plugin, label, name)
        validated = validate_plugin_config(plugin, config, label=label)
        child = Context._fork(self, Scope(label, self._scope))
        try:
            _apply(apply, child, validated, label)
        except HarnessError:
            raise
        except Exception as error:
            # A plugin's own bug keeps its type, but with several plugins in the list the
            # traceback (and the surfaces' one-line error) must say whose apply() raised it.
            error.add_note(f"raised by the apply() of plugin {quoted_value(label)} ({name})")
            raise
        return child

    def _check_inject(self, plugin: object, label: str, name: str) -> None:
        missing = [s for s in getattr(plugin, "inject", ()) if not self.has(s)]
        if missing:
            raise ConfigError(
                f"Plugin {quoted_value(label)} ({name}) needs the service(s) "
                f"{', '.join(map(repr, missing))}, "
                "which no loaded plugin provides. Load the plugin that provides it first.",
                code="SERVICE_MISSING",
            )

    async def dispose(self) -> None:
        """Dispose this context's scope (for a plugin context: unload the plugin).

        Disposing the root context closes it: its tool registry then answers every call with
        ``SCOPE_DISPOSED`` saying so, from the start (a call made while the plugins unload is
        refused too, not answered ``UNKNOWN_TOOL``).
        """
        from dsh.harness._tools import ToolRegistry

        tools = self._services.by_name.get("tools")
        if self._scope.parent is None and isinstance(tools, ToolRegistry):
            tools.close()
        await self._scope.dispose()


def _plugin_name(plugin: object) -> str:
    return str(getattr(plugin, "name", None) or getattr(plugin, "__name__", repr(plugin)))


# The plugin whose ``apply`` is running, so that what it registers can say who registered it.
_applying_plugin: ContextVar[str | None] = ContextVar("dsh_applying_plugin", default=None)


def applying_plugin() -> str | None:
    """The id of the plugin whose ``apply`` is running in this context, or None."""
    return _applying_plugin.get()


def _apply(apply: Callable[..., object], child: Context, config: object, label: str) -> None:
    token = _applying_plugin.set(label)
    try:
        outcome = apply(child, config)
    finally:
        _applying_plugin.reset(token)
    if inspect.isawaitable(outcome):
        if inspect.iscoroutine(outcome):
            outcome.close()
        raise ConfigError(f"Plugin {quoted_value(label)}: apply() must be synchronous.")


async def _dispose_quietly(scope: Scope) -> None:
    """Roll back: the error that caused it is the one to report; disposal failures are logged."""
    await _quietly(scope.dispose(), scope.name)
