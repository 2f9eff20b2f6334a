"""The keyed search APIs' call (`post_json`), against real loopback servers."""

from __future__ import annotations

import asyncio
import email.utils
import gzip
import json
import socket
import time
from collections.abc import AsyncIterator

import brotli
import httpx
import pytest

from dsh.harness import AbortController, AbortSignal
from dsh.providers._keyed_api.call import MAX_BODY_BYTES, post_json
from dsh.providers._keyed_api.client import new_client
from dsh.web import WEB_ABORTED, WEB_PROVIDER_ERROR, WebError
from support.local_http import HangingRoute, LocalServer, Request, write_head, write_response
from support.quoting import LOUD_TEXT, SECRETS, assert_quoted

KEY = "k-secret-abcdef-0123456789"


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    instance = new_client(10.0)
    try:
        yield instance
    finally:
        await instance.aclose()


async def call(
    client: httpx.AsyncClient,
    server: LocalServer,
    *,
    time_limit: float = 10.0,
    signal: AbortSignal | None = None,
) -> dict[str, object]:
    return await post_json(
        client,
        provider="Exa",
        url=server.url("/search"),
        headers={"x-api-key": KEY},
        body={"query": "q"},
        secret=KEY,
        time_limit=time_limit,
        signal=signal,
    )


async def failure(
    client: httpx.AsyncClient,
    server: LocalServer,
    *,
    time_limit: float = 10.0,
    signal: AbortSignal | None = None,
) -> WebError:
    with pytest.raises(WebError) as caught:
        await call(client, server, time_limit=time_limit, signal=signal)
    assert KEY not in caught.value.message
    assert KEY not in repr(caught.value)
    return caught.value


def sequence(server: LocalServer, responses: list[tuple[int, dict[str, str], bytes]]) -> None:
    """Serve ``responses`` in order at /search (the last one repeats)."""
    served = 0

    async def handler(_request: Request, writer: asyncio.StreamWriter) -> None:
        nonlocal served
        status, headers, body = responses[min(served, len(responses) - 1)]
        served += 1
        await write_response(writer, status, {"Content-Type": "application/json", **headers}, body)

    server.route("/search", handler)


# -- success ---------------------------------------------------------------------------------
async def test_posts_json_with_headers_and_returns_the_object(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond_json("/search", {"results": []})
    assert await call(client, server) == {"results": []}
    (request,) = server.requests
    assert request.method == "POST"
    assert request.json() == {"query": "q"}
    assert request.headers["x-api-key"] == KEY
    assert request.headers["content-type"] == "application/json"
    assert request.headers["accept"] == "application/json"
    assert request.headers["user-agent"].startswith("dsh-web")


async def test_non_ascii_query_is_sent_as_utf8_json(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond_json("/search", {})
    await post_json(
        client,
        provider="Exa",
        url=server.url("/search"),
        headers={},
        body={"query": "北京 天气 ☀"},
        secret=KEY,
        time_limit=5,
    )
    assert server.requests[0].body.decode("utf-8") == '{"query": "北京 天气 ☀"}'


# -- redirects ------------------------------------------------------------------------------------
@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_redirect_fails_before_the_location_is_contacted(
    client: httpx.AsyncClient, server: LocalServer, second_server: LocalServer, status: int
) -> None:
    second_server.respond_json("/search", {"results": []})
    server.respond("/search", "", status=status, headers={"Location": second_server.url("/search")})
    error = await failure(client, server)
    assert error.code == WEB_PROVIDER_ERROR
    assert error.message.startswith(f"Exa API redirected (HTTP {status}) to {second_server.url()}")
    assert "never follow redirects" in error.message
    assert len(server.requests) == 1
    assert second_server.requests == []


async def test_a_key_echoed_in_the_location_is_redacted(
    client: httpx.AsyncClient, server: LocalServer, second_server: LocalServer
) -> None:
    server.respond("/search", status=302, headers={"Location": f"{second_server.url()}?k={KEY}"})
    error = await failure(client, server)
    assert "[redacted]" in error.message
    assert second_server.requests == []


# -- HTTP errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"error": "invalid api key"}, "Exa API error (HTTP 401): invalid api key"),
        ({"error": {"message": "bad key", "type": "x"}}, "Exa API error (HTTP 401): bad key"),
        (
            {"type": "error", "error": {"type": "authentication_error", "message": "nope"}},
            "Exa API error (HTTP 401): nope",
        ),
        ({"message": "Unauthorized"}, "Exa API error (HTTP 401): Unauthorized"),
        ({"detail": "Not authenticated"}, "Exa API error (HTTP 401): Not authenticated"),
        (
            {"detail": [{"loc": ["body", "query"], "msg": "field required"}]},
            "Exa API error (HTTP 401): field required",
        ),
        ({"unrelated": True}, "Exa API error (HTTP 401)"),
        # Fastify's and NestJS's default shape: `error` is only the status's name, the reason is
        # in `message` (NestJS: a list of validation messages). "Bad Request" told nothing.
        (
            {"statusCode": 401, "error": "Unauthorized", "message": "x-api-key header is invalid"},
            "Exa API error (HTTP 401): x-api-key header is invalid",
        ),
        (
            {
                "statusCode": 400,
                "message": ["query must be a string", "numResults <= 100"],
                "error": "Bad Request",
            },
            "Exa API error (HTTP 401): query must be a string; numResults <= 100",
        ),
        ({"error": "Unauthorized"}, "Exa API error (HTTP 401): Unauthorized"),
    ],
)
async def test_http_error_names_provider_status_and_provider_message(
    client: httpx.AsyncClient, server: LocalServer, body: object, expected: str
) -> None:
    server.respond_json("/search", body, status=401)
    error = await failure(client, server)
    assert (error.code, error.message) == (WEB_PROVIDER_ERROR, expected)
    assert error.details["status"] == 401


