"""The tool registry: definitions, per-step declarations, validated and bounded execution."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import jsonschema

from dsh._text import quoted_message, quoted_value
from dsh.harness._abort import AbortController, AbortSignal
from dsh.harness._arguments import _json_type, _json_value, _validation_problem
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
        """An error result: text ``Error: <message>``, ``code`` in the metadata."""
        return cls(text=f"Error: {message}", is_error=True, metadata={**metadata, "code": code})


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
    """Registered tools by name; executes calls with validation, error mapping and timeouts.

    ``cooperative_grace`` (seconds): after a tool's signal fires, how long the tool may take to
    end on its own (so a cooperative tool reports its own error) before it is cancelled.
    ``cancel_grace``: how long a cancelled tool may take to end before the registry stops
    waiting for it (a tool that swallows cancellation is then left to finish on its own, kept
    referenced and logged; its late result is discarded).
    """

    def __init__(
        self,
        *,
        cooperative_grace: float = _COOPERATIVE_GRACE_SECONDS,
        cancel_grace: float = _CANCEL_GRACE_SECONDS,
    ) -> None:
        self._tools: dict[str, ToolDefinition] = {}
        self._validators: dict[str, jsonschema.Draft202012Validator] = {}
        self._cooperative_grace = cooperative_grace
        self._cancel_grace = cancel_grace
        self._closed = False
        # Fired by close(): the calls still running are aborted saying why.
        self._closing = AbortController()

    def close(self) -> None:
        """Refuse every later call, saying the context was closed (its root context's
        ``dispose()`` calls this before unloading the plugins). Before, a call answered
        ``UNKNOWN_TOOL … Available tools: none.``, as if the tool had never existed.

        The calls still running are aborted with that reason, before the plugins unload: else
        the unloading provider failed them with "… was unloaded … Try again", a retry that
        could only be refused."""
        self._closed = True
        self._closing.abort(
            AbortError(message="the context was closed (close(ctx) or ctx.dispose())")
        )

    def register(self, definition: ToolDefinition) -> Callable[[], None]:
        """Add a tool; returns its disposer. A duplicate name, a name the model APIs reject or
        a parameters schema that is not a valid JSON Schema object is a :class:`HarnessError`.
        """
        if definition.name in self._tools:
            raise HarnessError(
                "DUPLICATE_TOOL", f"A tool named {definition.name!r} is already registered."
            )
        if not isinstance(definition.name, str) or not _TOOL_NAME.fullmatch(definition.name):
            raise HarnessError(
                "INVALID_TOOL_NAME",
                f"Tool name {quoted_value(definition.name)} is not accepted by the model APIs: "
                "use 1-64 characters from a-z, A-Z, 0-9, '_' and '-'.",
            )
        parameters = dict(definition.parameters)
        try:
            jsonschema.Draft202012Validator.check_schema(parameters)
        except jsonschema.SchemaError as error:
            raise HarnessError(
                "INVALID_TOOL_SCHEMA",
                # jsonschema quotes the offending part of the schema, however big: bounded.
                f"Tool {definition.name!r} has an invalid parameters schema: "
                f"{quoted_message(error.message)}",
            ) from None
        if parameters.get("type") != "object":
            raise HarnessError(
                "INVALID_TOOL_SCHEMA",
                f'Tool {definition.name!r}: the parameters schema must have "type": "object" '
                "(the Anthropic and MCP tool formats require it).",
            )
        self._tools[definition.name] = definition
        self._validators[definition.name] = jsonschema.Draft202012Validator(parameters)

        def unregister() -> None:
            if self._tools.get(definition.name) is definition:
                del self._tools[definition.name]
                del self._validators[definition.name]

        return unregister

    def get(self, name: str) -> ToolDefinition | None:
        return self._tools.get(name)

    def definitions(self) -> list[ToolDefinition]:
        """All registered tools, sorted by name (stable bytes whatever the load order)."""
        return [self._tools[name] for name in sorted(self._tools)]

    async def declarations(self, step: Step | None = None) -> list[ToolDefinition]:
        """The tools to declare to the model for ``step``: those whose activation holds.

        Activation conditions run concurrently; one that raises counts as inactive (logged).
        """
        definitions = self.definitions()
        flags = await asyncio.gather(*(self._is_active(d, step) for d in definitions))
        return [d for d, active in zip(definitions, flags, strict=True) if active]

    async def _is_active(self, definition: ToolDefinition, step: Step | None) -> bool:
        if definition.is_active is None:
            return True
        token = _current_step.set(step)
        try:
            return bool(await definition.is_active(step))
        except Exception:
            _log.exception("activation condition of tool %s failed", definition.name)
            return False
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
        if self._closed:
            return ToolResult.error(
                "SCOPE_DISPOSED",
                f"Tool {_json_value(name)} cannot run: the context was closed (close(ctx) or "
                "ctx.dispose()); build a new one.",
            )
        definition = self._tools.get(name)
        if definition is None:
            known = ", ".join(sorted(self._tools)) or "none"
            # The name is the caller's text (a model's, an MCP client's): JSON, bounded.
            return ToolResult.error(
                "UNKNOWN_TOOL", f"Unknown tool {_json_value(name)}. Available tools: {known}."
            )
        if not await self._is_active(definition, step):
            return ToolResult.error(
                "TOOL_INACTIVE", f"Tool {_json_value(name)} is not available for this request."
            )
        if arguments is not None and not isinstance(arguments, Mapping):
            return ToolResult.error(
                "INVALID_ARGS",
                f"Invalid arguments for tool {name}: expected a JSON object, "
                f"got {_json_type(arguments)}.",
            )
        args: Mapping[str, Any] = {} if arguments is None else arguments
        problem = _validation_problem(definition, self._validators[name], args)
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
        tool_signal = AbortSignal.any([signal, budget.signal, self._closing.signal])
        execution = ToolExecution(signal=tool_signal, step=step, call_id=call_id)
        token = _current_step.set(step)
        try:
            # The task copies the context now, so the tool (and everything it awaits) sees the
            # step's route through current_llm_provider().
            task = asyncio.ensure_future(_call_handler(definition, args, execution))
        finally:
            _current_step.reset(token)
        loop = asyncio.get_running_loop()
        # Decided when the signal fires: did the tool lose the race? A result that was already
        # there when the signal fired stands.
        lost = loop.create_future()

        def on_abort(_reason: BaseException) -> None:
            if not task.done() and not lost.done():
                lost.set_result(None)

        remove = tool_signal.add_callback(on_abort)
        timer: asyncio.TimerHandle | None = None
        if definition.timeout is not None:
            timer = loop.call_later(
                definition.timeout,
                budget.abort,
                TimeoutError(f"Tool {definition.name} timed out after {definition.timeout:g} s."),
            )
        try:
            await asyncio.wait([task, lost], return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            budget.abort(AbortError(message=f"Tool {definition.name} was cancelled."))
            await self._settle(task, grace=0.0)
            raise
        finally:
            remove()
            if timer is not None:
                timer.cancel()
            if not lost.done():
                lost.cancel()
        if lost.cancelled():  # the tool finished before any signal fired
            return _result_of(definition.name, task)
        # The signal fired first. A cooperative tool ends on its own within the grace period
        # (with its own error, e.g. WEB_ABORTED); one that ignores its signal is cancelled.
        await self._settle(task, grace=self._cooperative_grace)
        if budget.signal.aborted:
            # A late result never replaces the timeout.
            assert definition.timeout is not None
            return ToolResult.error(
                "TOOL_TIMEOUT",
                f"Tool {definition.name} timed out after {_seconds(definition.timeout)}.",
            )
        if task.done() and not task.cancelled():
            error = task.exception()
            if isinstance(error, HarnessError) and not isinstance(error, AbortError):
                return _error_result(error)
        return _aborted_result(definition.name, tool_signal.reason)

    async def _settle(self, task: asyncio.Future[ToolResult], *, grace: float) -> None:
        """Let ``task`` finish within ``grace`` seconds, else cancel it and wait a bounded time."""
        try:
            if not task.done() and grace > 0:
                await asyncio.wait([task], timeout=grace)
            if not task.done():
                task.cancel()
                await asyncio.wait([task], timeout=self._cancel_grace)
        except asyncio.CancelledError:
            # Our caller is being cancelled while we wait: never leave the tool running, but
            # cancel it once. A second cancel landing in a tool's cleanup interrupts it (httpcore
            # then leaves its connection open); a tool already cancelled is just let finish.
            if not task.done() and not (isinstance(task, asyncio.Task) and task.cancelling()):
                task.cancel()
            if not task.done():
                _STRAYS.add(task)
                task.add_done_callback(_forget_stray)
            raise
        if not task.done():
            _log.warning("a tool task ignored cancellation; it is left to finish on its own")
            # The loop only holds tasks weakly: keep it referenced until it ends.
            _STRAYS.add(task)
            task.add_done_callback(_forget_stray)
            return
        if not task.cancelled():
            task.exception()  # mark retrieved: the outcome was decided without it

    async def execute_many(
        self,
        calls: Sequence[ToolCall],
        *,
        signal: AbortSignal | None = None,
        step: Step | None = None,
    ) -> list[ToolResult]:
        """Run calls in order; consecutive concurrency-safe calls run in parallel.

        ``calls`` are :class:`ToolCall` items; anything else is a :class:`HarnessError`
        (``INVALID_ARGS``) raised before any call runs. A mapping is not taken as a call: the
        model APIs each shape one differently (OpenAI's ``function.arguments`` is a JSON string,
        Anthropic's ``input`` an object), so guessing would run some of them wrongly.
        """
        calls = _tool_calls(calls)
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


def _tool_calls(calls: object) -> list[ToolCall]:
    """``calls`` as a list, when it is one of :class:`ToolCall` items (a library user's mistake
    read ``AttributeError: 'dict' object has no attribute 'name'``, half the batch run)."""
    expected = "execute_many() takes a list of dsh.harness.ToolCall(name, arguments, call_id=None)"
    if isinstance(calls, ToolCall):
        problem = "got a single ToolCall; pass a list of them"
    elif isinstance(calls, str | bytes | Mapping) or not isinstance(calls, Iterable):
        problem = f"got {_a(type(calls).__name__)}"
    else:
        items = list(calls)
        wrong = next((i for i, c in enumerate(items) if not isinstance(c, ToolCall)), None)
        if wrong is None:
            return items
        problem = f"call #{wrong + 1} is {_a(type(items[wrong]).__name__)}"
    raise HarnessError("INVALID_ARGS", f"{expected}: {problem}.")


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


_TOOL_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")
_STRAYS: set[asyncio.Future[ToolResult]] = set()


def _forget_stray(task: asyncio.Future[ToolResult]) -> None:
    _STRAYS.discard(task)
    if not task.cancelled():
        task.exception()


async def _call_handler(
    definition: ToolDefinition, args: Mapping[str, Any], execution: ToolExecution
) -> ToolResult:
    outcome: object = await definition.execute(args, execution)
    if isinstance(outcome, str):
        return ToolResult(text=outcome)
    if isinstance(outcome, ToolResult):
        return outcome
    raise TypeError(
        f"tool {definition.name} returned {type(outcome).__name__}, not a ToolResult or str"
    )


def _result_of(name: str, task: asyncio.Future[ToolResult]) -> ToolResult:
    if task.cancelled():
        # The tool cancelled itself (the caller was not cancelled: that path re-raises).
        return _aborted_result(name, None)
    error = task.exception()
    if error is None:
        return task.result()
    if isinstance(error, AbortError):
        return _aborted_result(name, error.reason)
    if isinstance(error, HarnessError):
        return _error_result(error)
    _log.error("tool %s raised an unexpected error", name, exc_info=error)
    return ToolResult.error(
        "TOOL_ERROR",
        f"Tool {name} failed unexpectedly ({type(error).__name__}). The failure was logged.",
    )


def _error_result(error: HarnessError) -> ToolResult:
    """A :class:`HarnessError` as the model sees it; its details ride along in the metadata."""
    return ToolResult(
        text=f"Error: {error.message}",
        is_error=True,
        metadata={**dict(error.details), "code": error.code},
    )


def _aborted_result(name: str, reason: BaseException | None) -> ToolResult:
    # The caller's reason, quoted: one line, bounded, URL credentials and query secrets masked.
    text = quoted_message(str(reason)) if reason is not None else ""
    detail = f": {text}" if text else "."
    return ToolResult.error("ABORTED", f"Tool {name} was aborted{detail}")


def _seconds(value: float) -> str:
    """``1 second``, ``0.5 seconds``, ``30 seconds``: only exactly one is singular."""
    return f"{value:g} second" if value == 1 else f"{value:g} seconds"
