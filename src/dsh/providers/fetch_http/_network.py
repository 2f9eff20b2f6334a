"""Connecting through the private-network guard: an httpcore network backend and an httpx transport.

The threat model is at the top of :mod:`._guard`. This module makes its check binding: httpcore
asks the network backend for a TCP stream to ``(host, port)``; :class:`GuardedNetworkBackend`
resolves the host once, refuses it if any answer is non-public, and opens the socket to one of
exactly the addresses it checked. Nothing else resolves the name, so a DNS answer that changes
between "check" and "connect" (rebinding) has no second lookup to slip into.

Everything above the socket is untouched: httpcore still calls ``start_tls`` with
``server_hostname`` set to the URL's host (SNI and certificate verification use the name, not
the IP), and httpx still writes the Host header from the URL. Every new connection — each
redirect hop, each retry, each pool miss — goes through ``connect_tcp``; a pooled keep-alive
connection is reused only for the same origin, whose address was checked when it was opened.

With a proxy (HTTP or SOCKS5), sockets go to the operator-configured proxy, which resolves the
target itself; the transport then checks each request's host statically
(:func:`._guard.check_literal_host`) and the proxy must enforce the rest (see :mod:`._guard`).
A ``socks5://`` proxy is no exception: httpcore hands it the name, as ``socks5h://`` does
(curl would resolve the name locally for ``socks5://``), so no local answer goes unchecked.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Iterable
from typing import Any, Protocol

import httpcore
import httpx

from dsh.providers.fetch_http._guard import (
    IPAddress,
    NetworkPolicy,
    Resolver,
    SystemResolver,
    check_literal_host,
    resolve_and_check,
)
from dsh.web import WEB_BLOCKED_URL, WebError

__all__ = [
    "Connector",
    "GuardedNetworkBackend",
    "ProxyConnectError",
    "TcpConnector",
    "guarded_transport",
]


class Connector(Protocol):
    """Opens a TCP stream to an already validated address. Injected in tests."""

    async def connect(
        self,
        ip: IPAddress,
        port: int,
        timeout: float | None,  # noqa: ASYNC109 - httpcore's connect timeout, passed through
    ) -> httpcore.AsyncNetworkStream: ...


class TcpConnector:
    """The real connector: httpcore's AnyIO backend, given the IP as a string (no DNS)."""

    def __init__(self) -> None:
        self._backend = httpcore.AnyIOBackend()

    async def connect(
        self,
        ip: IPAddress,
        port: int,
        timeout: float | None,  # noqa: ASYNC109 - httpcore's connect timeout, passed through
    ) -> httpcore.AsyncNetworkStream:
        # str(ip) keeps an IPv6 zone ("fe80::1%eth0"); a numeric host never reaches DNS.
        return await self._backend.connect_tcp(str(ip), port, timeout=timeout)


class GuardedNetworkBackend(httpcore.AsyncNetworkBackend):
    """An httpcore network backend that only opens sockets to addresses the policy allows."""

    def __init__(
        self,
        policy: NetworkPolicy,
        resolver: Resolver | None = None,
        connector: Connector | None = None,
    ) -> None:
        self.policy = policy
        self.resolver: Resolver = SystemResolver() if resolver is None else resolver
        self.connector: Connector = TcpConnector() if connector is None else connector

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's backend signature
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        # local_address / socket_options: the guarded transport never sets them.
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        try:
            async with asyncio.timeout(timeout):
                addresses = await resolve_and_check(host, port, self.policy, self.resolver)
        except TimeoutError as exc:
            raise httpcore.ConnectTimeout(f"Timed out resolving {host}") from exc
        # In resolver order (the system's address preference); the first that answers wins.
        last_error: Exception | None = None
        for ip in addresses:
            remaining = None if deadline is None else max(0.0, deadline - loop.time())
            try:
                return await self.connector.connect(ip, port, remaining)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                last_error = exc
        assert last_error is not None  # resolve_and_check never returns an empty list
        raise last_error

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's backend signature
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise WebError(
            WEB_BLOCKED_URL,
            "Blocked URL: Unix domain sockets are not reachable through web_fetch.",
            details={"path": path},
        )

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class _GuardedTransport(httpx.AsyncHTTPTransport):
    """httpx's own transport (request/response mapping, exception mapping) over our pool.

    ``AsyncHTTPTransport`` keeps all its state in ``_pool`` and has no network-backend
    parameter, so the pool is built here with one; its ``__init__`` is skipped because it would
    only build a pool (and load certificates) to be thrown away.

    ``_pool`` is private to httpx and this ``__init__`` is the one place that sets it: httpx has
    no public way to give a transport a network backend, and a transport of our own over
    httpcore would copy httpx's private mapping of requests, responses and exceptions instead.
    tests/fetch_http/guard/test_guard_transport.py fails if httpx stops sending, entering and
    closing through ``_pool``.
    """

    def __init__(
        self,
        pool: httpcore.AsyncConnectionPool,
        policy: NetworkPolicy,
        *,
        static_check: bool,
    ) -> None:
        self._pool = pool
        self._policy = policy
        self._static_check = static_check

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self._static_check:
            # Through a proxy no socket reaches the target, so this is the check we can make.
            check_literal_host(request.url.host, self._policy)
        return await super().handle_async_request(request)


