"""The suite's own settings: what every test relies on without asking."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

_DRAWN: list[int] = []


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE", "deterministic") != "deterministic",
    reason="an exploring run draws fresh random examples on purpose",
)
def test_property_tests_draw_the_same_examples_on_every_run() -> None:
    # A property test that failed in CI must fail the same way locally: Hypothesis is
    # derandomised (the same examples from the test's own name) and keeps no example database.
    default = settings.default
    assert default is not None
    assert default.derandomize is True
    assert default.database is None

    @settings(max_examples=20)
    @given(st.integers())
    def draw(value: int) -> None:
        _DRAWN.append(value)

    draw()
    first = list(_DRAWN)
    _DRAWN.clear()
    draw()
    assert first == _DRAWN
