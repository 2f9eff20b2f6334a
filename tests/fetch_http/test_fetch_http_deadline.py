"""One total deadline, the caller's abort signal, and network failures; nothing left behind."""

from __future__ import annotations

import asyncio

import pytest

from dsh.harness import AbortController, AbortSignal
from dsh.web import (
    WEB_ABORTED,
    WEB_FETCH_TIMEOUT,
    WEB_PROVIDER_ERROR,
    WebFetchRequest,
    WebRuntime,
)
from fetch_http.fetch_support import MakeFetcher, assert_nothing_left, expect_error
from support.local_http import Handler, LocalServer, Request, write_head
from support.loopback_server import LOOPBACK_CERT, PlainHttpServer, loopback_tls
from support.quoting import LOUD_TEXT, assert_quoted


def drip(started: asyncio.Event | None = None, *, every: float = 0.05) -> Handler:
    """A handler that sends headers, then one byte per ``every`` seconds, forever."""

    async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
        await write_head(
            writer, 200, {"Content-Type": "text/plain", "Transfer-Encoding": "chunked"}
        )
        writer.write(b"1\r\nx\r\n")
        await writer.drain()
        if started is not None:
            started.set()
        while True:
            await asyncio.sleep(every)  # the pace of a hostile server, not synchronisation
            writer.write(b"1\r\nx\r\n")
            await writer.drain()

    return handler


async def test_slow_drip_ends_at_the_total_deadline(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # Every byte arrives well within any per-read timeout; only a total deadline ends this.
    server.route("/drip", drip())
    fetcher = make_fetcher(timeout=0.5)
    loop = asyncio.get_running_loop()
    start = loop.time()
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/drip"))), WEB_FETCH_TIMEOUT
    )
    elapsed = loop.time() - start
    assert 0.5 <= elapsed < 2.0
    assert error.message == (
        f"Fetching {server.url('/drip')} timed out after 0.5 s (the limit covers connecting, "
        "the response headers and the whole body)."
    )
    await assert_nothing_left(fetcher, server)


