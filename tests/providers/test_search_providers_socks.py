"""The keyed search providers through a SOCKS5 proxy from the environment (a real one, on loopback).

Their clients read the standard proxy variables (httpx's ``trust_env``); with
``ALL_PROXY=socks5://…`` set, building one raised ImportError while socksio was not a dependency.
"""

from __future__ import annotations

import pytest
from search_provider_support import CASES, Case, Harness, fixture, load

from dsh.web import WebSearchRequest
from support.local_http import LocalServer
from support.socks5 import Connect, Socks5Proxy


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
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    monkeypatch.setenv("ALL_PROXY", f"{scheme}://127.0.0.1:{socks_proxy.port}")
    server.respond_json(case.path, fixture(case.ok_fixture))
    # The client is built, and the variables read, when the plugin loads.
    load(harness, case, f"http://localhost:{server.port}")
    result = await harness.web.search(WebSearchRequest("q"))
    assert result.sources
    assert socks_proxy.connects == [Connect("domain", "localhost", server.port)]
    (request,) = server.requests
    assert request.path == case.path
    assert case.auth_ok(request.headers)
