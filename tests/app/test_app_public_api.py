"""What an agent builder meets first: `import dsh`, then the names each package exports."""

from __future__ import annotations

import importlib
import inspect

import pytest

import dsh

PACKAGES = ("dsh.app", "dsh.tool_web", "dsh.mcp", "dsh.harness", "dsh.web", "dsh.cli")


def test_the_top_package_says_where_to_start() -> None:
    # Before: one line, naming no module; `help(dsh)` led nowhere.
    doc = dsh.__doc__ or ""
    for name in ("dsh.app", "build_context", "dsh.tool_web", "dsh.mcp", "dsh-web"):
        assert name in doc, name


@pytest.mark.parametrize("package", PACKAGES)
def test_every_exported_function_and_class_has_a_docstring(package: str) -> None:
    module = importlib.import_module(package)
    missing = [
        name
        for name in module.__all__
        if (inspect.isfunction(obj := getattr(module, name)) or inspect.isclass(obj))
        and not (obj.__doc__ or "").strip()
    ]
    assert missing == []
