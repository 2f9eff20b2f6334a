"""The keyed providers' plugin ``apply``: :func:`register_keyed_provider`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

import httpx

from dsh.harness import Context, Credentials
from dsh.providers._keyed_api.client import new_client
from dsh.web import WebSearchProvider, web_of


class _Timed(Protocol):
    @property
    def timeout(self) -> float: ...


TimedConfigT = TypeVar("TimedConfigT", bound=_Timed)


def register_keyed_provider(
    ctx: Context,
    config: TimedConfigT,
    make_provider: Callable[[TimedConfigT, Credentials, httpx.AsyncClient], WebSearchProvider],
) -> None:
    """A plugin's ``apply``: one reused client, the provider registered, both disposed.

    Disposed newest-first: the provider leaves the registry before its client closes.
    """
    client = new_client(config.timeout)
    ctx.effect(client.aclose)
    provider = make_provider(config, ctx.credentials, client)
    ctx.effect(web_of(ctx).register_search_provider(provider))
