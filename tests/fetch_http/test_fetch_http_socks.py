"""Fetching through a SOCKS5 proxy (a real one on loopback), and the guard in front of it.

A desktop's ``ALL_PROXY=socks5://127.0.0.1:1080`` used to make every command fail at load: the
``socksio`` package httpx needs for SOCKS was not a dependency.
"""

from __future__ import annotations

import asyncio

import pytest

from dsh.web import WEB_BLOCKED_URL, WEB_PROVIDER_ERROR, TextBody, WebFetchRequest
from fetch_http.fetch_support import MakeFetcher, expect_error
from support.local_http import LocalServer, Request, write_response
from support.socks5 import Connect, Socks5Proxy

PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY")

# A public-looking name only the proxy resolves (to the loopback server): the fetcher must hand
# the name to the proxy, since its own lookups fail in the tests (NoDnsResolver, network jail).
SITE = "www.example.com"


@pytest.fixture(autouse=True)
def _no_proxy_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)


@pytest.mark.parametrize(
    ("variable", "scheme"),
    [("ALL_PROXY", "socks5"), ("all_proxy", "socks5h"), ("HTTP_PROXY", "socks5h")],
)
async def test_a_fetch_goes_through_a_socks_proxy_from_the_environment(
    server: LocalServer,
    socks_proxy: Socks5Proxy,
    make_fetcher: MakeFetcher,
    monkeypatch: pytest.MonkeyPatch,
    variable: str,
    scheme: str,
) -> None:
    monkeypatch.setenv(variable, f"{scheme}://127.0.0.1:{socks_proxy.port}")
    socks_proxy.names[SITE] = "127.0.0.1"
    server.respond("/page", "via socks")
    fetcher = make_fetcher()  # the variables are read when the provider is built
    url = f"http://{SITE}:{server.port}/page"
    result = await fetcher.fetch(WebFetchRequest(url))
    assert result.body == TextBody("via socks")
    assert result.url == url
    # socks5:// and socks5h:// alike, the name goes to the proxy (httpx never resolves it here,
    # so there is no local answer for the guard to check: the proxy resolves it).
    assert socks_proxy.connects == [Connect("domain", SITE, server.port)]
    (request,) = server.requests
    assert request.target == "/page"
    assert request.headers["host"] == f"{SITE}:{server.port}"


async def test_the_proxy_key_takes_a_socks5h_url(
    server: LocalServer, socks_proxy: Socks5Proxy, make_fetcher: MakeFetcher
) -> None:
    socks_proxy.names[SITE] = "127.0.0.1"
    server.respond("/page", "via socks")
    fetcher = make_fetcher(proxy=f"socks5h://127.0.0.1:{socks_proxy.port}")
    result = await fetcher.fetch(WebFetchRequest(f"http://{SITE}:{server.port}/page"))
    assert result.body == TextBody("via socks")
    assert socks_proxy.connects == [Connect("domain", SITE, server.port)]


@pytest.mark.parametrize("scheme", ["socks5", "socks5h"])
async def test_through_a_socks_proxy_private_and_metadata_hosts_are_refused(
    server: LocalServer,
    socks_proxy: Socks5Proxy,
    make_fetcher: MakeFetcher,
    monkeypatch: pytest.MonkeyPatch,
    scheme: str,
) -> None:
    monkeypatch.setenv("ALL_PROXY", f"{scheme}://127.0.0.1:{socks_proxy.port}")
    fetcher = make_fetcher(allowed_hosts=[])
    for url in (
        "http://169.254.169.254/latest/meta-data/",
        "http://metadata.google.internal/computeMetadata/v1/",
        "http://[fd00:ec2::254]/",
        "http://10.0.0.7/",
        "http://0x7f.1/",
        f"http://127.0.0.1:{server.port}/",
        f"http://localhost:{server.port}/",
    ):
        await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_BLOCKED_URL)
    # Refused before the proxy was contacted: not even a TCP connection to it.
    assert socks_proxy.connects == []
    assert socks_proxy.accepted == 0
    assert server.requests == []


