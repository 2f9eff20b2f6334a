"""Fixtures for the private-network guard tests (doubles live in guard_helpers.py)."""

from __future__ import annotations

import pytest

from fetch_http.guard.guard_helpers import LoopbackOnlyConnector


@pytest.fixture
def connector() -> LoopbackOnlyConnector:
    return LoopbackOnlyConnector()
