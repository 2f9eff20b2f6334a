"""`dsh-web --help` stays fast: parsing and help import none of the heavy libraries."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from dsh.cli import main
try:
    main(["--help"])
except SystemExit:
    pass
heavy = ("httpx", "pydantic", "mcp", "lxml", "yaml", "pypdf", "dsh.harness", "dsh.web")
print("HEAVY:" + ",".join(m for m in heavy if m in sys.modules))
"""


def test_help_imports_no_heavy_module() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], check=True, capture_output=True, text=True, timeout=30
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("HEAVY:"))
    assert line == "HEAVY:"


PACKAGE_PROBE = """
import runpy, sys
sys.argv = ["dsh", "--help"]
try:
    runpy.run_module("dsh", run_name="__main__", alter_sys=True)
except SystemExit as exit_:
    print("STATUS:" + str(exit_.code))
heavy = ("httpx", "pydantic", "mcp", "lxml", "yaml", "pypdf", "dsh.harness", "dsh.web")
print("HEAVY:" + ",".join(m for m in heavy if m in sys.modules))
"""


def test_python_dash_m_dsh_is_the_command_line() -> None:
    # `python -m dsh` is what a user tries first; it is `dsh-web`, as `python -m dsh.cli` is.
    done = subprocess.run(
        [sys.executable, "-m", "dsh", "--help"], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: dsh-web ")


def test_python_dash_m_dsh_help_imports_no_heavy_module() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PACKAGE_PROBE],
        check=True,
        capture_output=True,
        text=True,
        timeout=30,
    )
    lines = done.stdout.splitlines()
    assert "STATUS:0" in lines
    assert "HEAVY:" in lines