async def test_plain_text_error_body_is_the_message(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond("/search", "upstream overloaded\n", status=502)
    error = await failure(client, server)
    assert error.message == "Exa API error (HTTP 502): upstream overloaded"


async def test_html_or_empty_error_bodies_add_nothing(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond(
        "/search", "<html><body>502 Bad Gateway</body></html>", status=502, content_type="text/html"
    )
    assert (await failure(client, server)).message == "Exa API error (HTTP 502)"
    server.respond("/search", "", status=500)
    assert (await failure(client, server)).message == "Exa API error (HTTP 500)"


NGINX_502 = (
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
    "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n"
    "</body>\r\n</html>\r\n"
)


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/octet-stream"])
async def test_an_html_error_page_adds_nothing_whatever_its_content_type(
    client: httpx.AsyncClient, server: LocalServer, content_type: str | None
) -> None:
    # A gateway's error page without (or with a wrong) Content-Type is short enough to pass as
    # a plain-text message: its markup reached the model after the status.
    server.respond("/search", NGINX_502, status=502, content_type=content_type)
    assert (await failure(client, server)).message == "Exa API error (HTTP 502)"
    server.respond("/search", "\ufeff  <!DOCTYPE html><p>down</p>", status=503, content_type=None)
    assert (await failure(client, server)).message == "Exa API error (HTTP 503)"


async def test_a_key_echoed_in_an_error_body_is_redacted(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond_json("/search", {"error": f"key {KEY} is revoked"}, status=403)
    error = await failure(client, server)
    assert error.message == "Exa API error (HTTP 403): key [redacted] is revoked"


@pytest.mark.parametrize(
    ("key", "said", "shown"),
    [
        # A key too short to be a real one (a test setup's "x") is no secret worth a mangled
        # message: redacting it inside words turned "invalid api key" into "invalid api k...y".
        ("e", "invalid api key", "invalid api key"),
        ("abc", "abc is not a key", "abc is not a key"),
        # A short one (4 to 7 characters) is hidden as a whole token, never inside a word.
        ("test", "latest test key, testing", "latest [redacted] key, testing"),
        # A key of a real key's length is hidden wherever it is, even glued to other text.
        (KEY, f"key {KEY}: revoked (%22{KEY}%22)", "key [redacted]: revoked (%22[redacted]%22)"),
    ],
)
async def test_the_key_is_redacted_as_a_token_not_inside_words(
    client: httpx.AsyncClient, server: LocalServer, key: str, said: str, shown: str
) -> None:
    server.respond_json("/search", {"error": said}, status=403)
    with pytest.raises(WebError) as caught:
        await post_json(
            client,
            provider="Exa",
            url=server.url("/search"),
            headers={"x-api-key": key},
            body={"query": "q"},
            secret=key,
            time_limit=10.0,
        )
    assert caught.value.message == f"Exa API error (HTTP 403): {shown}"


async def test_long_provider_messages_are_bounded(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond_json("/search", {"error": "x" * 5000}, status=400)
    assert len((await failure(client, server)).message) < 400


# -- unprocessable bodies -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"", "the body is empty"),
        (b"   \n", "the body is empty"),
        (b"<html>hello</html>", "the body is not JSON"),
        (b"{truncated", "the body is not JSON"),
        (b"[1, 2]", "expected a JSON object, got a JSON array"),
        (b'"text"', "expected a JSON object, got a JSON string"),
        (b"null", "expected a JSON object, got a JSON null"),
    ],
)
async def test_unprocessable_success_bodies(
    client: httpx.AsyncClient, server: LocalServer, body: bytes, reason: str
) -> None:
    server.respond("/search", body, content_type="application/json")
    error = await failure(client, server)
    assert error.code == WEB_PROVIDER_ERROR
    assert error.message == f"Exa returned an unprocessable response body: {reason}."


async def test_json_nested_too_deeply_to_decode_is_unprocessable(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond("/search", b"[" * 100_000, content_type="application/json")
    error = await failure(client, server)
    assert error.message == "Exa returned an unprocessable response body: the body is not JSON."


async def test_an_error_body_nested_too_deeply_still_names_the_status(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond("/search", b'{"error": ' * 100_000, status=500, content_type="application/json")
    error = await failure(client, server)
    assert (error.code, error.message) == (WEB_PROVIDER_ERROR, "Exa API error (HTTP 500)")


async def test_oversized_body_is_refused(client: httpx.AsyncClient, server: LocalServer) -> None:
    async def huge(_request: Request, writer: asyncio.StreamWriter) -> None:
        await write_head(writer, 200, {"Content-Length": str(MAX_BODY_BYTES + 1)})

    server.route("/search", huge)
    error = await failure(client, server)
    assert error.message.startswith("Exa returned an unprocessable response body: the body is")


@pytest.mark.parametrize(
    ("status", "headers"),
    [
        (500, {"Content-Type": "application/json"}),
        (401, {"Content-Type": "text/plain"}),
        # no Content-Length: the body runs until the connection closes
        (429, {"Content-Type": "application/json", "Connection": "close"}),
    ],
)
async def test_an_error_body_over_the_size_bound_still_names_the_status(
    client: httpx.AsyncClient, server: LocalServer, status: int, headers: dict[str, str]
) -> None:
    body = b'{"error": "' + b"x" * MAX_BODY_BYTES + b'"}'

    async def huge(_request: Request, writer: asyncio.StreamWriter) -> None:
        add_length = "Connection" not in headers
        await write_response(writer, status, headers, body, add_length=add_length)
        writer.close()

    server.route("/search", huge)
    error = await failure(client, server)
    assert (error.code, error.message) == (WEB_PROVIDER_ERROR, f"Exa API error (HTTP {status})")
    assert error.details["status"] == status


async def test_an_oversized_retry_after_answer_is_still_retried(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    busy = (429, {"Retry-After": "0"}, b"x" * (MAX_BODY_BYTES + 1))
    sequence(server, [busy, (200, {}, b'{"ok": true}')])
    assert await call(client, server) == {"ok": True}
    assert len(server.requests) == 2


async def test_a_gzip_body_is_read(client: httpx.AsyncClient, server: LocalServer) -> None:
    server.respond(
        "/search",
        gzip.compress(b'{"results": []}'),
        headers={"Content-Encoding": "gzip"},
        content_type="application/json",
    )
    assert await call(client, server) == {"results": []}
    # brotli is not asked for: a few hundred bytes of it can inflate to gigabytes in one step
    assert server.requests[0].headers["accept-encoding"] == "gzip, deflate"


@pytest.mark.parametrize("encoding", ["br", "gzip, gzip", "zstd", "compress"])
async def test_a_body_in_an_encoding_not_asked_for_is_refused_unread(
    client: httpx.AsyncClient, server: LocalServer, encoding: str
) -> None:
    # 16 MiB of JSON whitespace in a few hundred bytes of brotli: decoding it is the attack
    bomb = brotli.compress(b"{" + b" " * (16 * 1024 * 1024) + b"}", quality=5)
    server.respond(
        "/search", bomb, headers={"Content-Encoding": encoding}, content_type="application/json"
    )
    error = await failure(client, server)
    assert error.code == WEB_PROVIDER_ERROR
    assert error.message == (
        f"Exa returned an unprocessable response body: its Content-Encoding ({encoding}) was not "
        "asked for (only gzip or deflate, once, is accepted)."
    )


async def test_an_error_body_in_an_encoding_not_asked_for_still_names_the_status(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond(
        "/search",
        brotli.compress(b'{"error": "' + b"x" * (16 * 1024 * 1024) + b'"}', quality=5),
        status=500,
        headers={"Content-Encoding": "br"},
        content_type="application/json",
    )
    error = await failure(client, server)
    assert (error.code, error.message) == (WEB_PROVIDER_ERROR, "Exa API error (HTTP 500)")


# -- network --------------------------------------------------------------------------------------
async def test_connection_refused_names_the_cause(
    client: httpx.AsyncClient, refused_port: int
) -> None:
    closed = LocalServer("127.0.0.1", refused_port)  # never started: only its URL is used
    error = await failure(client, closed)
    assert error.code == WEB_PROVIDER_ERROR
    assert error.message == (
        f"Could not reach the Exa API at {closed.origin}: ConnectError: Connection refused."
    )


async def test_a_host_name_that_does_not_resolve_names_the_resolver_error(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An offline machine: getaddrinfo fails with a negative EAI_* code, which os.strerror does
    # not know. Before: "ConnectError: Unknown error -3."
    def offline(host: object, *_args: object, **_kwargs: object) -> object:
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(socket, "getaddrinfo", offline)
    with pytest.raises(WebError) as caught:
        await post_json(
            client,
            provider="Exa",
            url="https://api.exa.invalid/search",
            headers={"x-api-key": KEY},
            body={"query": "q"},
            secret=KEY,
            time_limit=10.0,
        )
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message == (
        "Could not reach the Exa API at https://api.exa.invalid: ConnectError: "
        "Temporary failure in name resolution."
    )


async def test_connection_dropped_mid_body_says_the_api_answered(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    async def drop(_request: Request, writer: asyncio.StreamWriter) -> None:
        await write_head(writer, 200, {"Content-Length": "100"})
        writer.write(b'{"res')
        await writer.drain()
        writer.close()

    server.route("/search", drop)
    error = await failure(client, server)
    assert error.code == WEB_PROVIDER_ERROR
    # It was reached and answered: "Could not reach" would send the user after the network.
    assert error.message == (
        f"The Exa API at {server.origin} answered (HTTP 200) but its response broke off before "
        "the end: RemoteProtocolError: peer closed connection without sending complete message "
        "body (received 5 bytes, expected 100)."
    )
    assert error.details == {"provider": "Exa", "status": 200, "cause": "RemoteProtocolError"}


async def test_an_error_status_whose_body_breaks_off_still_names_the_status(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    async def drop(_request: Request, writer: asyncio.StreamWriter) -> None:
        await write_head(writer, 503, {"Content-Length": "100"})
        writer.write(b'{"error": "overlo')
        await writer.drain()
        writer.close()

    server.route("/search", drop)
    error = await failure(client, server)
    assert (error.code, error.message) == (WEB_PROVIDER_ERROR, "Exa API error (HTTP 503)")
    assert error.details["status"] == 503


async def test_connection_closed_before_any_answer_says_it_did_not_answer(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    async def hang_up(_request: Request, writer: asyncio.StreamWriter) -> None:
        writer.close()

    server.route("/search", hang_up)
    error = await failure(client, server)
    assert error.code == WEB_PROVIDER_ERROR
    assert error.message == (
        f"The Exa API at {server.origin} did not answer: RemoteProtocolError: Server "
        "disconnected without sending a response."
    )


async def test_a_body_whose_content_encoding_is_broken_is_unprocessable(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond(
        "/search",
        b"this is not gzip",
        headers={"Content-Encoding": "gzip"},
        content_type="application/json",
    )
    error = await failure(client, server)
    assert error.code == WEB_PROVIDER_ERROR
    assert error.message == (
        "Exa returned an unprocessable response body: its Content-Encoding (gzip) could not be "
        "decoded."
    )


# -- Retry-After ----------------------------------------------------------------------------------
@pytest.mark.parametrize("status", [429, 503])
async def test_retry_after_is_honoured_then_succeeds(
    client: httpx.AsyncClient, server: LocalServer, status: int
) -> None:
    busy = (status, {"Retry-After": "0"}, b'{"error": "slow down"}')
    sequence(server, [busy, busy, (200, {}, b'{"ok": true}')])
    assert await call(client, server) == {"ok": True}
    assert len(server.requests) == 3


async def test_at_most_two_retries_then_the_error_is_reported(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    sequence(server, [(429, {"Retry-After": "0"}, b'{"error": "rate limited"}')])
    error = await failure(client, server)
    assert error.message == "Exa API error (HTTP 429): rate limited"
    assert len(server.requests) == 3


async def test_no_retry_without_retry_after_or_for_other_statuses(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    sequence(server, [(429, {}, b'{"error": "rate limited"}')])
    await failure(client, server)
    assert len(server.requests) == 1
    sequence(server, [(500, {"Retry-After": "0"}, b"{}")])
    await failure(client, server)
    assert len(server.requests) == 2


async def test_retry_after_longer_than_the_deadline_is_reported_at_once(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    sequence(server, [(503, {"Retry-After": "120"}, b'{"error": "maintenance"}')])
    started = time.monotonic()
    error = await failure(client, server, time_limit=30)
    assert error.message == "Exa API error (HTTP 503): maintenance"
    assert len(server.requests) == 1
    assert time.monotonic() - started < 5


async def test_retry_after_as_an_http_date(client: httpx.AsyncClient, server: LocalServer) -> None:
    past = email.utils.formatdate(time.time() - 60, usegmt=True)
    sequence(server, [(429, {"Retry-After": past}, b"{}"), (200, {}, b'{"ok": 1}')])
    assert await call(client, server) == {"ok": 1}
    assert len(server.requests) == 2


# -- text the provider's server wrote ------------------------------------------------------------
async def test_an_error_message_is_quoted_masked_on_one_bounded_line(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    sequence(server, [(400, {}, json.dumps({"error": LOUD_TEXT}).encode())])
    error = await failure(client, server)
    assert_quoted(error.message, "Exa API error (HTTP 400): ")


async def test_a_location_with_credentials_is_masked(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    where = "https://user:hunter2@mirror.example/search?token=t0ken-value&page=2"
    server.respond("/search", status=302, headers={"Location": where})
    error = await failure(client, server)
    assert error.message.startswith(
        "Exa API redirected (HTTP 302) to https://***@mirror.example/search?token=***&page=2; "
    )


async def test_a_malformed_answer_quoted_by_the_http_library_is_masked_and_bounded(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    # h11 quotes the header line it refused: here a proxy URL with its password, and more.
    line = "bad header line via http://user:hunter2@proxy.example/?token=t0ken-value " + "x" * 9000

    async def malformed(_request: Request, writer: asyncio.StreamWriter) -> None:
        writer.write(f"HTTP/1.1 200 OK\r\n{line}\r\n\r\n".encode())
        await writer.drain()

    server.route("/search", malformed)
    error = await failure(client, server)
    assert error.message.startswith(
        f"The Exa API at {server.origin} did not answer: RemoteProtocolError: illegal header "
        "line: bytearray(b'bad header line via http://***@proxy.example/?token=*** xxx"
    )
    assert error.message.endswith("….")
    assert len(error.message) < 450
    for secret in SECRETS:
        assert secret not in error.message


# -- abort and deadline ---------------------------------------------------------------------------
async def test_abort_before_the_request_sends_nothing(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond_json("/search", {})
    error = await failure(client, server, signal=AbortSignal.abort())
    assert error.code == WEB_ABORTED
    assert server.requests == []


async def test_an_abort_reason_is_quoted_masked_on_one_bounded_line(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.respond_json("/search", {})
    error = await failure(client, server, signal=AbortSignal.abort(RuntimeError(LOUD_TEXT)))
    assert error.code == WEB_ABORTED
    assert_quoted(error.message, "The Exa search was aborted: ")


async def test_abort_while_waiting_for_the_response(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    hanging = HangingRoute()
    server.route("/search", hanging)
    controller = AbortController()
    task = asyncio.create_task(failure(client, server, signal=controller.signal))
    await hanging.arrived.wait()
    controller.abort(RuntimeError("the user stopped the turn"))
    error = await asyncio.wait_for(task, 5)
    assert error.code == WEB_ABORTED
    assert error.message == "The Exa search was aborted: the user stopped the turn"


async def test_abort_during_the_retry_after_wait(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    answered = asyncio.Event()

    async def busy(_request: Request, writer: asyncio.StreamWriter) -> None:
        body = json.dumps({"error": "busy"}).encode()
        await write_response(writer, 429, {"Retry-After": "30"}, body)
        answered.set()

    server.route("/search", busy)
    controller = AbortController()
    task = asyncio.create_task(failure(client, server, time_limit=60, signal=controller.signal))
    await answered.wait()
    controller.abort()
    error = await asyncio.wait_for(task, 5)
    assert error.code == WEB_ABORTED
    assert len(server.requests) == 1


async def test_the_deadline_covers_the_whole_call(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    server.route("/search", HangingRoute())
    start = time.monotonic()
    error = await failure(client, server, time_limit=0.2)
    assert time.monotonic() - start < 5  # kept, not only named in the message
    assert error.code == WEB_PROVIDER_ERROR
    assert error.message.startswith("Exa API request timed out after 0.2 s")


async def test_native_cancellation_propagates(
    client: httpx.AsyncClient, server: LocalServer
) -> None:
    hanging = HangingRoute()
    server.route("/search", hanging)
    task = asyncio.create_task(call(client, server, signal=AbortController().signal))
    await hanging.arrived.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
