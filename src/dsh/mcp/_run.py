"""Running the server over stdio or streamable HTTP, with the context's whole lifetime."""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import errno
import ipaddress
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from dsh.app import NO_TOOLS_MESSAGE, build_context, close, plugin_load_failure
from dsh.harness import ConfigError, Context, HarnessError
from dsh.mcp._server import create_server


def serve(config: str | Path | None = None, *, http: tuple[str, int] | None = None) -> None:
    """Serve over stdio (default) or streamable HTTP at ``http://HOST:PORT/mcp``."""
    asyncio.run(serve_async(config, http=http))


async def serve_async(
    config: str | Path | None = None, *, http: tuple[str, int] | None = None
) -> None:
    """:func:`serve` on a running event loop: loads ``config`` (see ``dsh.app.build_context``),
    serves until stopped (EOF on stdin, SIGINT/SIGTERM, cancellation) and closes the context."""
    if http is None and sys.stdin is None:
        # Started with descriptor 0 closed (`<&-`): no client can reach a stdio server. Said
        # before any work: fd 0 is free, so whatever opens next (the event loop's own pipe)
        # would be taken for the client's stream.
        raise ConfigError(
            "Standard input is closed, so no MCP client can reach the stdio server. "
            "Connect it to the client's pipe, or serve over --http.",
            code="OS_ERROR",
        )
    with _deferred_stop_signals() as stop:
        ctx = _load(config)
        try:
            if not ctx.tools.definitions():
                # The client would list no tools without a word why; `dsh-web tools` says it.
                _warn(NO_TOOLS_MESSAGE)
            server = create_server(ctx)
            if http is None:
                await _serve_stdio(server, stop=stop)
            else:
                await _serve_http(server, *http, stop=stop)
        finally:
            await close(ctx)


