"""End to end through httpx: guarded_transport against real loopback servers.

The connector can only reach loopback, so a test about 10.x or 169.254.x cannot send a packet
there even if the guard regresses.
"""

from __future__ import annotations

import ssl
from typing import Any

import httpcore
import httpx
import pytest

from dsh.providers.fetch_http._guard import NetworkPolicy
from dsh.providers.fetch_http._network import _GuardedTransport, guarded_transport
from dsh.web import WEB_BLOCKED_URL, WebError
from fetch_http.guard.guard_helpers import LoopbackOnlyConnector, NoResolver, ScriptedResolver
from support.local_http import LocalServer

ALLOW_LOOPBACK = NetworkPolicy(allowed_hosts=("127.0.0.0/8", "::1"))


def client_for(
    policy: NetworkPolicy,
    connector: LoopbackOnlyConnector,
    resolver: Any = None,
    **kwargs: Any,
) -> httpx.AsyncClient:
    transport = guarded_transport(
        policy, resolver=resolver or NoResolver(), connector=connector, **kwargs
    )
    return httpx.AsyncClient(transport=transport, trust_env=False)


async def get_blocked(client: httpx.AsyncClient, url: str, **kwargs: Any) -> WebError:
    with pytest.raises(WebError) as caught:
        await client.get(url, **kwargs)
    # Raised from inside httpcore's connect, and out of httpx unchanged: not an httpx.HTTPError.
    assert type(caught.value) is WebError
    assert caught.value.code == WEB_BLOCKED_URL
    return caught.value


