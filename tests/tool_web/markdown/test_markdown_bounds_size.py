"""Hostile input, size: depth, element and output caps, and what a page past them keeps.

Times are the process's CPU seconds (`time.process_time`): a loaded machine's wait for a core
is not the renderer's work.
"""

from __future__ import annotations

import time

import pytest

from dsh.tool_web import html_to_markdown
from dsh.tool_web.markdown.limits import MAX_ELEMENTS, MAX_HTML_CHARS
from dsh.tool_web.markdown.shell import EMPTY_SHELL_NOTICE
from tool_web.markdown.markdown_pages import WORDS


def test_deep_nesting_keeps_the_text() -> None:
    html = "<div>" * 100_000 + WORDS * 3 + "</div>" * 100_000 + "<p>after the tower</p>"
    out = html_to_markdown(html)
    assert "omicron" in out
    assert "after the tower" in out


def test_fifty_megabyte_single_line_is_capped() -> None:
    html = "<p>" + "word " * 10_000_000 + "</p>"
    start = time.process_time()
    out = html_to_markdown(html)
    elapsed = time.process_time() - start
    assert out.startswith("word word")
    assert len(out) <= MAX_HTML_CHARS
    assert elapsed < 10, elapsed  # generous; about 0.3 s measured (see README)


def test_past_the_element_bound_paragraphs_stay_apart() -> None:
    # The plain-text fallback ran a page of 100,000 short paragraphs into one line.
    html = "<div><p>para <a href='/x'>link</a> <b>bold</b></p></div>" * 80_000
    out = html_to_markdown(html)
    assert out.startswith("para link bold\n\npara link bold\n\npara link bold")
    assert out.count("para link bold") == 80_000


def test_millions_of_elements_fall_back_to_plain_text() -> None:
    html = "<body>" + "<b>x</b>" * 1_500_000 + "</body>"
    start = time.process_time()
    out = html_to_markdown(html)
    elapsed = time.process_time() - start
    assert out.startswith("xxxx")
    assert len(out) <= MAX_HTML_CHARS
    assert elapsed < 10, elapsed


def test_wide_flat_document_below_the_element_cap_keeps_structure() -> None:
    items = MAX_ELEMENTS // 2 - 10
    html = "<ul>" + "<li>item text here</li>" * items + "</ul>"
    out = html_to_markdown(html)
    assert out.count("- item text here") == items


@pytest.mark.parametrize(
    "table",
    [
        "<tr>" + "<td>x</td>" * 30_000 + "</tr>" + "<tr><td>y</td></tr>" * 20_000,
        "<tr>" + "<td rowspan=0>x</td>" * 30_000 + "</tr>" + "<tr><td>y</td></tr>" * 20_000,
        ("<tr>" + "<td colspan=1000 rowspan=65534>x</td>" * 200 + "</tr>") * 300,
        # Bold read column by column (every cell of a column bold alike) must not cost the
        # grid either.
        "<tr>" + "<td><b>x</b></td>" * 30_000 + "</tr>" + "<tr><td><b>y</b></td></tr>" * 20_000,
    ],
    ids=[
        "one-wide-row-over-short-rows",
        "wide-rowspans",
        "huge-spans-everywhere",
        "bold-wide-row-over-bold-short-rows",
    ],
)
def test_tables_cannot_multiply_their_cells(table: str) -> None:
    # Padded to a full grid, the first table alone is 600 million cells; padding is bounded.
    html = f"<p>{WORDS * 5}</p><table>{table}</table>"
    start = time.process_time()
    out = html_to_markdown(html)
    elapsed = time.process_time() - start
    assert "omicron" in out
    assert out.count("|") <= 8 * html.count("<td")
    assert elapsed < 10, elapsed


def test_markdown_longer_than_its_input_is_cut_at_the_output_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dsh.tool_web.markdown import convert

    monkeypatch.setattr(convert, "MAX_OUTPUT_CHARS", 1_000)
    # Padding makes this table's Markdown several times longer than its text.
    table = "<tr>" + "<td>x</td>" * 300 + "</tr>" + "<tr><td>y</td></tr>" * 50
    out = html_to_markdown(f"<p>{WORDS * 5}</p><table>{table}</table>")
    assert out.startswith("alpha beta")
    assert len(out) == 1_000


def test_fences_do_not_grow_with_the_backticks_inside() -> None:
    html = f"<p>{WORDS * 5}</p><pre>{'`' * 1_000_000}</pre>"
    out = html_to_markdown(html)
    assert out.endswith("~~~\n" + "`" * 1_000_000 + "\n~~~")


@pytest.mark.parametrize(
    "data",
    [
        "[" * 100_000 + "]" * 100_000,
        "[" + ",".join(f'"word {i} and more"' for i in range(220_000)) + "]",
        '{"body": "' + "<div>" * 50_000 + "deep words in here" + "</div>" * 50_000 + '"}',
    ],
    ids=["json-nested-100k-deep", "220k-prose-strings", "html-string-50k-deep"],
)
def test_an_empty_shells_script_data_is_read_within_bounds(data: str) -> None:
    # The text of a shell's script data (appdata.py) is read only for empty shells: a hostile
    # shell gets the notice and what text fits the value budget, never an error or a hang.
    html = f'<html><body><div id="root"></div><script type="application/json">{data}</script>'
    start = time.process_time()
    out = html_to_markdown(html)
    elapsed = time.process_time() - start
    assert "JavaScript" in out.split("\n\n")[0]
    assert len(out) <= MAX_HTML_CHARS
    assert elapsed < 10, elapsed


@pytest.mark.parametrize(
    "count", [MAX_ELEMENTS - 1_000, MAX_ELEMENTS + 1_000], ids=["below-the-cap", "past-the-cap"]
)
def test_a_huge_empty_shell_is_told_in_bounded_time(count: int) -> None:
    # Whether scripts render the page is read from the source parsed a second time, once the
    # page came out empty: the shell's evidence (a custom element) sits after all of it.
    html = "<body>" + "<div><span></span></div>" * (count // 4) + "<x-app></x-app></body>"
    start = time.process_time()
    out = html_to_markdown(html)
    elapsed = time.process_time() - start
    assert out == EMPTY_SHELL_NOTICE
    assert elapsed < 10, elapsed
