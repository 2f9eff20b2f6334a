"""docs/configuration.md is generated from the plugins' models and cannot drift from them."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from dsh.app import PROJECT_PLUGINS, render_configuration_reference
from dsh.harness import resolve_plugin

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "configuration.md"


def test_the_committed_reference_is_the_generated_one() -> None:
    committed = DOC.read_text(encoding="utf-8")
    assert committed == render_configuration_reference(), (
        "docs/configuration.md is stale: run `uv run python scripts/gen_configuration_docs.py`"
    )


def test_every_key_of_every_model_is_documented() -> None:
    committed = DOC.read_text(encoding="utf-8")
    for name in PROJECT_PLUGINS:
        assert f"## `{name}`" in committed
        model = getattr(resolve_plugin(name), "Config", None)
        if isinstance(model, type) and issubclass(model, BaseModel):
            section = committed.split(f"## `{name}`", 1)[1].split("\n## ", 1)[0]
            for key in model.model_fields:
                assert f"| `{key}` |" in section, f"{name}.{key} missing from the reference"


def test_the_readme_links_the_reference() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/configuration.md" in readme


def test_the_reference_shows_each_keys_bounds() -> None:
    # Written from the docs alone, `fetch_max_output_chars: 300` failed to load with "greater
    # than or equal to 1000", a limit the reference did not show.
    committed = DOC.read_text(encoding="utf-8")
    cells = [re.split(r"(?<!\\)\|", line) for line in committed.splitlines()]
    rows = {row[1].strip(): row[2].strip() for row in cells if row[0] == "" and len(row) > 3}
    assert rows["`fetch_max_output_chars`"] == "`int`, ≥ 1000"
    assert rows["`num_results`"] == "`int \\| None`, 1–100"
    assert rows["`search_timeout`"] == "`float`, > 0"
    assert rows["`max_redirects`"] == "`int`, 0–20"
    assert rows["`search`"] == "`bool`"