async def test_allowed_loopback_is_fetched(
    server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    server.respond("/hello", "hi")
    async with client_for(ALLOW_LOOPBACK, connector) as client:
        response = await client.get(server.url("/hello"))
    assert response.status_code == 200
    assert response.text == "hi"
    assert connector.addresses == ["127.0.0.1"]


async def test_default_policy_blocks_loopback_before_any_request(
    server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    server.respond("/hello", "hi")
    async with client_for(NetworkPolicy(), connector) as client:
        error = await get_blocked(client, server.url("/hello"))
    assert error.details["address"] == "127.0.0.1"
    assert "allow_private_network: true" in error.message
    assert server.requests == []
    assert connector.calls == []


async def test_ipv6_loopback(server_v6: LocalServer, connector: LoopbackOnlyConnector) -> None:
    server_v6.respond("/six", "six")
    async with client_for(ALLOW_LOOPBACK, connector) as client:
        response = await client.get(server_v6.url("/six"))
    assert response.text == "six"
    assert connector.addresses == ["::1"]
    async with client_for(NetworkPolicy(), connector) as client:
        error = await get_blocked(client, server_v6.url("/six"))
    assert error.details["address"] == "::1"
    assert len(server_v6.requests) == 1


async def test_host_header_is_the_url_host_while_the_socket_goes_to_the_checked_ip(
    server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    server.respond("/page", "ok")
    resolver = ScriptedResolver({"public.test": [["127.0.0.1"]]})
    async with client_for(ALLOW_LOOPBACK, connector, resolver) as client:
        response = await client.get(f"http://public.test:{server.port}/page")
    assert response.status_code == 200
    assert server.requests[0].headers["host"] == f"public.test:{server.port}"
    assert resolver.calls == ["public.test"]  # one lookup: ours; httpx/anyio made none
    assert connector.addresses == ["127.0.0.1"]


class TlsProbe(httpcore.AsyncNetworkStream):
    """A stream that records how TLS would be started, then stops (no server needed)."""

    def __init__(self) -> None:
        self.tls: dict[str, Any] = {}

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:  # noqa: ASYNC109
        raise AssertionError("no read expected")

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:  # noqa: ASYNC109
        raise AssertionError("no write expected")

    async def aclose(self) -> None:
        pass

    async def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> httpcore.AsyncNetworkStream:
        self.tls = {"context": ssl_context, "server_hostname": server_hostname}
        raise httpcore.ConnectError("stopped by the test after recording start_tls")


class ProbeConnector:
    def __init__(self) -> None:
        self.probe = TlsProbe()
        self.addresses: list[str] = []

    async def connect(
        self,
        ip: Any,
        port: int,
        timeout: float | None,  # noqa: ASYNC109
    ) -> httpcore.AsyncNetworkStream:
        self.addresses.append(f"{ip}:{port}")
        return self.probe


async def test_tls_sni_and_certificate_checks_use_the_original_name() -> None:
    resolver = ScriptedResolver({"public.test": [["127.0.0.1"]]})
    connector = ProbeConnector()
    transport = guarded_transport(ALLOW_LOOPBACK, resolver=resolver, connector=connector)
    async with httpx.AsyncClient(transport=transport) as client:
        with pytest.raises(httpx.ConnectError, match="stopped by the test"):
            await client.get("https://public.test/")
    assert connector.addresses == ["127.0.0.1:443"]
    assert connector.probe.tls["server_hostname"] == "public.test"
    context: ssl.SSLContext = connector.probe.tls["context"]
    assert context.check_hostname
    assert context.verify_mode == ssl.CERT_REQUIRED


async def test_redirect_from_an_allowed_host_to_a_blocked_one(
    server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    # allowed.test is trusted by name; evil.test resolves to a private address.
    server.respond(
        "/start",
        status=302,
        headers={"Location": f"http://evil.test:{server.port}/secret"},
    )
    server.respond("/secret", "secret")
    resolver = ScriptedResolver({"allowed.test": [["127.0.0.1"]], "evil.test": [["10.0.0.5"]]})
    policy = NetworkPolicy(allowed_hosts=("allowed.test",))
    async with client_for(policy, connector, resolver) as client:
        first = await client.get(f"http://allowed.test:{server.port}/start")
        assert first.status_code == 302
        # The fetcher follows redirects by hand through the same client: the hop is re-checked.
        error = await get_blocked(client, first.headers["location"])
        assert error.details == {
            "host": "evil.test",
            "address": "10.0.0.5",
            "reason": "private network (RFC 1918)",
        }
        # httpx's own redirect following goes through the same backend too.
        await get_blocked(client, f"http://allowed.test:{server.port}/start", follow_redirects=True)
    assert [r.path for r in server.requests] == ["/start", "/start"]
    assert "10.0.0.5" not in connector.addresses


async def test_redirect_to_a_loopback_literal_is_blocked(
    server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    server.respond("/start", status=301, headers={"Location": f"http://0x7f.1:{server.port}/"})
    resolver = ScriptedResolver({"allowed.test": [["127.0.0.1"]]})
    policy = NetworkPolicy(allowed_hosts=("allowed.test",))
    async with client_for(policy, connector, resolver) as client:
        first = await client.get(f"http://allowed.test:{server.port}/start")
        error = await get_blocked(client, first.headers["location"])
    assert error.details["address"] == "127.0.0.1"
    assert len(server.requests) == 1


async def test_rebinding_between_connections_through_httpx(
    server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    # The server closes each connection, so every request needs a new one (and a new lookup).
    server.respond("/", "first", headers={"Connection": "close"})
    resolver = ScriptedResolver({"rebind.test": [["127.0.0.1"], ["10.0.0.5"]]})
    async with client_for(ALLOW_LOOPBACK, connector, resolver) as client:
        response = await client.get(f"http://rebind.test:{server.port}/")
        assert response.text == "first"
        await get_blocked(client, f"http://rebind.test:{server.port}/")
    assert resolver.calls == ["rebind.test", "rebind.test"]
    assert connector.addresses == ["127.0.0.1"]
    assert len(server.requests) == 1


@pytest.mark.parametrize("spelling", ["2130706433", "0x7f.1", "127.1", "0x7f.0.0.1", "127.0.0.1."])
async def test_literal_spellings_through_httpx(
    spelling: str, server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    server.respond("/", "ok")
    url = f"http://{spelling}:{server.port}/"
    async with client_for(NetworkPolicy(), connector) as client:
        await get_blocked(client, url)
    assert connector.calls == []
    # Allowed: the connection goes to the normalised address; no name lookup is made.
    async with client_for(ALLOW_LOOPBACK, connector) as client:
        response = await client.get(url)
    assert response.text == "ok"
    assert connector.addresses == ["127.0.0.1"]


@pytest.mark.parametrize("url", ["http://[::ffff:127.0.0.1]:9/", "http://[::ffff:7f00:1]:9/"])
async def test_ipv4_mapped_loopback_through_httpx(
    url: str, connector: LoopbackOnlyConnector
) -> None:
    async with client_for(NetworkPolicy(), connector) as client:
        error = await get_blocked(client, url)
    assert "IPv4-mapped IPv6 of 127.0.0.1 (loopback)" in error.message
    assert connector.calls == []


# --- through a proxy -------------------------------------------------------------------------


async def test_proxy_checks_hosts_statically_and_never_resolves(
    server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    # The loopback server plays an HTTP forward proxy: it receives absolute-form targets.
    server.respond("http://example.com/page", "via proxy")
    async with client_for(NetworkPolicy(), connector, proxy=server.url()) as client:
        response = await client.get("http://example.com/page")
        assert response.text == "via proxy"
        for url in [
            "http://127.0.0.1/",
            "http://2130706433/",
            "http://[::1]/",
            "http://169.254.169.254/latest/meta-data/",
            "http://localhost/",
            "http://metadata.google.internal/",
            "http://db.internal/",
        ]:
            await get_blocked(client, url)
    assert [r.target for r in server.requests] == ["http://example.com/page"]
    assert connector.calls == []  # the proxy connection is not the guarded path


async def test_proxy_static_check_follows_the_policy(
    server: LocalServer, connector: LoopbackOnlyConnector
) -> None:
    server.respond("http://wiki.internal/", "wiki")
    policy = NetworkPolicy(allowed_hosts=("wiki.internal",))
    async with client_for(policy, connector, proxy=server.url()) as client:
        assert (await client.get("http://wiki.internal/")).text == "wiki"


def test_unsupported_proxy_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="proxy"):
        guarded_transport(NetworkPolicy(), proxy="ftp://proxy.example:21")


class RecordingPool(httpcore.AsyncConnectionPool):
    """A pool that answers every request itself and records what the transport asked of it."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    async def __aenter__(self) -> RecordingPool:
        self.calls.append("enter")
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self.calls.append("exit")

    async def handle_async_request(self, request: httpcore.Request) -> httpcore.Response:
        self.calls.append(f"request {request.url.host.decode()}")
        return httpcore.Response(200, content=b"from the pool")

    async def aclose(self) -> None:
        self.calls.append("close")


async def test_httpx_transport_still_runs_on_the_pool_it_is_given() -> None:
    # _GuardedTransport sets httpx.AsyncHTTPTransport's private `_pool` (httpx has no public way
    # to give a transport a network backend) and skips its __init__. If httpx renames the
    # attribute or needs more state from __init__, this fails here, not as a guard that is
    # silently bypassed or a transport that breaks on its first request.
    pool = RecordingPool()
    transport = _GuardedTransport(pool, NetworkPolicy(), static_check=False)
    async with transport:
        response = await transport.handle_async_request(httpx.Request("GET", "http://a.test/"))
        assert await response.aread() == b"from the pool"
    await transport.aclose()
    assert pool.calls == ["enter", "request a.test", "exit", "close"]
