"""Inline text: words and numbers across elements, sub/superscripts, invisible marks, times."""

from __future__ import annotations

import subprocess
import sys

from dsh.tool_web import html_to_markdown
from tool_web.markdown.markdown_pages import PROSE, html_page, render


def test_stacked_inline_elements_do_not_merge_into_one_word() -> None:
    out = render(
        f"<p>{PROSE}</p><h3><span>PULL&amp;BEAR</span><span>Faux leather jacket</span></h3>"
        "<p><span>€49.99</span><span>VAT included</span>, <a href='/t/1'>cloud</a><a href='/t/2'>"
        "gaming</a></p><p>H<sub>2</sub>O, <b>W</b>ord, <span>colleges f</span><span>or them</span>"
        ", <span>H</span><span>i</span><span>!</span></p>"
    )
    assert "### PULL&BEAR Faux leather jacket" in out
    assert (
        "€49.99 VAT included, [cloud](https://example.com/t/1) [gaming](https://example.com/t/2)"
    ) in out
    assert "H2O, **W**ord, colleges for them, Hi!" in out


def test_emoji_drawn_as_images_stay_and_other_images_go() -> None:
    out = render(
        f"<p>{PROSE}</p><p>Loved it <img class='emoji' alt='😀' src='e.png'> "
        "<img alt='👨\u200d👩\u200d👧' src='f.png'><img alt='Company logo' src='l.png'>!</p>"
    )
    assert "Loved it 😀 👨\u200d👩\u200d👧!" in out


def test_invisible_characters_do_not_split_words() -> None:
    out = render(f"<p>{PROSE}</p><p>inter\u00adnational co\u200boperation\ufeff and\u00a0more</p>")
    assert "international cooperation and more" in out


def test_utf8_read_as_windows_1252_is_decoded_again() -> None:
    # Logitech's product page double-encodes its text (a CMS storing UTF-8 as Latin-1): a
    # browser shows "MX Verticalâ€™s unique 57Â° angle", and the model read "Verticalâ" as a
    # word and "â€”" as three signs. Latin-1's C1 controls stand in for the same bytes too.
    out = render(
        f"<p>{PROSE}</p><p>MX Verticalâ€™s unique 57Â° angle â€” a computerâ\x80\x99s mouse, "
        "â‚¬25 off.</p><p>Fuß“ stays, and so do ä and ö.</p>"
    )
    assert "MX Vertical’s unique 57° angle — a computer’s mouse, €25 off." in out
    # A real letter beside a real quotation mark (bytes DF 93 would be an N'Ko letter) stays.
    assert "Fuß“ stays, and so do ä and ö." in out


def test_mojibake_in_code_is_code() -> None:
    # A page on encodings shows the bug in code; its prose is repaired all the same.
    out = render(
        f"<p>{PROSE}</p><p>Donâ€™t panic: <code>cafÃ©</code> is â€œcafé” read as Latin-1."
        "</p><pre>fix_text('doesnÃ¢â‚¬â„¢t')</pre>"
    )
    assert "Don’t panic: `cafÃ©` is “café” read as Latin-1." in out
    assert "fix_text('doesnÃ¢â‚¬â„¢t')" in out


def test_code_between_a_lead_and_its_continuation_makes_no_sequence() -> None:
    # Inline code is skipped when a line's sequences are read: the text either side of it
    # read as one joined a lead and a continuation into a sequence the page never held.
    out = render(f"<p>{PROSE}</p><p>Donâ€™t, isnâ€™t, wonâ€™t.</p><p>Ã<code>x</code>¡ stays.</p>")
    assert "Don’t, isn’t, won’t." in out
    assert "Ã`x`¡ stays." in out


def test_a_page_quoting_mojibake_once_or_twice_keeps_it() -> None:
    # A text about mojibake shows it on purpose: one or two sequences are no broken page.
    out = render(f'<p>{PROSE}</p><p>How many times I saw "Ã¤" instead of "ä" in a CSV.</p>')
    assert 'saw "Ã¤" instead of "ä"' in out