class ProxyConnectError(httpcore.ConnectError):
    """The proxy itself could not be reached (refused, unresolvable): not the target's fault.

    With a proxy every TCP connection goes to the proxy, so a failure to open one is the
    proxy's; without this, httpx reports a plain ``ConnectError`` that reads as the target's.
    """

    def __init__(self, proxy: str, error: Exception) -> None:
        super().__init__(f"Could not connect to the proxy {proxy}: {error}")
        self.proxy = proxy


class _ProxyNetworkBackend(httpcore.AnyIOBackend):
    """httpcore's AnyIO backend, its connection failures marked as the proxy's.

    A subclass, not a wrapper: only ``connect_tcp`` differs, and its arguments pass through as
    httpcore gave them (its signature is written out once, in :class:`GuardedNetworkBackend`).
    """

    async def connect_tcp(
        self, host: str, port: int, *args: Any, **kwargs: Any
    ) -> httpcore.AsyncNetworkStream:
        try:
            return await super().connect_tcp(host, port, *args, **kwargs)
        except httpcore.ConnectError as error:
            shown = f"[{host}]" if ":" in host else host
            raise ProxyConnectError(f"{shown}:{port}", error) from error


# httpx.AsyncClient's own defaults. A bare httpx.Limits() means no limit at all (max_connections
# and max_keepalive_connections None), so a pool built from it could grow without bound.
_DEFAULT_LIMITS = httpx.Limits(
    max_connections=100, max_keepalive_connections=20, keepalive_expiry=5.0
)


def guarded_transport(
    policy: NetworkPolicy,
    *,
    resolver: Resolver | None = None,
    connector: Connector | None = None,
    proxy: str | None = None,
    verify: ssl.SSLContext | bool = True,
    trust_env: bool = False,
    limits: httpx.Limits | None = None,
) -> httpx.AsyncBaseTransport:
    """An httpx transport whose every TCP connection passes the private-network guard.

    Without ``proxy``: each new connection resolves the host once through ``resolver``, refuses
    (``WEB_BLOCKED_URL``, raised unchanged from ``client.get``/``send``) if any address is not
    allowed, and connects to a validated address through ``connector``. With ``proxy`` (an
    ``http://``, ``https://``, ``socks5://`` or ``socks5h://`` URL, trusted as operator
    configuration and connected to normally): every request's host is checked statically with
    :func:`check_literal_host`, and the proxy must enforce the rest.

    ``verify`` and ``trust_env`` mean what they mean for :class:`httpx.AsyncHTTPTransport`
    (``trust_env`` reads ``SSL_CERT_FILE``/``SSL_CERT_DIR``; environment proxy variables are the
    caller's to resolve into ``proxy``). ``limits`` defaults to httpx.AsyncClient's: 100
    connections, 20 kept alive for 5 s.
    """
    ssl_context = httpx.create_ssl_context(verify=verify, trust_env=trust_env)
    limits = _DEFAULT_LIMITS if limits is None else limits
    if proxy is None:
        backend = GuardedNetworkBackend(policy, resolver=resolver, connector=connector)
        pool = httpcore.AsyncConnectionPool(
            ssl_context=ssl_context,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=backend,
        )
        return _GuardedTransport(pool, policy, static_check=False)
    parsed = httpx.Proxy(url=proxy)
    proxy_url = httpcore.URL(
        scheme=parsed.url.raw_scheme,
        host=parsed.url.raw_host,
        port=parsed.url.port,
        target=parsed.url.raw_path,
    )
    proxy_pool: httpcore.AsyncConnectionPool
    if parsed.url.scheme in ("http", "https"):
        proxy_pool = httpcore.AsyncHTTPProxy(
            proxy_url=proxy_url,
            proxy_auth=parsed.raw_auth,
            proxy_headers=parsed.headers.raw,
            proxy_ssl_context=parsed.ssl_context,
            ssl_context=ssl_context,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=_ProxyNetworkBackend(),
        )
    else:
        # socks5:// and socks5h:// alike: httpcore sends the target's name in the CONNECT (it
        # never resolves it here), so the proxy resolves it, as for an HTTP proxy, and
        # _GuardedTransport's static check is the part of the guard this side can apply.
        proxy_pool = httpcore.AsyncSOCKSProxy(
            proxy_url=proxy_url,
            proxy_auth=parsed.raw_auth,
            ssl_context=ssl_context,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=_ProxyNetworkBackend(),
        )
    return _GuardedTransport(proxy_pool, policy, static_check=True)
