"""The HTTP client of the keyed search providers and the environment's proxies.

:func:`new_client` builds the one reused client of a provider: it never follows a redirect (a
redirect would hand the key to whatever host the Location names), asks only for encodings whose
decoding stays bounded, and routes through the standard proxy variables as httpx would, a proxy
httpx cannot use failing only the calls routed through it (:mod:`dsh.providers._env_proxy`). It
also keeps, for :mod:`.call`'s "could not reach the proxy" message, the proxy table each client
was built with.
"""

from __future__ import annotations

import weakref
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import httpx

from dsh.providers._env_proxy import UnusableProxy, proxy_variable, unusable_proxy_message

#: What the client asks for. Not brotli (nor zstd): a few hundred bytes of it inflate to gigabytes
#: in the one decode step httpx gives each received chunk, before any size bound is checked;
#: gzip/deflate stay within ~1000x of a chunk. An answer is a few kilobytes, so little is lost.
ACCEPT_ENCODING = "gzip, deflate"
_ACCEPTED_ENCODINGS = frozenset({"", "identity", "gzip", "x-gzip", "deflate"})


def user_agent() -> str:
    try:
        return f"dsh-web/{version('dsh-web')}"
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "dsh-web"


def new_client(timeout: float) -> httpx.AsyncClient:
    """The one reused client of a provider: never follows redirects, bounded per phase.

    ``timeout`` bounds each connect/read/write phase; the whole call (retries included) is bounded
    separately by :func:`post_json`. ``trust_env`` stays on so the standard proxy variables apply,
    SOCKS5 ones (``ALL_PROXY=socks5://…``, ``socks5h://``) included: ``httpx[socks]`` is a
    dependency, since building the client fails on such a variable without it. A variable naming
    a proxy httpx cannot use (``socks4://``) fails the calls routed through it, not the load, with
    an error that names it (:mod:`dsh.providers._env_proxy`); ``NO_PROXY`` hosts are still
    reached directly.
    """
    options: dict[str, Any] = {
        "follow_redirects": False,
        "timeout": httpx.Timeout(timeout),
        "headers": {
            "User-Agent": user_agent(),
            "Accept": "application/json",
            "Accept-Encoding": ACCEPT_ENCODING,
        },
    }
    # httpx reads the proxy variables once, here: what an unreachable proxy's error names.
    proxies = _environment_proxy_table()
    try:
        client = httpx.AsyncClient(**options)
    except (ValueError, httpx.InvalidURL):
        mounts = _environment_mounts()
        if not any(isinstance(route, UnusableProxy) for route in mounts.values()):
            raise
        # The routes httpx would have built, each unusable proxy replaced by a route that fails
        # its calls: no proxy is skipped silently, and NO_PROXY still applies. An explicit
        # `transport` keeps httpx from reading the proxy variables again; trust_env stays on for
        # the rest (SSL_CERT_FILE, .netrc), as in the client above.
        client = httpx.AsyncClient(**options, transport=httpx.AsyncHTTPTransport(), mounts=mounts)
    _CLIENT_PROXIES[client] = proxies
    return client


#: The proxy table each client of :func:`new_client` was built with (by scheme: the variable and
#: its value): the environment may change after, the client's proxies do not.
_CLIENT_PROXIES: weakref.WeakKeyDictionary[httpx.AsyncClient, dict[str, tuple[str, str]]] = (
    weakref.WeakKeyDictionary()
)


def _httpx_environment_proxies() -> dict[str, str | None]:
    """The proxy table httpx builds a client's proxy mounts from when ``trust_env`` is on: URL
    pattern (``http://``, ``all://*example.com``) to proxy URL, or ``None`` for a ``NO_PROXY``
    host reached directly.

    httpx has no public API for it (``httpx._utils.get_environment_proxies``, read by
    ``AsyncClient`` itself): a copy of its rules (lower case before upper case, a bare
    ``host:port`` read as ``http://``, ``NO_PROXY=*``, IPv6 hosts bracketed) would route a host
    otherwise than the client it explains once httpx changed them. This is the one place that
    reads it; tests/providers/test_providers_keyed_api_client.py fails if httpx moves it or
    changes its table's form.
    """
    from httpx._utils import get_environment_proxies

    return get_environment_proxies()


def _environment_proxy_table() -> dict[str, tuple[str, str]]:
    """The environment's proxy by scheme (``http``, ``https``, ``all``), as httpx reads it (lower
    case first, as urllib), with the variable it came from."""
    table: dict[str, tuple[str, str]] = {}
    proxies = _httpx_environment_proxies()
    for scheme in ("http", "https", "all"):
        value = proxies.get(f"{scheme}://")
        if value is not None:
            table[scheme] = (proxy_variable(scheme, value), value)
    return table


def _environment_mounts() -> dict[str, httpx.AsyncBaseTransport | None]:
    """httpx's own proxy mounts for the environment (``None``: direct, for ``NO_PROXY``).

    From the table httpx itself builds them from (:func:`_httpx_environment_proxies`), so a host
    is proxied or not exactly as when every proxy variable is usable.
    """
    mounts: dict[str, httpx.AsyncBaseTransport | None] = {}
    for pattern, url in _httpx_environment_proxies().items():
        if url is None:
            mounts[pattern] = None
            continue
        try:
            mounts[pattern] = httpx.AsyncHTTPTransport(proxy=httpx.Proxy(url))
        except (ValueError, httpx.InvalidURL) as error:
            scheme = pattern.removesuffix("://")
            variable = proxy_variable(scheme, url)
            mounts[pattern] = UnusableProxy(unusable_proxy_message(variable, url, error))
    return mounts
