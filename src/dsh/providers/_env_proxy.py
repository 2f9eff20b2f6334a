"""Proxy variables of the environment that httpx cannot use, named for the operator.

A desktop may export a proxy the web tools cannot speak, such as GNOME's
``all_proxy=socks://127.0.0.1:1080/`` (SOCKS4 for curl) or ``socks4://``. Building an httpx
transport for it fails, and failing the load would stop ``dsh-web tools`` and every other command
because of a variable the user never meant for them. Connecting directly instead would silently
skip a proxy the operator may rely on. So the providers load, and a request that would go through
such a proxy fails with :func:`unusable_proxy_message`, which names the variable and the fix.
A usable proxy that is down is named the same way (:func:`unreachable_proxy_message`): without
it, "Connection refused" reads as the API's.

Shared by the fetch provider and the keyed search providers, as is :class:`UnusableProxy`, the
route that stands for such a proxy; standard library, ``httpx`` and ``dsh._text`` only.
"""

from __future__ import annotations

import json
import os

import httpx

from dsh._text import quoted_message

#: The proxy schemes httpx (with ``httpx[socks]``) can use.
SUPPORTED_SCHEMES = ("http", "https", "socks5", "socks5h")


def proxy_variable(scheme: str, value: str) -> str:
    """The variable ``urllib.request.getproxies_environment()`` took ``value`` from for ``scheme``
    (``"http"``, ``"https"`` or ``"all"``): the lower-case one wins there, so it is looked at first.
    """
    for name in (f"{scheme}_proxy", f"{scheme.upper()}_PROXY"):
        found = os.environ.get(name)
        if found is not None and (found == value or f"http://{found}" == value):
            return name
    return f"{scheme.upper()}_PROXY"


def unusable_proxy_message(variable: str, value: str, error: Exception) -> str:
    """Why the proxy ``value`` of ``variable`` cannot be used and how to fix it (no full stop)."""
    scheme = value.split("://", 1)[0].lower()
    reason = (
        "a SOCKS4 proxy, which is not supported"
        if scheme in ("socks", "socks4", "socks4a")
        else f"which cannot be used ({quoted_message(str(error)).rstrip('.')})"
    )
    return (
        f"the {variable} environment variable names the proxy {json.dumps(quoted_message(value))}"
        f", {reason}. Set {variable} to an http://, https://, socks5:// or socks5h:// proxy URL, "
        "or unset it"
    )


def unreachable_proxy_message(variable: str, value: str, reason: str | None) -> str:
    """The proxy ``value`` of ``variable`` could not be connected to: ``reason`` is the errno's
    words ("Connection refused"), or None when it did not answer in time (no full stop)."""
    what = "did not answer in time" if reason is None else f"could not be reached ({reason})"
    return (
        f"the {variable} environment variable names the proxy {json.dumps(quoted_message(value))}"
        f", which {what}. Check that the proxy is running, or unset {variable}"
    )


class UnusableProxyError(httpx.ProxyError):
    """A call routed through a proxy httpx cannot use; ``problem`` says which and how to fix it
    (:func:`unusable_proxy_message`)."""

    def __init__(self, problem: str, request: httpx.Request) -> None:
        super().__init__(problem, request=request)
        self.problem = problem


class UnusableProxy(httpx.AsyncBaseTransport):
    """The route of an environment proxy httpx cannot use (``socks4://``): every request fails
    with :class:`UnusableProxyError`, which each provider words as its own failure to connect.

    Loading does not fail on it (``dsh-web tools`` would, for a variable never meant for it), and
    connecting directly would skip a proxy the operator may rely on (decision 0041).
    """

    def __init__(self, problem: str) -> None:
        self._problem = problem

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        raise UnusableProxyError(self._problem, request)
