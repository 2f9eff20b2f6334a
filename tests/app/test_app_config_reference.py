"""docs/configuration.md is generated from the plugins' models and cannot drift from them."""

from __future__ import annotations

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
