"""Fixtures of the command-line tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.environment import LOOPBACK_CONFIG


@pytest.fixture
def loopback_config(tmp_path: Path) -> Path:
    """A config whose fetcher may reach 127.0.0.1 (the test server), and nothing else local."""
    path = tmp_path / "loopback.yaml"
    path.write_text(LOOPBACK_CONFIG, encoding="utf-8")
    return path
