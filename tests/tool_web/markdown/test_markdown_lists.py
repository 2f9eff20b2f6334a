"""Lists: nesting, numbering (start, value, type, style, own numbers), task and definition lists."""

from __future__ import annotations

import pytest

from tool_web.markdown.markdown_pages import PROSE, render


def test_nested_and_ordered_lists() -> None:
    out = render(
        f"<p>{PROSE}</p><ul><li>one<ul><li>inner</li></ul></li><li>two</li></ul>"
        '<ol start="3"><li>third</li><li>fourth</li></ol>'
    )
    assert "- one\n  - inner\n- two" in out
    assert "3. third\n4. fourth" in out


def test_bold_over_every_item_of_a_list_is_dropped() -> None:
    # Every item bold alike singles none out: the marks say nothing. An item that is partly
    # bold (a label before its text) or alone in being bold keeps its marks, and so does an
    # item whose text would open a block without them (`- 1. Plan`: a list in the item).
    out = render(
        f"<p>{PROSE}</p><ul><li><b>Plan your time.</b></li><li><strong>Participate!</strong>"
        "</li><li><b><a href='https://example.com/rules'>Read the house rules</a></b></li></ul>"
        f"<p>{PROSE}</p><ol><li><b>Lettuce</b></li><li><b>Beans</b></li></ol>"
        f"<p>{PROSE}</p><ul><li><b>Note:</b> read it</li><li><b>Tip:</b> try it</li></ul>"
        f"<p>{PROSE}</p><ul><li><b>Only this</b></li><li>not this</li></ul>"
        f"<p>{PROSE}</p><ul><li><b>1. Plan</b></li><li><b>2. Do</b></li></ul><p>The end.</p>"
    )
    assert (
        "- Plan your time.\n- Participate!\n- [Read the house rules](https://example.com/rules)\n"
    ) in out
    assert "1. Lettuce\n2. Beans\n" in out
    assert "- **Note:** read it\n- **Tip:** try it\n" in out
    assert "- **Only this**\n- not this\n" in out
    assert "- **1. Plan**\n- **2. Do**\n" in out


def test_content_written_straight_inside_a_list_is_kept() -> None:
    # Invalid but common: a list directly inside a list, text and inline elements between items.
    out = render(
        f"<p>{PROSE}</p><ul><li>Examples:</li><ul><li>salad bar</li><li>live cooking</li></ul>"
        "<strong>Web app examples</strong> – Gmail, Docs<li>last</li> trailing note</ul>"
    )
    assert (
        "- Examples:\n  - salad bar\n  - live cooking\n**Web app examples** – Gmail, Docs\n"
        "- last\ntrailing note"
    ) in out


def test_definition_lists_keep_each_value_with_its_term() -> None:
    out = render(
        f"<p>{PROSE}</p><dl><dt>Bluetooth</dt><dd>Yes</dd><dt>Wi-Fi:</dt><dd>Yes</dd>"
        "<div><dt>Weight</dt><dd>1.2 kg</dd></div>loose note<dt>Warranty</dt>"
        "<dd><p>Two years.</p><p>Parts only.</p></dd><dt>Orphan term</dt></dl>"
    )
    assert (
        "Bluetooth: Yes\n\nWi-Fi: Yes\n\nWeight: 1.2 kg\n\nloose note\n\nWarranty\n\n"
        "Two years.\n\nParts only.\n\nOrphan term"
    ) in out


def test_terms_sharing_a_definition_and_definitions_of_one_term_stay_with_it() -> None:
    # Several <dt> before one <dd> all have that definition ("Size" read as unlabelled), and
    # several <dd> after one <dt> are all its definitions ("Blue" alone was de-duplicated).
    out = render(
        f"<p>{PROSE}</p><p>Blue</p><dl><dt>Size</dt><dt>Fit</dt><dd>Regular</dd>"
        "<dt>Colour</dt><dd>Red</dd><dd>Blue</dd><dt>Care</dt><dd><p>Wash cold.</p>"
        "<p>Dry flat.</p></dd><dd>Blue</dd><dt>Origin</dt><dd>Made in Portugal.</dd>"
        "<dd>Organic.</dd><dt>Weight</dt><dd><img src='scale.png'></dd><dd>1.2 kg</dd></dl>"
    )
    assert (
        "Size / Fit: Regular\n\nColour: Red; Blue\n\nCare\n\nWash cold.\n\nDry flat.\n\n"
        "Care: Blue\n\nOrigin: Made in Portugal. Organic.\n\nWeight: 1.2 kg"
    ) in out


