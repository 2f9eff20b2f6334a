"""Fixtures of the seam's contract tests: no DSH_WEB_* leakage, a runtime, and `cap`.

`cap` runs a test body once for search and once for fetch (stubs live in `web.web_seam_stubs`).
"""

from __future__ import annotations

import pytest

from dsh.web import FETCH_PROVIDER_ENV, SEARCH_PROVIDER_ENV, WebRuntime
from web.web_seam_stubs import FETCH, SEARCH, Cap


@pytest.fixture(autouse=True)
def _no_provider_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """The developer's own DSH_WEB_* settings must not leak into the seam's tests."""
    monkeypatch.delenv(SEARCH_PROVIDER_ENV, raising=False)
    monkeypatch.delenv(FETCH_PROVIDER_ENV, raising=False)


@pytest.fixture(params=[SEARCH, FETCH], ids=["search", "fetch"])
def cap(request: pytest.FixtureRequest) -> Cap:
    value: Cap = request.param
    return value


@pytest.fixture
def web() -> WebRuntime:
    return WebRuntime()
