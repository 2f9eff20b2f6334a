"""An agent aborts a `web_fetch` and cancels the task running it in the same moment: the HTTP
connection must still be closed at once, not held by the pool until the context is disposed.

Through the real loader, `dsh-web`, `web-fetch-http` and `tool-web`: the bug needed the whole
chain (ToolRegistry passes the caller's cancel on a loop turn after the abort's, while httpcore
is already cleaning up; a second cancel there left the connection ACTIVE and open). Also: the
guarded pool is bounded like httpx's own, so nothing can grow it without limit.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpcore
import httpx
import pytest

from dsh.harness import AbortController, Context, PluginEntry, load_plugins
from dsh.providers.fetch_http._guard import NetworkPolicy
from dsh.providers.fetch_http._network import guarded_transport
from fetch_http.fetch_support import LoopbackOnlyConnector, NoDnsResolver
from support.local_http import Handler, LocalServer, Request, write_head

ROUNDS = 5


@pytest.fixture
async def harness() -> AsyncIterator[Context]:
    ctx = Context()
    load_plugins(
        ctx,
        [
            PluginEntry(id="web", name="dsh-web"),
            PluginEntry(
                id="web-fetch-http",
                name="web-fetch-http",
                config={"allowed_hosts": ["127.0.0.1"], "timeout": 30},
            ),
            PluginEntry(id="tool-web", name="tool-web", config={"fetch_timeout": 30}),
        ],
    )
    try:
        yield ctx
    finally:
        await ctx.dispose()


def stalls(arrived: asyncio.Queue[None], release: asyncio.Event, *, head: bool) -> Handler:
    """Never finishes its response until ``release``: with ``head``, after the headers and a
    first chunk of the body; without, before sending anything."""

    async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
        if head:
            await write_head(
                writer, 200, {"Content-Type": "text/plain", "Transfer-Encoding": "chunked"}
            )
            writer.write(b"5\r\nhello\r\n")
            await writer.drain()
        arrived.put_nowait(None)
        await release.wait()
        # Returning ends the response unfinished; the server then reads the next request, which
        # ends the connection only if the client has closed it.

    return handler


def running_tasks() -> list[asyncio.Task[object]]:
    current = asyncio.current_task()
    return [t for t in asyncio.all_tasks() if t is not current and not t.done()]


async def assert_no_tasks_left() -> None:
    # Abandoned async body generators are finalised by asyncio in short tasks of their own
    # (see fetch_support.assert_nothing_left): those must end at once, nothing else may run.
    for _ in range(5):
        finalizers = [
            t for t in running_tasks() if type(t.get_coro()).__name__ == "async_generator_athrow"
        ]
        if not finalizers:
            break
        await asyncio.wait(finalizers, timeout=1.0)
    assert running_tasks() == []


@pytest.mark.parametrize("head", [False, True], ids=["before-headers", "mid-body"])
async def test_abort_and_cancel_together_close_the_connection(
    harness: Context, server: LocalServer, head: bool
) -> None:
    arrived: asyncio.Queue[None] = asyncio.Queue()
    release = asyncio.Event()
    server.route("/stall", stalls(arrived, release, head=head))
    for i in range(ROUNDS):
        controller = AbortController()
        call = asyncio.create_task(
            harness.tools.execute(
                "web_fetch", {"url": server.url(f"/stall?{i}")}, signal=controller.signal
            )
        )
        await arrived.get()  # the request is on the wire
        controller.abort()
        call.cancel()  # the same loop turn
        with pytest.raises(asyncio.CancelledError):
            await call
    assert len(server.requests) == ROUNDS
    release.set()
    # Every connection closed by the client while the context is still alive: nothing is held
    # in the pool (a leaked one keeps the server waiting for its next request).
    await server.wait_idle(seconds=5)
    assert server.closed_connections == ROUNDS
    await assert_no_tasks_left()
    # And the fetcher still works.
    server.respond("/ok", "fine")
    result = await harness.tools.execute("web_fetch", {"url": server.url("/ok")})
    assert not result.is_error, result.text
    assert "fine" in result.text


def pool_limits(transport: httpx.AsyncBaseTransport) -> tuple[object, object, object]:
    pool = transport._pool  # type: ignore[attr-defined]
    assert isinstance(pool, httpcore.AsyncConnectionPool)
    return (pool._max_connections, pool._max_keepalive_connections, pool._keepalive_expiry)


async def test_the_guarded_pool_is_bounded_like_httpx_own() -> None:
    policy = NetworkPolicy(allowed_hosts=("127.0.0.1",))
    guarded = guarded_transport(policy, resolver=NoDnsResolver(), connector=LoopbackOnlyConnector())
    plain = httpx.AsyncHTTPTransport()  # what httpx.AsyncClient() builds by default
    try:
        assert pool_limits(guarded) == pool_limits(plain) == (100, 20, 5.0)
    finally:
        await guarded.aclose()
        await plain.aclose()
    given = httpx.Limits(max_connections=3, max_keepalive_connections=1, keepalive_expiry=1.5)
    custom = guarded_transport(
        policy, resolver=NoDnsResolver(), connector=LoopbackOnlyConnector(), limits=given
    )
    try:
        assert pool_limits(custom) == (3, 1, 1.5)
    finally:
        await custom.aclose()
