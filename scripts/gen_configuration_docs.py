"""Regenerate docs/configuration.md from the plugins' pydantic models.

uv run python scripts/gen_configuration_docs.py          # write
uv run python scripts/gen_configuration_docs.py --check  # exit 1 if the file is stale
"""

from __future__ import annotations

import sys
from pathlib import Path

from dsh.app import render_configuration_reference

TARGET = Path(__file__).resolve().parent.parent / "docs" / "configuration.md"


def main(argv: list[str]) -> int:
    text = render_configuration_reference()
    if "--check" in argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is stale; run scripts/gen_configuration_docs.py", file=sys.stderr)
            return 1
        return 0
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
