"""The keyed search APIs' client: the environment's proxy table, as httpx reads it."""

from __future__ import annotations

import pytest

from dsh.providers._keyed_api.client import _httpx_environment_proxies


def test_httpx_still_builds_its_proxies_from_the_table_we_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # httpx has no public API for the proxy table its clients mount from the environment, so
    # _keyed_api reads httpx's private one (the routes it rebuilds when a proxy is unusable,
    # the variable an error names). If httpx moves it or changes the table's form, this fails
    # here rather than those routes drifting from the client's own.
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("http_proxy", "proxy.example:3128")
    monkeypatch.setenv("HTTPS_PROXY", "http://secure.example:8080")
    monkeypatch.setenv("ALL_PROXY", "socks5://all.example:1080")
    monkeypatch.setenv("NO_PROXY", "localhost,.internal.example,10.0.0.1,::1")
    assert _httpx_environment_proxies() == {
        "http://": "http://proxy.example:3128",
        "https://": "http://secure.example:8080",
        "all://": "socks5://all.example:1080",
        "all://localhost": None,
        "all://*.internal.example": None,
        "all://10.0.0.1": None,
        "all://[::1]": None,
    }
    monkeypatch.setenv("NO_PROXY", "*")
    assert _httpx_environment_proxies() == {}
