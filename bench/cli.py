"""Measure the surfaces: `dsh-web --help` start-up, and a four-query `web_search` fan-out.

    uv run python bench/cli.py [--runs 15]

Start-up: the installed `dsh-web` script run with `--help`, repeated, median and min wall time
(plus `python -c pass` as the floor). Fan-out: one `web_search` call with 1 and with 4 queries
through the real registry, tool-web and seam, against a local search provider stub that answers
in 200 ms; four queries should cost about one.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

from dsh.app import build_context, close
from dsh.harness import AbortSignal, PluginEntry
from dsh.web import WebSearchRequest, WebSearchResult, WebSearchSource, web_of

ROOT = Path(__file__).resolve().parent.parent
DELAY = 0.2


def _wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def startup(runs: int) -> dict[str, tuple[float, float]]:
    script = Path(sys.executable).with_name("dsh-web")
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "dsh-web --help": [str(script), "--help"],
        "dsh-web --version": [str(script), "--version"],
    }
    out: dict[str, tuple[float, float]] = {}
    for label, command in commands.items():
        _wall(command)  # warm the file cache
        times = [_wall(command) for _ in range(runs)]
        out[label] = (statistics.median(times), min(times))
    return out


def heavy_modules_at_help() -> list[str]:
    probe = (
        "import sys\n"
        "from dsh.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = ('httpx', 'pydantic', 'mcp', 'lxml', 'yaml', 'dsh.harness', 'dsh.web')\n"
        "print('HEAVY:' + ','.join(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    line = next(x for x in done.stdout.splitlines() if x.startswith("HEAVY:"))
    return [m for m in line.removeprefix("HEAVY:").split(",") if m]


class SlowStub:
    """A search provider that answers after 200 ms, like a fast remote API."""

    id = "stub"

    def available(self) -> bool:
        return True

    async def search(
        self, request: WebSearchRequest, signal: AbortSignal | None = None
    ) -> WebSearchResult:
        await asyncio.sleep(DELAY)
        slug = request.query.replace(" ", "-")
        return WebSearchResult(
            sources=(WebSearchSource(url=f"https://example.com/{slug}", title=request.query),)
        )


async def fanout(runs: int) -> dict[int, float]:
    ctx = build_context(
        entries=[PluginEntry("web", "dsh-web"), PluginEntry("tool-web", "tool-web")]
    )
    web_of(ctx).register_search_provider(SlowStub())
    out: dict[int, float] = {}
    try:
        for count in (1, 4):
            queries = [f"query {n}" for n in range(count)]
            times = []
            for _ in range(runs):
                started = time.perf_counter()
                result = await ctx.tools.execute("web_search", {"queries": queries})
                times.append(time.perf_counter() - started)
                assert not result.is_error, result.text
            out[count] = statistics.median(times)
    finally:
        await close(ctx)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]} on {sys.platform}, {args.runs} runs each\n")
    print("| command | median | min |\n|---|---|---|")
    for label, (median, best) in startup(args.runs).items():
        print(f"| `{label}` | {median * 1000:.0f} ms | {best * 1000:.0f} ms |")
    heavy = heavy_modules_at_help()
    print(f"\nheavy modules imported by `--help`: {', '.join(heavy) or 'none'}\n")
    times = asyncio.run(fanout(max(3, args.runs // 3)))
    print("| web_search call (stub answers in 200 ms) | median |\n|---|---|")
    for count, median in times.items():
        print(f"| {count} quer{'y' if count == 1 else 'ies'} | {median * 1000:.0f} ms |")
    print(f"\n4 queries / 1 query = {times[4] / times[1]:.2f}")


if __name__ == "__main__":
    main()
