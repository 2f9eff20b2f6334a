"""The fetch provider's HTTP client: :func:`build_client` and what only it uses.

An ``httpx.AsyncClient`` over the guarded transport (``_network.py``), routed through the proxy
of the ``proxy`` key or of the standard variables (``_proxy.py``), with no cookies, no redirects
followed by httpx, no ``.netrc`` and no per-phase timeouts (the provider owns the one deadline).
"""

from __future__ import annotations

from http.cookiejar import CookieJar, DefaultCookiePolicy

import httpx

from dsh.providers._env_proxy import (
    UnusableProxy,
    proxy_variable,
    unreachable_proxy_message,
    unusable_proxy_message,
)
from dsh.providers.fetch_http._body import ACCEPT_ENCODING
from dsh.providers.fetch_http._config import Config
from dsh.providers.fetch_http._guard import NetworkPolicy, Resolver
from dsh.providers.fetch_http._network import Connector, guarded_transport
from dsh.providers.fetch_http._network_errors import cause, unreachable_proxy
from dsh.providers.fetch_http._proxy import ProxyRoutes, proxy_routes
from dsh.web import WEB_PROVIDER_ERROR, WebError

__all__ = ["ACCEPT", "build_client"]

ACCEPT = (
    "text/html,application/xhtml+xml,application/xml;q=0.9,text/*;q=0.8,"
    "application/json;q=0.8,application/pdf;q=0.7"
)


class _Client(httpx.AsyncClient):
    """An ``httpx.AsyncClient`` that leaves ``Location`` alone.

    Even with ``follow_redirects=False``, httpx parses ``Location`` inside ``send`` to build
    ``response.next_request``, and raises (losing the response) on a target it cannot parse:
    ``javascript:alert(1)``, ``http://[::1/``. Redirects are followed by hand in the provider's
    ``_fetch``, where every ``Location`` gets a redirect-specific error (``_redirects.py``), so
    that request is never built: ``next_request`` is the request itself and is never read.
    """

    def _build_redirect_request(
        self, request: httpx.Request, response: httpx.Response
    ) -> httpx.Request:
        return request


class _ProxyRouter(httpx.AsyncBaseTransport):
    """Sends each request through the proxy :class:`ProxyRoutes` picks for its URL, or directly.

    Not httpx ``mounts``: their patterns cannot express ``NO_PROXY`` ranges (``10.0.0.0/8``) or
    curl's ``*.example.com`` (see :mod:`._proxy`).
    """

    def __init__(
        self,
        routes: ProxyRoutes,
        direct: httpx.AsyncBaseTransport,
        through: dict[str, httpx.AsyncBaseTransport],
        *,
        from_environment: bool,
    ) -> None:
        self._routes = routes
        self._direct = direct
        self._through = through
        self._from_environment = from_environment

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        proxy = self._routes.proxy_for(request.url)
        if proxy is None:
            return await self._direct.handle_async_request(request)
        try:
            return await self._through[proxy].handle_async_request(request)
        except httpx.ConnectError as error:
            if not self._from_environment or unreachable_proxy(error) is None:
                raise
            # A proxy the user never put in a config: name the variable that set it, as the
            # keyed search providers do (decision 0041), or "Connection refused" is all they see.
            scheme = request.url.scheme if request.url.scheme in self._routes.proxies else "all"
            problem = unreachable_proxy_message(proxy_variable(scheme, proxy), proxy, cause(error))
            raise WebError(
                WEB_PROVIDER_ERROR,
                f"Could not fetch {request.url}: {problem}.",
                details={"url": str(request.url)},
            ) from None

    async def aclose(self) -> None:
        for transport in (self._direct, *self._through.values()):
            await transport.aclose()


def _proxy_transport(
    scheme: str,
    proxy: str,
    policy: NetworkPolicy,
    resolver: Resolver | None,
    connector: Connector | None,
    *,
    from_environment: bool,
) -> httpx.AsyncBaseTransport:
    try:
        return guarded_transport(
            policy, resolver=resolver, connector=connector, proxy=proxy, trust_env=True
        )
    except (ValueError, httpx.InvalidURL) as error:
        if not from_environment:
            raise  # the proxy key is validated with the config: this is a bug, not a setting
        # The fetch loop checks each URL against the policy before it is sent, so a blocked URL
        # is still said so first (WEB_BLOCKED_URL); network_error words the route's failure.
        return UnusableProxy(unusable_proxy_message(proxy_variable(scheme, proxy), proxy, error))


def build_client(
    config: Config,
    policy: NetworkPolicy,
    resolver: Resolver | None,
    connector: Connector | None,
) -> httpx.AsyncClient:
    # trust_env here is the TLS context's only: SSL_CERT_FILE / SSL_CERT_DIR name the CA of an
    # intranet or of a TLS-inspecting proxy (certifi's bundle knows neither). The client's own
    # trust_env stays off below: no .netrc, and proxies come from proxy_routes, guarded.
    direct = guarded_transport(policy, resolver=resolver, connector=connector, trust_env=True)
    routes = proxy_routes(config.proxy)
    transport: httpx.AsyncBaseTransport = direct
    if routes:
        through: dict[str, httpx.AsyncBaseTransport] = {}
        for scheme, proxy in routes.proxies.items():
            if proxy not in through:
                through[proxy] = _proxy_transport(
                    scheme, proxy, policy, resolver, connector, from_environment=not config.proxy
                )
        transport = _ProxyRouter(routes, direct, through, from_environment=not config.proxy)
    return _Client(
        transport=transport,
        headers={
            "User-Agent": config.effective_user_agent,
            "Accept": ACCEPT,
            "Accept-Encoding": ACCEPT_ENCODING,
        },
        # A jar that refuses every cookie: nothing a site sets is ever sent back, not even on a
        # same-origin redirect.
        cookies=CookieJar(policy=DefaultCookiePolicy(allowed_domains=[])),
        follow_redirects=False,
        # The one total deadline is ours (asyncio.timeout in fetch()); no per-phase timeouts.
        timeout=httpx.Timeout(None),
        # No .netrc credentials and no unguarded proxy transports from the environment.
        trust_env=False,
    )
