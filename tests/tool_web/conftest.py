"""The `tool-web` tests see no provider choice from the machine's environment."""

from __future__ import annotations

import pytest

from dsh.web import FETCH_PROVIDER_ENV, SEARCH_PROVIDER_ENV


@pytest.fixture(autouse=True)
def _no_provider_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine's own provider choice must not leak into selection."""
    monkeypatch.delenv(SEARCH_PROVIDER_ENV, raising=False)
    monkeypatch.delenv(FETCH_PROVIDER_ENV, raising=False)
