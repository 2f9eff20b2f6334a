"""The argument parser. Only the standard library here: `dsh-web --help` must start fast."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

EXIT_OK = 0
EXIT_UNEXPECTED = 1
EXIT_USAGE = 2  # bad arguments, bad config file, unknown or disabled tool
EXIT_WEB = 3  # the tool call failed (a WEB_* code, TOOL_TIMEOUT, ABORTED, ...)
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a Unix tool whose reader left

TOOL_FORMATS = ("text", "openai", "anthropic", "mcp", "prompt")

DESCRIPTION = """\
One stable pair of web tools for LLM agents: web_search and web_fetch over swappable
backends. Every command prints exactly what the model would see."""

EPILOG = """\
configuration:
  --config FILE      YAML plugin list (before or after the command's arguments);
                     default: $DSH_WEB_CONFIG, else the embedded default
  EXA_API_KEY, PERPLEXITY_API_KEY, DEEPSEEK_API_KEY
                     credentials of the search providers (exactly one needed, or set
                     DSH_WEB_SEARCH_PROVIDER to pick one)

exit status:
  0 ok, 1 unexpected failure, 2 usage or configuration error, 3 the web call failed,
  130 interrupted, 141 the output's reader went away (e.g. `| head`)"""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (with a code) and exit status 2."""

    #: The subcommands' parsers by name (set on the main parser by :func:`build_parser`).
    commands: dict[str, Parser]

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"dsh-web: error: USAGE: {message} (see `{self.prog} --help`)\n")
        raise SystemExit(EXIT_USAGE)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: None = None
    ) -> argparse.Namespace:
        # argparse reports arguments no parser took from the top parser, whose help lists the
        # commands but none of their options: point to the chosen command's help instead.
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            commands: dict[str, Parser] = getattr(self, "commands", {})
            name = getattr(parsed, "command", None) or ""
            command = commands.get(name, self)
            for extra in extras:
                # `dsh-web --json fetch URL`: the top parser does not know a command's options,
                # and "unrecognized" beside a help page that lists the option says nothing.
                option = extra.split("=", 1)[0]
                if command is not self and option in command._option_string_actions:
                    command.error(
                        f"{option} is an option of the {name} command, so it goes after the "
                        f"command: dsh-web {name} {option} ..."
                    )
            command.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed


def parse_http_address(value: str) -> tuple[str, int]:
    """``HOST:PORT``, ``[V6]:PORT``, ``:PORT`` or ``PORT``; the host defaults to 127.0.0.1."""
    host, port_text = "127.0.0.1", value
    if value.startswith("["):
        end = value.find("]")
        if end < 0 or not value[end + 1 :].startswith(":"):
            raise argparse.ArgumentTypeError(f"expected [IPV6]:PORT, got {value!r}")
        host, port_text = value[1:end], value[end + 2 :]
    elif ":" in value:
        host, port_text = value.rsplit(":", 1)
        host = host or "127.0.0.1"
    try:
        port = int(port_text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, got {value!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0-65535, got {port}")
    return host, port


def build_parser() -> Parser:
    # --config/--debug live on the main parser and on every subcommand; the subcommand copy
    # defaults to SUPPRESS so that `dsh-web --config a.yaml fetch URL` is not reset to None.
    common = Parser(add_help=False)
    common.add_argument("--config", metavar="FILE", default=None, help="YAML plugin list")
    common.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    per_command = Parser(add_help=False)
    per_command.add_argument(
        "--config", metavar="FILE", default=argparse.SUPPRESS, help="YAML plugin list"
    )
    per_command.add_argument(
        "--debug",
        action="store_true",
        default=argparse.SUPPRESS,
        help="show tracebacks on errors",
    )

    parser = Parser(
        prog="dsh-web",
        description=DESCRIPTION,
        epilog=EPILOG,
        parents=[common],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    parser.commands = {}

    def add(name: str, help_text: str) -> Parser:
        sub: Parser = commands.add_parser(
            name, help=help_text, description=help_text, parents=[per_command]
        )
        parser.commands[name] = sub
        return sub

    fetch = add("fetch", "Fetch one URL with web_fetch and print what the model sees.")
    fetch.add_argument("url", metavar="URL")
    fetch.add_argument(
        "--json",
        action="store_true",
        help="print {url, status_code, kind, truncated, content} as one JSON object",
    )

    search = add("search", "Run one web_search call with these queries; print what the model sees.")
    search.add_argument("queries", metavar="QUERY", nargs="+")
    search.add_argument(
        "--json",
        action="store_true",
        help="print {queries, content, sources, truncated, text} as one JSON object",
    )

    tools = add("tools", "Print the tool declarations and the prompt sections.")
    tools.add_argument(
        "--format",
        choices=TOOL_FORMATS,
        default="text",
        help="text (readable, default), openai, anthropic or mcp (JSON tool lists), "
        "prompt (the system prompt sections, exactly)",
    )

    mcp = add("mcp", "Serve the tools over MCP (stdio by default).")
    mcp.add_argument(
        "--http",
        metavar="HOST:PORT",
        type=parse_http_address,
        default=None,
        help="serve streamable HTTP at http://HOST:PORT/mcp instead (host default 127.0.0.1; "
        "port 0 picks a free one, announced on stderr)",
    )

    config = add("config", "Print the effective configuration (secrets masked).")
    config.add_argument("--json", action="store_true", help="print it as JSON")
    return parser


def _version() -> str:
    from dsh import __version__

    return __version__
