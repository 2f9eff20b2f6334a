"""Fixtures for the `web-fetch-http` tests (helpers are in fetch_support.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from dsh.providers.fetch_http import Config, HttpFetchProvider
from dsh.providers.fetch_http._guard import Resolver
from dsh.providers.fetch_http._network import Connector
from fetch_http.fetch_support import LOOPBACK, LoopbackOnlyConnector, MakeFetcher, NoDnsResolver


@pytest.fixture
async def make_fetcher() -> AsyncIterator[MakeFetcher]:
    """``make_fetcher(**config)``: a provider whose guard allows 127.0.0.1 and ::1 only.

    Its resolver refuses every lookup and its connector every non-loopback address, so no
    test can send traffic off this machine even if the guard regressed.
    """
    made: list[HttpFetchProvider] = []

    def make(
        resolver: Resolver | None = None, connector: Connector | None = None, **config: Any
    ) -> HttpFetchProvider:
        config.setdefault("allowed_hosts", LOOPBACK)
        provider = HttpFetchProvider(
            Config(**config),
            resolver=resolver or NoDnsResolver(),
            connector=connector or LoopbackOnlyConnector(),
        )
        made.append(provider)
        return provider

    yield make
    for provider in made:
        await provider.aclose()


@pytest.fixture
async def fetcher(make_fetcher: MakeFetcher) -> HttpFetchProvider:
    return make_fetcher()
