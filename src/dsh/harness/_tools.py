"""The tool registry: definitions, per-step declarations, validated and bounded execution."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import jsonschema
from jsonschema.exceptions import best_match

from dsh.harness._abort import AbortController, AbortSignal
from dsh.harness._errors import AbortError, HarnessError

_log = logging.getLogger("dsh.harness.tools")

# How long a tool that ignores both its signal and its cancellation may keep the caller waiting
# after a timeout or abort has already decided the result.
_CANCEL_GRACE_SECONDS = 1.0
# How long a tool whose signal fired may take to end on its own before it is cancelled.
_COOPERATIVE_GRACE_SECONDS = 0.1


@dataclass(frozen=True)
class Step:
    """One model step: which chat route (LLM provider id) the model request runs on."""

    llm_provider: str | None = None


_current_step: ContextVar[Step | None] = ContextVar("dsh_current_step", default=None)


def current_step() -> Step | None:
    """The model step of the tool call running in this task, if the caller gave one."""
    return _current_step.get()


def current_llm_provider() -> str | None:
    """The chat route of the model request behind the running tool call (or None)."""
    step = _current_step.get()
    return step.llm_provider if step is not None else None


@dataclass(frozen=True)
class ToolExecution:
    """What a running tool gets besides its arguments."""

    signal: AbortSignal
    step: Step | None = None
    call_id: str | None = None


@dataclass(frozen=True)
class ToolResult:
    """A tool's answer: the text the model reads, plus structured metadata for UIs and hooks."""

    text: str
    is_error: bool = False
    metadata: Mapping[str, Any] = field(default_factory=dict)

    @property
    def code(self) -> str | None:
        code = self.metadata.get("code")
        return code if isinstance(code, str) else None

    @classmethod
    def error(cls, code: str, message: str, **metadata: Any) -> ToolResult:
        return cls(text=f"Error: {message}", is_error=True, metadata={"code": code, **metadata})


@dataclass(frozen=True)
class ToolAnnotations:
    """Hints for clients (exported as MCP annotations)."""

    title: str | None = None
    read_only: bool = False
    destructive: bool = False
    idempotent: bool = False
    open_world: bool = False


ToolHandler = Callable[[Mapping[str, Any], ToolExecution], Awaitable["ToolResult | str"]]
ActivationCondition = Callable[[Step | None], Awaitable[bool]]


@dataclass(frozen=True)
class ToolDefinition:
    """Everything about one tool. ``parameters`` is a JSON Schema (draft 2020-12) object.

    ``timeout`` (seconds) is the tool-call budget the registry enforces; ``is_active`` decides
    per model step whether the tool is declared and dispatchable.
    """

    name: str
    description: str
    parameters: Mapping[str, Any]
    execute: ToolHandler
    timeout: float | None = None
    concurrency_safe: bool = False
    is_active: ActivationCondition | None = None
    annotations: ToolAnnotations = field(default_factory=ToolAnnotations)
    present_call: Callable[[Mapping[str, Any]], str] | None = None
    present_result: Callable[[ToolResult], str] | None = None


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: Mapping[str, Any]
    call_id: str | None = None