def test_a_sequence_holding_an_invisible_control_is_repaired_even_alone() -> None:
    # "â\x80\x99" holds Latin-1's invisible C1 controls: no text quotes what it cannot show,
    # so one such run is the page's own garbage; a visible one beside it ("Ã¤") stays quoted.
    out = render(
        f"<p>{PROSE}</p><p>You shouldn\u00e2\u0080\u0099t cut corners.</p>"
        '<p>I saw "Ã¤" instead of the letter.</p>'
    )
    assert "You shouldn’t cut corners." in out
    assert 'I saw "Ã¤" instead of the letter.' in out


def test_a_line_showing_mojibake_beside_what_it_means_keeps_it() -> None:
    # A page on encodings (a question about a broken CSV) shows the garbage and the character
    # side by side, three times and more: that line means what it says as written, while a
    # line of the page's own double-encoded text is still repaired.
    out = render(
        f"<p>{PROSE}</p><p>If you see Ã© instead of é, or â€™ instead of ’, or â€œ instead of "
        "“, the file is UTF-8 read as Windows-1252.</p><ul><li>é → Ã©</li><li>ü → Ã¼</li></ul>"
        "<p>The readerâ€™s view: 57Â° and isnâ€™t.</p>"
    )
    assert "see Ã© instead of é, or â€™ instead of ’, or â€œ instead of “" in out
    assert "- é → Ã©\n- ü → Ã¼" in out
    assert "The reader’s view: 57° and isn’t." in out


def test_a_double_encoded_no_break_space_leaves_no_letter_behind() -> None:
    # Bytes C2 A0 read as Latin-1 are "Â" and a no-break space; the space is collapsed with
    # the others, and "offersÂ a free edition" kept a capital glued to the word, once on a
    # page or fifty times. "Â" after a space or a quotation mark is written about, and stays.
    out = render(
        f"<p>{PROSE}</p><p>Zoho offers\u00c2\u00a0a free edition.\u00c2\u00a0</p>"
        "<h2>1.\u00c2\u00a0\u00c2\u00a0\u00c2\u00a0Myth: fat is bad</h2>"
        "<p>A stray Â appears, or ‘Â’, in ROMÂNIA and <code>xÂ y</code>.</p>"
    )
    assert "Zoho offers a free edition.\n\n## 1. Myth: fat is bad" in out
    assert "A stray Â appears, or ‘Â’, in ROMÂNIA and `xÂ y`." in out


def test_a_letter_and_two_signs_after_it_are_no_double_encoded_character() -> None:
    # "allé…»" is bytes E9 85 BB, which UTF-8 reads as "酻": a lone CJK letter amid Latin text
    # is a real letter and its punctuation; double-encoded CJK comes in runs, decoded whole.
    out = render(
        f"<p>{PROSE}</p><p>ÂGE: « Il est allé…» puis « passé…» et « été…» »</p>"
        "<p>In Japanese: æ—¥æœ¬èªž. Itâ€™s fine.</p>"
    )
    assert "« Il est allé…» puis « passé…» et « été…» »" in out
    assert "In Japanese: 日本語. It’s fine." in out


