"""Entry point: parse, dispatch, and turn every failure into one line and an exit status."""

from __future__ import annotations

import logging
import os
import sys
import traceback
from typing import TextIO

from dsh._text import one_line, quoted_message
from dsh.cli._parser import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_UNEXPECTED,
    EXIT_USAGE,
    EXIT_WEB,
    build_parser,
)

PROG = "dsh-web"


class CommandError(Exception):
    """A failure to report as ``dsh-web: error: CODE: message`` with ``status``."""

    def __init__(
        self, code: str, message: str, status: int, *, traceback_hint: bool = False
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        # Suggest --debug even though the status is not "unexpected" (e.g. a plugin that
        # crashed while loading: a configuration error, but its traceback is the clue).
        self.traceback_hint = traceback_hint


class OutputClosedError(Exception):
    """Standard output's reader went away (``dsh-web ... | head``) before all was written."""


class OutputFailedError(CommandError):
    """Writing to standard output failed (a full disk, an I/O error): ``OS_ERROR``, exit 1,
    and no --debug hint, since the traceback would only show where we wrote."""

    def __init__(self, error: OSError) -> None:
        reason = error.strerror or str(error) or type(error).__name__
        super().__init__("OS_ERROR", f"Cannot write to standard output: {reason}.", EXIT_UNEXPECTED)


def main(argv: list[str] | None = None) -> int:
    """Run `dsh-web` with ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    _tolerant_streams()
    args = build_parser().parse_args(argv)
    debug = bool(getattr(args, "debug", False))
    _quiet_logs(getattr(args, "command", None) != "mcp" and not debug)
    try:
        from dsh.cli._commands import run

        return run(args)
    except KeyboardInterrupt:
        _error_line("INTERRUPTED", "interrupted")
        return EXIT_INTERRUPTED
    except OutputClosedError:
        # Nobody reads the rest: stop without a word, as a Unix tool ended by SIGPIPE does.
        _discard(sys.stdout)
        return EXIT_BROKEN_PIPE
    except Exception as error:
        if debug:
            traceback.print_exc()
        if isinstance(error, OutputFailedError):
            # What is still buffered would fail again at exit ("Exception ignored ...").
            _discard(sys.stdout)
        code, message, status = describe_failure(error)
        hint = (status == EXIT_UNEXPECTED and not isinstance(error, OutputFailedError)) or (
            getattr(error, "traceback_hint", False)
        )
        _error_line(code, message + (_HINT if hint and not debug else ""))
        return status


_HINT = " (run with --debug for the traceback)"


def describe_failure(error: BaseException) -> tuple[str, str, int]:
    """(code, message, exit status) for anything a command raised."""
    if isinstance(error, CommandError):
        return error.code, error.message, error.status
    harness = sys.modules.get("dsh.harness")
    if harness is not None:
        if isinstance(error, harness.ConfigError):
            return error.code, error.message, EXIT_USAGE
        if isinstance(error, harness.HarnessError):
            status = EXIT_WEB if error.code.startswith("WEB_") else EXIT_UNEXPECTED
            return error.code, error.message, status
    if isinstance(error, OSError) and error.filename is not None:
        return "OS_ERROR", f"{error.strerror}: {error.filename}", EXIT_UNEXPECTED
    # One line, bounded (a library's message can hold a whole response body) and secrets masked
    # (it may quote a proxy URL with its password); --debug prints it whole. dsh._text imports
    # only the standard library, so this works even when the harness itself cannot be imported.
    return "INTERNAL", f"{type(error).__name__}: {quoted_message(str(error))}", EXIT_UNEXPECTED


# Without a handler, Python prints a logged error (e.g. a tool's unexpected exception, with its
# traceback) to stderr: that would break "a failure is one line". --debug keeps it; the MCP
# server keeps it too (stderr is its log, and there is no one-line contract there).
_QUIET = logging.NullHandler()


def _quiet_logs(quiet: bool) -> None:
    # On the root logger too: a library's warning (pypdf's "EOF marker not found") would
    # otherwise reach stderr through logging's last-resort handler and break "one line".
    for logger in (logging.getLogger("dsh"), logging.getLogger()):
        if quiet:
            logger.addHandler(_QUIET)  # idempotent for the same handler
        else:
            logger.removeHandler(_QUIET)


def _error_line(code: str, message: str) -> None:
    stderr = sys.stderr
    if stderr is None:  # closed: there is nowhere to say it; the exit status still does
        return
    try:
        stderr.write(f"{PROG}: error: {code}: {one_line(message)}\n")
        stderr.flush()
    except BrokenPipeError:  # `2>&1 | head -0`: its reader left too
        _discard(stderr)


def _discard(stream: TextIO | None) -> None:
    """Point ``stream``'s descriptor at /dev/null, so that what is still buffered in it goes
    nowhere at exit instead of failing again ("Exception ignored ... BrokenPipeError", exit
    120). Captured streams without a descriptor are left alone."""
    try:
        fileno = stream.fileno() if stream is not None else -1
    except (OSError, ValueError):
        return
    if fileno < 0:
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fileno)
    finally:
        os.close(devnull)


def _tolerant_streams() -> None:
    # A terminal or pipe that cannot encode a character must not turn a good page into a crash.
    # What it cannot encode is written as a backslash escape (`\xe9`, `\u65e5`), as Python's own
    # stderr does: a `?` could not be told from a real one (every URL's query has one), and the
    # character was lost. Only the crashing handler is changed: one the user chose
    # (`PYTHONIOENCODING=ascii:replace`) is kept.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        strict = getattr(stream, "errors", None) == "strict"
        if reconfigure is not None and encoding != "utf8" and strict:
            reconfigure(errors="backslashreplace")


__all__ = ["CommandError", "OutputClosedError", "OutputFailedError", "describe_failure", "main"]
