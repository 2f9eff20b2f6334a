"""Harness test helpers: task-leak checks, real entry-point distributions made at test time."""

from __future__ import annotations

import asyncio
import importlib
import itertools
import sys
import textwrap
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest

_counter = itertools.count()


def other_tasks() -> set[asyncio.Task[object]]:
    """Every task on the loop except the running test's own."""
    return asyncio.all_tasks() - {asyncio.current_task()}


@pytest.fixture
async def no_leaked_tasks() -> Callable[[], None]:
    """Call the returned function at the end of a test: no task created since the start remains.

    It checks synchronously, with no extra loop turn, so a task that is merely "cancelling"
    (cancel() called but never awaited) counts as leaked.
    """
    before = other_tasks()

    def check() -> None:
        leaked = {t for t in other_tasks() - before if not t.done()}
        assert not leaked, f"leaked tasks: {leaked}"

    return check


InstallPlugins = Callable[[Mapping[str, str], Mapping[str, str]], str]


@pytest.fixture
def install_plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[InstallPlugins]:
    """Install a fake distribution that declares ``dsh.plugins`` entry points, for real.

    ``install_plugins(modules, entry_points)``: ``modules`` maps a module basename to its source,
    ``entry_points`` maps an entry-point name to ``"<basename>"`` or ``"<basename>:<attr>"``.
    Module names get a unique prefix (returned) so tests never share ``sys.modules`` entries.
    Found through ``importlib.metadata.entry_points(group="dsh.plugins")`` like any installed
    package; removed from ``sys.path`` and ``sys.modules`` after the test.
    """

    def install(modules: Mapping[str, str], entry_points: Mapping[str, str]) -> str:
        number = next(_counter)
        prefix = f"dshfake{number}_"
        root = tmp_path / f"site{number}"
        root.mkdir()
        for basename, source in modules.items():
            (root / f"{prefix}{basename}.py").write_text(textwrap.dedent(source), "utf-8")
        dist = root / f"dsh_fake_pkg{number}-0.1.dist-info"
        dist.mkdir()
        (dist / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: dsh-fake-pkg{number}\nVersion: 0.1\n", "utf-8"
        )
        lines = "".join(f"{name} = {prefix}{target}\n" for name, target in entry_points.items())
        (dist / "entry_points.txt").write_text(f"[dsh.plugins]\n{lines}", "utf-8")
        monkeypatch.syspath_prepend(str(root))
        importlib.invalidate_caches()
        for basename in modules:
            monkeypatch.delitem(sys.modules, f"{prefix}{basename}", raising=False)
        return prefix

    yield install
    importlib.invalidate_caches()
    for name in [n for n in sys.modules if n.startswith("dshfake")]:
        del sys.modules[name]
