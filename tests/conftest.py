"""Fixtures shared by every area: real local HTTP servers on loopback."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from support.local_http import LocalServer


@pytest.fixture
async def server() -> AsyncIterator[LocalServer]:
    """A fresh HTTP server on 127.0.0.1 (ephemeral port), closed after the test."""
    instance = await LocalServer("127.0.0.1").start()
    try:
        yield instance
    finally:
        await instance.close()


@pytest.fixture
async def server_v6() -> AsyncIterator[LocalServer]:
    """A fresh HTTP server on [::1]."""
    instance = await LocalServer("::1").start()
    try:
        yield instance
    finally:
        await instance.close()
