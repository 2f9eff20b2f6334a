"""The keyed search providers through a SOCKS5 proxy from the environment (a real one, on loopback).

Their clients read the standard proxy variables (httpx's ``trust_env``); with
``ALL_PROXY=socks5://…`` set, building one raised ImportError while socksio was not a dependency.
"""

from __future__ import annotations

import pytest

from dsh.web import WEB_PROVIDER_ERROR, WebError, WebSearchRequest
from providers.search_provider_support import CASES, Case, Harness, fixture, load
from support.local_http import LocalServer
from support.socks5 import Connect, Socks5Proxy


def proxied(monkeypatch: pytest.MonkeyPatch, **variables: str) -> None:
    """Exactly these proxy variables (the root conftest has cleared the shell's proxies; the
    shell's NO_PROXY, which it keeps, goes too unless given here)."""
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
@pytest.mark.parametrize("scheme", ["socks5", "socks5h"])
async def test_a_search_goes_through_the_socks_proxy_of_the_environment(
    harness: Harness,
    server: LocalServer,
    socks_proxy: Socks5Proxy,
    monkeypatch: pytest.MonkeyPatch,
    case: Case,
    scheme: str,
) -> None:
    proxied(monkeypatch, ALL_PROXY=f"{scheme}://127.0.0.1:{socks_proxy.port}")
    server.respond_json(case.path, fixture(case.ok_fixture))
    # The client is built, and the variables read, when the plugin loads.
    load(harness, case, f"http://localhost:{server.port}")
    result = await harness.web.search(WebSearchRequest("q"))
    assert result.sources
    assert socks_proxy.connects == [Connect("domain", "localhost", server.port)]
    (request,) = server.requests
    assert request.path == case.path
    assert case.auth_ok(request.headers)


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
async def test_an_environment_proxy_httpx_cannot_use_fails_the_search_not_the_load(
    harness: Harness,
    server: LocalServer,
    socks_proxy: Socks5Proxy,
    monkeypatch: pytest.MonkeyPatch,
    case: Case,
) -> None:
    # Building the client raised "ValueError: Unknown scheme for proxy URL", so the plugin did
    # not load; and a direct call would skip a proxy the operator relies on.
    proxied(monkeypatch, all_proxy=f"socks4://127.0.0.1:{socks_proxy.port}")
    server.respond_json(case.path, fixture(case.ok_fixture))
    load(harness, case, server.url(""))
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_ERROR
    # Worded like every "Could not reach …" (it read "…: ProxyError: The all_proxy …", httpx's
    # exception name in front of our own sentence).
    assert caught.value.message == (
        f"Could not reach the {case.display} API at {server.origin}: the all_proxy environment "
        f'variable names the proxy "socks4://127.0.0.1:{socks_proxy.port}", a SOCKS4 proxy, '
        "which is not supported. Set all_proxy to an http://, https://, socks5:// or socks5h:// "
        "proxy URL, or unset it."
    )
    assert server.requests == []
    assert socks_proxy.accepted == 0


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
async def test_a_no_proxy_host_is_reached_directly_despite_an_unusable_proxy(
    harness: Harness,
    server: LocalServer,
    socks_proxy: Socks5Proxy,
    monkeypatch: pytest.MonkeyPatch,
    case: Case,
    host: str,
) -> None:
    # GNOME's all_proxy=socks://… made building the client fail, and the fallback client failed
    # every call, NO_PROXY hosts included: httpx reads NO_PROXY only while building a client.
    proxied(
        monkeypatch,
        all_proxy=f"socks://127.0.0.1:{socks_proxy.port}/",
        NO_PROXY=f"api.other.example,{host}",
    )
    server.respond_json(case.path, fixture(case.ok_fixture))
    load(harness, case, f"http://{host}:{server.port}")
    result = await harness.web.search(WebSearchRequest("q"))
    assert result.sources
    (request,) = server.requests
    assert case.auth_ok(request.headers)
    assert socks_proxy.accepted == 0


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
async def test_a_proxy_that_refuses_the_connection_is_named_as_the_cause(
    harness: Harness,
    socks_proxy: Socks5Proxy,
    monkeypatch: pytest.MonkeyPatch,
    case: Case,
) -> None:
    # The loopback SOCKS5 proxy refuses every name but localhost (reply 0x02), resolving none.
    proxied(monkeypatch, ALL_PROXY=socks_proxy.url)
    load(harness, case, "https://api.search.example")
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message == (
        f"Could not reach the {case.display} API at https://api.search.example: the proxy did "
        "not connect to it (Proxy Server could not connect: Connection not allowed by ruleset)."
    )
    assert socks_proxy.refused == [Connect("domain", "api.search.example", 443)]