async def test_a_redirect_to_a_metadata_address_through_a_socks_proxy_is_refused(
    server: LocalServer,
    socks_proxy: Socks5Proxy,
    make_fetcher: MakeFetcher,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ALL_PROXY", f"socks5://127.0.0.1:{socks_proxy.port}")
    socks_proxy.names[SITE] = "127.0.0.1"

    async def to_metadata(_request: Request, writer: asyncio.StreamWriter) -> None:
        await write_response(writer, 302, {"Location": "http://169.254.169.254/latest/"}, b"")

    server.route("/go", to_metadata)
    fetcher = make_fetcher(allowed_hosts=[])
    await expect_error(
        fetcher.fetch(WebFetchRequest(f"http://{SITE}:{server.port}/go")), WEB_BLOCKED_URL
    )
    assert socks_proxy.connects == [Connect("domain", SITE, server.port)]


@pytest.mark.parametrize(
    ("variable", "value", "shown"),
    [
        ("ALL_PROXY", "socks4://127.0.0.1:{port}", "socks4://127.0.0.1:{port}"),
        # GNOME's setting (SOCKS4 for curl); the password is never quoted.
        ("all_proxy", "socks://u:hunter2@127.0.0.1:{port}/", "socks://***@127.0.0.1:{port}/"),
    ],
)
async def test_an_environment_proxy_httpx_cannot_use_fails_the_fetch_not_the_load(
    server: LocalServer,
    socks_proxy: Socks5Proxy,
    make_fetcher: MakeFetcher,
    monkeypatch: pytest.MonkeyPatch,
    variable: str,
    value: str,
    shown: str,
) -> None:
    # Loading failed on it: "ValueError: Unknown scheme for proxy URL URL('socks4://…')", naming
    # no variable. Connecting directly instead would skip a proxy the operator relies on.
    monkeypatch.setenv(variable, value.format(port=socks_proxy.port))
    monkeypatch.setenv("NO_PROXY", "[::1]")
    fetcher = make_fetcher(allowed_hosts=["127.0.0.1", "::1"])
    url = f"http://{SITE}/page"
    error = await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_PROVIDER_ERROR)
    assert error.message == (
        f"Could not fetch {url}: the {variable} environment variable names the proxy "
        f'"{shown.format(port=socks_proxy.port)}", a SOCKS4 proxy, which is not supported. '
        f"Set {variable} to an http://, https://, socks5:// or socks5h:// proxy URL, or unset it."
    )
    assert "hunter2" not in repr(error)
    # A blocked URL is still reported as blocked; NO_PROXY hosts are still fetched directly.
    await expect_error(fetcher.fetch(WebFetchRequest("http://169.254.169.254/")), WEB_BLOCKED_URL)
    v6 = await LocalServer("::1").start()
    try:
        v6.respond("/direct", "direct")
        result = await fetcher.fetch(WebFetchRequest(v6.url("/direct")))
        assert result.body == TextBody("direct")
    finally:
        await v6.close()
    assert socks_proxy.accepted == 0


async def test_through_a_socks_proxy_only_a_kept_alive_connections_failure_is_resent(
    server: LocalServer, socks_proxy: Socks5Proxy, make_fetcher: MakeFetcher
) -> None:
    # Whether a connection was reused is read from httpcore's trace: through SOCKS it names a
    # new connection "socks.connect_tcp", not "connection.connect_tcp". Bytes past a
    # Content-Length left in the kept-alive tunnel fail the next request, which is resent on a
    # new tunnel; a server hanging up on a new tunnel is its answer, asked once.
    socks_proxy.names[SITE] = "127.0.0.1"
    body = "Café ☕".encode()
    server.respond("/chars", body, headers={"Content-Length": str(len("Café ☕"))})
    server.respond("/next", "next page")

    async def hang_up(_request: Request, writer: asyncio.StreamWriter) -> None:
        writer.close()

    server.route("/broken", hang_up)
    fetcher = make_fetcher(proxy=f"socks5h://127.0.0.1:{socks_proxy.port}")
    origin = f"http://{SITE}:{server.port}"
    await fetcher.fetch(WebFetchRequest(origin + "/chars"))
    result = await fetcher.fetch(WebFetchRequest(origin + "/next"))
    assert result.body == TextBody("next page")
    # The first /next reached the server; its answer was read from behind the leftover bytes.
    assert [r.path for r in server.requests] == ["/chars", "/next", "/next"]
    assert socks_proxy.accepted == 2  # the resend's new tunnel
    # A new fetcher, so a new tunnel (the first fetcher's would be a kept-alive one).
    fresh = make_fetcher(proxy=f"socks5h://127.0.0.1:{socks_proxy.port}")
    await expect_error(fresh.fetch(WebFetchRequest(origin + "/broken")), WEB_PROVIDER_ERROR)
    assert [r.path for r in server.requests] == ["/chars", "/next", "/next", "/broken"]
    assert socks_proxy.accepted == 3
