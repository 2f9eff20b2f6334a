"""The text helpers' fast paths give exactly what the regular expressions they replace give."""

from __future__ import annotations

import re
import sys

import pytest

from dsh.tool_web.markdown.text import collapse

# Every character `\s` matches: the whitespace `collapse` must fold, edges included.
_UNICODE_WHITESPACE = "".join(chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace())


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "\n",
        "\n\t\t  ",
        "word",
        " word",
        "word ",
        "  two   words  ",
        "a\u00a0\u2003b\u3000",
        "x\x1cy\x1f",
        _UNICODE_WHITESPACE,
        f"a{_UNICODE_WHITESPACE}b",
        *(f"{c}a{c}{c}b{c}" for c in _UNICODE_WHITESPACE),
    ],
)
def test_collapse_folds_whitespace_as_the_regex_does(text: str) -> None:
    assert collapse(text) == re.sub(r"\s+", " ", text)