def _warn(message: str) -> None:
    """``dsh-web: warning: <message>`` on stderr (stdout is the stdio client's); a server started
    without a usable stderr still serves."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            sys.stderr.write(f"dsh-web: warning: {message}\n")
            sys.stderr.flush()


class _StopSignals:
    """SIGINT/SIGTERM received while the server starts, runs or stops."""

    def __init__(self) -> None:
        self.received: list[int] = []
        # How the running transport stops gracefully (set while it serves).
        self.on_stop: Callable[[int, FrameType | None], None] | None = None
        self.previous: dict[int, Any] = {}
        # The stop signals the process was started ignoring: they stay ignored.
        self.ignored: set[int] = set()

    def handle(self, sig: int, frame: FrameType | None) -> None:
        if self.received:
            # Asked again while stopping (closing the context, say): the user insists.
            self.restore()
            signal.raise_signal(sig)
            return
        self.received.append(sig)
        if self.on_stop is not None:
            self.on_stop(sig, frame)

    def restore(self) -> None:
        for sig, handler in self.previous.items():
            # None: a handler not set from Python; the default is the closest there is.
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        self.previous.clear()


@contextlib.contextmanager
def _deferred_stop_signals() -> Iterator[_StopSignals]:
    """A stop signal ends the server gracefully, and has its usual effect only once the context
    is closed.

    Over stdio, the default SIGTERM killed the process before ``close(ctx)``, and a Ctrl-C
    waited for the client's next line (the SDK's stdin read cannot be cancelled). Over HTTP,
    uvicorn handles SIGINT/SIGTERM only while it serves, and re-raises the signal as it
    returns: a SIGTERM then killed the process before ``close(ctx)`` (provider clients never
    closed), and a Ctrl-C cancelled the close half-way, or, arriving before uvicorn took the
    signals, cancelled its start-up and left its lifespan task to log a traceback. Here the
    signals are held from before loading to after closing; uvicorn hands the one it caught
    back to this handler, which re-delivers it at the end (SIGTERM: the process ends by it;
    SIGINT: ``KeyboardInterrupt``, exit 130 on the command line).

    A stop signal ignored when the process started stays ignored, as Python and asyncio leave
    it: a non-interactive shell starts a background job (``dsh-web mcp --http ... &``) with
    SIGINT ignored so that a Ctrl-C meant for the foreground spares it. Replacing it stopped
    that server, exit 0.
    """
    stop = _StopSignals()
    if threading.current_thread() is threading.main_thread():  # signals are the main thread's
        for sig in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(sig) is signal.SIG_IGN:
                stop.ignored.add(sig)
                continue
            stop.previous[sig] = signal.signal(sig, stop.handle)
    try:
        yield stop
    finally:
        stop.restore()
    for received in stop.received:
        signal.raise_signal(received)


def _load(config: str | Path | None) -> Context:
    """:func:`build_context`; a plugin that crashes while loading is a :class:`ConfigError`,
    as the command line reports it for its other commands."""
    try:
        return build_context(config)
    except HarnessError:
        raise
    except Exception as error:
        raise plugin_load_failure(error) from error


async def _serve_stdio(server: Any, *, stop: _StopSignals) -> None:
    from mcp.server.stdio import stdio_server

    async def run() -> None:
        with _claimed_stdin() as fd:
            lines: Any = _StdinLines(fd)  # duck-typed for the SDK's `async for line in stdin`
            try:
                async with stdio_server(stdin=lines) as (read_stream, write_stream):
                    options = server.create_initialization_options()
                    await server.run(read_stream, write_stream, options)
            except BaseExceptionGroup as group:
                # The client stopped reading our stdout (it crashed, or closed its end): the
                # SDK's writer task fails with EPIPE inside its task group. That is the client
                # leaving, as EOF on stdin is, not a failure of ours: one plain BrokenPipeError
                # (the command line ends quietly with 141, as for `dsh-web fetch ... | head`).
                broken, rest = group.split(BrokenPipeError)
                if broken is None or rest is not None:
                    raise
                raise BrokenPipeError(
                    errno.EPIPE, "The MCP client stopped reading the server's output."
                ) from None

    _announce_on_a_terminal()
    task = asyncio.ensure_future(run())
    loop = asyncio.get_running_loop()

    def cancel(_sig: int, _frame: FrameType | None) -> None:
        # Called from the signal handler: call_soon_threadsafe also wakes a loop in select.
        loop.call_soon_threadsafe(task.cancel)

    stop.on_stop = cancel
    if stop.received:  # stopped while loading: do not serve at all
        task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        current = asyncio.current_task()
        if not stop.received or (current is not None and current.cancelling()):
            raise  # not our stop: a cancellation from outside goes on
    finally:
        stop.on_stop = None


def _announce_on_a_terminal() -> None:
    """Typed at a terminal, a stdio server that says nothing seems to hang: say what it waits
    for (stderr, and only on a terminal: an MCP client's pipe gets nothing)."""
    with contextlib.suppress(OSError):
        if sys.stderr is not None and os.isatty(0):
            sys.stderr.write(
                "dsh-web: MCP server on stdio, waiting for an MCP client's JSON-RPC on standard "
                "input: an MCP client starts it (see the README); Ctrl-D or Ctrl-C ends it.\n"
            )
            sys.stderr.flush()


@contextlib.contextmanager
def _claimed_stdin() -> Iterator[int]:
    """A duplicate of the client's stream for :class:`_StdinLines` (which closes it); meanwhile
    fd 0 reads the null device, as under the SDK's own claim, so a handler or a child process
    never eats the client's bytes."""
    import fcntl

    saved = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
    try:
        reader = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
        try:
            null = os.open(os.devnull, os.O_RDONLY)
            try:
                os.dup2(null, 0)
            finally:
                os.close(null)
        except OSError:
            os.close(reader)
            raise
        try:
            yield reader
        finally:
            os.dup2(saved, 0)
    finally:
        os.close(saved)


class _StdinLines:
    """The lines of ``fd`` (UTF-8, invalid bytes replaced, as the SDK reads them), read by a
    daemon thread so that waiting for the next one can be cancelled.

    The SDK reads stdin in an anyio worker thread that a cancellation waits for, so a stop
    had to wait for the client's next line or EOF, and the pending read kept the interpreter
    from exiting. A daemon thread blocked in ``os.read`` holds nothing: no lock of a Python
    file object, no exit. At most :data:`_STDIN_LINES_AHEAD` lines are read ahead.
    """

    def __init__(self, fd: int) -> None:
        self._loop = asyncio.get_running_loop()
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._room = threading.Semaphore(_STDIN_LINES_AHEAD)
        threading.Thread(target=self._read, args=(fd,), name="dsh-mcp-stdin", daemon=True).start()

    def __aiter__(self) -> _StdinLines:
        return self

    async def __anext__(self) -> str:
        line = await self._lines.get()
        self._room.release()
        if line is None:
            raise StopAsyncIteration
        return line

    def _read(self, fd: int) -> None:
        # The descriptor is this thread's: closed when it is done with it, never under a read.
        try:
            self._read_lines(fd)
        finally:
            os.close(fd)

    def _read_lines(self, fd: int) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        parts: list[str] = []
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO from a terminal that went away, say: the end of input
                chunk = b""
            *complete, partial = decoder.decode(chunk, final=not chunk).split("\n")
            for piece in complete:
                parts.append(piece)
                if not self._put("".join(parts) + "\n"):
                    return
                parts.clear()
            parts.append(partial)
            if not chunk:
                rest = "".join(parts)
                if rest and not self._put(rest):
                    return
                self._put(None)
                return

    def _put(self, line: str | None) -> bool:
        self._room.acquire()
        try:
            self._loop.call_soon_threadsafe(self._lines.put_nowait, line)
        except RuntimeError:  # the loop is closed: the server is gone, nobody reads on
            return False
        return True


_STDIN_LINES_AHEAD = 16


def exposure_warning(host: str) -> str | None:
    """What the operator should know when the HTTP server listens beyond this machine.

    The server has no authentication, and only a loopback host gets the SDK's DNS-rebinding
    protection: on `0.0.0.0` or a LAN address anyone who reaches it runs `web_fetch` from this
    machine (inside the operator's network, past its firewall). Said, not refused: a container
    or a trusted network may mean it.
    """
    if host == "localhost":
        return None
    try:
        if ipaddress.ip_address(host).is_loopback:
            return None
    except ValueError:
        pass  # a host name: it may resolve to any interface
    return (
        f"{host} is reachable from other machines, and the MCP server has no authentication: "
        "anyone who reaches it can run its tools from this machine. Serve on 127.0.0.1, or "
        "put an authenticating proxy in front of it."
    )


async def _serve_http(server: Any, host: str, port: int, *, stop: _StopSignals) -> None:
    import uvicorn

    app = server.streamable_http_app(host=host)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise ConfigError(
            f"Cannot listen on {host}:{port}: {error.strerror}.", code="MCP_BIND_FAILED"
        ) from None
    bound_port = sock.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{bound_port}/mcp"

    class _Announcing(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            # uvicorn takes SIGINT and SIGTERM whatever their disposition: one the process was
            # started ignoring stays ignored (see _deferred_stop_signals).
            with super().capture_signals():
                for sig in stop.ignored:
                    signal.signal(sig, signal.SIG_IGN)
                yield

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            # The readiness line tests and users wait for (stderr: stdout stays clean). A
            # service started without a usable stderr (`2>&-`: sys.stderr is None, or its
            # descriptor is bad) still serves: a log line is no reason to stop.
            if sys.stderr is not None:
                with contextlib.suppress(OSError):
                    sys.stderr.write(f"dsh-web: MCP server listening on {url}\n")
                    sys.stderr.flush()
            if (warning := exposure_warning(host)) is not None:
                _warn(warning)

    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    uvicorn_server = _Announcing(config)
    stop.on_stop = uvicorn_server.handle_exit
    if stop.received:  # stopped while loading: do not start at all
        sock.close()
        return
    try:
        await uvicorn_server.serve(sockets=[sock])
    finally:
        stop.on_stop = None
