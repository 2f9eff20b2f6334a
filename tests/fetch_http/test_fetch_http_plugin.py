"""The plugin through the real loader, its config, and URL checks made before any connection."""

from __future__ import annotations

import pytest
import yaml

from dsh.harness import ConfigError, Context, load_plugins, parse_plugin_list
from dsh.providers.fetch_http import Config, HttpFetchProvider
from dsh.providers.fetch_http._proxy import proxy_routes
from dsh.web import (
    WEB_BLOCKED_URL,
    WEB_INVALID_URL,
    TextBody,
    WebFetchProvider,
    WebFetchRequest,
    web_of,
)
from fetch_http.fetch_support import (
    LoopbackOnlyConnector,
    MakeFetcher,
    NoDnsResolver,
    expect_error,
)
from support.local_http import LocalServer

PLUGINS = """
- id: web
  name: dsh-web
- id: web-fetch-http
  name: web-fetch-http
  config:
    timeout: 5
    max_body_chars: 50
    allowed_hosts: ["127.0.0.1"]
"""


async def test_loads_from_yaml_fetches_and_disposes(server: LocalServer) -> None:
    server.respond("/", "x" * 80)
    ctx = Context()
    loaded = load_plugins(ctx, parse_plugin_list(yaml.safe_load(PLUGINS)))
    web = web_of(ctx)
    assert web.fetch_provider_ids() == ["http"]
    result = await web.fetch(WebFetchRequest(server.url("/")))
    assert (result.status_code, result.body, result.truncated) == (200, TextBody("x" * 50), True)
    await ctx.dispose()
    assert web.fetch_provider_ids() == []
    provider = loaded[1].plugin
    assert provider.name == "web-fetch-http"  # type: ignore[attr-defined]
    await server.wait_idle()  # the client was closed with the scope


async def test_provider_shape() -> None:
    provider = HttpFetchProvider()
    try:
        assert isinstance(provider, WebFetchProvider)
        assert (provider.id, provider.available()) == ("http", True)
        assert provider.config == Config()
    finally:
        await provider.aclose()


def test_defaults() -> None:
    config = Config()
    assert (
        config.max_url_length,
        config.max_response_bytes,
        config.max_body_chars,
        config.timeout,
        config.max_redirects,
        config.user_agent,
        config.proxy,
        config.allow_private_network,
        config.allowed_hosts,
    ) == (2048, 5_000_000, 100_000, 30.0, 5, None, None, False, ())


@pytest.mark.parametrize(
    ("config", "fragment"),
    [
        ({"max_redirect": 3}, "unknown key 'max_redirect'"),
        ({"timeout": 0}, "'timeout': Input should be greater than 0"),
        ({"allowed_hosts": ["http://intranet/"]}, "'allowed_hosts': Value error, allowed_hosts"),
        ({"allowed_hosts": ["10.0.0.1/8"]}, "did you mean '10.0.0.0/8'?"),
        ({"proxy": "ftp://proxy:21"}, "'proxy': Value error, must be a proxy URL"),
        ({"user_agent": "two\nlines"}, "'user_agent': Value error, must be a non-empty"),
        # Header values are sent as ASCII: non-ASCII failed as "Loading the plugins failed:
        # UnicodeEncodeError", and a control character was sent in the header as is.
        ({"user_agent": "café-bot/1.0"}, "'user_agent': Value error, must be a non-empty"),
        ({"user_agent": "bell\x07bot"}, "'user_agent': Value error, must be a non-empty"),
    ],
)
def test_bad_config_is_a_clear_config_error(config: dict[str, object], fragment: str) -> None:
    entries = parse_plugin_list(
        [{"id": "web", "name": "dsh-web"}, {"id": "f", "name": "web-fetch-http", "config": config}]
    )
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.message.startswith("Invalid config for plugin 'f': ")
    assert fragment in caught.value.message


# -- URLs checked before connecting ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("", "url must be a non-empty string."),
        ("   ", "url must be a non-empty string."),
        (
            "example.com/page",
            "'example.com/page' is not an absolute URL; give the full address, starting with "
            "http:// or https://.",
        ),
        (
            "ftp://example.com/file",
            "Only http:// and https:// URLs can be fetched, not ftp: ('ftp://example.com/file').",
        ),
        (
            "file:///etc/passwd",
            "Only http:// and https:// URLs can be fetched, not file: ('file:///etc/passwd').",
        ),
        (
            "javascript:alert(1)",
            "'javascript:alert(1)' is not an absolute URL; give the full address, starting with "
            "http:// or https://.",
        ),
        (
            "http://exa mple.com\n/",
            "The URL 'http://exa mple.com\\n/' contains control characters (such as a newline or "
            "tab); remove them.",
        ),
        ("http:///path", "'http:///path' has no host name."),
        (
            "http://example.com:99999/",
            "'http://example.com:99999/' has the port 99999, outside the range 1-65535.",
        ),
        ("http://example.com:x/", "'http://example.com:x/' is not a valid URL: "),
        # httpx decodes an xn-- host only when it is read, raising idna's UnicodeError.
        (
            "http://xn--zz.com/",
            "'http://xn--zz.com/' has an invalid host name 'xn--zz.com': it is not a valid "
            "internationalised domain name (",
        ),
        (
            "https://XN--ZZ.example:8443/a",
            "'https://XN--ZZ.example:8443/a' has an invalid host name 'xn--zz.example': it is not "
            "a valid internationalised domain name (",
        ),
    ],
)
async def test_invalid_urls(fetcher: HttpFetchProvider, url: str, message: str) -> None:
    error = await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_INVALID_URL)
    assert error.message.startswith(message)