async def test_deadline_covers_waiting_for_headers(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    release = asyncio.Event()

    async def silent(_request: Request, writer: asyncio.StreamWriter) -> None:
        await release.wait()

    server.route("/silent", silent)
    fetcher = make_fetcher(timeout=0.3)
    await expect_error(fetcher.fetch(WebFetchRequest(server.url("/silent"))), WEB_FETCH_TIMEOUT)
    release.set()
    await assert_nothing_left(fetcher, server)


async def test_abort_mid_body_releases_the_connection(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    started = asyncio.Event()
    server.route("/drip", drip(started))
    fetcher = make_fetcher(timeout=30.0)
    controller = AbortController()
    task = asyncio.create_task(
        fetcher.fetch(WebFetchRequest(server.url("/drip")), controller.signal)
    )
    await started.wait()
    controller.abort(RuntimeError("the user stopped the turn"))
    error = await expect_error(task, WEB_ABORTED)
    assert error.message == (
        f"Fetching {server.url('/drip')} was aborted: the user stopped the turn"
    )
    # Released, not parked in the pool: the server sees the close while the client is still open.
    await server.wait_idle()
    await assert_nothing_left(fetcher, server)


async def test_abort_with_a_timeout_reason_is_still_an_abort(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # The caller's own deadline (e.g. the tool's timeout) is the caller's abort, not ours.
    server.route("/drip", drip())
    fetcher = make_fetcher(timeout=30.0)
    await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/drip")), AbortSignal.timeout(0.2)), WEB_ABORTED
    )
    await assert_nothing_left(fetcher, server)


async def test_already_aborted_signal_never_connects(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    server.respond("/", "hello")
    fetcher = make_fetcher()
    await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/")), AbortSignal.abort()), WEB_ABORTED
    )
    assert server.requests == []


async def test_an_abort_reason_is_quoted_masked_on_one_bounded_line(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    server.respond("/", "hello")
    url = server.url("/")
    error = await expect_error(
        make_fetcher().fetch(WebFetchRequest(url), AbortSignal.abort(RuntimeError(LOUD_TEXT))),
        WEB_ABORTED,
    )
    assert_quoted(error.message, f"Fetching {url} was aborted: ")


async def test_abort_through_the_seam(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    started = asyncio.Event()
    server.route("/drip", drip(started))
    web = WebRuntime()
    fetcher = make_fetcher()
    web.register_fetch_provider(fetcher)
    controller = AbortController()
    task = asyncio.create_task(web.fetch(WebFetchRequest(server.url("/drip")), controller.signal))
    await started.wait()
    controller.abort()
    await expect_error(task, WEB_ABORTED)
    await assert_nothing_left(fetcher, server)


async def test_task_cancellation_propagates(server: LocalServer, make_fetcher: MakeFetcher) -> None:
    started = asyncio.Event()
    server.route("/drip", drip(started))
    fetcher = make_fetcher()
    task = asyncio.create_task(fetcher.fetch(WebFetchRequest(server.url("/drip"))))
    await started.wait()
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
    else:  # pragma: no cover - the assertion below explains
        raise AssertionError("a cancelled fetch must raise CancelledError, not return")
    assert task.cancelled()
    await assert_nothing_left(fetcher, server)


async def test_connection_refused_names_the_cause(
    make_fetcher: MakeFetcher, refused_port: int
) -> None:
    fetcher = make_fetcher()
    url = f"http://127.0.0.1:{refused_port}/"
    error = await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_PROVIDER_ERROR)
    assert error.message == f"Could not connect to 127.0.0.1 (fetching {url}): Connection refused."
    await assert_nothing_left(fetcher)


async def test_tls_failure_names_tls_not_an_errno(make_fetcher: MakeFetcher) -> None:
    # ssl.SSLError is an OSError whose errno is OpenSSL's error kind (1), not an errno: read as
    # one it said "Operation not permitted" for every TLS failure (bad certificate, wrong port).
    plain = await PlainHttpServer().start()
    try:
        fetcher = make_fetcher()
        url = f"{plain.https_origin}/"
        error = await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_PROVIDER_ERROR)
        assert error.message == (
            f"Could not connect to 127.0.0.1 (fetching {url}): TLS error: wrong version number."
        )
        await assert_nothing_left(fetcher)
    finally:
        await plain.close()


async def test_tls_trusts_the_certificates_named_by_ssl_cert_file(
    make_fetcher: MakeFetcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An intranet (allowed_hosts) with its own CA, or a TLS-inspecting corporate proxy: the
    # standard SSL_CERT_FILE / SSL_CERT_DIR name the CA. Before, the fetcher read only certifi's
    # bundle and failed every such https page, while the keyed search providers used the file.
    secure = await LocalServer(tls=loopback_tls()).start()
    try:
        secure.respond("/", "over TLS")
        monkeypatch.delenv("SSL_CERT_FILE", raising=False)
        monkeypatch.delenv("SSL_CERT_DIR", raising=False)
        error = await expect_error(
            make_fetcher().fetch(WebFetchRequest(secure.url("/"))), WEB_PROVIDER_ERROR
        )
        assert error.message == (
            f"Could not connect to 127.0.0.1 (fetching {secure.url('/')}): TLS error: "
            "certificate verify failed: self-signed certificate."
        )
        monkeypatch.setenv("SSL_CERT_FILE", str(LOOPBACK_CERT))
        fetcher = make_fetcher()
        result = await fetcher.fetch(WebFetchRequest(secure.url("/")))
        assert (result.status_code, result.body.content) == (200, "over TLS")
        await assert_nothing_left(fetcher, secure)
    finally:
        await secure.close()


async def test_server_closing_without_answer_is_a_provider_error(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    async def hang_up(_request: Request, writer: asyncio.StreamWriter) -> None:
        writer.close()

    server.route("/hangup", hang_up)
    server.respond("/first", "a page first, so the connection is a kept-alive one")
    fetcher = make_fetcher()
    await fetcher.fetch(WebFetchRequest(server.url("/first")))
    error = await expect_error(
        fetcher.fetch(WebFetchRequest(server.url("/hangup"))), WEB_PROVIDER_ERROR
    )
    assert error.message.startswith(f"Fetching {server.url('/hangup')} failed: ")
    # Resent once (a request failing on a reused connection may not be its fault), never more:
    # the resend's new connection failing is the server's answer (on a new connection from the
    # start, it is not resent at all: test_fetch_http_caps).
    assert [r.path for r in server.requests] == ["/first", "/hangup", "/hangup"]
    await assert_nothing_left(fetcher, server)


def test_timeout_description_points_at_the_tool_budget() -> None:
    # tool-web's fetch_timeout bounds the whole tool call: the operator must learn to set this
    # deadline a little lower for WEB_FETCH_TIMEOUT (which names the URL) to be reported.
    from dsh.providers.fetch_http import Config
    from dsh.tool_web import plugin as tool_web_plugin

    field = Config.model_fields["timeout"]
    assert field.default == 30.0  # the SPEC default
    assert tool_web_plugin.Config().fetch_timeout == 30.0
    assert "`fetch_timeout` (30 s)" in (field.description or "")
    assert "a little lower" in (field.description or "")