class ToolRegistry:
    """Registered tools by name; executes calls with validation, error mapping and timeouts."""

    def __init__(self) -> None:
        self._tools: dict[str, ToolDefinition] = {}

    def register(self, definition: ToolDefinition) -> Callable[[], None]:
        if definition.name in self._tools:
            raise HarnessError(
                "DUPLICATE_TOOL", f"A tool named {definition.name!r} is already registered."
            )
        try:
            jsonschema.Draft202012Validator.check_schema(dict(definition.parameters))
        except jsonschema.SchemaError as error:
            raise HarnessError(
                "INVALID_TOOL_SCHEMA",
                f"Tool {definition.name!r} has an invalid parameters schema: {error.message}",
            ) from None
        self._tools[definition.name] = definition

        def unregister() -> None:
            if self._tools.get(definition.name) is definition:
                del self._tools[definition.name]

        return unregister

    def get(self, name: str) -> ToolDefinition | None:
        return self._tools.get(name)

    def definitions(self) -> list[ToolDefinition]:
        """All registered tools, sorted by name (stable bytes whatever the load order)."""
        return [self._tools[name] for name in sorted(self._tools)]

    async def declarations(self, step: Step | None = None) -> list[ToolDefinition]:
        """The tools to declare to the model for ``step``: those whose activation holds."""
        active: list[ToolDefinition] = []
        for definition in self.definitions():
            if await self._is_active(definition, step):
                active.append(definition)
        return active

    async def _is_active(self, definition: ToolDefinition, step: Step | None) -> bool:
        if definition.is_active is None:
            return True
        token = _current_step.set(step)
        try:
            return bool(await definition.is_active(step))
        finally:
            _current_step.reset(token)

    async def execute(
        self,
        name: str,
        arguments: Mapping[str, Any] | None,
        *,
        signal: AbortSignal | None = None,
        step: Step | None = None,
        call_id: str | None = None,
    ) -> ToolResult:
        """Run one tool call and always return a :class:`ToolResult` (errors included).

        Only ``asyncio.CancelledError`` of the caller's own task escapes.
        """
        definition = self._tools.get(name)
        if definition is None:
            known = ", ".join(sorted(self._tools)) or "none"
            return ToolResult.error(
                "UNKNOWN_TOOL", f"Unknown tool {name!r}. Available tools: {known}."
            )
        if not await self._is_active(definition, step):
            return ToolResult.error(
                "TOOL_INACTIVE", f"Tool {name!r} is not available for this request."
            )
        args: Mapping[str, Any] = {} if arguments is None else arguments
        problem = _validation_problem(definition, args)
        if problem is not None:
            return ToolResult.error("INVALID_ARGS", problem)
        if signal is not None and signal.aborted:
            return _aborted_result(name, signal.reason)
        return await self._run(definition, args, signal=signal, step=step, call_id=call_id)

    async def _run(
        self,
        definition: ToolDefinition,
        args: Mapping[str, Any],
        *,
        signal: AbortSignal | None,
        step: Step | None,
        call_id: str | None,
    ) -> ToolResult:
        budget = AbortController()
        tool_signal = AbortSignal.any([signal, budget.signal])
        execution = ToolExecution(signal=tool_signal, step=step, call_id=call_id)
        token = _current_step.set(step)
        try:
            task = asyncio.ensure_future(_call_handler(definition, args, execution))
        finally:
            _current_step.reset(token)
        timer: asyncio.TimerHandle | None = None
        if definition.timeout is not None:
            timer = asyncio.get_running_loop().call_later(
                definition.timeout,
                budget.abort,
                TimeoutError(f"Tool {definition.name} timed out after {definition.timeout:g} s."),
            )
        signal_fired = asyncio.ensure_future(tool_signal.wait())
        try:
            await asyncio.wait([task, signal_fired], return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            await _cancel_and_settle(task, grace=0.0)
            raise
        finally:
            signal_fired.cancel()
            if timer is not None:
                timer.cancel()
        if task.done() and not tool_signal.aborted:
            return _result_of(definition.name, task)
        # The signal fired first. A cooperative tool ends on its own within the grace period
        # (with its own error, e.g. WEB_ABORTED); one that ignores its signal is cancelled.
        await _cancel_and_settle(task, grace=_COOPERATIVE_GRACE_SECONDS)
        if budget.signal.aborted:
            # A late result never replaces the timeout.
            assert definition.timeout is not None
            return ToolResult.error(
                "TOOL_TIMEOUT",
                f"Tool {definition.name} timed out after {definition.timeout:g} seconds.",
            )
        if task.done() and not task.cancelled():
            error = task.exception()
            if isinstance(error, HarnessError) and not isinstance(error, AbortError):
                return ToolResult.error(error.code, error.message, **dict(error.details))
        return _aborted_result(definition.name, tool_signal.reason)

    async def execute_many(
        self,
        calls: Sequence[ToolCall],
        *,
        signal: AbortSignal | None = None,
        step: Step | None = None,
    ) -> list[ToolResult]:
        """Run calls in order; consecutive concurrency-safe calls run in parallel."""
        results: list[ToolResult] = []
        batch: list[ToolCall] = []

        async def flush() -> None:
            if batch:
                results.extend(
                    await asyncio.gather(
                        *(
                            self.execute(
                                c.name, c.arguments, signal=signal, step=step, call_id=c.call_id
                            )
                            for c in batch
                        )
                    )
                )
                batch.clear()

        for call in calls:
            definition = self._tools.get(call.name)
            if definition is not None and definition.concurrency_safe:
                batch.append(call)
                continue
            await flush()
            results.append(
                await self.execute(
                    call.name, call.arguments, signal=signal, step=step, call_id=call.call_id
                )
            )
        await flush()
        return results


async def _call_handler(
    definition: ToolDefinition, args: Mapping[str, Any], execution: ToolExecution
) -> ToolResult:
    outcome = await definition.execute(args, execution)
    if isinstance(outcome, str):
        return ToolResult(text=outcome)
    return outcome


def _result_of(name: str, task: asyncio.Future[ToolResult]) -> ToolResult:
    error = task.exception()
    if error is None:
        return task.result()
    if isinstance(error, AbortError):
        return _aborted_result(name, error.reason)
    if isinstance(error, HarnessError):
        return ToolResult.error(error.code, error.message, **dict(error.details))
    _log.error("tool %s raised an unexpected error", name, exc_info=error)
    return ToolResult.error(
        "TOOL_ERROR",
        f"Tool {name} failed unexpectedly ({type(error).__name__}). The failure was logged.",
    )


def _aborted_result(name: str, reason: BaseException | None) -> ToolResult:
    detail = f": {reason}" if reason is not None and str(reason) else "."
    return ToolResult.error("ABORTED", f"Tool {name} was aborted{detail}")


async def _cancel_and_settle(task: asyncio.Future[ToolResult], *, grace: float) -> None:
    """Let ``task`` finish within ``grace`` seconds, else cancel it and wait a bounded time."""
    if not task.done() and grace > 0:
        await asyncio.wait([task], timeout=grace)
    if not task.done():
        task.cancel()
        await asyncio.wait([task], timeout=_CANCEL_GRACE_SECONDS)
        if not task.done():
            _log.warning("a tool task ignored cancellation; it is left to finish on its own")
            return
    if not task.cancelled():
        task.exception()  # mark retrieved: the outcome was decided without it


def _validation_problem(definition: ToolDefinition, args: Mapping[str, Any]) -> str | None:
    validator = jsonschema.Draft202012Validator(dict(definition.parameters))
    error = best_match(validator.iter_errors(dict(args)))
    if error is None:
        return None
    where = "/".join(str(part) for part in error.absolute_path)
    location = f"argument {where!r}" if where else "arguments"
    return f"Invalid {location} for tool {definition.name}: {error.message}."
