"""Benchmark of the `web-fetch-http` provider (not a test).

1. Fetching a 1 MB HTML page over loopback, against plain ``httpx.AsyncClient.get`` in the same
   run and on the same server: the cost of the guard, the bounded decoder and charset handling.
2. Peak Python memory (tracemalloc) while fetching bodies that never end or inflate without
   bound: the caps must hold memory near the cap, not near the body.

Run:  uv run python bench/fetch.py [--rounds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import platform
import statistics
import time
import tracemalloc
from collections.abc import Awaitable, Callable

import brotli
import httpx

import dsh
from dsh.providers.fetch_http import Config, HttpFetchProvider
from dsh.web import WebFetchRequest

PAGE = (
    b"<!doctype html><html><head><meta charset=utf-8><title>bench</title></head><body>"
    + b"<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. \xc3\xa9t\xc3\xa9</p>\n"
    * 15_000
)[: 1 << 20]
# Bombs of text: the fetcher refuses a text/plain body of NUL bytes as binary before its cap
# could be measured (decision 0041), and one repeated byte compresses alike whichever it is.
GZIP_BOMB = gzip.compress(b"a" * (256 << 20), compresslevel=9)
BROTLI_BOMB = bytes(brotli.compress(b"a" * (1 << 30), quality=5))


HANDLERS: set[asyncio.Task[None]] = set()


async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    task = asyncio.current_task()
    assert task is not None
    HANDLERS.add(task)
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            path = head.split(b" ", 2)[1]
            if path == b"/page":
                await respond(writer, b"text/html; charset=utf-8", PAGE)
            elif path == b"/page.txt":
                await respond(writer, b"text/plain; charset=utf-8", PAGE)
            elif path == b"/endless":
                writer.write(
                    b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\n"
                )
                chunk = b"x" * 65536
                frame = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
                while True:
                    writer.write(frame)
                    await writer.drain()
            elif path in (b"/gzip-bomb", b"/brotli-bomb"):
                body, coding = (
                    (GZIP_BOMB, b"gzip") if path == b"/gzip-bomb" else (BROTLI_BOMB, b"br")
                )
                await respond(writer, b"text/plain", body, b"Content-Encoding: " + coding + b"\r\n")
            else:
                await respond(writer, b"text/plain", b"not found", status=b"404 Not Found")
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()
        HANDLERS.discard(task)


async def respond(
    writer: asyncio.StreamWriter,
    content_type: bytes,
    body: bytes,
    extra: bytes = b"",
    status: bytes = b"200 OK",
) -> None:
    writer.write(
        b"HTTP/1.1 "
        + status
        + b"\r\nContent-Type: "
        + content_type
        + b"\r\n"
        + extra
        + b"Content-Length: %d\r\n\r\n" % len(body)
        + body
    )
    await writer.drain()


async def timed(
    rounds: int, calls: dict[str, Callable[[], Awaitable[object]]]
) -> dict[str, list[float]]:
    """Run the calls interleaved, round by round, so drift hits them all alike."""
    for call in calls.values():
        await call()  # warm-up: connection opened, imports done
    times: dict[str, list[float]] = {label: [] for label in calls}
    for _ in range(rounds):
        for label, call in calls.items():
            start = time.perf_counter()
            await call()
            times[label].append((time.perf_counter() - start) * 1000)
    return times


async def peak(call: Callable[[], Awaitable[object]]) -> tuple[float, object]:
    tracemalloc.start()
    try:
        result = await call()
        return tracemalloc.get_traced_memory()[1] / 1e6, result
    finally:
        tracemalloc.stop()


async def main(rounds: int) -> None:
    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    origin = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
    loopback = {"allowed_hosts": ["127.0.0.1"]}
    # HTML source has its own cap (max_html_chars, 5,000,000): the defaults read the whole
    # page. max_body_chars (100,000) caps text, so the same bytes as text/plain show its cut.
    default = HttpFetchProvider(Config(**loopback))
    whole = HttpFetchProvider(Config(max_body_chars=2_000_000, **loopback))
    plain = httpx.AsyncClient()

    async def plain_get() -> object:
        response = await plain.get(origin + "/page")
        return response.text

    rows = await timed(
        rounds,
        {
            "httpx.AsyncClient.get + .text (reads all 1 MB)": plain_get,
            "HttpFetchProvider, max_body_chars=2,000,000 (reads all 1 MB)": lambda: whole.fetch(
                WebFetchRequest(origin + "/page")
            ),
            "HttpFetchProvider, defaults (HTML: max_html_chars, reads all 1 MB)": lambda: (
                default.fetch(WebFetchRequest(origin + "/page"))
            ),
            "HttpFetchProvider, defaults, the page as text/plain (stops at 100,000 chars)": (
                lambda: default.fetch(WebFetchRequest(origin + "/page.txt"))
            ),
        },
    )
    print(
        f"dsh-web {dsh.__version__}, httpx {httpx.__version__}, Python "
        f"{platform.python_version()}, {platform.machine()}, {rounds} rounds after a warm-up\n"
    )
    print("| 1 MB HTML over loopback | median ms | p90 ms | min ms |")
    print("|---|---:|---:|---:|")
    for label, times in rows.items():
        p90 = statistics.quantiles(times, n=10)[-1]
        print(f"| {label} | {statistics.median(times):.1f} | {p90:.1f} | {min(times):.1f} |")

    print("\n| hostile body | config | peak traced memory | result |")
    print("|---|---|---:|---|")
    five_mb = HttpFetchProvider(Config(max_body_chars=10_000_000, **loopback))
    cases = [
        ("endless chunked text", "defaults", default, "/endless"),
        ("endless chunked text", "max_body_chars=10,000,000 (5 MB byte cap)", five_mb, "/endless"),
        ("gzip bomb (256 MB inflated)", "max_body_chars=10,000,000", five_mb, "/gzip-bomb"),
        ("brotli bomb (1 GB inflated)", "max_body_chars=10,000,000", five_mb, "/brotli-bomb"),
    ]
    for label, config, provider, path in cases:
        megabytes, result = await peak(
            lambda p=provider, u=origin + path: p.fetch(  # type: ignore[misc]
                WebFetchRequest(u)
            )
        )
        body = result.body.content  # type: ignore[attr-defined]
        print(
            f"| {label} | {config} | {megabytes:.1f} MB | {len(body):,} chars, "
            f"truncated={result.truncated} |"  # type: ignore[attr-defined]
        )
    for label, path in (
        ("gzip bomb (256 MB inflated)", "/gzip-bomb"),
        ("brotli bomb (1 GB inflated)", "/brotli-bomb"),
    ):

        async def httpx_capped(url: str = origin + path) -> int:
            # What a careful plain-httpx reader would do: stream, stop at 5 MB decoded.
            read = 0
            async with plain.stream("GET", url) as response:
                async for chunk in response.aiter_bytes():
                    read += len(chunk)
                    if read >= 5_000_000:
                        break
            return read

        megabytes, read = await peak(httpx_capped)
        print(
            f"| {label} | plain httpx `aiter_bytes()`, stopping at 5 MB | {megabytes:.1f} MB | "
            f"{read:,} bytes decoded before the check could stop it |"
        )
    sizes = (
        f"gzip bomb {len(GZIP_BOMB):,} bytes, brotli bomb {len(BROTLI_BOMB):,} bytes on the wire"
    )
    print(f"\n({sizes})")

    for client in (default, whole, five_mb):
        await client.aclose()
    await plain.aclose()
    server.close()
    if HANDLERS:  # every client is closed: the handlers see the end of their connection
        await asyncio.wait(set(HANDLERS), timeout=5)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=30)
    asyncio.run(main(parser.parse_args().rounds))
