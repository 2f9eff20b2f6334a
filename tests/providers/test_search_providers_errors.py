"""Every error path, for every keyed search provider, through the plugin and the real seam."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from dsh.harness import AbortController, ConfigError, Credentials
from dsh.web import (
    WEB_ABORTED,
    WEB_PROVIDER_CREDENTIAL_MISSING,
    WEB_PROVIDER_ERROR,
    WebError,
    WebSearchRequest,
)
from providers.search_provider_support import (
    BASE_URL_ENVS,
    CASES,
    Case,
    Harness,
    MutableSource,
    OfflineClient,
    fixture,
    load,
    make_provider,
)
from support.local_http import HangingRoute, LocalServer, Request, write_response
from support.loopback_server import PlainHttpServer

pytestmark = pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])


@asynccontextmanager
async def env_base_url_provider(
    monkeypatch: pytest.MonkeyPatch, case: Case, base: str
) -> AsyncIterator[tuple[Any, OfflineClient]]:
    """The case's provider, its key set and ``base`` in its *_BASE_URL variable, on a client that
    never leaves the process (``base`` is remote: a guard regression must not reach it)."""
    monkeypatch.setenv(BASE_URL_ENVS[case.provider_id], base)
    credentials = Credentials(MutableSource({case.key_env: case.key}))
    offline = OfflineClient()
    async with offline.client:
        yield make_provider(case, credentials, offline.client), offline


async def failure(harness: Harness, case: Case, signal: object = None) -> WebError:
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"), signal)  # type: ignore[arg-type]
    assert case.key not in caught.value.message
    return caught.value


async def test_redirect_is_never_followed(
    harness: Harness, server: LocalServer, second_server: LocalServer, case: Case
) -> None:
    second_server.respond_json(case.path, fixture(case.ok_fixture))
    server.respond(case.path, status=307, headers={"Location": second_server.url(case.path)})
    load(harness, case, server.url(""))
    error = await failure(harness, case)
    assert error.code == WEB_PROVIDER_ERROR
    assert error.message.startswith(f"{case.display} API redirected (HTTP 307)")
    assert len(server.requests) == 1
    assert second_server.requests == []  # the credential never reached the Location


async def test_http_error_carries_the_provider_message(
    harness: Harness, server: LocalServer, case: Case
) -> None:
    server.respond_json(case.path, {"error": {"message": "invalid api key"}}, status=401)
    load(harness, case, server.url(""))
    error = await failure(harness, case)
    assert (error.code, error.message) == (
        WEB_PROVIDER_ERROR,
        f"{case.display} API error (HTTP 401): invalid api key",
    )


@pytest.mark.parametrize(
    "body",
    [
        # OpenRouter's documented error shape, sent with 200 when the model fails mid-answer.
        {"error": {"code": 502, "message": "Upstream model overloaded"}},
        # The Anthropic Messages API's error event shape (DeepSeek's wire).
        {
            "type": "error",
            "error": {"type": "overloaded_error", "message": "Upstream model overloaded"},
        },
        {"error": "Upstream model overloaded"},
    ],
)
async def test_an_error_object_in_a_200_answer_is_the_providers_error(
    harness: Harness, server: LocalServer, case: Case, body: object
) -> None:
    # Reported as the answer's missing field ("`choices` is missing or empty") before: the
    # provider's own message is what tells the user what went wrong.
    server.respond_json(case.path, body)
    load(harness, case, server.url(""))
    error = await failure(harness, case)
    assert (error.code, error.message) == (
        WEB_PROVIDER_ERROR,
        f"{case.display} API error (HTTP 200): Upstream model overloaded",
    )
    assert len(server.requests) == 1  # not retried: nothing says a retry would fare better


@pytest.mark.parametrize("empty", [None, "", {}, False])
async def test_an_empty_error_member_beside_an_answer_is_no_error(
    harness: Harness, server: LocalServer, case: Case, empty: object
) -> None:
    server.respond_json(case.path, fixture(case.ok_fixture) | {"error": empty})
    load(harness, case, server.url(""))
    result = await harness.web.search(WebSearchRequest("q"))
    assert result.sources


async def test_a_lone_surrogate_in_the_provider_message_is_replaced(
    harness: Harness, server: LocalServer, case: Case
) -> None:
    # JSON.stringify writes half a cut emoji as "\ud83d"; quoted as decoded, the message could
    # not be printed or sent as UTF-8 (the CLI said INTERNAL: UnicodeEncodeError).
    body = b'{"error": {"message": "query too long: \\ud83d"}}'
    server.respond(case.path, body, status=400, content_type="application/json")
    load(harness, case, server.url(""))
    error = await failure(harness, case)
    assert error.message == f"{case.display} API error (HTTP 400): query too long: \ufffd"
    error.message.encode("utf-8")


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b'{"error": {"message": "bad key\\u001b[2J\\u0007 here"}}', "application/json"),
        (b"bad key\x1b[2J\x07 here", "text/plain"),
    ],
)
async def test_control_characters_in_the_provider_message_are_removed(
    harness: Harness, server: LocalServer, case: Case, body: bytes, content_type: str
) -> None:
    server.respond(case.path, body, status=401, content_type=content_type)
    load(harness, case, server.url(""))
    error = await failure(harness, case)
    assert error.message == f"{case.display} API error (HTTP 401): bad key[2J here"


async def test_non_json_body_is_unprocessable(
    harness: Harness, server: LocalServer, case: Case
) -> None:
    server.respond(case.path, "<html>maintenance</html>", content_type="text/html")
    load(harness, case, server.url(""))
    error = await failure(harness, case)
    assert error.message == (
        f"{case.display} returned an unprocessable response body: the body is not JSON."
    )


async def test_network_failure_names_the_cause(
    harness: Harness, case: Case, refused_port: int
) -> None:
    gone = LocalServer("127.0.0.1", refused_port)  # never started: only its URL is used
    load(harness, case, gone.url(""))
    error = await failure(harness, case)
    assert error.code == WEB_PROVIDER_ERROR
    # The errno text under httpx's wrappers, not anyio's "All connection attempts failed".
    assert error.message == (
        f"Could not reach the {case.display} API at {gone.origin}: ConnectError: "
        "Connection refused."
    )


async def test_tls_failure_names_tls_not_an_errno(harness: Harness, case: Case) -> None:
    # ssl.SSLError's errno is OpenSSL's error kind (1): read as an errno it said "Operation not
    # permitted" for every TLS failure of an https base_url (a rejected certificate, a wrong port).
    plain = await PlainHttpServer().start()
    try:
        load(harness, case, plain.https_origin)
        error = await failure(harness, case)
        assert error.code == WEB_PROVIDER_ERROR
        assert error.message == (
            f"Could not reach the {case.display} API at {plain.https_origin}: ConnectError: "
            "TLS error: wrong version number."
        )
    finally:
        await plain.close()


async def test_abort_in_flight(harness: Harness, server: LocalServer, case: Case) -> None:
    hanging = HangingRoute()
    server.route(case.path, hanging)
    load(harness, case, server.url(""))
    controller = AbortController()
    task = asyncio.create_task(failure(harness, case, controller.signal))
    await hanging.arrived.wait()
    controller.abort()
    assert (await asyncio.wait_for(task, 5)).code == WEB_ABORTED


async def test_retry_after_then_success_resends_the_same_request(
    harness: Harness, server: LocalServer, case: Case
) -> None:
    served = 0

    async def flaky(_request: Request, writer: asyncio.StreamWriter) -> None:
        nonlocal served
        served += 1
        if served <= 2:
            await write_response(writer, 503 if served == 1 else 429, {"Retry-After": "0"}, b"")
        else:
            body = json.dumps(fixture(case.ok_fixture)).encode()
            await write_response(writer, 200, {"Content-Type": "application/json"}, body)

    server.route(case.path, flaky)
    load(harness, case, server.url(""))
    result = await harness.web.search(WebSearchRequest("q"))
    assert result.sources
    assert len(server.requests) == 3
    assert all(case.auth_ok(r.headers) for r in server.requests)
    assert len({r.body for r in server.requests}) == 1


async def test_deadline(harness: Harness, server: LocalServer, case: Case) -> None:
    server.route(case.path, HangingRoute())
    load(harness, case, server.url(""), timeout=0.2)
    start = time.monotonic()
    error = await failure(harness, case)
    # The deadline is kept, not only named: a call waiting far past it fails here.
    assert time.monotonic() - start < 5
    assert error.message.startswith(f"{case.display} API request timed out after 0.2 s")


async def test_a_key_that_disappears_is_a_credential_error(server: LocalServer, case: Case) -> None:
    # Called directly (the seam would not select an unavailable provider).
    credentials = Credentials(MutableSource())
    async with httpx.AsyncClient() as client:
        provider = make_provider(case, credentials, client, base_url=server.url(""))
        assert provider.available() is False
        with pytest.raises(WebError) as caught:
            await provider.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_CREDENTIAL_MISSING
    assert case.key_env in caught.value.message
    assert server.requests == []


async def test_a_remote_plain_http_base_url_is_refused_at_load(
    harness: Harness, case: Case
) -> None:
    harness.source.values[case.key_env] = case.key
    with pytest.raises(ConfigError) as caught:
        harness.ctx.plugin(case.plugin, {"base_url": "http://api.search.example/v1"})
    assert "'base_url'" in caught.value.message
    assert "https is required" in caught.value.message
    assert harness.web.search_provider_ids() == []


@pytest.mark.parametrize("base", ["http://api.search.example", "http://10.0.0.7:8080/v1"])
async def test_a_remote_plain_http_env_base_url_is_refused_at_call_time(
    monkeypatch: pytest.MonkeyPatch, case: Case, base: str
) -> None:
    variable = BASE_URL_ENVS[case.provider_id]
    async with env_base_url_provider(monkeypatch, case, base) as (provider, offline):
        assert provider.available() is False
        with pytest.raises(WebError) as caught:
            await provider.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert variable in caught.value.message
    assert "https is required" in caught.value.message
    assert case.key not in caught.value.message
    assert offline.sent == []  # the key never left


@pytest.mark.parametrize(
    ("base", "problem"),
    [
        ("https://gw.example/v1?token=tok-SECRET-123", "must not have a query or fragment"),
        ("https://gw.example/v1#tok-SECRET-123", "must not have a query or fragment"),
        ("gw.example/v1?token=tok-SECRET-123", "is not an http(s) URL with a host"),
        ("https://gw.example:99999/v1?token=tok-SECRET-123", "is not a valid URL"),
    ],
)
async def test_an_unusable_env_base_url_is_named_without_its_query(
    monkeypatch: pytest.MonkeyPatch, case: Case, base: str, problem: str
) -> None:
    # A gateway URL may carry a token in its query; the error reaches the model and the logs.
    variable = BASE_URL_ENVS[case.provider_id]
    async with env_base_url_provider(monkeypatch, case, base) as (provider, offline):
        with pytest.raises(WebError) as caught:
            await provider.search(WebSearchRequest("q"))
    assert variable in caught.value.message
    assert problem in caught.value.message
    assert "SECRET" not in caught.value.message
    assert offline.sent == []


#: Base URLs whose query or fragment carries a token under a name that does not look secret:
#: gateways sign with `sig`, `X-Amz-Signature`, `code`, `token2` ...
QUERY_TOKEN_BASES = [
    ("https://gw.example/v1?sig=SECRET-1", "must not have a query or fragment"),
    ("https://gw.example/v1?page=1&token2=SECRET-1", "must not have a query or fragment"),
    ("https://gw.example/v1#code=SECRET-1", "must not have a query or fragment"),
    ("http://gw.example/v1?sig=SECRET-1", "must not have a query or fragment"),
    ("ftp://gw.example/v1?sig=SECRET-1", "is not an http(s) URL with a host"),
    ("https://gw.example:99999/v1?sig=SECRET-1", "is not a valid URL"),
]


@pytest.mark.parametrize(("base", "problem"), QUERY_TOKEN_BASES)
async def test_a_config_base_url_is_shown_without_its_query_in_the_error(
    harness: Harness, case: Case, base: str, problem: str
) -> None:
    # The validator's words showed the URL up to its query, but the error's "(got …)" then
    # showed it whole: only secret-named query values (`?token=`) were masked.
    harness.source.values[case.key_env] = case.key
    with pytest.raises(ConfigError) as caught:
        harness.ctx.plugin(case.plugin, {"base_url": base})
    shown = base.split("?")[0].split("#")[0] + "…"
    assert problem in caught.value.message
    assert caught.value.message.endswith(f"(got {shown!r}).")
    assert "SECRET" not in caught.value.message


@pytest.mark.parametrize(("base", "_problem"), QUERY_TOKEN_BASES)
async def test_an_env_base_url_is_shown_without_its_query_in_the_repr(
    monkeypatch: pytest.MonkeyPatch, case: Case, base: str, _problem: str
) -> None:
    # A host's log line may show the provider; the *_BASE_URL variable is read unchecked there.
    monkeypatch.setenv(BASE_URL_ENVS[case.provider_id], base)
    offline = OfflineClient()
    async with offline.client:
        provider = make_provider(case, Credentials(MutableSource()), offline.client)
        shown = base.split("?")[0].split("#")[0] + "…"
        assert f"base_url={shown!r}" in repr(provider)


#: Base URLs with a token in the userinfo, its password written with a raw '/', '?' or '#' (a base64
#: token): URL parsers end the host there, so the token was read as a bad port and quoted.
TOKEN_BASES = [
    "https://apikey:Ab/SECRET+x=@gw.example/v1",
    "https://apikey:Ab?SECRET@gw.example/v1",
    "https://apikey:Ab#SECRET@gw.example/v1",
]


@pytest.mark.parametrize("base", TOKEN_BASES)
async def test_a_config_base_url_with_a_token_is_refused_without_quoting_it(
    harness: Harness, case: Case, base: str
) -> None:
    harness.source.values[case.key_env] = case.key
    with pytest.raises(ConfigError) as caught:
        harness.ctx.plugin(case.plugin, {"base_url": base})
    assert caught.value.message.endswith(
        "'base_url': Value error, a base URL must not carry credentials; use the api key "
        "settings (got 'https://***@gw.example/v1')."
    )
    assert "SECRET" not in caught.value.message


@pytest.mark.parametrize("base", TOKEN_BASES)
async def test_an_env_base_url_with_a_token_is_refused_without_quoting_it(
    monkeypatch: pytest.MonkeyPatch, case: Case, base: str
) -> None:
    variable = BASE_URL_ENVS[case.provider_id]
    async with env_base_url_provider(monkeypatch, case, base) as (provider, offline):
        assert provider.available() is False
        assert "SECRET" not in (provider.unavailable_reason() or "")
        assert "SECRET" not in repr(provider)  # a host's log line may show it
        with pytest.raises(WebError) as caught:
            await provider.search(WebSearchRequest("q"))
    assert caught.value.message == (
        f"The {variable} environment variable is not a usable {case.display} API base URL: a "
        f"base URL must not carry credentials; use the api key settings. Fix or unset {variable}."
    )
    assert offline.sent == []


async def test_plain_http_to_loopback_stays_allowed(
    harness: Harness, server_v6: LocalServer, case: Case, monkeypatch: pytest.MonkeyPatch
) -> None:
    # from config ([::1]) and from the env override (localhost): both are loopback
    server_v6.respond_json(case.path, fixture(case.ok_fixture))
    load(harness, case, server_v6.url(""))
    assert (await harness.web.search(WebSearchRequest("q"))).sources
    monkeypatch.setenv(BASE_URL_ENVS[case.provider_id], f"http://localhost:{server_v6.port}/")
    credentials = Credentials(MutableSource({case.key_env: case.key}))
    async with httpx.AsyncClient() as client:
        provider = make_provider(case, credentials, client)
        assert provider.available() is True
        assert provider.base_url == f"http://localhost:{server_v6.port}"


@pytest.mark.parametrize(
    "bad_key",
    [
        "sk-first-half\nsecond-half-9f3a",
        "sk-first-half\x00second-half-9f3a",
        "sk-first-hälf-second-half-9f3a",
    ],
)
async def test_a_key_that_cannot_be_a_header_value_is_refused_without_showing_it(
    harness: Harness, server: LocalServer, case: Case, bad_key: str
) -> None:
    server.respond_json(case.path, fixture(case.ok_fixture))
    load(harness, case, server.url(""))
    harness.source.values[case.key_env] = bad_key  # say, a key pasted across two lines
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message.startswith(f"The {case.display} API key contains")
    for part in ("first-half", "second-half", "9f3a"):
        assert part not in caught.value.message
        assert part not in repr(caught.value)
    assert server.requests == []  # nothing was sent