def test_ftfy_is_imported_only_for_a_page_with_double_encoded_utf8() -> None:
    # ftfy and its wcwidth tables cost ~140 ms at import: a process importing dsh.tool_web, or
    # rendering pages with no sequence that could be double-encoded UTF-8, does not pay it.
    script = (
        "import sys\n"
        "from dsh.tool_web import html_to_markdown\n"
        "assert 'ftfy' not in sys.modules, 'imported with dsh.tool_web'\n"
        "html_to_markdown('<p>Plain café text, ASCII or not.</p>')\n"
        "assert 'ftfy' not in sys.modules, 'imported for a page without mojibake'\n"
        "out = html_to_markdown('<p>Donâ€™t, isnâ€™t, wonâ€™t.</p>')\n"
        "assert 'Don’t, isn’t, won’t.' in out, out\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)


def test_superscript_numbers_do_not_merge_with_the_digits_before_them() -> None:
    out = render(
        f"<p>{PROSE}</p><p>About 10<sup>15</sup> operations on 30 m<sup>2</sup>, the "
        '1<sup>st</sup> time, as claimed<sup><a href="#fn3">[3]</a></sup>.</p>'
    )
    assert "About 10^15 operations on 30 m^2, the 1st time, as claimed^[3]." in out


def test_footnote_references_without_a_superscript_keep_their_caret() -> None:
    # A bare in-page link to a note glued its number to the word: "other2" read as a name.
    out = render(
        f"<p>{PROSE}</p><p>As other<a href='#fn2'>2</a> said, and<sup><a href='#fn3'>3</a>"
        "</sup> too, per Smith<a href='#cite_note-7'>7</a>, Jones<a href='#fn:a'>a</a>, "
        "Wu<a href='#footnote-12'>12</a>and Li<a id='r1' href='#_ftn1'>[1]</a>; see "
        "<a href='#section2'>2</a> and <a href='#fn-long'>the notes</a>.</p>"
    )
    assert (
        "As other^2 said, and^3 too, per Smith^7, Jones^a, Wu^12 and Li[1]; see 2 and the notes."
    ) in out


def test_a_footnote_reference_to_this_pages_address_keeps_its_caret() -> None:
    # Substack links each note mark with the post's whole address and the note's fragment:
    # read as a link to the page itself it lost its target and glued its number to the word
    # ("preference1"). This page is the fetched address or the one it names as canonical;
    # another page's note keeps its link.
    body = (
        f"<p>{PROSE}</p><p>A preference<a href='https://blog.example.com/p/owls#footnote-1'>1</a>"
        " for owls, and another<a href='/p/owls#footnote-2'>2</a>, unlike "
        "Smith<a href='https://blog.example.com/p/cats#footnote-3'>3</a>.</p>"
    )
    for url in ("https://blog.example.com/p/owls", None):
        head = '<link rel="canonical" href="https://blog.example.com/p/owls">'
        out = html_to_markdown(html_page(body, head=head), url=url)
        assert "A preference^1 for owls" in out
        assert "Smith[3](https://blog.example.com/p/cats)" in out
    out = render(body, url="https://blog.example.com/p/owls")
    assert "and another^2, unlike" in out


def test_adjacent_prices_do_not_merge_and_cjk_words_are_not_split() -> None:
    out = render(
        f"<p>{PROSE}</p><div><span class='old'>$120.00</span><span>$89.00</span></div>"
        "<p><b>東京</b><span>大学</span>の研究者。<span>機械</span><span>学習</span>。</p>"
    )
    assert "$120.00 $89.00" in out
    assert "**東京**大学の研究者。機械学習。" in out


def test_exponents_and_subscripts_keep_their_meaning() -> None:
    out = render(
        f"<p>{PROSE}</p><p>O(2<sup>n</sup>) and e<sup>-kt</sup> and x<sup><i>n</i>+1</sup>; "
        "log<sub>2</sub>8 and x<sub>i</sub>; H<sub>2</sub>O and CO<sub>2</sub>; the "
        "1<sup>st</sup>, Brand<sup>®</sup>, $1,899<sup>.00</sup>, note<sup>[a]</sup>.</p>"
    )
    assert "O(2^n) and e^(-kt) and x^(n+1); log_2 8 and x_i; H2O and CO2;" in out
    assert "the 1st, Brand®, $1,899.00, note[a]." in out


def test_a_relative_time_keeps_the_date_it_stands_for() -> None:
    out = render(
        f"<p>{PROSE}</p><p>Posted <time datetime='2019-03-01T10:00:00Z'>5 years ago</time>, "
        "updated <time datetime='2020-01-02'>Jan 2, 2020</time>.</p>"
    )
    assert "Posted 5 years ago (2019-03-01), updated Jan 2, 2020." in out


def test_a_time_written_for_two_widths_does_not_run_into_one_number() -> None:
    # Invision Community writes each post's date twice, for wide and narrow screens; joined,
    # the year read "20241".
    out = render(
        f"<p>{PROSE}</p><p>Posted <time datetime='2024-06-14T13:22:54Z'>"
        "<span class='ipsTime__long'>June 14, 2024</span><span class='ipsTime__short'>1 yr</span>"
        "</time> in News</p>"
    )
    assert "Posted June 14, 2024 1 yr in News" in out


def test_only_relative_times_get_their_date() -> None:
    out = render(
        f"<p>{PROSE}</p><p><time datetime='2024-11-06T03:42:00Z'>10:42 p.m. ET</time>, "
        "<time datetime='2021-05-05'>May 5</time>, "
        "<time datetime='2024-01-01T00:00Z'>3h</time>.</p>"
    )
    assert "10:42 p.m. ET, May 5, 3h (2024-01-01)." in out


def test_a_relative_time_beside_its_own_clock_time_gets_no_contradicting_date() -> None:
    # A live blog's "9:42 p.m. ET 7 min ago" is Nov 5 in the page's zone; the UTC value's date
    # alone, 2024-11-06, contradicted it: beside a written clock time a UTC value is shown as
    # the UTC time it is. A written date needs none; a value in the page's own offset (XenForo's
    # "Today at 3:26 AM") keeps its date.
    out = render(
        f"<p>{PROSE}</p><p><time datetime='2024-11-06T02:42:00Z'><span>9:42 p.m. ET</span> "
        "<span>7 min ago</span></time>; <time datetime='2024-11-06T02:00:00Z'>Nov 5, 2 hours "
        "ago</time>; <time datetime='2024-11-06T02:00:00+00:00'>9 pm, yesterday</time>; "
        "<time datetime='2026-03-05T03:26:28-0500'>Today at 3:26 AM</time>; "
        "<time datetime='2019-03-01T10:00:00Z'>5 years ago</time>.</p>"
    )
    assert (
        "9:42 p.m. ET 7 min ago (2024-11-06 02:42 UTC); Nov 5, 2 hours ago; "
        "9 pm, yesterday (2024-11-06 02:00 UTC); Today at 3:26 AM (2026-03-05); "
        "5 years ago (2019-03-01)."
    ) in out


def test_superscripts_that_are_not_exponents() -> None:
    out = render(
        f"<p>{PROSE}</p><p>$19<sup>99</sup>; D<sup>r</sup>, 1<sup>ers</sup>, "
        "Pricing<sup>NEW</sup>; "
        "1 <sup>1</sup>/<sub>2</sub> tsp; Fe<sub>2</sub>O<sub>3</sub>, MgCl<sub>2</sub>.</p>"
    )
    assert "$19.99; Dr, 1ers, Pricing NEW; 1 1/2 tsp; Fe2O3, MgCl2." in out


def test_a_mixed_numbers_whole_part_stays_apart_from_its_fraction() -> None:
    # "2<sup>1</sup>⁄<sub>4</sub>" merged into "21⁄4", read as 21/4 rather than 2 1/4.
    out = render(
        f"<p>{PROSE}</p><ul><li><span class='amount'>2<span class='fraction'><sup>1</sup>&frasl;"
        "<sub>4</sub></span></span> teaspoons yeast</li><li>1<sup>1</sup>/<sub>2</sub> tsp salt"
        "</li><li>x<sup>1</sup>/<sub>2</sub> and <sup>3</sup>/<sub>4</sub> cup</li></ul>"
    )
    assert "- 2 1\u20444 teaspoons yeast\n- 1 1/2 tsp salt\n- x1/2 and 3/4 cup" in out


def test_names_beside_prices_korean_words_and_bidi_marks() -> None:
    out = render(
        f"<p>{PROSE}</p><div><span>Acme Trail Boot</span><span>$89.00</span></div>"
        "<div><span>삼성전자</span><span>갤럭시</span></div><p>abc\u202edef\u202c ghi\u200f.</p>"
    )
    assert "Acme Trail Boot $89.00" in out
    assert "삼성전자 갤럭시" in out
    assert "abcdef ghi." in out


def test_a_label_in_a_span_stays_apart_from_the_text_after_it() -> None:
    # arXiv's "<span>Title:</span>Attention …" ran into one word. A word running into the text
    # after it is as often one word marked in part: it is left as written.
    out = render(
        f"<p>{PROSE}</p><h2><span class='descriptor'>Title:</span>Attention Is All You Need</h2>"
        "<p><span class='descriptor'>Authors:</span><a href='/a/v'>Ashish Vaswani</a></p>"
        "<ul><li><span class='q'>1</span><span class='u'>tbsp</span>sugar</li></ul>"
        "<p><span>Size:</span><span>Large</span></p>"
        "<p>H<sub>2</sub>O, <span>f</span>or, <span>9:</span>30, <span>US</span>$5, "
        "<span class='hl'>un</span>believable <a href='/x'>API</a>s.</p>"
    )
    assert "## Title: Attention Is All You Need" in out
    assert "Authors: Ashish Vaswani" in out
    assert "Size: Large" in out
    assert "- 1tbspsugar" in out  # as "stitch<span>es</span>" is one word: no space
    assert "H2O, for, 9:30, US$5, unbelievable [API](https://example.com/x)s." in out


def test_a_struck_price_and_a_step_number_stay_apart_from_what_follows() -> None:
    # A listing's "~~$140.00~~$99.00" and GOV.UK's step "1Check you're allowed to drive".
    out = render(
        f"<p>{PROSE}</p><div class='price'><s class='was'>$140.00</s><span>$99.00</span></div>"
        "<p><del>€20</del>€15 today</p>"
        "<h2><span class='circle'><span><span class='visually-hidden'>Step</span> 1</span></span>"
        "<span class='title'>Check you're allowed to drive</span></h2>"
        "<p><span>1</span><span>st</span> place, <span>2</span><span>x</span> faster</p>"
    )
    assert "~~$140.00~~ $99.00" in out
    assert "~~€20~~ €15 today" in out
    assert "## 1 Check you're allowed to drive" in out
    assert "1st place, 2x faster" in out


def test_stacked_fractions_keep_the_sign_between_their_parts() -> None:
    out = render(
        f"<p>{PROSE}</p><p>Gauge 4 ft <span class='frac'>8<span class='sr-only'>+</span>"
        "<span class='num'>1</span>&#8260;<span class='den'>2</span></span> in, ratio "
        "<span class='sfrac'><span class='num'>4</span><span class='sr-only'>/</span>"
        "<span class='den'>3</span></span>.</p>"
    )
    assert "Gauge 4 ft 8+1\u20442 in, ratio 4/3." in out


def _plan_page(lang: str, after: str = "") -> str:
    return (
        f'<html lang="{lang}"><body><main><h2>Premium</h2><p>{PROSE}</p>'
        '<div class="price"><div class="price__symbol">€</div>'
        '<div class="price__integer">303</div>'
        '<div class="price__fraction">95</div>'
        f'<div class="price__symbol">{after}</div></div>'
        "<div>/mo for 12 months</div></main></body></html>"
    )


def test_a_price_drawn_as_sibling_blocks_reads_as_one_price() -> None:
    # Mailchimp sets the sign, the integer and the cents side by side as divs: read as blocks,
    # "€ / 303 / 95" stood on three lines. The page's language says how it writes decimals.
    assert "\n€303.95\n" in html_to_markdown(_plan_page("en"))
    assert "\n€303,95\n" in html_to_markdown(_plan_page("de-DE"))
    # Signs on both sides are not one price's parts: left as written.
    out = html_to_markdown(_plan_page("en", after="€"))
    assert "303.95" not in out
    assert "303\n\n95" in out
