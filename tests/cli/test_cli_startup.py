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