async def test_an_http_proxy_that_refuses_the_tunnel_is_named_as_the_cause(
    harness: Harness, server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The loopback server plays an HTTP proxy that answers the CONNECT with 403.
    proxied(monkeypatch, HTTPS_PROXY=server.origin)
    server.respond("api.search.example:443", "no", status=403)
    case = CASES[0]
    load(harness, case, "https://api.search.example")
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.message == (
        "Could not reach the Exa API at https://api.search.example: the proxy did not connect "
        "to it (403 Forbidden)."
    )
    (request,) = server.requests
    assert request.method == "CONNECT"


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
async def test_a_usable_proxy_still_serves_its_scheme_beside_an_unusable_one(
    harness: Harness,
    server: LocalServer,
    socks_proxy: Socks5Proxy,
    monkeypatch: pytest.MonkeyPatch,
    case: Case,
) -> None:
    # httpx's routes are kept when one variable is unusable: http:// goes through HTTP_PROXY.
    proxied(monkeypatch, all_proxy="socks://127.0.0.1:1/", HTTP_PROXY=socks_proxy.url)
    server.respond_json(case.path, fixture(case.ok_fixture))
    load(harness, case, f"http://localhost:{server.port}")
    assert (await harness.web.search(WebSearchRequest("q"))).sources
    assert socks_proxy.connects == [Connect("domain", "localhost", server.port)]


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
@pytest.mark.parametrize(("variable", "scheme"), [("HTTPS_PROXY", "http"), ("all_proxy", "socks5")])
async def test_a_proxy_that_cannot_be_reached_is_named_with_its_variable(
    harness: Harness,
    refused_port: int,
    monkeypatch: pytest.MonkeyPatch,
    case: Case,
    variable: str,
    scheme: str,
) -> None:
    # Read "Could not reach the Exa API at …: ConnectError: Connection refused.", as if the API
    # had refused: nothing said the connection was the proxy's, nor which variable set it.
    proxy = f"{scheme}://127.0.0.1:{refused_port}"
    proxied(monkeypatch, **{variable: proxy})
    load(harness, case, "https://api.search.example")
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.code == WEB_PROVIDER_ERROR
    assert caught.value.message == (
        f"Could not reach the {case.display} API at https://api.search.example: the {variable} "
        f'environment variable names the proxy "{proxy}", which could not be reached '
        f"(Connection refused). Check that the proxy is running, or unset {variable}."
    )


@pytest.mark.parametrize("case", CASES, ids=[c.provider_id for c in CASES])
async def test_the_unreachable_proxy_named_is_the_one_the_client_uses(
    harness: Harness, refused_port: int, monkeypatch: pytest.MonkeyPatch, case: Case
) -> None:
    # The client read the variables when the plugin loaded; a host that changes them later
    # (unsets them, say, after a first failure) does not change its proxy. The message read
    # them again at the failure, found none, and said "ConnectError: Connection refused" as if
    # the API had refused.
    proxy = f"http://127.0.0.1:{refused_port}"
    proxied(monkeypatch, https_proxy=proxy)
    load(harness, case, "https://api.search.example")
    monkeypatch.delenv("https_proxy")
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:9")  # not the client's either
    with pytest.raises(WebError) as caught:
        await harness.web.search(WebSearchRequest("q"))
    assert caught.value.message == (
        f"Could not reach the {case.display} API at https://api.search.example: the https_proxy "
        f'environment variable names the proxy "{proxy}", which could not be reached '
        "(Connection refused). Check that the proxy is running, or unset https_proxy."
    )
