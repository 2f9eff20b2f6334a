"""The plugin through the real loader, its config, and URL checks made before any connection."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import httpx
import pytest
import yaml

from dsh.harness import ConfigError, Context, load_plugins, parse_plugin_list
from dsh.providers.fetch_http import Config, HttpFetchProvider
from dsh.providers.fetch_http._guard import IPAddress
from dsh.providers.fetch_http._proxy import ProxyRoutes, proxy_routes
from dsh.web import (
    WEB_BLOCKED_URL,
    WEB_INVALID_URL,
    WEB_PROVIDER_ERROR,
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
from support.environment import scrub_environment
from support.local_http import LocalServer

README = (Path(__file__).resolve().parents[2] / "src/dsh/providers/fetch_http/README.md").read_text(
    encoding="utf-8"
)

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


@pytest.mark.parametrize(
    ("proxy", "said"),
    [
        # It passed the config check and failed building the client: "Loading the plugins
        # failed: InvalidURL: Invalid port: 'bad'", naming no key.
        (
            "http://u:s3cret@proxy.example:bad/",
            "Invalid port: 'bad' (got 'http://***@proxy.example:bad/')",
        ),
        # A password with a raw '/': httpx read "s3c" as the port, and quoted it.
        (
            "http://u:s3c/ret@proxy.example:3128",
            "its user or password holds a '/', '?', '#' or '@', which must be percent-encoded "
            "(%2F, %3F, %23, %40) (got 'http://***@proxy.example:3128')",
        ),
    ],
)
def test_a_proxy_httpx_cannot_parse_is_a_config_error_without_its_password(
    proxy: str, said: str
) -> None:
    entries = parse_plugin_list(
        [
            {"id": "web", "name": "dsh-web"},
            {"id": "f", "name": "web-fetch-http", "config": {"proxy": proxy}},
        ]
    )
    with pytest.raises(ConfigError) as caught:
        load_plugins(Context(), entries)
    assert caught.value.message == (
        f"Invalid config for plugin 'f': 'proxy': Value error, is not a valid proxy URL: {said}."
    )
    assert "s3c" not in caught.value.message


# -- URLs checked before connecting ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("", "url must be a non-empty string."),
        ("   ", "url must be a non-empty string."),
        (
            "example.com/page",
            '"example.com/page" is not an absolute URL; give the full address, starting with '
            "http:// or https://.",
        ),
        (
            "ftp://example.com/file",
            'Only http:// and https:// URLs can be fetched, not ftp: ("ftp://example.com/file").',
        ),
        (
            "file:///etc/passwd",
            'Only http:// and https:// URLs can be fetched, not file: ("file:///etc/passwd").',
        ),
        (
            "javascript:alert(1)",
            '"javascript:alert(1)" is not an absolute URL; give the full address, starting with '
            "http:// or https://.",
        ),
        (
            "http://exa mple.com\n/",
            'The URL "http://exa mple.com\\n/" contains control characters (such as a newline or '
            "tab); remove them.",
        ),
        ("http:///path", '"http:///path" has no host name.'),
        (
            "http://example.com:99999/",
            '"http://example.com:99999/" has the port 99999, outside the range 1-65535.',
        ),
        ("http://example.com:x/", '"http://example.com:x/" is not a valid URL: '),
        # An IPv6 bracket left open: httpx read the address's last group as a port, "is not a
        # valid URL: Invalid port: ':1'".
        (
            "http://[::1:8080/status",
            "\"http://[::1:8080/status\" opens an IPv6 address with '[' but does not close it; "
            "write the address in brackets, then the port: http://[2001:db8::1]:8080/.",
        ),
        # The host as written (not httpx's "exa%20mple.com"), and what a host name is; before,
        # "has an invalid host name 'exa%20mple.com': invalid host name 'exa%20mple.com'".
        (
            "http://exa mple.com/",
            '"http://exa mple.com/" has an invalid host name "exa mple.com": a host name is '
            "letters, digits and hyphens in labels separated by dots (or an IP address).",
        ),
        (
            "http://a..b/",
            '"http://a..b/" has an invalid host name "a..b": a host name is letters, digits and '
            "hyphens in labels separated by dots (or an IP address).",
        ),
        (
            "http://-bad-.com/",
            '"http://-bad-.com/" has an invalid host name "-bad-.com": a host name is letters, '
            "digits and hyphens in labels separated by dots (or an IP address).",
        ),
        # httpx decodes an xn-- host only when it is read, raising idna's UnicodeError.
        (
            "http://xn--zz.com/",
            '"http://xn--zz.com/" has an invalid host name "xn--zz.com": it is not a valid '
            "internationalised domain name (",
        ),
        (
            "https://XN--ZZ.example:8443/a",
            '"https://XN--ZZ.example:8443/a" has an invalid host name "xn--zz.example": it is not '
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
    # Longer than httpx parses: still this error, not httpx's "URL too long".
    huge = "http://example.com/" + "a" * 70_000
    error = await expect_error(fetcher.fetch(WebFetchRequest(huge)), WEB_INVALID_URL)
    assert error.message.startswith("The URL is 70,019 characters long; the limit is 100 ")


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


async def test_the_readme_quotes_the_credentials_message_as_it_is(
    fetcher: HttpFetchProvider,
) -> None:
    # src/dsh/providers/fetch_http/README.md, "Errors the model sees": it quoted the URL in
    # single quotes, which the model never sees.
    request = WebFetchRequest("http://user:pw@example.com/")
    error = await expect_error(fetcher.fetch(request), WEB_BLOCKED_URL)
    assert f"`{error.message}`" in README


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


PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "no_proxy")


def _clear_proxy_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.upper(), raising=False)


def _via(routes: ProxyRoutes, url: str) -> str | None:
    return routes.proxy_for(httpx.URL(url))


def test_proxy_key_covers_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://env-proxy:3128")
    monkeypatch.setenv("NO_PROXY", "localhost")
    routes = proxy_routes("http://configured:8080")
    for url in ("http://example.com/", "https://example.com/", "http://localhost/"):
        assert _via(routes, url) == "http://configured:8080"


def test_proxy_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    _clear_proxy_variables(monkeypatch)
    monkeypatch.setenv("HTTPS_PROXY", "proxy.internal:3128")
    monkeypatch.setenv("NO_PROXY", "localhost,.corp.example,10.1.2.3,::1")
    routes = proxy_routes(None)
    assert _via(routes, "https://example.com/") == "http://proxy.internal:3128"
    assert _via(routes, "https://10.1.2.4/") == "http://proxy.internal:3128"
    assert _via(routes, "https://notcorp.example/") == "http://proxy.internal:3128"
    assert _via(routes, "http://example.com/") is None  # no HTTP_PROXY
    for direct in (
        "https://localhost/",
        "https://corp.example/",
        "https://a.b.corp.example/",
        "https://10.1.2.3/",
        "https://[::1]:8443/",
    ):
        assert _via(routes, direct) is None, direct
    monkeypatch.setenv("NO_PROXY", "*")
    assert not proxy_routes(None)
    monkeypatch.delenv("NO_PROXY")
    monkeypatch.delenv("HTTPS_PROXY")
    assert not proxy_routes(None)


@pytest.mark.parametrize(
    ("no_proxy", "direct", "proxied"),
    [
        ("example.com:8080", "http://example.com:8080/", "http://example.com/"),
        ("*.example.com:443", "https://www.example.com/", "http://www.example.com/"),
        ("10.0.0.0/8", "http://10.200.0.1/", "http://11.0.0.1/"),
        ("10.1.2.3:8080", "http://10.1.2.3:8080/", "http://10.1.2.3/"),
        ("[::1]:8080", "http://[::1]:8080/", "http://[::1]/"),
        ("https://example.com", "https://example.com/", "http://example.com/"),
        ("http://*.example.com:8080/", "http://a.example.com:8080/", "https://a.example.com/"),
        ("all://example.com", "https://example.com/", "http://example.org/"),
        # a name never matches an address entry, and an address never matches a name
        ("127.0.0.1", "http://127.0.0.1/", "http://localhost.example/"),
        ("0x7f.1", None, "http://127.0.0.1/"),  # not an IP address (curl): matches nothing
        # entries that can match nothing are ignored, as curl ignores them
        ("10.0.0.0/33,*.", None, "http://10.0.0.1/"),
        ("x,*", "http://x/", "http://10.0.0.1/"),  # "*" anywhere: nothing is proxied
        (" ,., *. ,ftp://example.com", None, "http://example.com/"),
    ],
)
def test_no_proxy_entry_forms(
    monkeypatch: pytest.MonkeyPatch, no_proxy: str, direct: str | None, proxied: str
) -> None:
    _clear_proxy_variables(monkeypatch)
    monkeypatch.setenv("ALL_PROXY", "http://proxy.internal:3128")
    monkeypatch.setenv("NO_PROXY", no_proxy)
    routes = proxy_routes(None)
    if "*" not in no_proxy.split(","):
        assert _via(routes, proxied) == "http://proxy.internal:3128"
    if direct is not None:
        assert _via(routes, direct) is None


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


async def test_a_proxy_that_refuses_is_named_not_the_target(
    make_fetcher: MakeFetcher, refused_port: int
) -> None:
    # Before: "Could not connect to origin.example (fetching ...)": the operator went looking
    # at a site that was never contacted.
    fetcher = make_fetcher(proxy=f"http://127.0.0.1:{refused_port}")
    error = await expect_error(
        fetcher.fetch(WebFetchRequest("http://origin.example/page")), WEB_PROVIDER_ERROR
    )
    assert error.message == (
        f"Could not connect to the proxy 127.0.0.1:{refused_port} (fetching "
        "http://origin.example/page): Connection refused."
    )


@pytest.mark.parametrize(
    ("variable", "scheme", "url"),
    [
        ("HTTPS_PROXY", "http", "https://origin.example/page"),
        ("http_proxy", "http", "http://origin.example/page"),
        ("all_proxy", "socks5", "http://origin.example/page"),
    ],
)
async def test_an_environment_proxy_that_cannot_be_reached_is_named_with_its_variable(
    make_fetcher: MakeFetcher,
    refused_port: int,
    monkeypatch: pytest.MonkeyPatch,
    variable: str,
    scheme: str,
    url: str,
) -> None:
    # Read "Could not connect to the proxy 127.0.0.1:N (fetching …)": nothing said that the
    # proxy came from the environment, nor which variable to fix; the keyed search providers
    # name it (decision 0050).
    _clear_proxy_variables(monkeypatch)
    proxy = f"{scheme}://127.0.0.1:{refused_port}"
    monkeypatch.setenv(variable, proxy)
    fetcher = make_fetcher()  # the variables are read when the provider is built
    error = await expect_error(fetcher.fetch(WebFetchRequest(url)), WEB_PROVIDER_ERROR)
    assert error.message == (
        f'Could not fetch {url}: the {variable} environment variable names the proxy "{proxy}", '
        f"which could not be reached (Connection refused). Check that the proxy is running, "
        f"or unset {variable}."
    )
    assert error.details == {"url": url}


async def test_a_proxy_whose_name_does_not_resolve_says_so(
    make_fetcher: MakeFetcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before: "Could not connect to origin.example (fetching ...): Unknown error -3." (the
    # resolver's EAI code through os.strerror).
    def offline(host: object, *_args: object, **_kwargs: object) -> object:
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(socket, "getaddrinfo", offline)
    fetcher = make_fetcher(proxy="http://user:pw@proxy.invalid:3128")
    error = await expect_error(
        fetcher.fetch(WebFetchRequest("http://origin.example/page")), WEB_PROVIDER_ERROR
    )
    assert error.message == (
        "Could not connect to the proxy proxy.invalid:3128 (fetching "
        "http://origin.example/page): Temporary failure in name resolution."
    )


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
    # "[::1]" and "fd00::/8" are common NO_PROXY spellings (they were once wrapped in a second
    # pair of brackets, and loading the plugins failed).
    _clear_proxy_variables(monkeypatch)
    monkeypatch.setenv("HTTP_PROXY", "http://proxy.internal:3128")
    monkeypatch.setenv("NO_PROXY", "[::1],fd00::/8,[fe80::]/10")
    routes = proxy_routes(None)
    for direct in ("http://[::1]/", "http://[fd00::5]/", "http://[fe80::1%25eth0]/"):
        assert _via(routes, direct) is None, direct
    assert _via(routes, "http://[fc00::1]/") == "http://proxy.internal:3128"
    HttpFetchProvider(Config(), resolver=NoDnsResolver(), connector=LoopbackOnlyConnector())


class _Script:
    """A resolver that answers a fixed mapping (names only ever resolve to loopback here)."""

    def __init__(self, answers: dict[str, str]) -> None:
        self.answers = answers

    async def resolve(self, host: str, port: int) -> list[IPAddress]:
        if host not in self.answers:
            raise AssertionError(f"the test tried to resolve {host!r}")
        return [ipaddress.ip_address(self.answers[host])]


@pytest.mark.parametrize(
    ("no_proxy", "host"),
    [
        # A CIDR covers its whole range, not only its network address (httpx's mount patterns,
        # used before, cannot express a range).
        ("127.0.0.0/8", "127.0.0.1"),
        ("0.0.0.0/0", "127.0.0.1"),
        # curl reads "*.example.test" like ".example.test": the domain and its subdomains.
        ("*.example.test", "www.example.test"),
        ("*.example.test", "example.test"),
        (".example.test", "deep.www.example.test"),
        ("example.test", "www.example.test"),
        ("other.test, EXAMPLE.TEST.", "www.example.test"),
    ],
)
async def test_no_proxy_matches_like_curl(
    server: LocalServer,
    server_v6: LocalServer,
    make_fetcher: MakeFetcher,
    monkeypatch: pytest.MonkeyPatch,
    no_proxy: str,
    host: str,
) -> None:
    # The [::1] server plays the proxy; the 127.0.0.1 server is the origin reached directly.
    scrub_environment(monkeypatch)
    monkeypatch.delenv("no_proxy", raising=False)  # read before NO_PROXY
    monkeypatch.setenv("HTTP_PROXY", server_v6.origin)
    monkeypatch.setenv("NO_PROXY", no_proxy)
    server.respond("/direct", "direct")
    fetcher = make_fetcher(
        resolver=_Script({host: "127.0.0.1"}),
        allowed_hosts=["127.0.0.1", "::1", host],
    )
    result = await fetcher.fetch(WebFetchRequest(f"http://{host}:{server.port}/direct"))
    assert result.body == TextBody("direct")
    assert server_v6.requests == []
    assert [r.target for r in server.requests] == ["/direct"]


@pytest.mark.parametrize(
    "no_proxy",
    ["127.0.0.2", "127.0.0.0/31", "10.0.0.0/8", "example.test", "*.example.test", "ample.test"],
)
async def test_no_proxy_entries_that_do_not_cover_the_host(
    server: LocalServer,
    server_v6: LocalServer,
    make_fetcher: MakeFetcher,
    monkeypatch: pytest.MonkeyPatch,
    no_proxy: str,
) -> None:
    # The host is 127.0.0.3: outside each range, and a name never matches an IP literal
    # (nothing is resolved to decide). The proxy answers; the origin is never contacted.
    scrub_environment(monkeypatch)
    monkeypatch.delenv("no_proxy", raising=False)  # read before NO_PROXY
    monkeypatch.setenv("HTTP_PROXY", server_v6.origin)
    monkeypatch.setenv("NO_PROXY", no_proxy)
    server_v6.respond("http://127.0.0.3/page", "via proxy")
    fetcher = make_fetcher(allowed_hosts=["127.0.0.0/8", "::1"])
    result = await fetcher.fetch(WebFetchRequest("http://127.0.0.3/page"))
    assert result.body == TextBody("via proxy")
    assert server.requests == []
