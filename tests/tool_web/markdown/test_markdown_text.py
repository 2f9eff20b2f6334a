"""The text helpers' fast paths give exactly what the regular expressions they replace give."""

from __future__ import annotations

import re
import sys

import pytest

from dsh.tool_web.markdown.text import collapse, normalise

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


_RUNS = re.compile(r"[ \t\r\f\v\u00a0]+")


@pytest.mark.parametrize(
    "markdown",
    [
        "one space between words",
        "two  spaces,\tone tab, \t a mix,\u00a0one nbsp and\u00a0\u00a0two",
        " \v\f\r edges \t",
        "soft\u00adhyphen and zero\u200bwidth, \u200b spaced",
        "ascii\n\n\n\nblank lines   \n  indented",
        # Each kind of space alone, which the substring searches that gate the substitutions
        # must find (`text._has_spaces_to_fold`), and text needing neither substitution.
        *(f"a{space}b \n{space}" for space in ("\t", "\r", "\f", "\v", "\u00a0", "  ", " \t")),
        "plain words\non lines\n\nand one blank line",
        "\n\n\nthree breaks\n\n\n",
    ],
)
def test_normalise_folds_only_runs_that_change(markdown: str) -> None:
    """Single plain spaces are left where they are; every other run of spaces is one space,
    as the former `[ \\t\\r\\f\\v\\u00a0]+` substitution made it."""
    visible = re.sub("[\u00ad\u200b]", "", markdown)  # the invisible characters used here
    old_lines = [line.strip(" ") for line in _RUNS.sub(" ", visible).split("\n")]
    old = re.sub(r"\n{3,}", "\n\n", "\n".join(old_lines)).strip()
    assert normalise(markdown) == old


def test_a_blank_line_is_no_card_control() -> None:
    # `controls.drop_card_controls` passes blank lines over without the tests of a short line:
    # the same only while those tests keep a blank line.
    from dsh.tool_web.markdown.controls import _is_card_control, drop_card_controls

    assert not _is_card_control("")
    assert drop_card_controls("Story\n\nRead more\n\n\nEnd") == "Story\n\nEnd"
