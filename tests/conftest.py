"""Fixtures shared by every area: real local HTTP servers on loopback, and the network jail."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from support import network_jail
from support.environment import scrub_environment
from support.local_http import LocalServer
from support.loopback_server import refusing_port
from support.socks5 import Socks5Proxy

_JAIL_DIR = Path(__file__).parent / "support" / "netjail"

# The suite is deterministic: Hypothesis draws the same examples on every run and machine (a
# failure seen in CI is the one you get locally) and keeps no example database between runs.
# `HYPOTHESIS_PROFILE=explore uv run pytest` searches with fresh random examples instead.
settings.register_profile("deterministic", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))


def pytest_configure(config: pytest.Config) -> None:
    # This process, and through sitecustomize every Python subprocess a test starts, can only
    # reach loopback; an attempt elsewhere is logged to a file and fails the session.
    network_jail.install()
    log = Path(config.rootpath) / ".pytest-network-jail.log"
    log.unlink(missing_ok=True)
    os.environ[network_jail.JAIL_ENV] = str(log)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        part for part in (str(_JAIL_DIR), os.environ.get("PYTHONPATH")) if part
    )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    log = Path(os.environ.get(network_jail.JAIL_ENV, ""))
    if log.is_file() and log.read_text(encoding="utf-8").strip():
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        print(f"\nA test tried to reach a non-loopback address:\n{log.read_text()}")


@pytest.fixture(autouse=True)
def _live_tests_leave_the_jail(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Only tests marked ``live`` (real provider APIs, skipped without keys) reach the internet,
    and only they see this shell's provider keys, base URLs and proxies: every other test starts
    from the same environment on every machine (a developer's HTTPS_PROXY sent the suite's
    loopback requests to that proxy). A test that needs one of them sets it itself."""
    if request.node.get_closest_marker("live") is None:
        scrub_environment(monkeypatch)
        yield
        return
    with network_jail.suspended():
        yield


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


@pytest.fixture
def refused_port() -> Iterator[int]:
    """A port on 127.0.0.1 where every connection is refused, held for the whole test."""
    with refusing_port() as port:
        yield port


@pytest.fixture
async def socks_proxy() -> AsyncIterator[Socks5Proxy]:
    """A SOCKS5 proxy on 127.0.0.1 that relays only to loopback and records every CONNECT."""
    instance = await Socks5Proxy().start()
    try:
        yield instance
    finally:
        await instance.close()
