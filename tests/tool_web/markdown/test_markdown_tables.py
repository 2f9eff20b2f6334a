"""Tables: GFM grids, spans, removed cells, footers, captions, icons in cells, layout tables."""

from __future__ import annotations

from tool_web.markdown.markdown_pages import PROSE, render


def test_gfm_table() -> None:
    out = render(
        f"<p>{PROSE}</p><table><thead><tr><th>Name</th><th>Size</th></tr></thead>"
        "<tbody><tr><td>a|b</td><td>1 <b>kB</b></td></tr><tr><td>c</td></tr></tbody></table>"
    )
    assert "|Name|Size|\n|---|---|\n|a\\|b|1 **kB**|\n|c||" in out


def test_cells_are_written_without_padding() -> None:
    # GFM trims a cell's content: spaces inside the pipes are tokens that say nothing (one
    # before every number, two for an empty cell). A cell ending in a backslash keeps a space,
    # or the backslash would escape the pipe after it.
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Path</th><th>Size</th><th>Note</th></tr>"
        "<tr><td>C:\\</td><td>12.5</td><td></td></tr><tr><td>D:</td><td>3</td><td>ok</td></tr>"
        "</table>"
    )
    assert "|Path|Size|Note|\n|---|---|---|\n|C:\\ |12.5||\n|D:|3|ok|" in out


def test_bold_that_every_header_or_every_cell_of_a_column_shares_is_dropped() -> None:
    # A header row is a header already, and a column bold in every row singles no row out:
    # the marks say nothing. Bold on some cells of a column (a total, the best price) stays.
    out = render(
        f"<p>{PROSE}</p><table><tr><th><b>Plan</b></th><th><strong>Price</strong> "
        "<strong>per month</strong></th><th><em>Note</em></th></tr>"
        "<tr><td><b>Basic</b></td><td>$5</td><td>-</td></tr>"
        "<tr><td><b>Pro</b></td><td><b>$9</b></td><td>best</td></tr>"
        "<tr><td><b><a href='https://example.com/team'>The Team plan</a></b></td><td>$20</td>"
        "<td><i>ask</i></td></tr></table>"
    )
    assert (
        "|Plan|Price per month|*Note*|\n|---|---|---|\n|Basic|$5|-|\n"
        "|Pro|**$9**|best|\n|[The Team plan](https://example.com/team)|$20|*ask*|"
    ) in out


def test_a_footer_written_before_the_body_rows_still_comes_last() -> None:
    out = render(
        f"<p>{PROSE}</p><table><thead><tr><th>Item</th><th>Cost</th></tr></thead>"
        "<tfoot><tr><td>Total</td><td>30</td></tr></tfoot>"
        "<tbody><tr><td>a</td><td>10</td></tr><tr><td>b</td><td>20</td></tr></tbody></table>"
    )
    assert "|Item|Cost|\n|---|---|\n|a|10|\n|b|20|\n|Total|30|" in out


def test_spanned_cells_keep_the_columns_of_the_cells_after_them() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Part</th><th>Size</th><th>Value</th></tr>"
        "<tr><td rowspan=2>Box</td><td>Height</td><td>10</td></tr><tr><td>Width</td><td>5</td></tr>"
        "<tr><td colspan=2>Total</td><td>15</td></tr>"
        "<tr><td rowspan=0>Lid</td><td>Height</td><td>1</td></tr><tr><td>Width</td></tr></table>"
    )
    assert (
        "|Part|Size|Value|\n|---|---|---|\n|Box|Height|10|\n|Box|Width|5|\n"
        "|Total||15|\n|Lid|Height|1|\n|Lid|Width||"
    ) in out


def test_cells_removed_as_furniture_leave_the_others_in_their_columns() -> None:
    # A cell that is all link (dropped from prose as a link block) or named like furniture goes,
    # but the cells after it must not slide left under the wrong header.
    rows = "".join(
        f"<tr><td><a href='/p{i}'>Model {i}</a></td><td>${i}0</td>"
        f"<td class='social'>share</td><td>{i} kg</td></tr>"
        for i in (1, 2)
    )
    out = render(
        f"<p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p><table><tr><th>Model</th><th>Price</th>"
        f"<th>Share</th><th>Weight</th></tr>{rows}</table>"
    )
    rows_by_price = {row.split("|")[2].strip(): row for row in out.split("\n") if "$" in row}
    assert set(rows_by_price) == {"$10", "$20"}  # each price under "Price"
    assert rows_by_price["$20"].split("|")[4].strip() == "2 kg"  # and its weight under "Weight"
    # A page laid out as a sidebar cell beside the post: without the sidebar, one column.
    out = render(
        "<table><tr><td class='sidebar'><a href='/a'>Home</a> <a href='/b'>About</a></td>"
        f"<td><h2>Post</h2><p>{PROSE}</p></td></tr></table>"
    )
    assert out.startswith(f"## Post\n\n{PROSE}")


def test_malformed_spans_count_as_one() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th>A</th><th>B</th></tr>"
        '<tr><td colspan="wide">1</td><td rowspan="-2">2</td></tr>'
        "<tr><td>3</td><td>4</td></tr></table>"
    )
    assert "|A|B|\n|---|---|\n|1|2|\n|3|4|" in out