async def test_over_long_url(make_fetcher: MakeFetcher) -> None:
    fetcher = make_fetcher(max_url_length=100)
    url = "http://example.com/" + "a" * 82
    error = await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_INVALID_URL)
    assert error.message == (
        "The URL is 101 characters long; the limit is 100 (max_url_length). Fetch a shorter URL."
    )


@pytest.mark.parametrize(
    "url",
    ["http://user:pw@example.com/", "https://token@example.com/x", "http://:secret@example.com/"],
)
async def test_credentials_in_the_url_are_blocked(fetcher: HttpFetchProvider, url: str) -> None:
    error = await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_BLOCKED_URL)
    assert "pw" not in error.message
    assert "secret" not in error.message
    assert "token" not in error.message
    assert error.message.startswith(
        "URLs with credentials (user:password@host) are never fetched: the fetcher is anonymous."
    )


async def test_private_addresses_are_blocked_by_default() -> None:
    # Default config: the guard refuses before any socket exists (IP literal, local name).
    provider = HttpFetchProvider(resolver=NoDnsResolver(), connector=LoopbackOnlyConnector())
    try:
        for url in ("http://169.254.169.254/latest/meta-data/", "http://localhost:1/"):
            error = await expect_error(provider.fetch(WebFetchRequest(url)), WEB_BLOCKED_URL)
            assert "allowed_hosts" in error.message or "allow_private_network" in error.message
    finally:
        await provider.aclose()


async def test_the_loopback_test_server_is_blocked_without_the_allow_list(
    server: LocalServer,
) -> None:
    server.respond("/", "private")
    provider = HttpFetchProvider(resolver=NoDnsResolver(), connector=LoopbackOnlyConnector())
    try:
        await expect_error(provider.fetch(WebFetchRequest(server.url("/"))), WEB_BLOCKED_URL)
    finally:
        await provider.aclose()
    assert server.requests == []


# -- proxies --------------------------------------------------------------------------------------


def test_proxy_key_covers_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://env-proxy:3128")
    assert proxy_routes("http://configured:8080") == {"all://": "http://configured:8080"}


def test_proxy_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy", "HTTP_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTPS_PROXY", "proxy.internal:3128")
    monkeypatch.setenv("NO_PROXY", "localhost,.corp.example,10.1.2.3,::1")
    assert proxy_routes(None) == {
        "https://": "http://proxy.internal:3128",
        "all://localhost": None,
        "all://*corp.example": None,
        "all://10.1.2.3": None,
        "all://[::1]": None,
    }
    monkeypatch.setenv("NO_PROXY", "*")
    assert proxy_routes(None) == {}
    monkeypatch.delenv("HTTPS_PROXY")
    assert proxy_routes(None) == {}


async def test_requests_go_through_the_configured_proxy(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    # The local server plays the proxy: an HTTP proxy receives the absolute URL as the target.
    server.respond("http://origin.example/page", "via proxy")
    fetcher = make_fetcher(proxy=server.origin)
    result = await fetcher.fetch(WebFetchRequest("http://origin.example/page"))
    assert result.body == TextBody("via proxy")
    (request,) = server.requests
    assert request.target == "http://origin.example/page"
    assert request.headers["host"] == "origin.example"
    assert "proxy-authorization" not in request.headers


async def test_through_a_proxy_literal_private_hosts_are_still_refused(
    server: LocalServer, make_fetcher: MakeFetcher
) -> None:
    fetcher = make_fetcher(proxy=server.origin, allowed_hosts=[])
    for url in ("http://169.254.169.254/", "http://127.0.0.1:8080/", "http://localhost/"):
        await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_BLOCKED_URL)
    assert server.requests == []


@pytest.mark.parametrize("no_proxy", ["::1", "[::1]"])  # both spellings connect directly
async def test_proxy_from_environment_variables(
    server: LocalServer,
    server_v6: LocalServer,
    make_fetcher: MakeFetcher,
    monkeypatch: pytest.MonkeyPatch,
    no_proxy: str,
) -> None:
    for name in ("https_proxy", "all_proxy", "no_proxy", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", server.origin)
    monkeypatch.setenv("NO_PROXY", no_proxy)
    server.respond("http://origin.example/env", "via the environment's proxy")
    server_v6.respond("/direct", "direct")
    fetcher = make_fetcher()  # the variables are read when the provider is built
    proxied = await fetcher.fetch(WebFetchRequest("http://origin.example/env"))
    assert proxied.body == TextBody("via the environment's proxy")
    direct = await fetcher.fetch(WebFetchRequest(server_v6.url("/direct")))
    assert direct.body == TextBody("direct")
    assert [r.target for r in server.requests] == ["http://origin.example/env"]
    assert [r.target for r in server_v6.requests] == ["/direct"]


def test_no_proxy_ipv6_entries_in_brackets_or_as_cidrs(monkeypatch: pytest.MonkeyPatch) -> None:
    # "[::1]" and "fd00::/8" are common NO_PROXY spellings; each must become a pattern httpx
    # accepts (they were wrapped in a second pair of brackets, and loading the plugins failed).
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", "http://proxy.internal:3128")
    monkeypatch.setenv("NO_PROXY", "[::1],fd00::/8,[fe80::]/10")
    assert proxy_routes(None) == {
        "http://": "http://proxy.internal:3128",
        "all://[::1]": None,
        "all://[fd00::]/8": None,
        "all://[fe80::]/10": None,
    }
    HttpFetchProvider(Config(), resolver=NoDnsResolver(), connector=LoopbackOnlyConnector())