def test_a_term_with_an_empty_definition_shares_no_value_with_the_next() -> None:
    # A shop writes its SKU and UPC as terms with empty definitions (filled in by a script):
    # read as terms sharing the next definition, "SKU / UPC / Width: 4.00 (in)" gave the
    # product a SKU of four inches.
    out = render(
        f"<p>{PROSE}</p><dl><dt>SKU:</dt><dd></dd><dt>UPC:</dt><dd> </dd>"
        "<dt>Width:</dt><dd>4.00 (in)</dd><dt>Height:</dt><dd>8.00 (in)</dd></dl>"
    )
    assert "SKU:\n\nUPC:\n\nWidth: 4.00 (in)\n\nHeight: 8.00 (in)" in out


def test_a_question_as_a_term_stands_over_its_answer() -> None:
    # A shop writes its FAQ as `dl`s (schema.org `Question` in the `dt`, its `Answer` in the
    # `dd`): joined as a value, each read "Does it grow its own hemp?: We choose not to…".
    # A term that is no question still labels its value.
    out = render(
        f"<p>{PROSE}</p><dl><dt>Does Green Roads grow its own hemp?</dt><dd><p>We choose not "
        "to own farms.</p></dd><dt><b>Is it vegan?</b></dt><dd>Yes.</dd>"
        "<dt>Fit</dt><dd>Regular</dd></dl>"
    )
    assert "Does Green Roads grow its own hemp?\n\nWe choose not to own farms." in out
    assert "**Is it vegan?**\n\nYes." in out
    assert "Fit: Regular" in out


def test_a_term_ending_in_its_own_colon_takes_no_second_colon() -> None:
    # "**Price:**: $5" read a stray colon; a term ending in a full stop (an abbreviation:
    # "Ed.D.") still takes one. (A question stands over its answer: the test above.)
    out = render(
        f"<p>{PROSE}</p><dl><dt><b>Price:</b></dt><dd>$5</dd><dt>Size：</dt><dd>M</dd>"
        "<dt>Military Ed.D.</dt><dd>$375</dd></dl>"
    )
    assert "**Price:** $5\n\nSize： M\n\nMilitary Ed.D.: $375" in out


def test_a_term_or_definition_that_is_a_heading_or_list_stays_a_block_of_its_own() -> None:
    # An FAQ's question set as a heading took its answer into the heading ("### Is it safe?
    # Yes, it is."); a definition's heading or list stood mid-line ("Size: #### Large").
    out = render(
        f"<p>{PROSE}</p><dl><dt><h3>Is it safe?</h3></dt><dd>Yes, it is.</dd>"
        "<dt>Size</dt><dd><h4>Large</h4></dd><dt>Parts</dt><dd><ul><li>Lid</li></ul></dd>"
        "<dt>Colour</dt><dd>Red</dd></dl>"
    )
    assert (
        "### Is it safe?\n\nYes, it is.\n\nSize\n\n#### Large\n\nParts\n\n- Lid\n\nColour: Red"
    ) in out


def test_a_term_holding_a_code_block_is_not_joined_to_its_definition() -> None:
    # "```: value" closes no fence: the code block would swallow the rest of the page.
    out = render(f"<p>{PROSE}</p><dl><dt><pre>run(x)</pre></dt><dd>Runs x.</dd></dl><p>After.</p>")
    assert "```\nrun(x)\n```\n\nRuns x.\n\nAfter." in out


def test_task_list_checkboxes_keep_whether_each_item_is_done() -> None:
    out = render(
        f"<p>{PROSE}</p><ul>"
        '<li class="task-list-item"><input type="checkbox" disabled checked> Write the plan</li>'
        '<li><input type="checkbox" disabled="disabled"> Ship it</li>'
        '<li><p><input type="CheckBox" checked disabled>Loose item</p></li>'
        '<li>Filter <input type="checkbox" disabled></li>'
        '<li><div class="choice"><input type="checkbox" disabled checked>Chapter</div></li>'
        '<li><input type="checkbox" checked>Brand A (12)</li></ul>'
    )
    assert "- [x] Write the plan\n- [ ] Ship it\n- [x] Loose item\n- Filter\n" in out
    # Inside a widget's block or enabled, a checkbox is a form control, not a mark.
    assert "- Chapter\n- Brand A (12)" in out