def test_check_marks_and_crosses_drawn_as_icons_in_cells_are_kept() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Feature</th><th>Us</th><th>Them</th><th>Other</th></tr>"
        "<tr><td>Rank tracking</td><td><img src='/up/2018/11/tick.png' alt=''></td>"
        "<td><i class='fa-solid fa-xmark'></i></td>"
        "<td><svg class='icon'><use xlink:href='#icon-check'></use></svg></td></tr>"
        "<tr><td>Reviews</td><td><span class='no-wrap'></span></td>"
        "<td><i class='fa fa-check' aria-hidden='true'></i></td>"
        "<td><svg aria-label='Not included'><path d='M0 0'/></svg></td></tr>"
        "<tr><td>Press</td><td><img src='/logos/x_logo.png' alt=''></td>"
        "<td><img src='/logos/nyt.png' alt='The New York Times logo'></td><td>Yes</td></tr></table>"
    )
    assert ("|Rank tracking|✓|✗|✓|\n|Reviews||✓|✗|\n|Press|||Yes|") in out


def test_headings_in_cells_are_labels() -> None:
    out = render(
        f"<p>{PROSE}</p><table><tr><th><h4>Ingredient</h4></th><th><h4>Amount</h4></th></tr>"
        "<tr><td># of eggs</td><td>2</td></tr></table>"
    )
    assert "|Ingredient|Amount|\n|---|---|\n|# of eggs|2|" in out


def test_a_cell_holding_a_whole_post_is_a_page_column() -> None:
    post = f"<h2>Day 7</h2><p>{PROSE}</p>" * 12  # one <div> child: not caught by block count
    out = render(f"<table><tr><td><div>{post}</div></td><td>Sidebar: archive</td></tr></table>")
    assert "|" not in out
    assert f"## Day 7\n\n{PROSE}" in out


def test_layout_table_renders_as_blocks() -> None:
    out = render(f"<table><tr><td><p>{PROSE}</p><p>Second.</p><p>Third.</p></td></tr></table>")
    assert "|" not in out
    assert PROSE in out


def test_table_caption_and_content_outside_cells_come_before_the_grid() -> None:
    # HTML5 moves what sits in a table but in no cell in front of it; libxml2 leaves it inside.
    out = render(
        f"<p>{PROSE}</p><table><caption>Table 1: test scores</caption>"
        "<div>Scores are out of ten.</div><tr><th>Name</th><th>Score</th></tr>"
        "<tr><td>Ada</td><td>9</td></tr>Loose note in the table.</table>"
    )
    assert (
        "Table 1: test scores\n\nScores are out of ten.\n\nLoose note in the table.\n\n"
        "|Name|Score|\n|---|---|\n|Ada|9|"
    ) in out


def test_a_table_whose_cells_wrap_each_value_in_a_paragraph_is_still_a_grid() -> None:
    rows = "".join(
        f"<tr><td><p>Bus {n}</p></td><td><div>08:{n}</div></td><td><p>On time</p></td></tr>"
        for n in (12, 14, 20, 25)
    )
    out = render(
        f"<p>{PROSE}</p><table><tr><th>Route</th><th>Departs</th><th>Status</th></tr>{rows}</table>"
    )
    assert "|Bus 12|08:12|On time|\n|Bus 14|08:14|On time|" in out


def _ranked_entry(rank: int, title: str, under: str) -> str:
    """A ranked list's entry as Hacker News lays it out: a rank row, a row under it, a spacer."""
    return (
        f"<tr><td class='title'>{rank}.</td><td><a href='vote'></a></td>"
        f"<td><a href='https://ex.com/{rank}'>{title}</a> (ex.com)</td></tr>"
        f"<tr><td colspan='2'></td><td>{under}</td></tr><tr class='spacer'></tr>"
    )


def test_a_ranked_list_laid_out_two_rows_an_entry_reads_as_a_numbered_list() -> None:
    # As a grid, each story's "points by" line was a row of its own under the title column
    # ("|||3 points by bob | 2 comments|"), told from the next story by nothing.
    entries = "".join(
        _ranked_entry(rank, title, f"{rank} points by user{rank} | {rank} comments")
        for rank, title in (
            (1, "The first story of the day"),
            (2, "A second story"),
            (3, "The third story"),
        )
    )
    more = "<tr class='morespace'></tr><tr><td colspan='2'></td><td><a href='/n'>More</a></td></tr>"
    out = render(f"<p>{PROSE}</p><table>{entries}{more}</table>")
    assert (
        "1. [The first story of the day](https://ex.com/1) (ex.com)\n"
        "   1 points by user1 | 1 comments\n"
        "2. [A second story](https://ex.com/2) (ex.com)\n   2 points by user2 | 2 comments\n"
        "3. [The third story](https://ex.com/3) (ex.com)\n   3 points by user3 | 3 comments\n\n"
        "More"
    ) in out


def test_a_ranked_table_of_columns_stays_a_grid() -> None:
    # A league table ranks its rows too, but one row an entry, its columns values: a grid.
    rows = "".join(
        f"<tr><td>{n}.</td><td>Team {n}</td><td>{30 - n} pts</td></tr>" for n in (1, 2, 3)
    )
    out = render(f"<p>{PROSE}</p><table>{rows}</table>")
    assert "|1.|Team 1|29 pts|" in out
