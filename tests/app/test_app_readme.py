"""The README's claims that code can check: error codes, the two commands, CI consistency."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import dsh.web

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")

HARNESS_CODES = (
    "INVALID_ARGS",
    "UNKNOWN_TOOL",
    "TOOL_TIMEOUT",
    "TOOL_INACTIVE",
    "TOOL_ERROR",
    "ABORTED",
    "CONFIG_INVALID",
    "PLUGIN_NOT_FOUND",
    "PLUGIN_IMPORT_FAILED",
    "SERVICE_MISSING",
)


def test_every_web_error_code_is_documented() -> None:
    codes = [name for name in dsh.web.__all__ if name.startswith("WEB_")]
    assert len(codes) >= 13
    for name in codes:
        assert f"`{getattr(dsh.web, name)}`" in README, name


def test_every_web_code_a_doc_names_exists() -> None:
    # The MCP README gave `WEB_TIMEOUT` as an example code: no such code exists (the fetcher's is
    # WEB_FETCH_TIMEOUT), and a hook written against it would never fire.
    known = {getattr(dsh.web, name) for name in dsh.web.__all__ if name.startswith("WEB_")}
    docs = [ROOT / "README.md", *(ROOT / "src").rglob("README.md"), *(ROOT / "docs").rglob("*.md")]
    for path in docs:
        named = set(re.findall(r"\bWEB_[A-Z_]+\b", path.read_text(encoding="utf-8")))
        assert named <= known, (path.relative_to(ROOT), sorted(named - known))


def test_harness_codes_are_documented() -> None:
    for code in HARNESS_CODES:
        assert f"`{code}`" in README, code


# Codes the surfaces print themselves (`dsh-web: error: USAGE: …`): a user who reads one
# looks it up in the same table as the others.
SURFACE_CODES = ("USAGE", "OS_ERROR", "INTERNAL", "INTERRUPTED", "MCP_BIND_FAILED")


def test_surface_codes_are_documented() -> None:
    for code in SURFACE_CODES:
        assert f"| `{code}` |" in README, code


def test_the_test_command_is_the_one_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "uv run pytest" in README
    assert ci.rstrip().splitlines()[-1] == "uv run pytest"


def test_every_exit_status_of_the_cli_is_documented() -> None:
    # `dsh-web --help` lists them all; the README's command-line section must too.
    from dsh.cli import _parser

    statuses = [value for name, value in vars(_parser).items() if name.startswith("EXIT_")]
    assert len(statuses) >= 6
    for status in statuses:
        assert f"`{status}`" in README, status


PACKAGE_READMES = sorted((ROOT / "src" / "dsh").rglob("README.md"))


@pytest.mark.parametrize("readme", PACKAGE_READMES, ids=lambda p: p.parent.name)
def test_every_module_of_a_package_is_in_its_readme(readme: Path) -> None:
    # "Each package's README says what it owns": a module it does not name is one nobody looks
    # for there (app, cli, mcp and fetch_http's plugin.py had no word).
    text = readme.read_text(encoding="utf-8")
    modules = sorted(p.name for p in readme.parent.glob("*.py") if p.name != "__init__.py")
    missing = [name for name in modules if f"`{name}`" not in text]
    assert missing == [], (readme.relative_to(ROOT), missing)


@pytest.mark.parametrize("readme", PACKAGE_READMES, ids=lambda p: p.parent.name)
def test_every_module_a_readme_table_lists_exists(readme: Path) -> None:
    text = readme.read_text(encoding="utf-8")
    listed = re.findall(r"`([\w/]+\.py)`", "\n".join(re.findall(r"^\| [^|]*\|", text, re.M)))
    gone = [name for name in listed if not (readme.parent / name).exists()]
    assert gone == [], (readme.relative_to(ROOT), gone)


def test_the_decisions_index_links_every_decision() -> None:
    decisions = ROOT / "docs" / "decisions"
    index = (decisions / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([^)]+\.md)\)", index))
    notes = {p.name for p in decisions.glob("*.md") if p.name != "README.md"}
    assert linked == notes