def test_an_empty_list_item_still_takes_its_number() -> None:
    out = render(f"<p>{PROSE}</p><ol><li>one</li><li> </li><li>three</li></ol>")
    assert "1. one\n3. three" in out


def test_an_items_own_number_continues_the_count() -> None:
    # `<li value>` sets the number a browser shows, and the items after it count on from there.
    out = render(
        f"<p>{PROSE}</p><ol><li value='5'>five</li><li>six</li><li value='10'>ten</li></ol>"
        "<ol reversed><li value='3'>three</li><li>two</li></ol>"
    )
    assert "5. five\n6. six\n10. ten" in out
    assert "3. three\n2. two" in out


@pytest.mark.parametrize(
    ("attributes", "markers"),
    [
        ('type="a"', ("a.", "b.")),
        ('type="I" start="3"', ("III.", "IV.")),
        ('style="list-style-type: upper-alpha"', ("A.", "B.")),
    ],
)
def test_ordered_lists_count_as_their_type_says(attributes: str, markers: tuple[str, str]) -> None:
    out = render(f"<p>{PROSE}</p><ol {attributes}><li>first</li><li>second</li></ol>")
    assert f"{markers[0]} first\n{markers[1]} second" in out


def test_wikipedia_notes_count_in_letters_from_the_style_around_them() -> None:
    out = render(
        f"<p>{PROSE}</p><div class='reflist' style='list-style-type: lower-alpha;'>"
        "<ol class='references'><li>First note.</li><li>Second note.</li></ol></div>"
    )
    assert "a. First note.\nb. Second note." in out


def test_lists_whose_items_carry_their_own_numbers_get_no_second_one() -> None:
    out = render(
        f"<p>{PROSE}</p><ol><li>1.1 Services are provided.</li><li>1.2 Fees apply.</li></ol>"
        "<ol style='list-style-type: upper-roman'><li>Part one<ol><li>inner a</li></ol></li></ol>"
    )
    assert "- 1.1 Services are provided.\n- 1.2 Fees apply." in out
    assert "I. Part one\n   1. inner a" in out


def test_an_unordered_list_counted_by_its_style_is_numbered() -> None:
    # WP Recipe Maker numbers its steps with CSS on a <ul>: as bullets, "step 3" had to be
    # counted. A list counts when its own style says so, or every item's does.
    step = "<li class='step' style='list-style-type: decimal;'>{}</li>"
    out = render(
        f"<p>{PROSE}</p><ul class='steps'>{step.format('Whisk.')}{step.format('Bake.')}</ul>"
        "<ul style='list-style: upper-roman inside'><li>Part</li><li>Whole</li></ul>"
        "<ul><li style='list-style-type: disc'>Salt</li><li style='list-style-type: decimal'>"
        "Pepper</li></ul><ul style='list-style-type: none'><li>Plain</li></ul>"
    )
    assert "1. Whisk.\n2. Bake.\n\nI. Part\nII. Whole\n\n- Salt\n- Pepper\n\n- Plain" in out


def test_a_list_of_its_own_ordinals_only_is_dropped() -> None:
    # A review site draws its star rating as `<li>1</li>…<li>5</li>` (the score in a class), a
    # code sample its line numbers as a list beside the `pre`: a column of lone numbers the
    # model cannot read. A list not counting from 1, a short one, one with another word and one
    # whose item holds an element (a pager's linked number, a bold step) stay.
    stars = (
        "<ul class='rating five-star'>" + "".join(f"<li>{n}</li>" for n in range(1, 6)) + "</ul>"
    )
    lines = "<ol class='numbers'><li>1</li><li> 2 </li><li>3</li></ol><pre>x = 1\ny = 2</pre>"
    out = render(
        f"<p>{PROSE}</p><h3>Osprey Atmos</h3>{stars}<p>Best overall pack.</p>{lines}"
        "<p>Sizes:</p><ul><li>2</li><li>3</li><li>4</li></ul><ul><li>1</li><li>2</li></ul>"
        "<ul><li>1</li><li>2</li><li>3 or more</li></ul>"
        "<ul><li>1</li><li><b>2</b></li><li>3</li></ul>"
    )
    assert "### Osprey Atmos\n\nBest overall pack.\n\n```\nx = 1" in out
    assert (
        "Sizes:\n\n- 2\n- 3\n- 4\n\n- 1\n- 2\n\n- 1\n- 2\n- 3 or more\n\n- 1\n- **2**\n- 3" in out
    )
