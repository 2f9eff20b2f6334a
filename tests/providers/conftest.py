"""Fixtures for the search provider tests (helpers live in `search_provider_support`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import dsh.web.plugin as web_plugin
from dsh.harness import Context, Credentials
from providers.search_provider_support import Harness, MutableSource
from support.local_http import LocalServer


@pytest.fixture
async def harness() -> AsyncIterator[Harness]:
    """A root context with `dsh-web` loaded and a mutable credential source (no keys yet).

    Disposed after the test, which unloads every plugin and closes their clients.
    """
    source = MutableSource()
    ctx = Context(credentials=Credentials(source))
    ctx.plugin(web_plugin, {})
    try:
        yield Harness(ctx, source)
    finally:
        await ctx.dispose()


@pytest.fixture
async def second_server() -> AsyncIterator[LocalServer]:
    """Another loopback server: a redirect target that must never be contacted."""
    instance = await LocalServer("127.0.0.1").start()
    try:
        yield instance
    finally:
        await instance.close()
